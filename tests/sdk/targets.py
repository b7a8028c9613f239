"""Which SDK type judges which `pep export` format, and judging one exported body with them:
check_exports.py's walker (strict_walk.py) first, then pydantic's own strict validation (and,
for gemini, the wire rules below).

    openai     openai.types.chat.completion_create_params.CompletionCreateParamsNonStreaming
    responses  openai.types.responses.response_create_params.ResponseCreateParamsNonStreaming
    anthropic  anthropic.types.message_create_params.MessageCreateParamsNonStreaming
    mcp        mcp.types.GetPromptResult, and the generated wire model of the 2025-11-25 schema
               (mcp_types._v2025_11_25.GetPromptResult) that mcp ships
    gemini     GeminiGenerateContentBody (below): the REST body of `models/{model}:generateContent`,
               `{"systemInstruction"?, "contents", "tools"?}`, made of google-genai's own
               google.genai.types.Content and google.genai.types.Tool

A missing `model` in an openai/anthropic body is accepted only when pep's stderr mentions
`model`; the verdict's note is then "no model: warned". A Gemini body has no `model` key at all
(the model travels in the URL), so one there is an unknown key.

google-genai has no type for the REST body itself (its `generate_content` takes `contents` and a
`config` and builds the body in code), so GeminiGenerateContentBody composes the SDK's types.
They are pydantic models that validate by python name too (`mime_type`) and keep `bytes` fields
(`inlineData.data`, `thoughtSignature`) that JSON carries as base64, so the gemini target is
judged differently in three ways:
- the walker reads the models by their wire alias only (`mimeType`), so a snake_case key is an
  unknown key at any depth; `bytes` must be a base64 string;
- pydantic validates the JSON text (`model_validate_json`, strict, by alias), as the SDK decodes
  a response, then dumps what it read by alias: a body that does not come back unchanged (a
  snake_case key read by its python name, an enum value the SDK rewrote) is a problem there too;
- a third layer, "wire", runs when both pass. It checks what the API requires and the SDK's
  types (every field Optional) do not say: a content has parts; each part holds exactly one
  datum (text, inlineData, fileData, functionCall, functionResponse, executableCode,
  codeExecutionResult); a functionCall, functionResponse or declaration has its name, a
  functionResponse its response, inlineData its mimeType and data; a declaration's name is one
  the API takes (the SDK's description: a letter or _, then letters, digits, _ . : -, at most
  128) and it does not give both `parameters` and `parametersJsonSchema`. And two things that
  DECISIONS §14's export always writes though the API would do without: each turn's role
  ("user" or "model"; the API also takes none), and fileData's mimeType.
"""

from __future__ import annotations

import base64
import collections.abc as cabc
import json
import re
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from pydantic.alias_generators import to_camel
from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming
from openai.types.responses.response_create_params import ResponseCreateParamsNonStreaming
from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
import mcp.types as mcp_types_public
from google.genai import types as genai_types

try:  # the wire model generated from the MCP 2025-11-25 JSON schema (internal to mcp-types)
    import mcp_types._v2025_11_25 as mcp_wire_2025_11_25
except ImportError:  # pragma: no cover - another mcp-types layout
    mcp_wire_2025_11_25 = None

from strict_walk import Path, Walker, fmt_path, is_base64


# ---------------------------------------------------------------------------------------------
# Judging one body


@dataclass
class Target:
    label: str
    type: object
    json_mode: bool = False  # pydantic validates the JSON text (and must dump it back unchanged)
    rules: object = None  # body -> [(path, reason)]: the "wire" layer, run when the others pass


# ---------------------------------------------------------------------------------------------
# Gemini: the generateContent REST body, made of google-genai's types


class GeminiGenerateContentBody(BaseModel):
    """`POST models/{model}:generateContent` as `pep export --to gemini` writes it: camelCase
    keys only, no `model` (it is in the URL), nothing but these three keys."""

    model_config = ConfigDict(alias_generator=to_camel, validate_by_alias=True, validate_by_name=False,
                              extra="forbid", strict=True)

    # Not Optional: an absent key is fine, an explicit null is not.
    system_instruction: genai_types.Content = None
    contents: list[genai_types.Content]
    tools: list[genai_types.Tool] = None


PART_DATA = ("text", "inlineData", "fileData", "functionCall", "functionResponse", "executableCode",
             "codeExecutionResult")
GEMINI_ROLES = ("user", "model")
# google-genai's FunctionDeclaration.name: "Must start with a letter or an underscore. Must be
# a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 128."
GEMINI_FUNCTION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]{0,127}")


