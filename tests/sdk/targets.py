"""Which SDK type judges which `pep export` format, and judging one exported body with them:
check_exports.py's walker (strict_walk.py) first, then pydantic's own strict validation.

    openai     openai.types.chat.completion_create_params.CompletionCreateParamsNonStreaming
    responses  openai.types.responses.response_create_params.ResponseCreateParamsNonStreaming
    anthropic  anthropic.types.message_create_params.MessageCreateParamsNonStreaming
    mcp        mcp.types.GetPromptResult, and the generated wire model of the 2025-11-25 schema
               (mcp_types._v2025_11_25.GetPromptResult) that mcp ships

A missing `model` in an openai/anthropic body is accepted only when pep's stderr mentions
`model`; the verdict's note is then "no model: warned".
"""

from __future__ import annotations

import collections.abc as cabc
import json
import re
from dataclasses import dataclass, field

from pydantic import BaseModel, TypeAdapter, ValidationError
from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming
from openai.types.responses.response_create_params import ResponseCreateParamsNonStreaming
from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
import mcp.types as mcp_types_public

try:  # the wire model generated from the MCP 2025-11-25 JSON schema (internal to mcp-types)
    import mcp_types._v2025_11_25 as mcp_wire_2025_11_25
except ImportError:  # pragma: no cover - another mcp-types layout
    mcp_wire_2025_11_25 = None

from strict_walk import Path, Walker, fmt_path


# ---------------------------------------------------------------------------------------------
# Judging one body


@dataclass
class Target:
    label: str
    type: object


FORMATS = {
    "openai": [Target("CompletionCreateParamsNonStreaming", CompletionCreateParamsNonStreaming)],
    "responses": [Target("ResponseCreateParamsNonStreaming", ResponseCreateParamsNonStreaming)],
    "anthropic": [Target("MessageCreateParamsNonStreaming", MessageCreateParamsNonStreaming)],
    "mcp": [Target("GetPromptResult", mcp_types_public.GetPromptResult)]
    + ([Target("GetPromptResult 2025-11-25 wire model", mcp_wire_2025_11_25.GetPromptResult)]
       if mcp_wire_2025_11_25 is not None else []),
}
MODEL_FORMATS = {"openai", "anthropic"}
MODEL_WARNING = re.compile(r"\bmodel\b", re.IGNORECASE)
PLACEHOLDER_MODEL = "placeholder-model-for-check"


@dataclass
class Verdict:
    ok: bool
    note: str = ""
    problems: list = field(default_factory=list)  # (layer, target label, path, reason)


class DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise DuplicateKey(f"duplicate key {key!r}")
        obj[key] = value
    return obj


def judge(fmt: str, text: str, stderr: str, walker: Walker) -> Verdict:
    try:
        body = json.loads(text, object_pairs_hook=_no_duplicates)
    except DuplicateKey as e:
        return Verdict(False, problems=[("json", "", (), str(e))])
    except ValueError as e:
        return Verdict(False, problems=[("json", "", (), f"stdout is not JSON: {e}")])
    note = ""
    if fmt in MODEL_FORMATS and isinstance(body, dict) and "model" not in body:
        if MODEL_WARNING.search(stderr):
            note = "no model: warned"
            body = {**body, "model": PLACEHOLDER_MODEL}
        else:
            return Verdict(False, problems=[("walker", "", (), "missing required key 'model' "
                                             "(and pep printed no warning about the model)")])
    problems = []
    for target in FORMATS[fmt]:
        found = [("walker", target.label, p, r) for p, r in walker.check(body, target.type)]
        if not found:
            found = [("pydantic", target.label, p, r) for p, r in pydantic_problems(body, target.type)]
        problems += found
    return Verdict(not problems, note, problems)


def describe(problem, fmt: str) -> str:
    layer, label, path, reason = problem
    primary = FORMATS[fmt][0].label
    where = f"[{label}] " if label and label != primary else ""
    return f"{where}{fmt_path(path)}: {reason}"



# ---------------------------------------------------------------------------------------------
# pydantic

_adapters = {}


def pydantic_problems(body, tp) -> list:
    """pydantic's strict validation of the parsed body, lazily validated iterables included.

    Python mode on purpose: in JSON mode pydantic 2.14 validates a JSON string against the
    SDKs' `Union[str, Iterable[Part]]` as an Iterable of its characters (and then fails every
    character), while python mode picks `str` as it should."""
    try:
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            tp.model_validate(body, strict=True)
            return []
        adapter = _adapters.get(tp)
        if adapter is None:
            adapter = _adapters[tp] = TypeAdapter(tp)
        _drain(adapter.validate_python(body, strict=True), ())
        return []
    except _DrainError as e:
        return [_pydantic_problem(e.error, e.path)]
    except ValidationError as e:
        return [_pydantic_problem(e, ())]


class _DrainError(Exception):
    def __init__(self, error: ValidationError, path: Path):
        self.error, self.path = error, path


def _drain(obj, path: Path):
    """Consumes every lazily validated Iterable (pydantic checks their items only then)."""
    if isinstance(obj, dict):
        for key, item in obj.items():
            _drain(item, path + (key,))
    elif isinstance(obj, (list, tuple)):
        for i, item in enumerate(obj):
            _drain(item, path + (i,))
    elif isinstance(obj, cabc.Iterator):
        try:
            items = list(obj)
        except ValidationError as e:
            raise _DrainError(e, path) from None
        for i, item in enumerate(items):
            _drain(item, path + (i,))


def _pydantic_problem(error: ValidationError, prefix: Path):
    errors = error.errors(include_url=False)
    first = errors[0]
    more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
    return (prefix + tuple(first["loc"]), f"pydantic: {first['msg']}{more}")

