"""`react-repl logs`: find, read and share the logs of past runs."""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Column, Table
from rich.text import Text

from react_repl._paths import default_logs_dir
from react_repl.logs import (
    RunLogWarning,
    RunLookupError,
    RunSummary,
    export_html,
    find_run,
    list_runs,
    render_terminal,
    search_runs,
)

_RELATIVE_SINCE = re.compile(r"(\d+)([wdhm])")
_UNITS = {"w": "weeks", "d": "days", "h": "hours", "m": "minutes"}
_STATUS_STYLES = {"finished": "green", "max_steps": "yellow", "incomplete": "magenta"}


def _logs_dir_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--logs-dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Folder of run logs (default: the project's logs/ or $REACT_REPL_LOGS).",
    )(command)


def _json_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")(
        command
    )


@click.group()
def logs() -> None:
    """List, show, search and export run logs."""


@logs.command("list")
@click.option("--model", help="Only runs with this model name.")
@click.option("--status", help="Only runs with this status (finished, max_steps, error, ...).")
@click.option("--since", help="Only runs started since a date (YYYY-MM-DD) or an age (7d, 24h).")
@_json_option
@_logs_dir_option
def list_command(
    model: str | None, status: str | None, since: str | None, as_json: bool, logs_dir: Path | None
) -> None:
    """List runs, newest first.

    "incomplete" means the run was killed before it could write its result.
    """
    since_value = _parse_since(since) if since else None
    with _warnings_to_stderr():
        runs = list_runs(_resolve(logs_dir), model=model, status=status, since=since_value)
    _print_runs(runs, as_json)


@logs.command()
@click.argument("text")
@_json_option
@_logs_dir_option
def search(text: str, as_json: bool, logs_dir: Path | None) -> None:
    """Find runs that mention TEXT.

    Looks in the task, answer, thoughts and actions, ignoring case.
    """
    with _warnings_to_stderr():
        runs = search_runs(_resolve(logs_dir), text)
    _print_runs(runs, as_json)


@logs.command()
@click.argument("run")
@_logs_dir_option
def show(run: str, logs_dir: Path | None) -> None:
    """Show a run's log in the terminal.

    RUN is a run id, a unique prefix of one, or the path of a .md or .jsonl log.
    """
    Console().print(render_terminal(_find(logs_dir, run)))


@logs.command()
@click.argument("run")
@click.option("--html", "as_html", is_flag=True, help="Export as a self-contained HTML page.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Where to write."
)
@_logs_dir_option
def export(run: str, as_html: bool, output: Path | None, logs_dir: Path | None) -> None:
    """Export a run's log to share it.

    The HTML page is self-contained and written next to the log unless -o is given.
    """
    if not as_html:
        raise click.UsageError("choose an export format: --html")
    written = export_html(_find(logs_dir, run), output)
    click.echo(str(written))


def _resolve(logs_dir: Path | None) -> Path:
    return logs_dir if logs_dir is not None else default_logs_dir()


def _find(logs_dir: Path | None, run: str) -> Path:
    try:
        return find_run(_resolve(logs_dir), run)
    except RunLookupError as error:
        raise click.ClickException(str(error)) from error


def _parse_since(value: str) -> datetime | date:
    relative = _RELATIVE_SINCE.fullmatch(value.strip())
    if relative:
        amount, unit = relative.groups()
        return datetime.now().astimezone() - timedelta(**{_UNITS[unit]: int(amount)})
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r}: use a date like 2026-11-21 or an age like 7d, 24h, 30m",
            param_hint="--since",
        ) from None


@contextmanager
def _warnings_to_stderr() -> Iterator[None]:
    """Damaged logs are reported in one plain line each, not as Python warning tracebacks."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RunLogWarning)
        yield
    for warning in caught:
        click.echo(f"warning: {warning.message}", err=True)


def _print_runs(runs: list[RunSummary], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps([_as_json(run) for run in runs], indent=2, ensure_ascii=False))
        return
    if not runs:
        click.echo("No runs found.")
        return
    table = Table(
        Column("id", overflow="fold"),
        Column("date", no_wrap=True),
        Column("model", overflow="fold"),
        Column("status", no_wrap=True),
        Column("steps", justify="right"),
        Column("tokens", justify="right", no_wrap=True),
        Column("task"),
    )
    for run in runs:
        style = _STATUS_STYLES.get(run.status, "red")
        table.add_row(
            run.id,
            run.started.strftime("%Y-%m-%d %H:%M"),
            Text(run.model),
            Text(run.status, style=style),
            str(run.steps),
            f"{run.prompt_tokens} + {run.completion_tokens}",
            Text(run.task),
        )
    Console().print(table)


def _as_json(run: RunSummary) -> dict[str, Any]:
    record = asdict(run)
    record.update(path=str(run.path), started=run.started.isoformat())
    return record
