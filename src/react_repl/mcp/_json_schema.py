"""A tool's JSON Schema read as a Python function: parameters, types, defaults and enums.

The model calls MCP tools like any API, so it needs a signature it can read at a glance:
required parameters first, optional ones with their defaults, JSON types as Python types, and
the allowed values of an enum named in the parameter's description. Parameter names that are
not Python identifiers (`max-results`, `from`) get a usable spelling; the call maps them back.

Everything read from the schema is data from another program: text is cleaned of control
characters and cut to a bounded length, and nothing is ever evaluated or rendered as a template.
"""

from __future__ import annotations

import inspect
import json
import keyword
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from react_repl._secrets import Verbatim

MAX_DESCRIPTION_CHARS = 2_000
MAX_PARAM_DESCRIPTION_CHARS = 400
_MAX_ENUM_SHOWN = 12
_MAX_REF_DEPTH = 6
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")
_JSON_TYPES = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "null": "None",
    "array": "list",
    "object": "dict",
}
NO_DEFAULT: Any = inspect.Parameter.empty


@dataclass(frozen=True)
class ToolParameter:
    python_name: str
    schema_name: str
    annotation: str
    required: bool
    default: Any
    """The callable's default: the schema's (a JSON value), else None, which is not sent, so the
    server applies its own; NO_DEFAULT for a required parameter."""
    description: str

    @property
    def default_text(self) -> str | None:
        return None if self.required else repr(self.default)


def clean_text(text: Any, limit: int) -> str:
    if not isinstance(text, str):
        return ""
    cleaned = _CONTROL.sub(" ", text.replace("\r\n", "\n")).strip()
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1].rstrip() + "…"


def python_identifier(name: str, fallback: str) -> str:
    text = re.sub(r"\W", "_", name, flags=re.ASCII).strip("_") or fallback
    if text[0].isdigit():
        text = f"{fallback}_{text}"
    return text + "_" if keyword.iskeyword(text) else text


def tool_parameters(schema: Any) -> list[ToolParameter]:
    """Required parameters in schema order, then the optional ones, as Python requires."""
    schema = _mapping(schema)
    properties = _mapping(schema.get("properties"))
    required_names = schema.get("required")
    required = set(required_names) if isinstance(required_names, list) else set()
    defs = _definitions(schema)
    parameters: list[ToolParameter] = []
    taken: set[str] = set()
    for schema_name, spec in properties.items():
        spec = _resolve(_mapping(spec), defs, 0)
        python_name = _unique(python_identifier(str(schema_name), "arg"), taken)
        is_required = schema_name in required
        default = _default(spec)
        annotation = annotation_of(spec, defs)
        if not is_required and default is NO_DEFAULT and annotation not in ("Any", "None"):
            annotation = _union([*annotation.split(" | "), "None"])
        parameters.append(
            ToolParameter(
                python_name=python_name,
                schema_name=str(schema_name),
                annotation=annotation,
                required=is_required,
                default=NO_DEFAULT if is_required else None if default is NO_DEFAULT else default,
                description=_parameter_description(spec),
            )
        )
    return sorted(parameters, key=lambda parameter: not parameter.required)


def annotation_of(spec: Any, defs: Mapping[str, Any], depth: int = 0) -> str:
    """`{"type": ["string", "null"]}` -> `str | None`; unknown shapes are `Any`."""
    if not isinstance(spec, Mapping) or depth > _MAX_REF_DEPTH:
        return "Any"
    spec = _resolve(spec, defs, depth)
    kind = spec.get("type")
    if isinstance(kind, list):
        return _union([annotation_of({**spec, "type": item}, defs, depth + 1) for item in kind])
    if kind == "array":
        items = spec.get("items")
        inner = annotation_of(items, defs, depth + 1) if isinstance(items, Mapping) else "Any"
        return "list" if inner == "Any" else f"list[{inner}]"
    if isinstance(kind, str) and kind in _JSON_TYPES:
        return _JSON_TYPES[kind]
    for combinator in ("anyOf", "oneOf"):
        options = spec.get(combinator)
        if isinstance(options, list) and options:
            return _union([annotation_of(option, defs, depth + 1) for option in options])
    if "const" in spec:
        return _python_type_of(spec["const"])
    if isinstance(spec.get("enum"), list) and spec["enum"]:
        return _union([_python_type_of(value) for value in spec["enum"]])
    if isinstance(spec.get("properties"), Mapping):
        return "dict"
    return "Any"


