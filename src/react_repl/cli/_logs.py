"""`react-repl logs`: find, read, share and prune the logs of past runs."""

from __future__ import annotations

import json
import re
import shutil
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from react_repl import logs as run_logs
from react_repl._paths import default_logs_dir
from react_repl.cli._consoles import console
from react_repl.cli._options import logs_dir_option, stacked
from react_repl.logs import SEARCH_FIELDS, STATUSES

if TYPE_CHECKING:
    from react_repl.logs import RunCatalog, RunPage, RunSummary

_RELATIVE_AGE = re.compile(r"(\d+)([wdhm])")
_UNITS = {"w": "weeks", "d": "days", "h": "hours", "m": "minutes"}
_STATUS_COLOURS = {
    "finished": "green",
    "max_steps": "yellow",
    "incomplete": "magenta",
    "running": "cyan",
}
_DEFAULT_LIMIT = 50
_INDEXING_NOTICE = 200
_PRUNE_SHOWN = 20


def _moment(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> datetime | date | None:
    if value is None:
        return None
    relative = _RELATIVE_AGE.fullmatch(value.strip())
    if relative:
        amount, unit = relative.groups()
        try:
            return datetime.now().astimezone() - timedelta(**{_UNITS[unit]: int(amount)})
        except OverflowError:  # before year 1: every run started after it
            return datetime.min.replace(tzinfo=UTC)
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r}: use a date like 2026-11-21 or an age like 7d, 24h, 30m"
        ) from None


def _settings(ctx: click.Context, param: click.Parameter, items: tuple[str, ...]) -> dict[str, Any]:
    settings = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{item!r} is not KEY=VALUE")
        from react_repl.config import parse_value  # only when a filter needs it: `logs` is quick

        settings[key.strip()] = parse_value(raw)
    return settings


_filter_options = stacked(
    click.option("--model", "models", multiple=True, help="Model name or glob (qwen*)."),
    click.option(
        "--status", "statuses", multiple=True, type=click.Choice(STATUSES),
        help="Run status; repeatable.",
    ),
    click.option(
        "--since", callback=_moment,
        help="Started on or after a date (2026-11-21) or age (7d, 24h).",
    ),
    click.option(
        "--until", callback=_moment, help="Started on or before a date, or before an age."
    ),
    click.option(
        "--setting", "settings", multiple=True, metavar="KEY=VALUE", callback=_settings,
        help="Recorded setting, e.g. few_shot=false or temperature=0; repeatable.",
    ),
    click.option("--bench", "bench_runs", multiple=True, help="Runs of this bench run id."),
)  # fmt: skip
_output_options = stacked(
    click.option("--json", "as_json", is_flag=True, help="Print JSON instead of lines."),
    click.option(
        "-n", "--limit", type=click.IntRange(min=0), default=_DEFAULT_LIMIT, show_default=True,
        help="Newest runs to show; 0 for all.",
    ),
)  # fmt: skip


@click.group()
def logs() -> None:
    """List, search, show, export and prune run logs."""


@logs.command("list")
@_filter_options
@_output_options
@logs_dir_option
def list_command(logs_dir: Path | None, limit: int, as_json: bool, **filters: Any) -> None:
    """List runs, newest first, one line each.

    "running" runs are still being written; "incomplete" ones were killed before their result.
    """
    with _catalog(logs_dir) as catalog:
        page = _answer(lambda: catalog.select(run_logs.RunFilter(**filters), limit=limit or None))
    _print_runs(page, as_json)


@logs.command()
@click.argument("text")
@click.option(
    "--in", "fields", multiple=True, type=click.Choice(SEARCH_FIELDS),
    help="Search only this part of the runs; repeatable.",
)  # fmt: skip
@_filter_options
@_output_options
@logs_dir_option
def search(
    text: str,
    fields: tuple[str, ...],
    logs_dir: Path | None,
    limit: int,
    as_json: bool,
    **filters: Any,
) -> None:
    """Find runs that mention every word of TEXT.

    Looks in the task, answer, error, thoughts, actions and observations, ignoring case and
    accents. Words match whole words; "quoted words" match a phrase; word* matches a prefix.
    """
    with _catalog(logs_dir) as catalog:
        page = _answer(lambda: catalog.select(run_logs.RunFilter(**filters), text=text,
                                              fields=fields, limit=limit or None))  # fmt: skip
    _print_runs(page, as_json)


@logs.command()
@click.argument("run")
@click.option("--json", "as_json", is_flag=True, help="The whole run as JSON.")
@logs_dir_option
def show(run: str, as_json: bool, logs_dir: Path | None) -> None:
    """Show a run's log in the terminal.

    RUN is a short id or run id (or a unique prefix of either), or the path of a .md or .jsonl
    log. --json prints the run's summary, its header, every step record and its end record.
    """
    with _catalog(logs_dir) as catalog:
        if as_json:
            detail = _answer(lambda: catalog.read(run))
            record = _as_json(detail.summary) | {"header": detail.header, "steps": detail.steps}
            click.echo(json.dumps({**record, "end": detail.end}, indent=2, ensure_ascii=False))
            return
        markdown = _answer(lambda: catalog.find(run)).path
    if not markdown.is_file():
        raise click.ClickException(f"the markdown log {markdown} is missing; try --json")
    console().print(run_logs.render_terminal(markdown))


