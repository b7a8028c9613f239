"""How an SDK type looks as JSON, read from its annotations: for check_exports.py's walker
(strict_walk.py).

`strip` removes what does not change the JSON shape; `object_shape` lists the keys an object
type (TypedDict or pydantic model) allows, by wire name, and which are required: worked out
from the annotations themselves for TypedDicts, since the SDKs' `from __future__ import
annotations` leaves `__required_keys__` empty; `model_fields` keyed by their wire alias for
pydantic models, whose undeclared keys are forbidden whatever their `extra` policy.
"""

from __future__ import annotations

import collections.abc as cabc
import re
import sys
import types
import typing
from dataclasses import dataclass, field

import typing_extensions as te
from pydantic import BaseModel


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


SEQUENCE_ORIGINS = {
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
MAPPING_ORIGINS = {dict, cabc.Mapping, cabc.MutableMapping}
WRAPPERS = {te.Required, te.NotRequired, te.ReadOnly}
LITERALS = {typing.Literal, te.Literal}
UNIONS = {typing.Union, types.UnionType}


def strip(tp):
    """Removes what does not change the JSON shape: Annotated, Required/NotRequired/ReadOnly,
    type aliases, NewType."""
    while True:
        origin = te.get_origin(tp)
        if origin is te.Annotated:
            tp = te.get_args(tp)[0]
        elif origin in WRAPPERS:
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
    if origin in LITERALS:
        return list(te.get_args(tp))
    if origin in UNIONS:
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


def object_shape(tp) -> ObjectShape:
    """The keys a TypedDict or pydantic model allows (uncached; Walker.shape caches)."""
    return typeddict_shape(tp) if te.is_typeddict(tp) else model_shape(tp)


def _eval(annotation, module: str):
    if isinstance(annotation, typing.ForwardRef):
        module = getattr(annotation, "__forward_module__", None) or module
        annotation = annotation.__forward_arg__
    if isinstance(annotation, str):
        namespace = dict(vars(sys.modules[module]))
        annotation = eval(annotation, namespace)  # noqa: S307 - the SDK's own annotations
    return annotation


def typeddict_shape(td) -> ObjectShape:
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
        annotation = _eval(raw, cls.__module__)
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
    extra = None if extra is te.NoExtraItems else _eval(extra, td.__module__)
    return ObjectShape(td.__qualname__, fields, extra)


def model_shape(model) -> ObjectShape:
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


# -- names, for the messages -----------------------------------------------------------------


def kind_word(tp) -> str:
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
    if origin in SEQUENCE_ORIGINS or tp in SEQUENCE_ORIGINS:
        return "array"
    if origin in MAPPING_ORIGINS or tp in MAPPING_ORIGINS:
        return "object"
    return "?"


def type_name(tp, limit: int = 80) -> str:
    tp = strip(tp)
    if te.get_origin(tp) is None:
        return getattr(tp, "__qualname__", repr(tp))
    name = repr(tp)
    name = re.sub(r"Annotated\[(.*), UnionDiscriminator\([^)]*\)\]", r"\1", name)
    name = re.sub(r"\b(?:[A-Za-z_][A-Za-z0-9_]*\.)+(?=[A-Za-z_])", "", name)  # module paths
    return name if len(name) <= limit else name[: limit - 1] + "…"
