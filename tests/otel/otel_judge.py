"""The judges of check_otel.py: loads the vendored OpenTelemetry GenAI schemas (semconv-v1.41.0/,
checked against the sha256 sums of its SOURCE.md), makes their strict copies, and judges one
`pep export --to otel` stdout as (judge, path, reason) problems. Judges: "shape" (the top-level
object, by hand), "published" (the schema as published) and "strict" (the strict copy).
"""

from __future__ import annotations

import base64
import binascii
import copy
import hashlib
import json
import os
import re

import jsonschema
from jsonschema.validators import validator_for
from jsonschema_specifications import REGISTRY as SPECIFICATIONS
from referencing import Registry

SEMCONV = "v1.41.0"
SCHEMA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"semconv-{SEMCONV}")

# The export's keys, in the order they must appear; each with the schema that judges its value.
SCHEMAS = {
    "gen_ai.system_instructions": "gen-ai-system-instructions.json",
    "gen_ai.input.messages": "gen-ai-input-messages.json",
    "gen_ai.tool.definitions": "gen-ai-tool-definitions.json",
}
REQUIRED_KEY = "gen_ai.input.messages"  # the other two only when non-empty
ALL_VENDORED = tuple(SCHEMAS.values()) + ("gen-ai-output-messages.json",)

# The catch-all members the strict copy drops from every anyOf/oneOf.
CATCH_ALLS = ("GenericPart", "GenericServerToolCall", "GenericServerToolCallResponse", "GenericToolDefinition")
DRAFT07 = "http://json-schema.org/draft-07/schema#"  # FunctionToolDefinition.parameters


class SchemaSetupError(Exception):
    """The vendored schemas or the resolver are not what this check was written for."""


# Every $ref outside the vendored files must come from jsonschema-specifications' offline
# registry; anything else would be fetched from the network by jsonschema's default registry.
REFUSED: list = []


def _refuse_retrieval(uri: str):
    REFUSED.append(uri)
    raise SchemaSetupError(f"$ref {uri} is not in jsonschema-specifications' offline registry; "
                           "refusing to fetch it from the network")


REGISTRY = Registry(retrieve=_refuse_retrieval).combine(SPECIFICATIONS)

# The strict copy asserts the one `format` the schemas use: BlobPart.content is `"format":
# "binary"`, "Raw bytes ... SHOULD be encoded as a base64 string when serialized to JSON". The
# published judge asserts no format at all (2020-12: format is an annotation), so `format` is
# never what decides a published verdict either way.
BASE64_CHECKER = jsonschema.FormatChecker(formats=())


@BASE64_CHECKER.checks("binary", raises=(binascii.Error, ValueError))
def _is_base64(value) -> bool:
    if not isinstance(value, str):
        return True  # `type` judges the kind
    base64.b64decode(value.encode("ascii"), validate=True)
    return True


def _file_sha256s() -> dict:
    """The pinned sums: every `name.json` ... 64-hex-digit pair in a line of SOURCE.md."""
    source = os.path.join(SCHEMA_DIR, "SOURCE.md")
    try:
        text = open(source, encoding="utf-8").read()
    except OSError as e:
        raise SchemaSetupError(f"cannot read {source}: {e}") from e
    return {m.group(1): m.group(2) for m in
            re.finditer(r"`(gen-ai-[a-z-]+\.json)`[^\n]*?`([0-9a-f]{64})`", text)}


def _strictify(node, stats: dict):
    """In place: additionalProperties true (or absent beside properties) becomes false; catch-all
    $refs leave every anyOf/oneOf (an emptied one becomes [false]); the open `{"type": "string"}`
    beside a $ref to an enum (Role, Modality) goes. $refs themselves are never followed, so the
    draft-07 meta-schema that FunctionToolDefinition.parameters refers to stays as published."""
    if isinstance(node, list):
        for item in node:
            _strictify(item, stats)
        return
    if not isinstance(node, dict):
        return
    if node.get("additionalProperties") is True:
        node["additionalProperties"] = False
        stats["closed"] += 1
    elif "properties" in node and "additionalProperties" not in node:
        node["additionalProperties"] = False  # BlobPart declares none: open by default
        stats["closed"] += 1
    for key in ("anyOf", "oneOf"):
        if isinstance(node.get(key), list):
            kept = [b for b in node[key] if not _is_catch_all(b)]
            stats["catch_alls"] += len(node[key]) - len(kept)
            if any(isinstance(b, dict) and b.get("$ref") in stats["enum_refs"] for b in kept):
                before = len(kept)
                kept = [b for b in kept if b != {"type": "string"}]
                stats["open_strings"] += before - len(kept)
            node[key] = kept or [False]
    for value in node.values():
        _strictify(value, stats)


