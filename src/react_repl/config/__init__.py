"""Configuration: the config file's schema, declared once, and the effective settings.

`Config` finds and validates the whole file (every table) before anything starts (loaded
through `react_repl.compose.load_config`);
`model_settings`, `agent_options`, `sandbox_settings` and `paths` merge flags, environment, the
file and defaults, and say where each value came from (what `react-repl config show` prints).
See docs/configuration.md.
"""

from react_repl.config._effective import (
    Setting,
    Sourced,
    agent_options,
    model_settings,
    options_table,
    parse_value,
    paths,
    sandbox_settings,
    uses_local_model,
)
from react_repl.config._file import Config, ConfigError, find_config_file
from react_repl.config._schema import AgentTable, ModelTable, SandboxTable

__all__ = [
    "AgentTable",
    "Config",
    "ConfigError",
    "ModelTable",
    "SandboxTable",
    "Setting",
    "Sourced",
    "agent_options",
    "find_config_file",
    "model_settings",
    "options_table",
    "parse_value",
    "paths",
    "sandbox_settings",
    "uses_local_model",
]
