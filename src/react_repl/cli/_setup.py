"""Wiring shared by `run` and `bench`: config → model settings, agent options, APIs and search."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from react_repl import _paths

# API modules read these in the sandbox worker, whose environment is otherwise scrubbed.
API_ENV_VARIABLES = ("SLACK_WEBHOOK_URL", "DISCORD_WEBHOOK_URL", "NASA_API_KEY")


def resolve_model(
    config: Mapping[str, Any], flags: Mapping[str, Any], console: Console
) -> tuple[Any, bool]:
    """Settings for exactly the model named; the bundled local one starts when it is local."""
    from react_repl.cli._model_choice import choose_model, start_model

    settings, server = start_model(choose_model(config, flags), console)
    return settings, server is not None


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
    registry, method_search = prepare_registry(api_dirs, index_dir, console)
    return registry.callables(), method_search


def prepare_registry(
    api_dirs: tuple[Path, ...] | tuple[str, ...], index_dir: Path, console: Console
) -> tuple[Any, Callable[..., str]]:
    """Every API source (the config file's MCP servers included) and a method_search over them.

    The shared index is only read: the run searches an in-memory overlay of it that adds the
    run's `--apis` (and any module edited since the last build), so a run never removes what
    another run or `react-repl index build --apis` put there. A missing or unusable shared index
    is built first, from the sources every run shares (built-in, `apis add`, the config file).
    MCP tools are host functions: `registry.mcp_tools()`, not `registry.callables()`.
    """
    from react_repl.cli._mcp import configured_servers
    from react_repl.index import (
        EncoderUnavailable,
        IndexProblem,
        MethodIndex,
        method_search_function,
    )
    from react_repl.registry import ApiRegistry

    servers = configured_servers()
    registry = ApiRegistry.discover(paths=api_dirs, registered=index_dir, mcp_servers=servers)
    for problem in registry.problems:
        click.echo(f"warning: {problem}", err=True)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # an unusable index is rebuilt right below
            shared = MethodIndex.open(index_dir)
        if not shared.exists or shared.rebuild_reason:
            with console.status("Building the search index…"):
                shared.build(ApiRegistry.discover(registered=index_dir, mcp_servers=servers))
        with console.status("Preparing the search index…"):
            index = shared.overlay(registry)
    except (EncoderUnavailable, IndexProblem) as error:
        raise click.ClickException(str(error)) from error
    return registry, method_search_function(index)


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
    workspace = {"REACT_REPL_WORKSPACE": str(_paths.default_workspace_dir())}
    settings["env"] = {**workspace, **env, **settings.get("env", {}), **extra_env}
    return settings
