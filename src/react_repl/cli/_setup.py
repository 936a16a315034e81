"""Wiring shared by `run` and `bench`: config → model settings, agent options, APIs and search."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from rich.console import Console

# API modules read these in the sandbox worker, whose environment is otherwise scrubbed.
API_ENV_VARIABLES = ("SLACK_WEBHOOK_URL", "DISCORD_WEBHOOK_URL", "NASA_API_KEY")


def resolve_model(
    config: Mapping[str, Any], flags: Mapping[str, Any], console: Console
) -> tuple[Any, bool]:
    """Model settings, starting the bundled local model when no server or key is configured."""
    from react_repl.settings import resolve_model_settings, uses_local_model

    settings = resolve_model_settings(
        flags={k: v for k, v in flags.items() if v is not None}, config=config, env=os.environ
    )
    if not uses_local_model(settings):
        return settings, False
    from react_repl.local import DEFAULT_MODEL, KNOWN_MODELS, ensure_server

    wanted = settings.model if settings.model in KNOWN_MODELS else DEFAULT_MODEL
    with console.status("Starting the local model server…") as status:
        server = ensure_server(wanted, progress=lambda message: status.update(message))
    local = replace(settings, base_url=server.base_url, model=server.model_name, api_key="local")
    return local, True


def agent_options(
    config: Mapping[str, Any], overrides: Mapping[str, Any], local: bool, model: str = ""
) -> Any:
    """The model's profile, then the [agent] table, then the command line's overrides."""
    from react_repl.agent import profile_for

    values = {**config.get("agent", {}), **{k: v for k, v in overrides.items() if v is not None}}
    profile = profile_for(model, local=local, requested=values.pop("profile", None))
    return profile.agent_options(**values)


def prepare_apis(
    api_dirs: tuple[Path, ...], index_dir: Path, console: Console
) -> tuple[dict[str, Callable[..., Any]], Callable[..., str]]:
    """The API callables for the sandbox and a method_search over exactly those APIs."""
    from react_repl.cli._mcp import configured_servers
    from react_repl.index import MethodIndex, method_search_function
    from react_repl.registry import ApiRegistry

    registry = ApiRegistry.discover(
        paths=api_dirs, registered=index_dir, mcp_servers=configured_servers()
    )
    for problem in registry.problems:
        click.echo(f"warning: {problem}", err=True)
    index = MethodIndex.open(index_dir)
    with console.status("Updating the search index…"):
        index.build(registry)
    return registry.callables(), method_search_function(index)


def sandbox_settings(
    config: Mapping[str, Any], extra_env: Mapping[str, str] = {}
) -> dict[str, Any]:
    """The [sandbox] table plus the environment the API modules need, and nothing secret besides."""
    settings = dict(config.get("sandbox", {}))
    passthrough = set(settings.pop("env_passthrough", ())) | set(API_ENV_VARIABLES)
    env = {
        name: value
        for name, value in os.environ.items()
        if name in passthrough or name.startswith("REACT_REPL_")
    }
    settings["env"] = {**env, **settings.get("env", {}), **extra_env}
    return settings
