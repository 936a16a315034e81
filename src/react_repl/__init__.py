"""react-repl: code-acting LLM agents.

The public API is re-exported here; each concept lives in its own subpackage:
`sandbox` (the restricted REPL), `registry` (API modules), `index` (method_search),
`llm` (model access), `context` (what a run's stages and plugins share), `agent` (the ReAct
loop), `techniques` (its plugins), `logs` (run logs), `local` (the bundled model), `config` (the
config file and effective settings), `compose` (`open_agent`: config -> Agent). The layers are
pyproject.toml's [tool.importlinter] contract.
Imports are lazy so that `import react_repl` stays cheap; type checkers see the real names.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from react_repl.agent import Agent, AgentOptions, RunResult
    from react_repl.compose import open_agent
    from react_repl.config import Config, ConfigError
    from react_repl.hookspecs import hookimpl
    from react_repl.index import MethodIndex, method_search_function
    from react_repl.llm import ChatModel, ModelSettings
    from react_repl.registry import ApiRegistry, api
    from react_repl.sandbox import Observation, Sandbox

from react_repl._version import __version__

_EXPORTS = {
    "Sandbox": "react_repl.sandbox",
    "Observation": "react_repl.sandbox",
    "api": "react_repl.registry",
    "ApiRegistry": "react_repl.registry",
    "MethodIndex": "react_repl.index",
    "method_search_function": "react_repl.index",
    "ChatModel": "react_repl.llm",
    "ModelSettings": "react_repl.llm",
    "Agent": "react_repl.agent",
    "AgentOptions": "react_repl.agent",
    "RunResult": "react_repl.agent",
    "Config": "react_repl.config",
    "ConfigError": "react_repl.config",
    "open_agent": "react_repl.compose",
    "hookimpl": "react_repl.hookspecs",
}

__all__ = [
    "Agent",
    "AgentOptions",
    "ApiRegistry",
    "ChatModel",
    "Config",
    "ConfigError",
    "MethodIndex",
    "ModelSettings",
    "Observation",
    "RunResult",
    "Sandbox",
    "__version__",
    "api",
    "hookimpl",
    "method_search_function",
    "open_agent",
]


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'react_repl' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
