"""`react-repl mcp serve`, and the `[mcp.servers.NAME]` tables other commands read.

Over stdio, stdout carries the protocol: everything this command reports goes to stderr.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn

import click

from react_repl._paths import default_index_dir
from react_repl.cli._options import _regexes, apis_option, index_option

if TYPE_CHECKING:
    from react_repl.mcp import McpServerConfig
    from react_repl.mcp._serve import ApprovalGate
    from react_repl.sandbox import HostImage

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
    "--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
    help="stdio for a client that starts this command; http for streamable HTTP.",
)  # fmt: skip
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP address to bind.")
@click.option(
    "--allow-remote", is_flag=True,
    help="Allow a --host other than this machine: anyone who reaches it can run code and APIs.",
)  # fmt: skip
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
@click.option(
    "--max-sessions", type=click.IntRange(1, 256), default=8, show_default=True,
    help="Live REPL sessions (each a sandbox process); the least recently used is closed.",
)  # fmt: skip
@click.option(
    "--idle-minutes", type=click.FloatRange(min=0, min_open=True), default=30.0,
    show_default=True, help="Close an HTTP session unused for this long.",
)  # fmt: skip
@click.option(
    "--approve", type=click.Choice(["side-effects", "all", "never"]), default="side-effects",
    show_default=True,
    help="Which run_python code waits for the host's user: code calling APIs or MCP tools "
    "with side effects, every call, or none.",
)  # fmt: skip
@click.option(
    "--approve-rule", "approve_rules", multiple=True, metavar="REGEX", callback=_regexes,
    help="Also ask before code matching REGEX; repeatable.",
)  # fmt: skip
@apis_option
@index_option
def serve(
    transport: str,
    host: str,
    allow_remote: bool,
    port: int,
    max_sessions: int,
    idle_minutes: float,
    approve: str,
    approve_rules: tuple[str, ...],
    api_paths: tuple[str, ...],
    index_dir: Path | None,
) -> None:
    """Serve code mode to MCP hosts: method_search(query) and run_python(code, session)."""
    from rich.console import Console

    from react_repl._paths import default_logs_dir
    from react_repl.compose import load_config, prepare_registry
    from react_repl.config import sandbox_settings
    from react_repl.index import EncoderUnavailable, IndexProblem
    from react_repl.mcp import McpServers
    from react_repl.mcp._serve import serve as serve_forever
    from react_repl.mcp._sessions import SessionStore
    from react_repl.sandbox import Sandbox, prints_result

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
        f"react-repl MCP server ({transport}): {len(registry)} APIs, index {index_path}, "
        f"approval: {approve}",
        err=True,
    )
    with McpServers() as servers:
        search = prints_result(method_search)
        tools = servers.host_functions(registry.mcp_tools())
        gate = _gate(approve, approve_rules, {**apis, **tools})
        host_functions: dict[str, Callable[..., str | HostImage]] = {
            "method_search": search,
            **gate.guarded(tools),
        }
        # A side-effecting MCP tool gets a side-effecting API's budget, which host functions,
        # declaring nothing to the sandbox, would not; the config's own limits win.
        budget = {"max_calls_per_action": 20, "max_calls_per_run": 100}
        budgets = {name: budget for name in tools if gate.side_effects(name)}
        settings["call_limits"] = {**budgets, **settings.get("call_limits", {})}

        def make_sandbox() -> Sandbox:
            return Sandbox(apis, host_functions=host_functions, **settings)

        store = SessionStore(
            make_sandbox, max_sessions, idle_seconds=idle_minutes * 60,
            logs_dir=default_logs_dir(),
        )  # fmt: skip
        try:
            kind: Literal["stdio", "http"] = "stdio" if transport == "stdio" else "http"
            serve_forever(store, search, gate, kind, host=host, port=port)
        except KeyboardInterrupt:
            click.echo("Stopped.", err=True)
            sys.exit(130)


def _gate(approve: str, rules: tuple[str, ...], functions: dict[str, Any]) -> ApprovalGate:
    """`run --approve`'s policy over every API and MCP tool the served REPL can call."""
    from react_repl.context import api_docs
    from react_repl.mcp._serve import ApprovalGate
    from react_repl.techniques import Approver

    def never_asked(request: object) -> NoReturn:
        raise AssertionError("the gateway asks by MCP elicitation, not through the agent")

    if approve == "never" and not rules:
        return ApprovalGate(None, {})
    policy = "rules" if approve == "never" else approve
    return ApprovalGate(Approver(never_asked, policy=policy, rules=rules), api_docs(functions))
