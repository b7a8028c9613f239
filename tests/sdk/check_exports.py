#!/usr/bin/env python3
"""Judges the JSON that `pep export --to openai|anthropic|mcp FILE` prints with the vendors' own
SDK types, strictly: no key that the type does not declare, at any depth.

    check_exports.py --pep PATH_TO_PEP [--formats openai,anthropic,mcp] [-v] FILE...
    check_exports.py --self-test [-v]

Run it with the venv of scripts/sdk-venv.sh (tests/sdk/requirements.txt pins the SDKs); normally
through scripts/sdk-check.sh. For each FILE and format it runs `PEP export --to FORMAT FILE`
(exit 0 expected; stdout is the request, stderr the warnings) and judges stdout against:

    openai     openai.types.chat.completion_create_params.CompletionCreateParamsNonStreaming
    anthropic  anthropic.types.message_create_params.MessageCreateParamsNonStreaming
    mcp        mcp.types.GetPromptResult, and the generated wire model of the 2025-11-25 schema
               (mcp_types._v2025_11_25.GetPromptResult) that mcp ships

Two independent judges, both must pass:

1. The walker (class Walker) descends the parsed JSON alongside the type annotations: TypedDict
   keys (Required/NotRequired, worked out from the annotations themselves, since the SDKs'
   `from __future__ import annotations` leaves `__required_keys__` empty), pydantic models
   (`model_fields`, keyed by their wire alias: `mimeType`, not `mime_type`), unions, Literal,
   lists (List, Sequence, Iterable), dicts, str/int/float/bool/None. Any key the type does not
   declare is an error, whatever the SDK's own `extra` policy. A union of objects is resolved
   by its Literal-typed keys (`type` for content blocks, `role` for messages): a value whose
   `type` names no member is an error, and a member's `type` tag is required even where mcp's
   model gives it a default. Unknown typing constructs are errors, never silently passed.
2. pydantic: `TypeAdapter(T).validate_python(body, strict=True)` (models: `model_validate`),
   then every lazily validated Iterable in the result is consumed so its items are checked too.

A missing `model` in an openai/anthropic body is accepted only when pep's stderr mentions
`model` (pep warns when the envelope has none); the line then says "(no model: warned)".

Every run starts with the self-test: known-bad bodies that must be rejected (each at the JSON
path expected, so a walker that accepts everything fails it) and known-good ones that must
pass. Output: one line per file and format (`ok   FILE FORMAT` or `FAIL FILE FORMAT: PATH:
REASON`), then a summary; exit 1 when anything failed, 2 on usage errors.
"""

from __future__ import annotations

import argparse
import collections.abc as cabc
import enum
import json
import re
import subprocess
import sys
import types
import typing
from dataclasses import dataclass, field

try:
    import typing_extensions as te
    import pydantic
    from pydantic import BaseModel, TypeAdapter, ValidationError
    from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
    import mcp.types as mcp_types_public
except ImportError as e:  # pragma: no cover - environment problem
    sys.exit(f"check_exports: {e}; run it with the venv of scripts/sdk-venv.sh")

try:  # the wire model generated from the MCP 2025-11-25 JSON schema (internal to mcp-types)
    import mcp_types._v2025_11_25 as mcp_wire_2025_11_25
except ImportError:  # pragma: no cover - another mcp-types layout
    mcp_wire_2025_11_25 = None

Path = tuple  # of str (object keys) and int (array indexes)


def fmt_path(path: Path) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$-]*", part):
            out += ("." if out else "") + part
        else:
            out += f"[{json.dumps(part, ensure_ascii=False)}]"
    return out or "(root)"


