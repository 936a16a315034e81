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

from react_repl._lazy import lazy_exports
from react_repl._version import __version__

_EXPORTS = {
    "Sandbox": "sandbox",
    "Observation": "sandbox",
    "api": "registry",
    "ApiRegistry": "registry",
    "MethodIndex": "index",
    "method_search_function": "index",
    "ChatModel": "llm",
    "ModelSettings": "llm",
    "Agent": "agent",
    "AgentOptions": "agent",
    "RunResult": "agent",
    "Config": "config",
    "ConfigError": "config",
    "open_agent": "compose",
    "hookimpl": "hookspecs",
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

__getattr__ = lazy_exports(__name__, _EXPORTS)