@logs.command()
@click.argument("run")
@click.option("--html", "as_html", is_flag=True, help="Export as a self-contained HTML page.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Where to write."
)
@logs_dir_option
def export(run: str, as_html: bool, output: Path | None, logs_dir: Path | None) -> None:
    """Export a run's log to share it.

    The HTML page is self-contained and written next to the log unless -o is given.
    """
    if not as_html:
        raise click.UsageError("choose an export format: --html")
    with _catalog(logs_dir) as catalog:
        markdown = _answer(lambda: catalog.find(run)).path
    try:
        click.echo(str(run_logs.export_html(markdown, output)))
    except OSError as error:  # the markdown twin deleted by hand, an unwritable -o
        raise click.ClickException(str(error)) from error


@logs.command("prune")
@click.option(
    "--older-than", callback=_moment,
    help="Runs started before a date (2026-11-01) or age (30d).",
)  # fmt: skip
@click.option("--keep", type=click.IntRange(min=0), help="Keep the newest N matching runs.")
@_filter_options
@click.option("--yes", "-y", is_flag=True, help="Delete without asking.")
@click.option("--dry-run", is_flag=True, help="Only show what would be deleted.")
@logs_dir_option
def prune_command(
    older_than: datetime | date | None,
    keep: int | None,
    yes: bool,
    dry_run: bool,
    logs_dir: Path | None,
    **filters: Any,
) -> None:
    """Delete runs (log, JSONL twin, exported page, index rows) chosen by age, status or count.

    Shows the runs and asks first; without a terminal to ask in, deletes only with --yes.
    Runs still being written are never deleted.
    """
    with _catalog(logs_dir) as catalog:
        plan = _answer(lambda: run_logs.plan_prune(catalog, run_logs.RunFilter(**filters),
                                                   older_than=older_than, keep=keep))  # fmt: skip
        if not plan.runs:
            click.echo("No runs to prune.")
            return
        _print_lines(plan.runs[:_PRUNE_SHOWN])
        more = len(plan.runs) - _PRUNE_SHOWN
        if more > 0:
            click.echo(f"... and {more} more")
        from rich.filesize import decimal

        click.echo(f"{len(plan.runs)} runs, {decimal(plan.size)}.")
        if dry_run or not (yes or _confirmed(len(plan.runs))):
            click.echo("Nothing deleted.")
            return
        result = run_logs.prune(catalog, plan)
    click.echo(f"Deleted {len(result.deleted)} runs.")
    for run in result.still_running:
        click.echo(f"kept {run.short_id}: it started writing again", err=True)
    for run, reason in result.failed:
        click.echo(f"could not delete {run.short_id}: {reason}", err=True)
    if result.failed:
        raise SystemExit(1)


@logs.command()
@logs_dir_option
def reindex(logs_dir: Path | None) -> None:
    """Rebuild the run index from the log files (it is also rebuilt by itself when damaged)."""
    with _catalog(logs_dir) as catalog:
        report = catalog.rebuild()
    click.echo(f"Indexed {report.indexed} run logs.")


@contextmanager
def _catalog(logs_dir: Path | None) -> Iterator[RunCatalog]:
    """The logs folder's catalog; damaged logs are reported in one plain line each."""
    folder = logs_dir or default_logs_dir()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", run_logs.RunLogWarning)
        try:
            with run_logs.RunCatalog(folder, on_indexing=_indexing_notice) as catalog:
                yield catalog
        finally:
            for warning in caught:
                click.echo(f"warning: {warning.message}", err=True)


def _answer(question: Callable[[], Any]) -> Any:
    """Lookup and query mistakes become one-line errors, not tracebacks."""
    try:
        return question()
    except run_logs.RunLookupError as error:
        raise click.ClickException(str(error.args[0])) from error
    except run_logs.QueryError as error:
        raise click.UsageError(str(error)) from error


def _indexing_notice(count: int) -> None:
    if count >= _INDEXING_NOTICE:
        click.echo(f"Indexing {count} run logs (only once)...", err=True)


def _confirmed(count: int) -> bool:
    if not sys.stdin.isatty():
        click.echo("Not a terminal: pass --yes to delete them.", err=True)
        return False
    return click.confirm(f"Delete these {count} runs?", default=False)


def _print_runs(page: RunPage, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps([_as_json(run) for run in page.runs], indent=2, ensure_ascii=False))
    elif not page.runs:
        click.echo("No runs found.")
    else:
        _print_lines(page.runs)
    if len(page.runs) < page.total:
        shown = f"{len(page.runs)} of {page.total} runs shown; --limit 0 shows all"
        click.echo(shown, err=True)


def _print_lines(runs: list[RunSummary]) -> None:
    width = shutil.get_terminal_size((80, 24)).columns
    lines = run_logs.run_lines(runs, width, paint_status=_paint)
    click.echo(click.style(lines[0], dim=True))
    click.echo("\n".join(lines[1:]))


def _paint(cell: str) -> str:
    return click.style(cell, fg=_STATUS_COLOURS.get(cell.strip(), "red"))


def _as_json(run: RunSummary) -> dict[str, Any]:
    record = asdict(run)
    record.update(path=str(run.path), started=run.started.isoformat())
    return record
