"""react-repl: code-acting LLM agents.

The public API is re-exported here; each concept lives in its own subpackage:
`sandbox` (the restricted REPL), `registry` (API modules), `index` (method_search),
`llm` (model access), `agent` (the ReAct loop), `logs` (run logs), `local` (the bundled model).
Imports are lazy so that `import react_repl` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "Sandbox": "react_repl.sandbox",
    "Observation": "react_repl.sandbox",
    "api": "react_repl.registry",
    "ApiRegistry": "react_repl.registry",
    "MethodIndex": "react_repl.index",
    "Agent": "react_repl.agent",
    "RunResult": "react_repl.agent",
    "hookimpl": "react_repl.hookspecs",
}

__all__ = [*sorted(_EXPORTS), "__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'react_repl' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
