"""Model settings from a loaded config: what `bench` model specs and older callers use.

The schema and the merge live in `react_repl.config`; these functions take the config as data
(a loaded file's tables), validate it whole, and merge flags > environment > file > defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from react_repl.config import (
    DEFAULT_OPENAI_MODEL,
    Config,
    ConfigError,
    find_config_file,
    model_settings,
    uses_local_model,
)
from react_repl.llm import ModelSettings

__all__ = [
    "DEFAULT_OPENAI_MODEL",
    "ConfigError",
    "find_config_file",
    "load_config_file",
    "resolve_model_settings",
    "uses_local_model",
]


def load_config_file(start: Path | None = None) -> dict[str, Any]:
    """The tables the config file sets, validated (all of them); {} when there is no file."""
    return Config.load(start=start).as_data()


def resolve_model_settings(
    *, flags: Mapping[str, Any], config: Mapping[str, Any] | Config, env: Mapping[str, str]
) -> ModelSettings:
    """Merge the sources for the model; unset flags are None, unknown config keys are errors."""
    loaded = config if isinstance(config, Config) else Config.from_mapping(config)
    return model_settings(loaded, flags, env)[0]
