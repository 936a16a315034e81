"""`react-repl search`: the agent's `method_search` from the shell, one query or a stream.

Only numpy, FAISS and tokenizers are imported on this path (never torch or scipy), so a cold
search stays within a few seconds; `-` streams queries from stdin so evaluations pay the
loading once.
"""

from __future__ import annotations

import io
import json
import sys
import warnings
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

import click

from react_repl._hit_listing import MAX_K
from react_repl.cli._options import index_option

if TYPE_CHECKING:  # numpy, FAISS and the encoder load when a search runs, not for --help
    from react_repl.index import MethodIndex, SearchHit


def _open_index(index_dir: Path | None) -> MethodIndex:
    from react_repl.index import EncoderUnavailable, MethodIndex

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            index = MethodIndex.open(index_dir)
            index.encoder  # noqa: B018  (a search needs it at once: fail here, in one line)
        except EncoderUnavailable as error:
            _fail(str(error))
    if not index.exists:
        _build(index)
    elif index.rebuild_reason:
        _fail(
            f"The index at {index.path} cannot be used: {index.rebuild_reason}. "
            "Rebuild it: react-repl index build"
        )
    return index


def _build(index: MethodIndex) -> None:
    """First use: build the index from the built-in and registered sources, as `react-repl index
    build` would, rather than sending a new user off to another command. An index that exists
    but cannot be used is never replaced here: it may be one a user built with another model."""
    from react_repl.cli._mcp import configured_servers
    from react_repl.compose import discover_apis
    from react_repl.index import EncoderUnavailable, IndexProblem

    click.echo(f"Building the search index at {index.path} (first use)...", err=True)
    registry = discover_apis(registered=index.path, servers=configured_servers())
    try:
        index.build(registry)
    except (EncoderUnavailable, IndexProblem) as error:
        _fail(f"Cannot build the index at {index.path}: {error}")


def _fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(2)


def _as_json(hits: list[SearchHit]) -> str:
    return json.dumps([asdict(hit) | {"score": round(hit.score, 6)} for hit in hits])


@click.command()
@click.argument("query")
@click.option("--k", "k", type=click.IntRange(1, MAX_K), default=5, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of hits.")
@index_option
def search(query: str, k: int, as_json: bool, index_dir: Path | None) -> None:
    """Find the APIs that match QUERY, best first.

    QUERY "-" reads one query per line from stdin and prints one JSON list per line, in order.
    """
    index = _open_index(index_dir)
    if query == "-":
        # a line that is not UTF-8 must not end the stream: its bytes read as \udcXX
        lines = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="surrogateescape")
        for line in lines:
            text = line.strip()
            click.echo(_as_json(index.search(text, k) if text else []))
            sys.stdout.flush()
        return
    if not query.strip():
        _fail('Give a description of what you need, e.g. react-repl search "convert currency"')
    hits = index.search(query, k)
    if as_json:
        click.echo(_as_json(hits))
    elif hits:
        from react_repl.index import format_hits

        click.echo(format_hits(hits))
    else:
        click.echo("No APIs are indexed. Build the index: react-repl index build", err=True)
