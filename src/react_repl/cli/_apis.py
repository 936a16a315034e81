"""`react-repl apis`: list, inspect and register the API modules the agent can call."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

import click

from react_repl._paths import default_index_dir
from react_repl.cli._consoles import console, say
from react_repl.cli._mcp import configured_servers
from react_repl.cli._options import apis_option, index_option
from react_repl.registry._sources import (
    MCP_SOURCE_PREFIX,
    SourcesFileError,
    add_registered_source,
    load_registered_sources,
    remove_registered_source,
)

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

    from react_repl.registry import ApiRegistry, ApiSpec, RegistrationProblem

_json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


@click.group()
def apis() -> None:
    """List, show, register and unregister API modules."""


@apis.command("list")
@apis_option
@index_option
@_json_option
def list_apis(api_paths: tuple[str, ...], index_dir: Path | None, as_json: bool) -> None:
    """Every registered API: name, signature, summary and module; problems go to stderr."""
    registry = _discover(api_paths, index_dir)
    if as_json:
        click.echo(json.dumps([asdict(spec) for spec in registry], indent=2))
    else:
        console(soft_wrap=True).print(_table(registry))
    _print_problems(registry.problems)


@apis.command("show")
@click.argument("name")
@apis_option
@index_option
@_json_option
def show(name: str, api_paths: tuple[str, ...], index_dir: Path | None, as_json: bool) -> None:
    """Full signature, docstring sections and location of one API."""
    registry = _discover(api_paths, index_dir)
    spec = registry.get(name)
    if spec is None:
        _print_problems(p for p in registry.problems if repr(name) in p.message)
        close = difflib.get_close_matches(name, [spec.name for spec in registry], n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise click.ClickException(f"no API named {name!r}{hint}")
    if as_json:
        click.echo(json.dumps(asdict(spec), indent=2))
    else:
        console(soft_wrap=True).print(_details(spec))


@apis.command("add")
@click.argument("source")
@index_option
def add(source: str, index_dir: Path | None) -> None:
    """Validate a source, record it next to the index and update the index.

    SOURCE is a folder, a .py file, a module, or an MCP server: "mcp:NAME=COMMAND ARG..." (a
    local server over stdio, e.g. "mcp:time=uvx mcp-server-time") or "mcp:NAME=URL"
    (streamable HTTP). The server is started once to list its tools.
    """
    if not source.strip():  # an unset "$VAR": read as the current folder, it imported its scripts
        raise click.BadParameter("is empty; name a folder, a .py file, a module or mcp:…")
    index_path = index_dir or default_index_dir()
    source = _normalise(source)
    from react_repl.compose import discover_apis

    candidate = discover_apis(
        [source], builtin=False, shared=False, mcp_cache=index_path, refresh_mcp=True
    )
    _print_problems(candidate.problems)
    if not candidate.specs:
        raise click.ClickException(f"{source} defines no API; nothing was recorded")
    try:
        registry = _record(source, index_path, candidate)
    except (SourcesFileError, OSError) as error:
        raise click.ClickException(str(error)) from error
    _print_problems(p for p in registry.problems if p not in candidate.problems)
    _update_index(index_path, registry)


@apis.command("remove")
@click.argument("source")
@index_option
def remove(source: str, index_dir: Path | None) -> None:
    """Forget a source added with `apis add` and drop its APIs from the index."""
    index_path = index_dir or default_index_dir()
    try:
        removed = [
            item
            for item in _registered_forms(source, index_path)
            if remove_registered_source(index_path, item)
        ]
    except (SourcesFileError, OSError) as error:
        raise click.ClickException(str(error)) from error
    if not removed:
        raise click.ClickException(f"{source} is not registered in {index_path}")
    say(f"Removed {removed[0]}.")
    _update_index(index_path, _discover((), index_path))


def _record(source: str, index_path: Path, candidate: ApiRegistry) -> ApiRegistry:
    """Record a source, and keep it only if at least one of its APIs registers.

    Its APIs are recognised in the full registry by module and qualified name, since an MCP
    tool whose name is taken registers under another name.
    """
    if source in load_registered_sources(index_path):
        say(f"{source} is already registered; refreshing the index.")
        return _discover((), index_path)
    add_registered_source(index_path, source)
    registry = _discover((), index_path)
    own = {(spec.module, spec.qualname) for spec in candidate}
    names = [spec.name for spec in registry if (spec.module, spec.qualname) in own]
    if not names:
        remove_registered_source(index_path, source)
        raise click.ClickException(
            f"every API in {source} already exists under the same name elsewhere; "
            "nothing was recorded (rename them, e.g. with @api(name=...))"
        )
    say(f"Registered {len(names)} API(s) from {source}: {', '.join(names)}")
    return registry


def _discover(api_paths: Iterable[str], index_dir: Path | None) -> ApiRegistry:
    from react_repl.compose import discover_apis

    return discover_apis(
        list(api_paths), registered=index_dir or default_index_dir(), servers=configured_servers()
    )


def _registered_forms(source: str, index_path: Path) -> list[str]:
    """The entries of sources.json that `source` names: as typed, as an absolute path, or, for
    `mcp:NAME`, the registered MCP server of that name."""
    if not source.startswith(MCP_SOURCE_PREFIX):
        return [source, str(Path(source).expanduser().resolve())]
    from react_repl.mcp import McpConfigError, parse_source

    def server(entry: str) -> str | None:
        try:
            return parse_source(entry).name if entry.startswith(MCP_SOURCE_PREFIX) else None
        except McpConfigError:
            return None

    name = server(source)
    return [source, *(e for e in load_registered_sources(index_path) if name and server(e) == name)]


def _normalise(source: str) -> str:
    """Paths are stored absolute so the registration survives a change of working directory."""
    path = Path(source).expanduser()
    return str(path.resolve()) if path.exists() else source


def _update_index(index_path: Path, registry: ApiRegistry) -> None:
    from react_repl.index import MethodIndex  # lazily: torch and FAISS only when indexing

    report = MethodIndex.open(index_path).build(registry)
    if report.rebuilt_reason:
        say(f"Rebuilt the index from scratch: {report.rebuilt_reason}", stderr=True)
    counts = f"{report.embedded} embedded, {report.reused} reused, {report.removed} removed"
    say(f"Search index in {index_path} updated: {counts} ({report.seconds:.1f} s).")


def _table(registry: ApiRegistry) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=f"{len(registry)} APIs")
    table.add_column("name", style="bold", overflow="fold")
    table.add_column("signature", ratio=3, overflow="fold")
    table.add_column("summary", ratio=2)
    table.add_column("module", style="dim", overflow="fold")
    for spec in registry:  # as Text: `[b]` in a docstring or a file name is not markup
        cells = (spec.name, spec.signature, spec.summary, _module_label(spec))
        table.add_row(*(Text(cell) for cell in cells))
    return table


def _module_label(spec: ApiSpec) -> str:
    """File-path modules have synthetic names; their file name is what the user recognises."""
    from react_repl.registry import SYNTHETIC_PACKAGE

    if spec.module.startswith(SYNTHETIC_PACKAGE + "."):
        return Path(spec.source_file).name
    return spec.module


def _details(spec: ApiSpec) -> Text:
    from rich.text import Text

    text = Text()
    text.append(spec.signature + "\n", "bold")
    text.append(spec.summary + "\n")
    if spec.description:
        text.append("\n" + spec.description + "\n")
    if spec.params:
        text.append("\nParameters\n", "bold")
        for param in spec.params:
            kind = f": {param.annotation}" if param.annotation else ""
            default = f" = {param.default}" if param.default is not None else ""
            text.append(f"  {param.name}{kind}{default}", "cyan")
            text.append(f"  {param.description}\n" if param.description else "\n")
    for title, body in (
        ("Returns", spec.returns),
        ("Raises", "\n  ".join(spec.raises)),
        ("Tags", ", ".join(spec.tags)),
    ):
        if body:
            text.append(f"\n{title}\n", "bold")
            text.append(f"  {body}\n")
    location = f"{spec.source_file}:{spec.line}" if spec.line else spec.source_file
    text.append(f"\n{location}  ({spec.module})\n", "dim")
    return text


def _print_problems(problems: Iterable[RegistrationProblem]) -> None:
    for problem in problems:
        say(str(problem), "yellow", stderr=True)
