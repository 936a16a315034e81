"""`react-repl memory list | search TEXT | forget ID | clear`: what the agent remembers."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import click

from react_repl.cli._consoles import console

_path_option = click.option(
    "--memory",
    "memory_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Memory file (default: REACT_REPL_MEMORY, else the cache folder).",
)


@click.group()
def memory() -> None:
    """List, search and erase the runs the agent remembers (runs with the memory technique)."""


@memory.command("list")
@_path_option
def list_memories(memory_path: Path | None) -> None:
    """Every memory, oldest first."""
    from react_repl.memory import MemoryStore

    _show(MemoryStore(memory_path).all())


@memory.command("search")
@click.argument("text")
@click.option("--k", default=3, show_default=True, help="How many memories to show.")
@_path_option
def search_memories(text: str, k: int, memory_path: Path | None) -> None:
    """The memories closest in meaning to TEXT: what recall() shows the agent."""
    from react_repl.memory import MemoryStore
    from react_repl.techniques._memory import format_memories

    click.echo(format_memories(MemoryStore(memory_path).search(text, k)))


@memory.command("forget")
@click.argument("memory_id", type=int)
@_path_option
def forget(memory_id: int, memory_path: Path | None) -> None:
    """Erase one memory by its id."""
    from react_repl.memory import MemoryStore

    if not MemoryStore(memory_path).forget(memory_id):
        raise click.ClickException(f"no memory with id {memory_id}; see `react-repl memory list`")
    click.echo(f"Forgot memory {memory_id}.")


@memory.command("clear")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@_path_option
def clear(yes: bool, memory_path: Path | None) -> None:
    """Erase every memory."""
    from react_repl.memory import MemoryStore

    store = MemoryStore(memory_path)
    if not yes:
        click.confirm(f"Erase every memory in {store.path}?", abort=True)
    click.echo(f"Erased {store.clear()} memories.")


def _show(memories: list) -> None:
    from rich.table import Table
    from rich.text import Text

    if not memories:
        console().print("No memories yet: run with `memory = true` in \\[agent].")
        return
    table = Table(show_edge=False, pad_edge=False)
    for column in ("id", "date", "task", "answer"):
        table.add_column(column, overflow="ellipsis", no_wrap=column != "task")
    for entry in memories:
        date = datetime.fromtimestamp(entry.created).strftime("%Y-%m-%d")
        table.add_row(str(entry.id), date, Text(entry.task), Text(str(entry.answer)))
    console().print(table)