def _is_catch_all(branch) -> bool:
    return isinstance(branch, dict) and branch.get("$ref") in {f"#/$defs/{n}" for n in CATCH_ALLS}


def strict_copy(schema: dict):
    """The strict copy of one published schema, and what was changed in it (counts)."""
    strict = copy.deepcopy(schema)
    defs = strict.get("$defs", {})
    stats = {"closed": 0, "catch_alls": 0, "open_strings": 0,
             "enum_refs": {f"#/$defs/{n}" for n, d in defs.items() if "enum" in d}}
    _strictify(strict, stats)
    for name in CATCH_ALLS:
        defs.pop(name, None)  # unreferenced now; gone so that nothing can reach them
    stats.pop("enum_refs")
    return strict, stats


class Judges:
    """Loads, checks and compiles the three schemas once: (published, strict) per key."""

    def __init__(self):
        sums = _file_sha256s()
        self.validators = {}
        self.stats = {}
        self.drafts = set()
        for name in ALL_VENDORED:
            path = os.path.join(SCHEMA_DIR, name)
            try:
                raw = open(path, "rb").read()
            except OSError as e:
                raise SchemaSetupError(f"cannot read {path}: {e}") from e
            digest = hashlib.sha256(raw).hexdigest()
            if sums.get(name) != digest:
                raise SchemaSetupError(f"{path}: sha256 {digest} is not the one SOURCE.md pins "
                                       f"({sums.get(name, 'none listed')}); vendor it again (SOURCE.md)")
            schema = json.loads(raw)
            cls = validator_for(schema)  # no $schema in these files: jsonschema's latest, 2020-12
            cls.check_schema(schema)
            self.drafts.add(cls.__name__)
            key = next((k for k, n in SCHEMAS.items() if n == name), None)
            if key is None:
                continue  # output messages: vendored, schema-checked, not judged (nothing to judge)
            strict, stats = strict_copy(schema)
            cls.check_schema(strict)
            self.stats[key] = stats
            self.validators[key] = (cls(schema, registry=REGISTRY),
                                    cls(strict, registry=REGISTRY, format_checker=BASE64_CHECKER))
        self._check_offline_draft07()

    def _check_offline_draft07(self):
        before = len(REFUSED)
        try:
            resolved = REGISTRY.resolver().lookup(DRAFT07)
        except Exception as e:
            raise SchemaSetupError(f"{DRAFT07} does not resolve offline: {e}") from e
        if resolved.contents.get("$id") != DRAFT07 or len(REFUSED) != before:
            raise SchemaSetupError(f"{DRAFT07} resolved to something else: {resolved.contents.get('$id')}")

    def judge(self, text: str) -> list:
        """Every problem of one export's stdout, as (judge, path tuple, reason)."""
        try:
            body = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
        except (ValueError, _Duplicate) as e:
            if isinstance(e, _Duplicate):
                return [("shape", (), f"duplicate key {json.dumps(e.key)} in a JSON object")]
            return [("shape", (), f"stdout is not JSON: {e}")]
        if not isinstance(body, dict):
            return [("shape", (), f"not a JSON object but {kind(body)}")]
        problems = []
        for key in body:
            if key not in SCHEMAS:
                problems.append(("shape", (key,), f"unknown top-level key (allowed: {', '.join(SCHEMAS)})"))
        present = [k for k in SCHEMAS if k in body]
        if [k for k in body if k in SCHEMAS] != present:
            problems.append(("shape", (), f"keys out of order: {', '.join(k for k in body if k in SCHEMAS)}"
                             f" (want {', '.join(present)})"))
        if REQUIRED_KEY not in body:
            problems.append(("shape", (REQUIRED_KEY,), "required key missing"))
        for key in present:
            if key != REQUIRED_KEY and body[key] == []:
                problems.append(("shape", (key,), "empty array: the key must be left out instead"))
            for judge_name, validator in zip(("published", "strict"), self.validators[key]):
                for error in validator.iter_errors(body[key]):
                    path, reason = explain(error)
                    problems.append((judge_name, (key,) + path, reason))
        return problems


class _Duplicate(Exception):
    def __init__(self, key):
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise _Duplicate(key)
        seen[key] = value
    return seen


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def kind(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return {str: "a string", list: "an array", dict: "an object"}.get(type(value), type(value).__name__)


def explain(error) -> tuple:
    """(path inside the judged value, readable reason) of one top-level validation error.

    An anyOf/oneOf error descends into the member that fits: members whose `type` const names
    another tag, or that want another kind of value, are set aside; when one member is left its
    deepest error is explained; when none, the tag (or the value) is named against the members;
    when several are left and they share an error (a part without `type`), that error is."""
    shared = False
    while error.context:
        branches = {}
        for sub in error.context:  # a `false` member's error has no schema path: member 0
            branches.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else 0, []).append(sub)
        fitting = [errs for errs in branches.values() if not any(_rejects(e) for e in errs)]
        if len(fitting) == 1:
            error = max(fitting[0], key=lambda e: len(e.relative_path))
            continue
        common = _shared_error(fitting) if len(fitting) > 1 else None
        if common is not None:
            error, shared = common, True
            continue
        return _none_of(error)
    return _leaf(error, shared)


