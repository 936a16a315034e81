"""`react-repl config show`: the settings a run would use, and where each one came from;
`react-repl config options`: every agent option and technique, from their declarations.

It takes the flags `run` takes, so "why does my run use that model?" has an answer without
running anything: no model server is contacted or started, no index is read. Secrets (API
keys, `[apis]` values, environment and header values) are shown as set, never printed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click

from react_repl.cli._consoles import console, say
from react_repl.cli._options import index_option, logs_dir_option, model_options

_HIDDEN = "(hidden)"
_SECRET_KEYS = ("model.api_key",)


@click.group()
def config() -> None:
    """Inspect the configuration (see docs/configuration.md)."""


@config.command("options")
def options() -> None:
    """Print the agent's options and techniques as a markdown table (docs/configuration.md)."""
    from react_repl.config import options_table

    click.echo(options_table())


@config.command("show")
@model_options
@click.option("--max-steps", type=int, help="As `run --max-steps`.")
@click.option(
    "--prompts", "prompts_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="As `run --prompts`.",
)  # fmt: skip
@index_option
@logs_dir_option
@click.option(
    "--file", "config_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Read this config file instead of the one found from the current folder.",
)  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON: {setting: {value, source}}.")
def show(as_json: bool, config_file: Path | None, **flags: Any) -> None:
    """Print every effective setting and its source: default, profile, config file, env, flag."""
    from react_repl.compose import load_config

    try:
        loaded = load_config(config_file)
        settings = effective_settings(loaded, flags)
    except ValueError as error:  # ConfigError: the whole file is checked before anything shows
        raise click.ClickException(str(error)) from error
    rows = {name: (_shown(name, value), source) for name, (value, source) in settings.items()}
    if as_json:
        document = {
            "config_file": str(loaded.path) if loaded.path else None,
            "settings": {name: {"value": v, "source": s} for name, (v, s) in rows.items()},
        }
        click.echo(json.dumps(document, indent=2, default=str))
        return
    _print_table(loaded.origin, rows)


def effective_settings(loaded: Any, flags: dict[str, Any]) -> dict[str, tuple[Any, str]]:
    """`table.key` -> (value, source) for everything a run reads, in the file's order."""
    from react_repl.config import (
        agent_options,
        model_settings,
        paths,
        sandbox_settings,
        uses_local_model,
    )

    model_flags = {key: flags.get(key) for key in ("model", "base_url", "api_key")}
    settings, model_sources = model_settings(loaded, model_flags, os.environ)
    overrides = {"max_steps": flags.get("max_steps"), "prompts_dir": flags.get("prompts_dir")}
    local = uses_local_model(settings)
    _, agent_sources = agent_options(loaded, overrides, model=settings.model, local=local)
    _, sandbox_sources = sandbox_settings(loaded)
    folders = paths(index_dir=flags.get("index_dir"), logs_dir=flags.get("logs_dir"))
    rows: dict[str, tuple[Any, str]] = {}
    for table, sourced in (
        ("model", model_sources),
        ("agent", agent_sources),
        ("sandbox", sandbox_sources),
        ("paths", folders),
    ):
        rows |= {f"{table}.{key}": (s.value, s.source) for key, s in sourced.items()}
        if table == "model":
            rows["model.local"] = (local, "derived: the local model, no server configured"
                                   if local else "derived: a server is configured")  # fmt: skip
    origin = loaded.origin
    rows |= {f"apis.{name}": (value, origin) for name, value in loaded.tables.apis.items()}
    for name, server in loaded.tables.mcp.servers.items():
        rows[f"mcp.servers.{name}"] = (_server_summary(server), origin)
    for name, profile in loaded.tables.bench.models.items():
        rows[f"bench.models.{name}"] = (profile.given(), origin)
    return rows


def _server_summary(server: dict[str, Any]) -> dict[str, Any]:
    """A server's table with the values of `env` and `headers` hidden (they hold tokens)."""
    return {
        key: {name: _HIDDEN for name in value} if key in ("env", "headers") else value
        for key, value in server.items()
    }


def _shown(name: str, value: Any) -> Any:
    if value in (None, "", {}):
        return value
    if name in _SECRET_KEYS or name.startswith("apis."):
        return _HIDDEN
    if name == "sandbox.env":
        return {variable: _HIDDEN for variable in value}
    if isinstance(value, Path):
        return str(value)
    return list(value) if isinstance(value, tuple) else value


def _print_table(origin: str, rows: dict[str, tuple[Any, str]]) -> None:
    from rich.table import Table
    from rich.text import Text

    say(f"Config file: {origin}")  # a path to copy, unbroken
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("setting", no_wrap=True)
    table.add_column("value", overflow="fold")
    table.add_column("source", overflow="fold")
    for name, (value, source) in rows.items():
        shown = value if isinstance(value, str) and value else json.dumps(value, default=str)
        table.add_row(name, Text(shown), Text(source))  # values are text, not markup
    console().print(table)