def output_summary(schema: Any) -> str:
    """What a tool with an `outputSchema` returns: `dict with keys: a (str), b (int)`."""
    if not isinstance(schema, Mapping):
        return ""
    defs = _definitions(schema)
    properties = schema.get("properties")
    if not isinstance(properties, Mapping) or not properties:
        return "dict"
    fields = [f"{name} ({annotation_of(spec, defs)})" for name, spec in properties.items()]
    return f"dict with keys: {_first_few(fields, 'keys')}"


def signature_of(parameters: Sequence[ToolParameter], returns: str | None) -> inspect.Signature:
    """A real `inspect.Signature`, so `help()` and argument binding work on the host callable."""
    return inspect.Signature(
        [
            inspect.Parameter(
                parameter.python_name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=parameter.default,
                annotation=Verbatim(parameter.annotation),
            )
            for parameter in parameters
        ],
        return_annotation=Verbatim(returns) if returns else inspect.Signature.empty,
    )


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _definitions(schema: Mapping[str, Any]) -> dict[str, Any]:
    return {
        f"#/{key}/{name}": value
        for key in ("definitions", "$defs")
        for name, value in _mapping(schema.get(key)).items()
    }


def _resolve(spec: Mapping[str, Any], defs: Mapping[str, Any], depth: int) -> Mapping[str, Any]:
    """Follow local `$ref`s; a remote or cyclic reference is left as an unknown type."""
    while isinstance(spec.get("$ref"), str) and depth <= _MAX_REF_DEPTH:
        target = defs.get(spec["$ref"])
        if not isinstance(target, Mapping):
            return {}
        extra = {key: value for key, value in spec.items() if key != "$ref"}
        spec = {**target, **extra}
        depth += 1
    return spec


def _union(members: Sequence[str]) -> str:
    parts = dict.fromkeys(part for member in members for part in member.split(" | "))
    if "Any" in parts:
        return "Any"
    return " | ".join(sorted(parts, key=lambda part: part == "None")) or "Any"


def _python_type_of(value: Any) -> str:
    name = "None" if value is None else type(value).__name__
    return name if name in _JSON_TYPES.values() else "Any"


def _default(spec: Mapping[str, Any]) -> Any:
    """Only JSON values become defaults; they are shown with `repr` and never executed."""
    if "default" not in spec:
        return NO_DEFAULT
    value = spec["default"]
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return NO_DEFAULT
    return value


def _parameter_description(spec: Mapping[str, Any]) -> str:
    text = clean_text(spec.get("description"), MAX_PARAM_DESCRIPTION_CHARS)
    text = " ".join(text.split())
    enum = spec.get("enum")
    if isinstance(enum, list) and enum:
        shown = _first_few([_short_repr(value) for value in enum], "values")
        text = f"{text} One of: {shown}.".strip()
    return text


def _first_few(texts: Sequence[str], noun: str) -> str:
    more = f", … ({len(texts)} {noun})" if len(texts) > _MAX_ENUM_SHOWN else ""
    return ", ".join(texts[:_MAX_ENUM_SHOWN]) + more


def _short_repr(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _unique(name: str, taken: set[str]) -> str:
    candidate, number = name, 2
    while candidate in taken:
        candidate, number = f"{name}_{number}", number + 1
    taken.add(candidate)
    return candidate