def kind_of(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def short(value, limit: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------------------------
# The walker


@dataclass
class Field:
    annotation: object
    required: bool


@dataclass
class ObjectShape:
    """What an object type allows: its keys (by wire name) and, for open maps, the type of
    any other key's value."""

    name: str
    fields: dict  # wire key -> Field
    extra: object = None  # annotation of undeclared keys' values, None = forbidden
    python_names: dict = field(default_factory=dict)  # python name -> wire key, when they differ


_SEQUENCE_ORIGINS = {
    list,
    tuple,
    set,
    frozenset,
    cabc.Iterable,
    cabc.Sequence,
    cabc.MutableSequence,
    cabc.Collection,
    cabc.Set,
    cabc.MutableSet,
}
_MAPPING_ORIGINS = {dict, cabc.Mapping, cabc.MutableMapping}
_WRAPPERS = {te.Required, te.NotRequired, te.ReadOnly}
_LITERALS = {typing.Literal, te.Literal}
_UNIONS = {typing.Union, types.UnionType}


def strip(tp):
    """Removes what does not change the JSON shape: Annotated, Required/NotRequired/ReadOnly,
    type aliases, NewType."""
    while True:
        origin = te.get_origin(tp)
        if origin is te.Annotated:
            tp = te.get_args(tp)[0]
        elif origin in _WRAPPERS:
            tp = te.get_args(tp)[0]
        elif isinstance(tp, te.TypeAliasType) or type(tp).__name__ == "TypeAliasType":
            tp = tp.__value__
        elif hasattr(tp, "__supertype__"):  # NewType
            tp = tp.__supertype__
        else:
            return tp


def is_object_type(tp) -> bool:
    tp = strip(tp)
    return te.is_typeddict(tp) or (isinstance(tp, type) and issubclass(tp, BaseModel))


def literal_values(tp):
    """The Literal values a field's annotation allows (Optional ignored), or None when the
    annotation is not made of Literals."""
    tp = strip(tp)
    origin = te.get_origin(tp)
    if origin in _LITERALS:
        return list(te.get_args(tp))
    if origin in _UNIONS:
        values = []
        for arg in te.get_args(tp):
            if strip(arg) is type(None):
                continue
            sub = literal_values(arg)
            if sub is None:
                return None
            values += sub
        return values
    return None


def same_json_value(a, b) -> bool:
    return a == b and type(a) is type(b)


class Walker:
    def __init__(self):
        self._shapes = {}
        self.nodes = 0  # values visited, for the self-test's not-a-no-op check

    # -- shapes of object types --------------------------------------------------------------

    def shape(self, tp) -> ObjectShape:
        shape = self._shapes.get(tp)
        if shape is None:
            shape = self._typeddict_shape(tp) if te.is_typeddict(tp) else self._model_shape(tp)
            self._shapes[tp] = shape
        return shape

    @staticmethod
    def _eval(annotation, module: str):
        if isinstance(annotation, typing.ForwardRef):
            module = getattr(annotation, "__forward_module__", None) or module
            annotation = annotation.__forward_arg__
        if isinstance(annotation, str):
            namespace = dict(vars(sys.modules[module]))
            annotation = eval(annotation, namespace)  # noqa: S307 - the SDK's own annotations
        return annotation

    def _typeddict_shape(self, td) -> ObjectShape:
        # Each key is read in the module and with the totality of the class that declares it
        # (bases first); Required/NotRequired in the annotation win over totality.
        declared = {}  # key -> (annotation, class)

        def collect(cls):
            for base in getattr(cls, "__orig_bases__", ()):
                if te.is_typeddict(base):
                    collect(base)
            for key, annotation in cls.__dict__.get("__annotations__", {}).items():
                declared.setdefault(key, (annotation, cls))

        collect(td)
        fields = {}
        for key, (raw, cls) in declared.items():
            annotation = self._eval(raw, cls.__module__)
            required = bool(getattr(cls, "__total__", True))
            alias = None
            tp = annotation
            while True:  # look through the wrappers for Required/NotRequired and an alias
                origin = te.get_origin(tp)
                if origin is te.Required:
                    required = True
                elif origin is te.NotRequired:
                    required = False
                elif origin is te.Annotated:
                    for meta in getattr(tp, "__metadata__", ()):
                        if isinstance(getattr(meta, "alias", None), str):
                            alias = meta.alias  # the SDKs' PropertyInfo(alias=...)
                elif origin is not te.ReadOnly:
                    break
                tp = te.get_args(tp)[0]
            fields[alias or key] = Field(annotation, required)
        extra = getattr(td, "__extra_items__", te.NoExtraItems)
        extra = None if extra is te.NoExtraItems else self._eval(extra, td.__module__)
        return ObjectShape(td.__qualname__, fields, extra)

    def _model_shape(self, model) -> ObjectShape:
        if not getattr(model, "__pydantic_complete__", True):
            model.model_rebuild()
        fields, python_names = {}, {}
        for name, info in model.model_fields.items():
            if isinstance(info.validation_alias, str):
                wire = info.validation_alias
            else:
                wire = info.alias or name
            annotation = info.annotation
            required = info.is_required()
            values = literal_values(annotation)
            if values is not None and len(values) == 1 and info.default == values[0]:
                required = True  # a tag such as `type: Literal["text"] = "text"`: on the wire
            fields[wire] = Field(annotation, required)  # the schema requires it
            if wire != name:
                python_names[name] = wire
        # Extra keys are forbidden here whatever model_config["extra"] says (mcp: "allow").
        return ObjectShape(model.__qualname__, fields, None, python_names)

    # -- the walk ------------------------------------------------------------------------------

    def check(self, value, tp) -> list:
        """All problems of `value` against `tp`, as (path, reason) pairs."""
        return self.walk(value, tp, ())

    def walk(self, value, tp, path: Path) -> list:
        self.nodes += 1
        tp = strip(tp)
        if tp is typing.Any or tp is object or isinstance(tp, typing.TypeVar):
            return []
        if tp is None or tp is type(None):
            return [] if value is None else [(path, f"expected null, got {kind_of(value)}")]
        origin = te.get_origin(tp)
        args = te.get_args(tp)
        if origin in _LITERALS:
            if any(same_json_value(value, a) for a in args):
                return []
            allowed = ", ".join(json.dumps(a) for a in args)
            return [(path, f"{short(value)} is not one of {allowed}")]
        if origin in _UNIONS:
            return self._union(value, args, path)
        if tp is bool:
            return [] if isinstance(value, bool) else [(path, f"expected boolean, got {kind_of(value)}")]
        if tp is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
            return [] if ok else [(path, f"expected integer, got {kind_of(value)} {short(value)}")]
        if tp is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            return [] if ok else [(path, f"expected number, got {kind_of(value)}")]
        if tp is str:
            return [] if isinstance(value, str) else [(path, f"expected string, got {kind_of(value)}")]
        if origin in _SEQUENCE_ORIGINS or tp in _SEQUENCE_ORIGINS:
            return self._sequence(value, origin or tp, args, path)
        if origin in _MAPPING_ORIGINS or tp in _MAPPING_ORIGINS:
            if not isinstance(value, dict):
                return [(path, f"expected object, got {kind_of(value)}")]
            value_tp = args[1] if len(args) == 2 else typing.Any
            problems = []
            for key, item in value.items():
                problems += self.walk(item, value_tp, path + (key,))
            return problems
        if is_object_type(tp):
            return self._object(value, tp, path)
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            if any(same_json_value(value, m.value) for m in tp):
                return []
            return [(path, f"{short(value)} is not a {tp.__name__} value")]
        if isinstance(tp, type) or origin is not None:
            # IO[bytes], PathLike, ...: nothing JSON can hold
            return [(path, f"a {kind_of(value)} cannot be a {getattr(tp, '__name__', tp)}")]
        return [(path, f"checker cannot read the type {tp!r}")]

    def _sequence(self, value, origin, args, path):
        if not isinstance(value, list):
            return [(path, f"expected array, got {kind_of(value)}")]
        problems = []
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(value) != len(args):
                return [(path, f"expected {len(args)} items, got {len(value)}")]
            for i, (item, item_tp) in enumerate(zip(value, args)):
                problems += self.walk(item, item_tp, path + (i,))
            return problems
        item_tp = args[0] if args else typing.Any
        for i, item in enumerate(value):
            problems += self.walk(item, item_tp, path + (i,))
        return problems

    def _object(self, value, tp, path):
        shape = self.shape(tp)
        if not isinstance(value, dict):
            return [(path, f"expected object ({shape.name}), got {kind_of(value)}")]
        problems = []
        for key, item in value.items():
            f = shape.fields.get(key)
            if f is not None:
                problems += self.walk(item, f.annotation, path + (key,))
            elif shape.extra is not None:
                problems += self.walk(item, shape.extra, path + (key,))
            else:
                hint = ""
                if key in shape.python_names:
                    hint = f"; the wire name is {shape.python_names[key]!r}"
                problems.append((path + (key,), f"unknown key {key!r} (not in {shape.name}{hint})"))
        for key, f in shape.fields.items():
            if f.required and key not in value:
                problems.append((path, f"missing required key {key!r} ({shape.name})"))
        return problems

    def _union(self, value, members, path):
        flat = []
        for m in members:
            m = strip(m)
            if te.get_origin(m) in _UNIONS:
                flat += [strip(a) for a in te.get_args(m)]
            else:
                flat.append(m)
        results = []
        for m in flat:
            problems = self.walk(value, m, path)
            if not problems:
                return []
            results.append((m, problems))
        # No member accepts the value: say why, from the members it was meant for.
        candidates = results
        if isinstance(value, dict):
            objects = [(m, p) for m, p in results if is_object_type(m)]
            if objects:
                candidates, problem = self._discriminate(value, objects, path)
                if problem:
                    return [problem]
        else:
            same_kind = [(m, p) for m, p in results if _kind_word(m) in ("?", _json_kind_word(value))]
            candidates = same_kind or results
        if len(candidates) == len(results) and all(len(p) == 1 and p[0][0] == path for _, p in results):
            names = " | ".join(_type_name(m) for m, _ in results)
            return [(path, f"{kind_of(value)} {short(value)} fits none of {names}")]
        return min(candidates, key=lambda mp: len(mp[1]))[1]

    def _discriminate(self, value, objects, path):
        """Narrows a union's object members to those whose Literal-typed keys (`type`, `role`)
        agree with the value. Returns (candidates, problem): problem is set when the value's tag
        names no member, or lacks a tag that every member requires."""
        shapes = [(m, p, self.shape(m)) for m, p in objects]
        keys = set.intersection(*(set(s.fields) for _, _, s in shapes))
        tags = [k for k in sorted(keys) if all(literal_values(s.fields[k].annotation) is not None
                                             for _, _, s in shapes)]
        candidates = shapes
        for key in tags:
            allowed = [v for _, _, s in candidates for v in literal_values(s.fields[key].annotation)]
            if key in value:
                matching = [c for c in candidates
                            if any(same_json_value(value[key], v) for v in literal_values(c[2].fields[key].annotation))]
                if not matching:
                    listed = ", ".join(dict.fromkeys(json.dumps(v) for v in allowed))
                    return [], (path + (key,), f"{short(value[key])} names no member of the union "
                                               f"(allowed {key}: {listed})")
            else:
                matching = [c for c in candidates if not c[2].fields[key].required]
                if not matching:
                    listed = ", ".join(dict.fromkeys(json.dumps(v) for v in allowed))
                    return [], (path, f"missing required key {key!r} (one of {listed})")
            candidates = matching
        return [(m, p) for m, p, _ in candidates], None


def _kind_word(tp) -> str:
    tp = strip(tp)
    origin = te.get_origin(tp)
    if tp is str:
        return "string"
    if tp is bool:
        return "boolean"
    if tp is int:
        return "integer"
    if tp is float:
        return "number"
    if tp is None or tp is type(None):
        return "null"
    if origin in _SEQUENCE_ORIGINS or tp in _SEQUENCE_ORIGINS:
        return "array"
    if origin in _MAPPING_ORIGINS or tp in _MAPPING_ORIGINS:
        return "object"
    return "?"


def _json_kind_word(value) -> str:
    kind = kind_of(value)
    if kind == "number":
        return "integer" if isinstance(value, int) else "number"
    return {"string": "string", "boolean": "boolean", "null": "null", "array": "array"}.get(kind, kind)


def _type_name(tp, limit: int = 80) -> str:
    tp = strip(tp)
    if te.get_origin(tp) is None:
        return getattr(tp, "__qualname__", repr(tp))
    name = repr(tp)
    name = re.sub(r"Annotated\[(.*), UnionDiscriminator\([^)]*\)\]", r"\1", name)
    name = re.sub(r"\b(?:[A-Za-z_][A-Za-z0-9_]*\.)+(?=[A-Za-z_])", "", name)  # module paths
    return name if len(name) <= limit else name[: limit - 1] + "…"


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


# ---------------------------------------------------------------------------------------------
# Judging one body


@dataclass
class Target:
    label: str
    type: object


FORMATS = {
    "openai": [Target("CompletionCreateParamsNonStreaming", CompletionCreateParamsNonStreaming)],
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
# The self-test

def _openai_good():
    return {
        "model": "gpt-4-turbo",
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": [
                {"type": "text", "text": "What is this?"},
                {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
            ]},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "measure", "arguments": "{\"x\":1.0}"}},
            ]},
            {"role": "tool", "tool_call_id": "call_1", "content": "ok: 3.0"},
            {"role": "assistant", "content": "Done."},
        ],
        "tools": [
            {"type": "function", "function": {
                "name": "measure", "description": "Measures",
                "parameters": {"type": "object", "properties": {"x": {"type": "number"}}}}},
        ],
    }


