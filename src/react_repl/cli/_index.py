"""`react-repl index build`: (re)build the method_search index from every API source."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import click

from react_repl._paths import default_index_dir
from react_repl.cli._consoles import console
from react_repl.cli._options import apis_option, index_option


@click.group()
def index() -> None:
    """Build the index `method_search` and `react-repl search` read."""


@index.command("build")
@apis_option
@index_option
def build(api_paths: tuple[str, ...], index_dir: Path | None) -> None:
    """Index the built-in apis/, the --apis sources, the sources added with `apis add` and the
    MCP servers of the config file (listed afresh, so a changed tool list is picked up).

    Only APIs whose text changed are embedded again; a corrupt or mismatched index is rebuilt.
    """
    path = index_dir or default_index_dir()
    try:
        _build(api_paths, path)
    except KeyboardInterrupt:  # click's bare "Aborted!" left the user wondering about the index
        click.echo(
            f"\nInterrupted. The index at {path} is as the last finished build left it.", err=True
        )
        sys.exit(130)


def _build(api_paths: tuple[str, ...], path: Path) -> None:
    from rich.text import Text

    from react_repl.cli._mcp import configured_servers
    from react_repl.compose import ApiSourceError, check_index_sources, discover_apis
    from react_repl.index import (
        EncoderUnavailable,
        IndexProblem,
        MethodIndex,
        fetch_encoder_weights,
    )

    out, err = console(soft_wrap=True), console(stderr=True, soft_wrap=True)
    try:
        check_index_sources(api_paths)
    except ApiSourceError as error:
        raise click.UsageError(str(error)) from None
    registry = discover_apis(
        api_paths, registered=path, servers=configured_servers(), refresh_mcp=True
    )
    for problem in registry.problems:
        label = "skipped " if problem.skipped else "note "
        err.print(Text.assemble((label, "yellow"), str(problem)))
    try:
        fetch_encoder_weights(lambda message: err.print(message))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            method_index = MethodIndex.open(path)
        report = method_index.build(registry)
    except (EncoderUnavailable, IndexProblem) as problem:
        err.print(Text.assemble(("error ", "red"), str(problem)))
        sys.exit(1)
    if report.rebuilt_reason:
        why = f"the index: the previous one was unusable: {report.rebuilt_reason}"
        err.print(Text.assemble(("rebuilt ", "yellow"), why))
    out.print(
        f"Indexed {len(method_index)} APIs from {len(registry.modules())} modules into {path} "
        f"in {report.seconds:.1f} s: {report.embedded} embedded, {report.reused} reused, "
        f"{report.removed} removed."
    )
    if report.modules_changed:
        out.print("Modules changed: " + ", ".join(report.modules_changed))
