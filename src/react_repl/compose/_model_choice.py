"""Which model a run uses: exactly the one named, or a clear error before anything runs.

Choosing is separate from starting so that `bench --model a --model b` can check every name
before the first task runs. A name is accepted when the configured server lists it (or cannot
list anything, so only the real request can tell), or, with no server configured, when it is a
known local model, a .gguf file, or the name a running local server was started under.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from react_repl import local
from react_repl.config import Config, model_settings, uses_local_model
from react_repl.llm import ModelError, ModelSettings, list_model_entries, openai_client

if TYPE_CHECKING:
    from react_repl.local import LocalServer

_SERVER_HINT = (
    "To use a model server instead, give its OpenAI-compatible URL with --base-url (or "
    "OPENAI_BASE_URL, or base_url in [model] of react-repl.toml); for OpenAI itself set "
    "OPENAI_API_KEY (or --api-key)."
)
_PROBE_TIMEOUT = 5.0


@dataclass(frozen=True)
class ModelChoice:
    """Validated settings; `local` is what the local runtime must serve, None for a server.
    `listing` is the server's /v1/models entries as the check read them, handed on to the
    `ChatModel` so that a run does not ask a slow server for them twice before its first request.
    """

    settings: ModelSettings
    local: str | Path | None
    listing: list[dict[str, Any]] | None = None


def choose_model(config: Config | Mapping[str, Any], flags: Mapping[str, Any]) -> ModelChoice:
    """Merge flags, environment and config, and check the model named really exists."""
    loaded = config if isinstance(config, Config) else Config.from_mapping(config)
    settings = model_settings(loaded, flags, os.environ)[0]
    if uses_local_model(settings):
        return ModelChoice(settings, _local_model(settings.model or local.DEFAULT_MODEL))
    listing = _check_served(settings) if settings.model else None
    return ModelChoice(settings, None, listing)


def start_model(
    choice: ModelChoice,
    progress: Callable[[str], None] = lambda _message: None,
    note: Callable[[str], None] = lambda _message: None,
) -> tuple[ModelSettings, LocalServer | None]:
    """The settings to call the model with; starts (or reuses and leases) the local server.

    `progress` hears each stage of a start (it can take minutes); `note` hears that the server
    runs in a fallback mode on this machine.
    """
    if choice.local is None:
        return choice.settings, None
    progress("Starting the local model server…")
    server = local.ensure_server(choice.local, progress=progress)
    if server.fallback:
        note(f"{server.fallback}.")
    settings = replace(
        choice.settings, base_url=server.base_url, model=server.model_name, api_key="local"
    )
    return settings, server


def _local_model(name: str) -> str | Path:
    if local.names_local_model(name):
        return name
    served = {info.server.model_name: info.server.model_path for info in local.list_servers()}
    if name in served:
        return served[name]
    known = ", ".join(
        f"{model} (default)" if model == local.DEFAULT_MODEL else model
        for model in local.KNOWN_MODELS
    )
    running = f" Running local servers serve: {', '.join(served)}." if served else ""
    raise local.ModelNotFoundError(
        f"Model {name!r} is not a local model, and no model server is configured. "
        f"Local models: {known}, or a path to a .gguf file (see `react-repl model list`)."
        f"{running} {_SERVER_HINT}"
    )


def _check_served(settings: ModelSettings) -> list[dict[str, Any]] | None:
    """Refuse a name the server does not list: some servers would answer with another model."""
    client = openai_client(settings, timeout=_PROBE_TIMEOUT)
    entries = list_model_entries(client)  # None: not listed, so only the request itself can tell
    offered = [str(entry.get("id")) for entry in entries or []]
    if not offered or _is_offered(settings.model, offered):
        return entries
    url = settings.base_url or "https://api.openai.com/v1"
    raise ModelError(
        f"Model {settings.model!r} is not served at {url}, which serves: {', '.join(offered)}. "
        "Pick one with --model (or REACT_REPL_MODEL, or model in [model] of react-repl.toml), "
        "or point --base-url at the server that has it."
    )


def _is_offered(model: str, offered: list[str]) -> bool:
    """Ollama lists `name:latest` but answers to `name`."""
    return model in offered or f"{model}:latest" in offered
