"""Composing an agent from configuration: the path `react-repl run` takes, as a library.

`open_agent` is the public entry point (also `react_repl.open_agent`); its stages are here too,
for callers that build many agents from one configuration (`bench`): `choose_model` and
`start_model` (exactly the model named, or a clear error before anything runs) and
`prepare_registry` (the APIs and a method_search over exactly those; `check_api_sources`
refuses named sources that cannot load).
"""

from react_repl.compose._model_choice import ModelChoice, choose_model, start_model
from react_repl.compose._open import OptionValue, check_logs_folder, open_agent
from react_repl.compose._registry import configured_servers, prepare_registry
from react_repl.compose._scope import ApiScope, scope_for
from react_repl.compose._sources import ApiSourceError, check_api_sources, check_index_sources

__all__ = [
    "ApiScope",
    "ApiSourceError",
    "ModelChoice",
    "OptionValue",
    "check_api_sources",
    "check_index_sources",
    "check_logs_folder",
    "choose_model",
    "configured_servers",
    "open_agent",
    "prepare_registry",
    "scope_for",
    "start_model",
]
