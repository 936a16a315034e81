"""The type a caller wants the answer in, checked in the host where the agent cannot reach it.

The agent can only hand `stop()` plain data (a dict, a list, a number); the caller wants a
`Person`, a `list[str]`, a dict matching a JSON Schema. One object covers every kind: the
schema the prompt shows, and a check that turns plain data into the caller's value or says in a
sentence the model can act on what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

_MAX_PROBLEMS = 5  # beyond a few, the model fixes the first ones and tries again


class AnswerInvalid(ValueError):
    """The answer does not fit the type; the message is what the model reads."""


@dataclass(frozen=True)
class AnswerType:
    """`name` for messages, `schema` (JSON Schema) for the prompt, `convert` from plain data to
    the caller's value (raises AnswerInvalid), `dump` back to JSON data for the log."""

    name: str
    schema: Mapping[str, Any]
    convert: Callable[[Any], Any]
    dump: Callable[[Any], Any]

    @classmethod
    def of(cls, output_type: Any) -> AnswerType:
        """A pydantic model, a dataclass, a TypedDict or a plain type (`int`, `list[str]`)."""
        from pydantic import PydanticUserError, TypeAdapter, ValidationError

        if isinstance(output_type, AnswerType):
            return output_type
        try:
            adapter: TypeAdapter[Any] = TypeAdapter(output_type)
            schema = adapter.json_schema()
        except PydanticUserError as error:  # also a type pydantic cannot describe
            raise TypeError(f"output_type {output_type!r} cannot be validated: {error}") from None

        def convert(value: Any) -> Any:
            try:
                return adapter.validate_python(value)
            except ValidationError as error:
                found = error.errors()[:_MAX_PROBLEMS]
                problems = "; ".join(f"{_where(p['loc'])}{p['msg']}" for p in found)
                raise AnswerInvalid(problems) from None

        name = getattr(output_type, "__name__", None) or str(output_type)
        return cls(name, schema, convert, partial(adapter.dump_python, mode="json"))

    @classmethod
    def from_json_schema(cls, schema: Mapping[str, Any]) -> AnswerType:
        """A JSON Schema (the CLI's `--output-schema`); a schema that is not one is a
        ValueError that says where it is wrong."""
        import jsonschema

        try:
            validator_class = jsonschema.validators.validator_for(schema)
            validator_class.check_schema(schema)
        except jsonschema.SchemaError as error:
            raise ValueError(f"not a valid JSON Schema: {error.message}") from None
        validator = validator_class(schema)

        def convert(value: Any) -> Any:
            errors = sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path))
            if errors:
                raise AnswerInvalid("; ".join(
                    f"{_where(e.absolute_path)}{e.message}" for e in errors[:_MAX_PROBLEMS]
                ))  # fmt: skip
            return value

        name = str(schema.get("title") or "the JSON Schema")
        return cls(name, schema, convert, lambda value: value)

    def brief_schema(self) -> str:
        """The schema in one compact line, without the titles pydantic adds to every field."""
        return json.dumps(_without_titles(self.schema), ensure_ascii=False, separators=(",", ":"))


def _where(path: Any) -> str:
    parts = [str(part) for part in path]
    return f"at {'.'.join(parts)}: " if parts else ""


def _without_titles(schema: Any) -> Any:
    if isinstance(schema, Mapping):
        return {  # a field named "title" has a schema (a dict) as its value, not a string
            k: _without_titles(v)
            for k, v in schema.items()
            if not (k == "title" and isinstance(v, str))
        }
    if isinstance(schema, list):
        return [_without_titles(item) for item in schema]
    return schema
