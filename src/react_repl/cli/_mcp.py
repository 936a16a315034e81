"""`react-repl mcp serve`, and the `[mcp.servers.NAME]` tables other commands read.

Over stdio, stdout carries the protocol: everything this command reports goes to stderr.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from react_repl._paths import default_index_dir
from react_repl.cli._options import index_option

if TYPE_CHECKING:
    from react_repl.mcp import McpServerConfig

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def configured_servers() -> list[McpServerConfig]:
    """The MCP servers of the config file, in order; a bad config file is a usage error."""
    from react_repl.compose import configured_servers as servers_of
    from react_repl.compose import load_config

    try:
        return servers_of(load_config())
    except ValueError as error:  # ConfigError, McpConfigError
        raise click.ClickException(str(error)) from error


@click.group()
def mcp() -> None:
    """Serve react-repl's sandboxed REPL to MCP clients.

    To use an MCP server's tools in actions, declare it in the config file
    ([mcp.servers.NAME] with `command` and `args`, or `url`) or register it with
    `react-repl apis add "mcp:NAME=COMMAND ARG..."`.
    """


@mcp.command("serve")
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    show_default=True,
    help="stdio for a client that starts this command; http for streamable HTTP.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP address to bind.")
@click.option(
    "--allow-remote",
    is_flag=True,
    help="Allow a --host other than this machine: anyone who reaches it can run code and APIs.",
)
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
@click.option(
    "--max-sessions",
    type=click.IntRange(1, 256),
    default=8,
    show_default=True,
    help="Live REPL sessions (each a sandbox process); the least recently used is closed.",
)
@click.option(
    "--apis",
    "api_paths",
    multiple=True,
    help="Extra API folder, .py file, module or mcp: server (repeatable).",
)
@index_option
def serve(
    transport: str,
    host: str,
    allow_remote: bool,
    port: int,
    max_sessions: int,
    api_paths: tuple[str, ...],
    index_dir: Path | None,
) -> None:
    """Serve run_python(code, session) and method_search(query) to MCP clients."""
    from rich.console import Console

    from react_repl.compose import load_config, prepare_registry
    from react_repl.config import sandbox_settings
    from react_repl.index import EncoderUnavailable, IndexProblem
    from react_repl.mcp import McpServers
    from react_repl.mcp._serve import serve as serve_forever
    from react_repl.sandbox import HostImage, Sandbox, prints_result

    if transport == "http" and host not in _LOOPBACK and not allow_remote:
        raise click.ClickException(
            f"--host {host} would let other machines run code in the sandbox and call your APIs "
            "(messages, files, MCP tools) with no authentication; add --allow-remote if you "
            "mean it, behind an authenticating proxy"
        )
    index_path = index_dir or default_index_dir()
    console = Console(stderr=True)
    try:
        config = load_config()
        settings = sandbox_settings(config)[0]
        with console.status("Preparing the APIs…") as status:
            registry, method_search = prepare_registry(
                config, api_paths, index_path, progress=status.update,
                warn=lambda message: click.echo(f"warning: {message}", err=True),
            )  # fmt: skip
    except (ValueError, EncoderUnavailable, IndexProblem) as error:  # ConfigError, McpConfigError
        raise click.ClickException(str(error)) from error
    apis = registry.callables()
    click.echo(
        f"react-repl MCP server ({transport}): {len(registry)} APIs, index {index_path}",
        err=True,
    )
    with McpServers() as servers:
        search = prints_result(method_search)
        host_functions: dict[str, Callable[..., str | HostImage]] = {
            "method_search": search,
            **servers.host_functions(registry.mcp_tools()),
        }

        def make_sandbox() -> Sandbox:
            return Sandbox(apis, host_functions=host_functions, **settings)

        try:
            serve_forever(
                make_sandbox,
                search,
                "stdio" if transport == "stdio" else "http",
                host=host,
                port=port,
                max_sessions=max_sessions,
            )
        except KeyboardInterrupt:
            click.echo("Stopped.", err=True)
            sys.exit(130)
