"""A local OpenAI-compatible model server for when no model server is configured.

`ensure_server()` assembles the model from its wheels on first use, starts `llama-server` once
and reuses it across runs (holding a lease so nobody stops it mid-run); callers then talk to
`server.base_url` with the ordinary `openai` client, exactly as they would to any remote server.

Exports load on first use: a run against a model server needs none of the local runtime (its
health probes import httpx).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from react_repl._lazy import lazy_exports, names_by_module

if TYPE_CHECKING:
    from ._errors import (
        LocalModelError,
        ModelAssemblyError,
        ModelFetchError,
        ModelNotFoundError,
        PortBusyError,
        RuntimeMissingError,
        ServerInUseError,
        ServerStartError,
    )
    from ._fetch import (
        DEFAULT_MODEL,
        KNOWN_MODELS,
        ModelPackage,
        fetch_model,
        fetch_package,
        names_local_model,
        resolve_model_path,
    )
    from ._leases import Lease
    from ._runtime import find_llama_server
    from ._server import LocalServer, ServerInfo, ensure_server, list_servers, stop_server

_EXPORTS = names_by_module(
    {
        "_errors": "LocalModelError ModelAssemblyError ModelFetchError ModelNotFoundError "
        "PortBusyError RuntimeMissingError ServerInUseError ServerStartError",
        "_fetch": "DEFAULT_MODEL KNOWN_MODELS ModelPackage fetch_model fetch_package "
        "names_local_model resolve_model_path",
        "_runtime": "find_llama_server",
        "_server": "LocalServer ServerInfo ensure_server list_servers stop_server",
        "_leases": "Lease",
    }
)

__all__ = [
    "DEFAULT_MODEL", "KNOWN_MODELS", "Lease", "LocalModelError", "LocalServer",
    "ModelAssemblyError", "ModelFetchError", "ModelNotFoundError", "ModelPackage", "PortBusyError",
    "RuntimeMissingError", "ServerInUseError", "ServerInfo", "ServerStartError", "ensure_server",
    "fetch_model", "fetch_package", "find_llama_server", "list_servers", "names_local_model",
    "resolve_model_path", "stop_server",
]  # fmt: skip

__getattr__ = lazy_exports(__name__, _EXPORTS)