def _anthropic_good():
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 4096,
        "system": "Be brief.",
        "messages": [
            {"role": "user", "content": [
                {"type": "text", "text": "What is this?"},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
                {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}},
            ]},
            {"role": "assistant", "content": [
                {"type": "text", "text": "Measuring."},
                {"type": "tool_use", "id": "call_1", "name": "measure", "input": {"x": 1.0, "big": 12345678901234567890123}},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "call_1", "content": "sensor offline", "is_error": True},
                {"type": "text", "text": "Try again?"},
            ]},
        ],
        "tools": [
            {"name": "measure", "description": "Measures",
             "input_schema": {"type": "object", "properties": {"x": {"type": "number", "minimum": -1e-3}}}},
            {"name": "bare", "input_schema": {"type": "object", "properties": {}}},
        ],
    }


def _mcp_good():
    return {
        "messages": [
            {"role": "user", "content": {"type": "text", "text": "Be brief."}},
            {"role": "user", "content": {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}},
            {"role": "user", "content": {"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"}},
            {"role": "user", "content": {"type": "resource_link", "uri": "https://example.com/a.png", "name": "a.png"}},
            {"role": "assistant", "content": {"type": "text", "text": "[Tool call call_1] measure {\"x\":1.0}"}},
        ],
    }


def _edit(body, path, value=None, delete=False):
    *head, last = path
    target = body
    for part in head:
        target = target[part]
    if delete:
        del target[last]
    else:
        target[last] = value
    return body


