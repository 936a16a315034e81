"""Composing an agent from configuration: the path `react-repl run` takes, as a library.

The composition root: config -> model -> registry -> index -> agent. `open_agent` is the public
entry point (also `react_repl.open_agent`); its stages are here too, for callers that build many
agents or only part of one (`bench`, `mcp serve`, `search`, `index build`, `apis`):
`load_config` (the one loader of the config file), `choose_model` and `start_model` (exactly the
model named, or a clear error before anything runs), `discover_apis` (every API source, MCP
servers included), `prepare_registry` (the APIs and a method_search over exactly those;
`check_api_sources` refuses named sources that cannot load) and `assemble_agent` (the Agent).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from react_repl._lazy import lazy_exports

if TYPE_CHECKING:
    from react_repl.compose._config import configured_servers, load_config
    from react_repl.compose._model_choice import ModelChoice, choose_model, start_model
    from react_repl.compose._open import OptionValue, assemble_agent, check_logs_folder, open_agent
    from react_repl.compose._registry import discover_apis, prepare_registry
    from react_repl.compose._scope import ApiScope, scope_for
    from react_repl.compose._sources import ApiSourceError, check_api_sources, check_index_sources

# Exports load on first use: `react-repl search` needs the registry stage, not the agent and
# the model client behind `open_agent` (openai alone takes most of a second to import).
_EXPORTS = {
    "ApiScope": "_scope",
    "ApiSourceError": "_sources",
    "ModelChoice": "_model_choice",
    "OptionValue": "_open",
    "assemble_agent": "_open",
    "check_api_sources": "_sources",
    "check_index_sources": "_sources",
    "check_logs_folder": "_open",
    "choose_model": "_model_choice",
    "configured_servers": "_config",
    "discover_apis": "_registry",
    "load_config": "_config",
    "open_agent": "_open",
    "prepare_registry": "_registry",
    "scope_for": "_scope",
    "start_model": "_model_choice",
}

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


__getattr__ = lazy_exports(__name__, _EXPORTS)