def _rejects(sub) -> bool:
    path = list(sub.relative_path)
    return (sub.validator == "const" and path == ["type"]) or (sub.validator == "type" and not path)


def _shared_error(branches):
    common = None
    for errs in branches:
        keys = {(tuple(e.relative_path), e.message) for e in errs}
        common = keys if common is None else common & keys
    if not common:
        return None
    for e in branches[0]:
        if (tuple(e.relative_path), e.message) in common:
            return e
    return None  # pragma: no cover


def _member_name(branch) -> str:
    if branch is False:
        return "nothing (the strict copy left this union empty)"
    if isinstance(branch, dict) and "$ref" in branch:
        return branch["$ref"].rsplit("/", 1)[-1] or branch["$ref"]
    if isinstance(branch, dict) and "type" in branch:
        return "null" if branch["type"] == "null" else f"a {branch['type']}"
    return json.dumps(branch)[:60]


def _none_of(error) -> tuple:
    members = error.schema.get(error.validator, [])
    inst = error.instance
    tags = [e.validator_value for e in error.context if e.validator == "const" and list(e.relative_path) == ["type"]]
    path = tuple(error.absolute_path)
    if isinstance(inst, dict) and isinstance(inst.get("type"), str) and tags:
        return path + ("type",), (f"{json.dumps(inst['type'])} is none of the types "
                                  f"{', '.join(map(json.dumps, tags))}")
    return path, f"{_short(inst)} ({kind(inst)}) matches none of: {', '.join(_member_name(m) for m in members)}"


def _leaf(error, shared: bool = False) -> tuple:
    path = tuple(error.absolute_path)
    inst, where = error.instance, (" (in every member)" if shared else _title(error.schema))
    if error.validator == "required" and isinstance(inst, dict):
        missing = [k for k in error.validator_value if k not in inst]
        return path + (missing[0],), f"required key missing{where}"
    if error.validator == "additionalProperties" and isinstance(inst, dict):
        declared = error.schema.get("properties", {})
        extra = [k for k in inst if k not in declared]
        allowed = ", ".join(declared) or "none"
        return path + (extra[0],), f"unknown key{where} (declared: {allowed})"
    if error.validator == "format":
        return path, f"{_short(inst)} is not base64 (format {json.dumps(error.validator_value)}, asserted as base64)"
    if error.validator == "type":
        return path, f"{_short(inst)} is {kind(inst)}, not {_kinds(error.validator_value)}{where}"
    if error.validator in ("enum", "const"):
        allowed = error.validator_value if error.validator == "enum" else [error.validator_value]
        return path, f"{_short(inst)} is not one of {json.dumps(allowed, ensure_ascii=False)}{where}"
    if error.schema is False:
        return path, "not allowed: the strict copy left no member here (the published one has only a catch-all)"
    return path, error.message if len(error.message) < 200 else error.message[:197] + "..."


def _kinds(types) -> str:
    names = [types] if isinstance(types, str) else list(types)
    return " or ".join(f"an {t}" if t[0] in "aeiou" else ("null" if t == "null" else f"a {t}") for t in names)


def _title(schema) -> str:
    """" (in TextPart)" for the schemas of objects and enums; not for a property's own title."""
    if isinstance(schema, dict) and "title" in schema and ("properties" in schema or "enum" in schema):
        return f" (in {schema['title']})"
    return ""


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def fmt_path(path) -> str:
    """gen_ai.input.messages[1].parts[0].content; the first (top-level) key is written as it is."""
    out = ""
    for i, part in enumerate(path):
        if isinstance(part, int):
            out += f"[{part}]"
        elif i == 0 or re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$-]*", part):
            out += ("." if out else "") + part
        else:
            out += f"[{json.dumps(part, ensure_ascii=False)}]"
    return out or "(root)"


def merge(problems: list) -> list:
    """[(path, reason, judges)], one per distinct (path, reason), in first-seen order."""
    merged = {}
    for judge, path, reason in problems:
        merged.setdefault((tuple(path), reason), []).append(judge)
    return [(p, r, sorted(set(j), key=("shape", "published", "strict").index)) for (p, r), j in merged.items()]


def describe(item) -> str:
    path, reason, judges = item
    return f"{fmt_path(path)}: {reason} [{', '.join(judges)}]"
