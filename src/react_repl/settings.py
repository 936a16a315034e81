"""Where a run's configuration comes from: CLI flags > environment > config file > defaults.

The config file is the first `react-repl.toml`, or `[tool.react-repl]` in a `pyproject.toml`,
found from the working directory upward, stopping at the repository root (the first `.git`) so a
project never picks up a stranger's settings from a parent folder.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from react_repl import _paths
from react_repl.llm import ModelSettings

CONFIG_FILE = _paths.CONFIG_FILE
DEFAULT_OPENAI_MODEL = "gpt-4o-mini"

_ENV_KEYS = {
    "base_url": ("OPENAI_BASE_URL",),
    "api_key": ("OPENAI_API_KEY",),
    "model": ("REACT_REPL_MODEL", "OPENAI_MODEL"),
}
_TYPES: dict[str, tuple[type, ...]] = {
    "model": (str,),
    "base_url": (str,),
    "api_key": (str,),
    "temperature": (int, float),
    "max_tokens": (int,),
    "timeout": (int, float),
    "max_retries": (int,),
    "context_window": (int,),
    "seed": (int,),
    "extra_body": (dict,),
    "retry_base_delay": (int, float),
    "stream": (bool,),
    "first_token_timeout": (int, float),
    "idle_timeout": (int, float),
    "hang_retries": (int,),
}
_POSITIVE = ("max_tokens", "context_window", "timeout", "first_token_timeout", "idle_timeout")


class ConfigError(Exception):
    """A config file or value that cannot be used; the message names the file or the key."""


def find_config_file(start: Path | None = None) -> Path | None:
    """The config file a run in `start` (default: the working directory) would use."""
    found = _find(start)
    return None if found is None else found[0]


def load_config_file(start: Path | None = None) -> dict[str, Any]:
    """The whole configuration (all tables: model, sandbox, agent, paths…); {} when none exists."""
    found = _find(start)
    return {} if found is None else found[1]


def resolve_model_settings(
    *, flags: Mapping[str, Any], config: Mapping[str, Any], env: Mapping[str, str]
) -> ModelSettings:
    """Merge the sources for the model; unset flags are None, unknown config keys are errors."""
    file_values = _model_table(config)
    merged: dict[str, Any] = {}
    for key in _TYPES:
        if flags.get(key) is not None:
            merged[key] = _checked(key, flags[key], "flag")
        elif (from_env := _from_env(key, env)) is not None:
            merged[key] = from_env
        elif key in file_values:
            merged[key] = file_values[key]
    if not merged.get("model"):
        uses_openai = merged.get("api_key") and not merged.get("base_url")
        merged["model"] = DEFAULT_OPENAI_MODEL if uses_openai else ""
    return ModelSettings(**merged)


def uses_local_model(settings: ModelSettings) -> bool:
    """No server and no key configured: the agent runs the bundled local model instead."""
    return not settings.base_url and not settings.api_key


def _find(start: Path | None) -> tuple[Path, dict[str, Any]] | None:
    path = _paths.find_config_file(start)
    if path is None:
        return None
    data = _read_toml(path)
    if path.name == CONFIG_FILE:
        return path, data
    return path, data["tool"]["react-repl"]


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}. Fix or remove that file.") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"Cannot read config file {path}: {exc}") from exc


def _model_table(config: Mapping[str, Any]) -> dict[str, Any]:
    table = config.get("model", {})
    if not isinstance(table, dict):
        raise ConfigError("`model` in the config file must be a table: [model] with key = value.")
    unknown = sorted(set(table) - set(_TYPES))
    if unknown:
        raise ConfigError(
            f"Unknown key(s) in [model]: {', '.join(unknown)}. Known: {', '.join(_TYPES)}."
        )
    return {key: _checked(key, value, "[model]") for key, value in table.items()}


def _checked(key: str, value: Any, source: str) -> Any:
    expected = _TYPES[key]
    if isinstance(value, bool) != (bool in expected) or not isinstance(value, expected):
        names = " or ".join(t.__name__ for t in expected)
        raise ConfigError(f"{source} {key} must be {names}, got {value!r}.")
    if isinstance(value, int | float) and key != "seed" and value < 0:
        raise ConfigError(f"{source} {key} must not be negative, got {value!r}.")
    if key in _POSITIVE and value == 0:
        raise ConfigError(f"{source} {key} must be positive, got 0.")
    return float(value) if float in expected else value


def _from_env(key: str, env: Mapping[str, str]) -> str | None:
    for name in _ENV_KEYS.get(key, ()):
        if env.get(name):
            return env[name]
    return None
