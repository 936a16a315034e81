"""Composing an agent from configuration: the path `react-repl run` takes, as a library.

The composition root: config -> model -> registry -> index -> agent. `open_agent` is the public
entry point (also `react_repl.open_agent`); its stages are here too, for callers that build many
agents or only part of one (`bench`, `mcp serve`, `search`, `index build`, `apis`):
`load_config` (the one loader of the config file), `choose_model` and `start_model` (exactly the
model named, or a clear error before anything runs), `discover_apis` (every API source, MCP
servers included), `prepare_registry` (the APIs and a method_search over exactly those;
`check_api_sources` refuses named sources that cannot load) and `assemble_agent` (the Agent).
"""

from react_repl.compose._model_choice import ModelChoice, choose_model, start_model
from react_repl.compose._open import (
    OptionValue,
    assemble_agent,
    check_logs_folder,
    load_config,
    open_agent,
)
from react_repl.compose._registry import configured_servers, discover_apis, prepare_registry
from react_repl.compose._scope import ApiScope, scope_for
from react_repl.compose._sources import ApiSourceError, check_api_sources, check_index_sources

__all__ = [
    "ApiScope",
    "ApiSourceError",
    "ModelChoice",
    "OptionValue",
    "assemble_agent",
    "check_api_sources",
    "check_index_sources",
    "check_logs_folder",
    "choose_model",
    "configured_servers",
    "discover_apis",
    "load_config",
    "open_agent",
    "prepare_registry",
    "scope_for",
    "start_model",
]
