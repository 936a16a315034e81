"""Finding, reading and validating the config file, all of it, before anything starts.

The file is the first `react-repl.toml`, or `[tool.react-repl]` in a `pyproject.toml`, found from
the working directory upward, stopping at the repository root (the first `.git`) so a project
never picks up a stranger's settings from a parent folder. Every table is validated at once, so
a typo in `[sandbox]` is reported before a model server starts or an index is built.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from react_repl import _paths
from react_repl._paths import find_config_file
from react_repl.config._schema import ConfigFile


class ConfigError(ValueError):
    """A config file or value that cannot be used; the message names the file, table and key."""


@dataclass(frozen=True)
class Config:
    """A validated configuration: the typed tables and the file they came from (None: none)."""

    tables: ConfigFile = field(default_factory=ConfigFile)
    path: Path | None = None

    @classmethod
    def load(cls, source: str | Path | None = None, *, start: Path | None = None) -> Config:
        """The file at `source`, else the one found from `start` (default: the working
        directory) upward, else an empty configuration."""
        path = Path(source).expanduser() if source is not None else find_config_file(start)
        if path is None:
            return cls()
        if not path.is_file():
            raise ConfigError(f"Config file {path} does not exist.")
        return cls.from_mapping(_project_table(path, read_toml(path)), path)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], path: Path | None = None) -> Config:
        try:
            tables = ConfigFile.model_validate(dict(data))
        except ValidationError as error:
            raise ConfigError(describe_errors(error, path)) from None
        return cls(tables, path)

    @property
    def origin(self) -> str:
        """How messages and `config show` name this file."""
        return str(self.path) if self.path else "(no config file)"

    def as_data(self) -> dict[str, Any]:
        """The tables the file sets, as plain data; unset keys left out."""
        return self.tables.model_dump(exclude_none=True, exclude_defaults=True)


def read_toml(path: Path) -> dict[str, Any]:
    try:
        return _paths.read_toml(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"Cannot read config file {path}: {exc}") from exc
    except ValueError as exc:  # tomllib's TOMLDecodeError
        raise ConfigError(f"{path} is not valid TOML: {exc}. Fix or remove that file.") from exc


def describe_errors(error: ValidationError, path: Path | None) -> str:
    """Every problem on its own line, each naming its table and key, under the file's name."""
    where = f"Config file {path}" if path else "Configuration"
    lines = [_describe(detail) for detail in error.errors()]
    count = "a problem" if len(lines) == 1 else f"{len(lines)} problems"
    return f"{where} has {count}:\n" + "\n".join(f"  {line}" for line in lines)


def _project_table(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        table = tool.get("react-repl", {}) if isinstance(tool, dict) else {}
        return table if isinstance(table, dict) else {}
    return data


def _describe(detail: ErrorDetails) -> str:
    table, key = _split(detail["loc"])
    value = detail.get("input")
    if detail["type"] == "extra_forbidden":
        return _unknown(table, key)
    if detail["type"] == "value_error":
        message = str(detail.get("ctx", {}).get("error", detail["msg"]))
        return message if message.startswith("[") else f"{table} {key}: {message}".strip()
    if not table and detail["type"] in ("model_type", "dict_type"):
        return f"`{key}` must be a table ([{key}] followed by key = value lines), got {value!r}"
    message = detail["msg"]
    return f"{table} {key}: {message[:1].lower() + message[1:]}, got {value!r}"


def _split(location: Sequence[int | str]) -> tuple[str, str]:
    """`("sandbox", "memory_mb")` -> `("[sandbox]", "memory_mb")`; list items keep the index."""
    parts: list[str] = []
    for part in location:
        if isinstance(part, int) and parts:
            parts[-1] += f"[{part}]"
        else:
            parts.append(str(part))
    if len(parts) <= 1:
        return "", parts[0] if parts else ""
    return f"[{'.'.join(parts[:-1])}]", parts[-1]


def _unknown(table: str, key: str) -> str:
    known = _known_keys(table)
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" (did you mean `{close[0]}`?)" if close else ""
    listing = f"; known: {', '.join(known)}" if known else ""
    place = f"in {table}" if table else "at the top level (a table name)"
    return f"unknown key `{key}` {place}{hint}{listing}"


def _known_keys(table: str) -> list[str]:
    """The keys a table accepts, found by walking the schema along the table's path."""
    model: type[BaseModel] = ConfigFile
    named = False  # the part after a `dict[str, Table]` field is a name ([bench.models.NAME])
    for part in table.strip("[]").split(".") if table else []:
        if named:
            named = False
            continue
        info = model.model_fields.get(part)
        inner, named = _table_of(info.annotation) if info is not None else (None, False)
        if inner is None:
            return []
        model = inner
    return list(model.model_fields)


def _table_of(annotation: Any) -> tuple[type[BaseModel] | None, bool]:
    """The table model behind `Table | None` or `dict[str, Table]`, and whether a dict (of
    named tables) holds it."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, False
    for argument in get_args(annotation):
        found, named = _table_of(argument)
        if found is not None:
            return found, named or get_origin(annotation) is dict
    return None, False