NO_MODEL_WARNING = 'warning model: no model given; the request has no "model" key\n'

# (format, name, body maker, stderr, expected): expected is "ok", "ok: <note>", or
# (layer, path) for a rejection: the layer that must report it and the JSON path it must name.
def _cases():
    O, A, M = _openai_good, _anthropic_good, _mcp_good
    return [
        ("openai", "good request", O, "", "ok"),
        ("openai", "no model, warned", lambda: _edit(O(), ["model"], delete=True), NO_MODEL_WARNING,
         "ok: no model: warned"),
        ("openai", "no model, not warned", lambda: _edit(O(), ["model"], delete=True), "",
         ("walker", ())),
        ("openai", "unknown key deep in a part", lambda: _edit(O(), ["messages", 1, "content", 1, "image_url", "alt"], "x"),
         "", ("walker", ("messages", 1, "content", 1, "image_url", "alt"))),
        ("openai", "unknown key in a message", lambda: _edit(O(), ["messages", 3, "name_of_tool"], "x"),
         "", ("walker", ("messages", 3, "name_of_tool"))),
        ("openai", "content part of a wrong type", lambda: _edit(O(), ["messages", 1, "content", 0, "type"], "picture"),
         "", ("walker", ("messages", 1, "content", 0, "type"))),
        ("openai", "unknown role", lambda: _edit(O(), ["messages", 0, "role"], "narrator"),
         "", ("walker", ("messages", 0, "role"))),
        ("openai", "unknown key in a tool call's function", lambda: _edit(O(), ["messages", 2, "tool_calls", 0, "function", "input"], {}),
         "", ("walker", ("messages", 2, "tool_calls", 0, "function", "input"))),
        ("openai", "arguments as an object", lambda: _edit(O(), ["messages", 2, "tool_calls", 0, "function", "arguments"], {"x": 1}),
         "", ("walker", ("messages", 2, "tool_calls", 0, "function", "arguments"))),
        ("openai", "tool without its function wrapper", lambda: _edit(O(), ["tools", 0, "parameters"], {}),
         "", ("walker", ("tools", 0, "parameters"))),
        ("openai", "missing tool_call_id", lambda: _edit(O(), ["messages", 3, "tool_call_id"], delete=True),
         "", ("walker", ("messages", 3))),
        ("openai", "top-level unknown key", lambda: _edit(O(), ["warnings"], []), "", ("walker", ("warnings",))),
        ("anthropic", "good request", A, "", "ok"),
        ("anthropic", "no model, warned", lambda: _edit(A(), ["model"], delete=True), NO_MODEL_WARNING,
         "ok: no model: warned"),
        ("anthropic", "missing max_tokens", lambda: _edit(A(), ["max_tokens"], delete=True), "", ("walker", ())),
        ("anthropic", "max_tokens as a string", lambda: _edit(A(), ["max_tokens"], "4096"), "", ("walker", ("max_tokens",))),
        ("anthropic", "unknown key deep in a block", lambda: _edit(A(), ["messages", 1, "content", 1, "arguments"], "{}"),
         "", ("walker", ("messages", 1, "content", 1, "arguments"))),
        ("anthropic", "block of a wrong type", lambda: _edit(A(), ["messages", 1, "content", 1, "type"], "tool_call"),
         "", ("walker", ("messages", 1, "content", 1, "type"))),
        ("anthropic", "image media type the API lacks", lambda: _edit(A(), ["messages", 0, "content", 1, "source", "media_type"], "image/svg+xml"),
         "", ("walker", ("messages", 0, "content", 1, "source", "media_type"))),
        ("anthropic", "unknown key in an image source", lambda: _edit(A(), ["messages", 0, "content", 2, "source", "alt"], "x"),
         "", ("walker", ("messages", 0, "content", 2, "source", "alt"))),
        ("anthropic", "tool_result content as an object", lambda: _edit(A(), ["messages", 2, "content", 0, "content"], {"text": "x"}),
         "", ("walker", ("messages", 2, "content", 0, "content"))),
        ("anthropic", "is_error as a string", lambda: _edit(A(), ["messages", 2, "content", 0, "is_error"], "true"),
         "", ("walker", ("messages", 2, "content", 0, "is_error"))),
        ("anthropic", "content as one block, not an array", lambda: _edit(A(), ["messages", 0, "content"], {"type": "text", "text": "x"}),
         "", ("walker", ("messages", 0, "content"))),
        ("anthropic", "OpenAI-style tool", lambda: _edit(A(), ["tools", 0, "parameters"], {}), "", ("walker", ("tools", 0, "parameters"))),
        ("anthropic", "system as an object", lambda: _edit(A(), ["system"], {"text": "x"}), "", ("walker", ("system",))),
        ("mcp", "good prompt", M, "", "ok"),
        ("mcp", "system role", lambda: _edit(M(), ["messages", 0, "role"], "system"), "", ("walker", ("messages", 0, "role"))),
        ("mcp", "content as an array", lambda: _edit(M(), ["messages", 0, "content"], [{"type": "text", "text": "x"}]),
         "", ("walker", ("messages", 0, "content"))),
        ("mcp", "unknown key in a block", lambda: _edit(M(), ["messages", 1, "content", "alt"], "x"),
         "", ("walker", ("messages", 1, "content", "alt"))),
        ("mcp", "python name instead of the wire name", lambda: _edit(M(), ["messages", 1, "content", "mime_type"], "image/png"),
         "", ("walker", ("messages", 1, "content", "mime_type"))),
        ("mcp", "missing mimeType", lambda: _edit(M(), ["messages", 2, "content", "mimeType"], delete=True),
         "", ("walker", ("messages", 2, "content"))),
        ("mcp", "tool_use block (not a prompt block)", lambda: _edit(M(), ["messages", 4, "content"], {"type": "tool_use", "id": "c", "name": "n", "input": {}}),
         "", ("walker", ("messages", 4, "content", "type"))),
        ("mcp", "block without its type", lambda: _edit(M(), ["messages", 0, "content", "type"], delete=True),
         "", ("walker", ("messages", 0, "content"))),
        ("mcp", "unknown key in a message", lambda: _edit(M(), ["messages", 0, "name"], "x"), "", ("walker", ("messages", 0, "name"))),
        ("mcp", "top-level unknown key", lambda: _edit(M(), ["warnings"], []), "", ("walker", ("warnings",))),
        ("mcp", "annotation priority out of range (pydantic's catch)",
         lambda: _edit(M(), ["messages", 0, "content", "annotations"], {"priority": 5}), "", ("pydantic", None)),
    ]