def gemini_wire_problems(body) -> list:
    """What the Gemini API requires beyond google-genai's types (where every field is Optional),
    plus the turn role and fileData mimeType that §14's export always writes. Runs only on a
    body that the walker and pydantic accepted, so the shapes are known."""
    problems = []

    def content(c, path, is_turn):
        if is_turn and c.get("role") not in GEMINI_ROLES:
            problems.append((path + ("role",), f"role {json.dumps(c.get('role'))} is not \"user\" or \"model\""))
        parts = c.get("parts")
        if not parts:
            problems.append((path, "a content needs at least one part"))
            return
        for i, p in enumerate(parts):
            part(p, path + ("parts", i))

    def part(p, path):
        data = [k for k in PART_DATA if p.get(k) is not None]
        if len(data) != 1:
            what = ", ".join(data) if data else "none"
            problems.append((path, f"a part holds exactly one of {', '.join(PART_DATA)} (this one: {what})"))
        need = {"functionCall": ("name",), "functionResponse": ("name", "response"),
                "inlineData": ("mimeType", "data"), "fileData": ("fileUri", "mimeType")}
        for key, fields in need.items():
            if isinstance(p.get(key), dict):
                for f in fields:
                    if p[key].get(f) in (None, ""):
                        problems.append((path + (key,), f"{key} without {f}"))

    if isinstance(body.get("systemInstruction"), dict):
        content(body["systemInstruction"], ("systemInstruction",), False)
    for i, c in enumerate(body.get("contents") or []):
        content(c, ("contents", i), True)
    for i, tool in enumerate(body.get("tools") or []):
        for j, d in enumerate(tool.get("functionDeclarations") or []):
            path = ("tools", i, "functionDeclarations", j)
            if not d.get("name"):
                problems.append((path, "a function declaration without name"))
            elif not GEMINI_FUNCTION_NAME.fullmatch(d["name"]):
                problems.append((path + ("name",), f"{json.dumps(d['name'])} is not a function name the API "
                                 "takes (a letter or _, then letters, digits, _ . : -, at most 128)"))
            if d.get("parameters") is not None and d.get("parametersJsonSchema") is not None:
                problems.append((path, "both parameters and parametersJsonSchema"))
    return problems


FORMATS = {
    "openai": [Target("CompletionCreateParamsNonStreaming", CompletionCreateParamsNonStreaming)],
    "responses": [Target("ResponseCreateParamsNonStreaming", ResponseCreateParamsNonStreaming)],
    "anthropic": [Target("MessageCreateParamsNonStreaming", MessageCreateParamsNonStreaming)],
    "mcp": [Target("GetPromptResult", mcp_types_public.GetPromptResult)]
    + ([Target("GetPromptResult 2025-11-25 wire model", mcp_wire_2025_11_25.GetPromptResult)]
       if mcp_wire_2025_11_25 is not None else []),
    "gemini": [Target("GeminiGenerateContentBody", GeminiGenerateContentBody, json_mode=True,
                      rules=gemini_wire_problems)],
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
            found = [("pydantic", target.label, p, r)
                     for p, r in pydantic_problems(body, target.type, target.json_mode)]
        if not found and target.rules is not None:
            found = [("wire", target.label, p, r) for p, r in target.rules(body)]
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


def pydantic_problems(body, tp, json_mode: bool = False) -> list:
    """pydantic's strict validation of the parsed body, lazily validated iterables included.

    Python mode on purpose: in JSON mode pydantic 2.14 validates a JSON string against the
    SDKs' `Union[str, Iterable[Part]]` as an Iterable of its characters (and then fails every
    character), while python mode picks `str` as it should.

    json_mode (google-genai's models, which have no such unions): the JSON text is validated,
    strictly and by alias, since the models hold `bytes` that JSON carries as base64 and enums
    that strict python mode would want as enum members; then what the model read is dumped back
    by alias and must equal the body: the SDK's models also accept python names (`mime_type`)
    whatever `by_name` says, and those come back under their wire names."""
    if json_mode:
        return _pydantic_json_problems(body, tp)
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


def _pydantic_json_problems(body, tp) -> list:
    try:
        model = tp.model_validate_json(json.dumps(body), strict=True, by_alias=True, by_name=False)
    except ValidationError as e:
        return [_pydantic_problem(e, ())]
    dumped = model.model_dump(mode="json", by_alias=True, exclude_unset=True)
    difference = _first_difference(body, dumped, ())
    if difference is None:
        return []
    path, reason = difference
    return [(path, f"pydantic: the SDK does not read it back as written: {reason}")]


def _first_difference(a, b, path: Path):
    """The first place where the body `a` and the SDK's dump `b` differ, as (path, reason)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a:
            if key not in b:
                wire = next((k for k in b if k not in a), None)
                hint = f" (it reads {wire!r})" if wire else ""
                return path + (key,), f"key {key!r} does not come back{hint}"
            found = _first_difference(a[key], b[key], path + (key,))
            if found:
                return found
        extra = [k for k in b if k not in a]
        return (path + (extra[0],), f"the SDK adds key {extra[0]!r}") if extra else None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return path, f"{len(a)} items come back as {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, path + (i,))
            if found:
                return found
        return None
    if a == b and isinstance(a, bool) == isinstance(b, bool):
        return None
    if isinstance(a, str) and isinstance(b, str) and _same_base64(a, b):
        return None  # a bytes field: pydantic writes URL-safe base64 with padding, the same bytes
    return path, f"{json.dumps(a)[:40]} comes back as {json.dumps(b)[:40]}"


def _same_base64(a: str, b: str) -> bool:
    def decode(text):
        if not is_base64(text):
            return None
        padded = text + "=" * (-len(text) % 4)
        return base64.b64decode(padded.replace("-", "+").replace("_", "/"))
    da = decode(a)
    return da is not None and da == decode(b)


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

