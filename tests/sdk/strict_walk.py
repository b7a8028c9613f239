"""The walker of check_exports.py: descends a parsed JSON body alongside an SDK type's
annotations and reports, as (path, reason) pairs, every key the type does not declare, every
missing required key and every value of the wrong kind, at any depth.

TypedDicts and pydantic models (read by type_shapes.py), unions, Literal, lists (List,
Sequence, Iterable), dicts, enums, str/int/float/bool/None, bytes (a base64 string, as JSON
carries google-genai's `inlineData.data`) and datetime (an RFC 3339 string). A union of objects
is resolved by its Literal-typed keys (`type` for content blocks, `role` for messages). Unknown
typing constructs are errors, never silently passed.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import enum
import json
import re
import typing

import typing_extensions as te

from type_shapes import (
    LITERALS,
    MAPPING_ORIGINS,
    SEQUENCE_ORIGINS,
    UNIONS,
    ObjectShape,
    is_object_type,
    kind_word,
    literal_values,
    object_shape,
    strip,
    type_name,
)

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


def is_base64(text: str) -> bool:
    """Standard or URL-safe alphabet (not both mixed), padding optional: what proto JSON and
    pydantic's `val_json_bytes="base64"` read."""
    padded = text + "=" * (-len(text) % 4)
    if ("+" in text or "/" in text) and ("-" in text or "_" in text):
        return False  # b64decode's altchars would let the two alphabets mix
    for alphabet in (None, b"-_"):
        try:
            base64.b64decode(padded, altchars=alphabet, validate=True)
            return True
        except (binascii.Error, ValueError):
            pass
    return False


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
            shape = object_shape(tp)
            self._shapes[tp] = shape
        return shape

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
        if origin in LITERALS:
            if any(same_json_value(value, a) for a in args):
                return []
            allowed = ", ".join(json.dumps(a) for a in args)
            return [(path, f"{short(value)} is not one of {allowed}")]
        if origin in UNIONS:
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
        if tp is bytes:
            if not isinstance(value, str):
                return [(path, f"expected a base64 string, got {kind_of(value)}")]
            return [] if is_base64(value) else [(path, f"{short(value)} is not base64")]
        if tp is datetime.datetime:  # google-genai's Interval: an RFC 3339 timestamp on the wire
            if not isinstance(value, str):
                return [(path, f"expected an RFC 3339 timestamp string, got {kind_of(value)}")]
            try:
                datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
                return []
            except ValueError:
                return [(path, f"{short(value)} is not an RFC 3339 timestamp")]
        if origin in SEQUENCE_ORIGINS or tp in SEQUENCE_ORIGINS:
            return self._sequence(value, origin or tp, args, path)
        if origin in MAPPING_ORIGINS or tp in MAPPING_ORIGINS:
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
            if te.get_origin(m) in UNIONS:
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
            same_kind = [(m, p) for m, p in results if kind_word(m) in ("?", _json_kind_word(value))]
            candidates = same_kind or results
        if len(candidates) == len(results) and all(len(p) == 1 and p[0][0] == path for _, p in results):
            names = " | ".join(type_name(m) for m, _ in results)
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


def _json_kind_word(value) -> str:
    kind = kind_of(value)
    if kind == "number":
        return "integer" if isinstance(value, int) else "number"
    return {"string": "string", "boolean": "boolean", "null": "null", "array": "array"}.get(kind, kind)