# Cases whose value error pydantic alone must see as well, deep inside lazily validated
# Iterables (messages, content): proves that its layer is not a no-op either.
PYDANTIC_MUST_REJECT = {
    ("openai", "unknown role"),
    ("openai", "arguments as an object"),
    ("anthropic", "max_tokens as a string"),
    ("anthropic", "is_error as a string"),
    ("mcp", "system role"),
}


def self_test(verbose: bool) -> tuple:
    """Runs every case; returns (number of cases, list of failure messages)."""
    walker = Walker()
    failures = []
    cases = _cases()
    for fmt, name, make, stderr, expected in cases:
        body = make()
        verdict = judge(fmt, json.dumps(body, ensure_ascii=False), stderr, walker)
        got = "; ".join(describe(p, fmt) for p in verdict.problems) or "accepted"
        if isinstance(expected, str):
            want_note = expected[4:] if expected.startswith("ok: ") else ""
            good = verdict.ok and verdict.note == want_note
        else:
            layer, path = expected
            good = (not verdict.ok) and any(
                p[0] == layer and (path is None or tuple(p[2]) == path) for p in verdict.problems)
            if path is not None and layer == "walker":
                # The walker alone, too, on the first target: it must name the path itself.
                alone = [p for p, _ in walker.check(body, FORMATS[fmt][0].type)]
                good = good and path in alone
            if (fmt, name) in PYDANTIC_MUST_REJECT and not pydantic_problems(body, FORMATS[fmt][0].type):
                good = False
                got += " (but pydantic alone accepted it)"
        if verbose:
            print(f"self-test {'ok  ' if good else 'FAIL'} {fmt} {name}: {got}")
        if not good:
            failures.append(f"{fmt} {name}: expected {expected}, got {got}")
    if walker.nodes < 100:
        failures.append(f"the walker visited only {walker.nodes} values over the self-test")
    return len(cases), failures


# ---------------------------------------------------------------------------------------------


def run_pep(pep: str, fmt: str, path: str):
    try:
        proc = subprocess.run([pep, "export", "--to", fmt, path], capture_output=True, timeout=120)
    except OSError as e:
        return None, f"cannot run {pep}: {e}"
    except subprocess.TimeoutExpired:
        return None, "pep export timed out"
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        first = next((line for line in stderr.splitlines() if line.strip()), "")
        return None, f"pep exited {proc.returncode}: {first}"
    try:
        return (proc.stdout.decode("utf-8"), stderr), None
    except UnicodeDecodeError as e:
        return None, f"stdout is not UTF-8: {e}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pep", help="the pep binary")
    parser.add_argument("--formats", default="openai,anthropic,mcp",
                        help="comma-separated subset of openai,anthropic,mcp (default: all)")
    parser.add_argument("--self-test", action="store_true", help="run only the self-test")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every problem and self-test case")
    parser.add_argument("files", nargs="*", metavar="FILE")
    args = parser.parse_args(argv)

    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        parser.error(f"unknown format(s) {', '.join(unknown) or '(none)'}; use openai, anthropic, mcp")
    if not args.self_test and (not args.pep or not args.files):
        parser.error("give --pep PATH and at least one FILE (or --self-test)")

    versions = (f"openai {__import__('openai').__version__}, anthropic {__import__('anthropic').__version__}, "
                f"mcp {_dist_version('mcp')}, pydantic {pydantic.VERSION}")
    n_cases, failures = self_test(args.verbose)
    if failures:
        for f in failures:
            print(f"FAIL self-test {f}")
        print(f"self-test: {len(failures)} of {n_cases} cases wrong ({versions}); the check cannot be trusted")
        return 1
    print(f"self-test: {n_cases} cases ok ({versions})")
    if args.self_test:
        return 0

    walker = Walker()
    passed = failed = 0
    for path in args.files:
        for fmt in formats:
            out, error = run_pep(args.pep, fmt, path)
            if error:
                failed += 1
                print(f"FAIL {path} {fmt}: {error}")
                continue
            verdict = judge(fmt, out[0], out[1], walker)
            if verdict.ok:
                passed += 1
                print(f"ok   {path} {fmt}" + (f" ({verdict.note})" if verdict.note else ""))
                continue
            failed += 1
            more = f" (+{len(verdict.problems) - 1} more)" if len(verdict.problems) > 1 else ""
            print(f"FAIL {path} {fmt}: {describe(verdict.problems[0], fmt)}{more}")
            if args.verbose:
                for p in verdict.problems[1:]:
                    print(f"       {describe(p, fmt)}")
    total = passed + failed
    files = f"{len(args.files)} file" + ("s" if len(args.files) != 1 else "")
    print(f"sdk-check: {passed} of {total} exports ok, {failed} failed ({files} × {', '.join(formats)})")
    return 1 if failed else 0


def _dist_version(name: str) -> str:
    from importlib.metadata import version
    try:
        return version(name)
    except Exception:  # pragma: no cover
        return "?"


if __name__ == "__main__":
    sys.exit(main())
