"""What the pages show, read from the logs folder and the bench results folder.

Every reader turns a damaged file into a `Problem` message (and each skipped line into a notice),
so a page always has something true to say instead of a traceback.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from react_repl.bench import RESULTS_FILE, AttemptRecord, ResultsStore
from react_repl.logs import (
    INCOMPLETE,
    RUNNING,
    QueryError,
    RunCatalog,
    RunDetail,
    RunFilter,
    RunLookupError,
    RunPage,
    is_running,
    read_run,
)
from react_repl.techniques import pending_approval

_LISTED_RUNS = 200
_WARNINGS_CAUGHT = threading.Lock()  # catch_warnings swaps process-wide state; requests are threads
REPORT_FILE = "report.md"


class Problem(Exception):
    """A file the page cannot show, with the sentence that says why."""


@contextmanager
def noticing(notices: list[str]) -> Iterator[None]:
    """Collect the warnings readers give about skipped lines as notices for the page."""
    with _WARNINGS_CAUGHT, warnings.catch_warnings(record=True, action="always") as caught:
        yield
    notices += [str(warning.message) for warning in caught]


@dataclass(frozen=True)
class RunList(RunPage):
    notices: list[str]


def list_runs(logs_dir: Path, text: str = "", status: str = "") -> RunList:
    notices: list[str] = []
    try:
        with noticing(notices), RunCatalog(logs_dir) as catalog:
            filters = RunFilter(statuses=(status,) if status else ())
            page = catalog.select(filters, text=text or None, limit=_LISTED_RUNS)
    except QueryError as error:
        raise Problem(f"cannot search for that: {error}") from None
    except OSError as error:
        raise Problem(f"cannot read the logs folder {logs_dir}: {error}") from None
    return RunList(page.runs, page.total, notices)


@dataclass(frozen=True)
class RunView(RunDetail):
    """One run as its JSONL twin holds it now, and the approval it waits on, if any."""

    status: str
    approval: dict[str, Any] | None
    notices: list[str]


class RunFinder:
    """A run's log path by id, looked up in the index once: pages poll a live run every second."""

    def __init__(self, logs_dir: Path) -> None:
        self.logs_dir = logs_dir
        self._paths: dict[str, Path] = {}

    def read(self, run_id: str) -> RunView:
        jsonl = self._paths.get(run_id) or self._find(run_id)
        notices: list[str] = []
        with noticing(notices):
            parsed = read_run(jsonl)
        if parsed is None:
            why = "; ".join(notices) or "the file is empty"
            raise Problem(f"the log of run {run_id} cannot be read: {why}")
        status = parsed.status
        if status == INCOMPLETE and is_running(jsonl):
            status = RUNNING
        approval = pending_approval(jsonl.with_suffix(".md")) if status == RUNNING else None
        return RunView(
            parsed.summary(), parsed.header, parsed.steps, parsed.end, status, approval, notices
        )

    def log_path(self, run_id: str) -> Path:
        return (self._paths.get(run_id) or self._find(run_id)).with_suffix(".md")

    def _find(self, run_id: str) -> Path:
        try:
            with noticing([]), RunCatalog(self.logs_dir) as catalog:
                found = catalog.find(run_id)
        except RunLookupError as error:
            raise Problem(str(error)) from None
        self._paths[run_id] = found.path.with_suffix(".jsonl")
        return self._paths[run_id]


@dataclass
class BenchEntry:
    """A folder of bench results: its report (report.md) and the attempts its results hold."""

    name: str
    folder: Path
    report: Path | None
    attempts: int
    passed: int
    notices: list[str]


def bench_entries(bench_dir: Path) -> list[BenchEntry]:
    if not bench_dir.is_dir():
        return []
    folders = {
        path.parent for name in (REPORT_FILE, RESULTS_FILE) for path in bench_dir.rglob(name)
    }
    newest_first = sorted(folders, key=lambda folder: folder.stat().st_mtime, reverse=True)
    return [bench_entry(bench_dir, folder) for folder in newest_first]


def bench_entry(bench_dir: Path, folder: Path) -> BenchEntry:
    """The folder's own results, or its subfolders' when its report combines several runs."""
    files = [folder / RESULTS_FILE] if (folder / RESULTS_FILE).is_file() else []
    files = files or sorted(folder.glob(f"*/{RESULTS_FILE}"))
    notices: list[str] = []
    records = [record for file in files for record in _read_results(notices, file)]
    report = folder / REPORT_FILE
    name = folder.relative_to(bench_dir).as_posix()
    return BenchEntry(name or ".", folder, report if report.is_file() else None, len(records),
                      sum(record.passed for record in records), notices)  # fmt: skip


def _read_results(notices: list[str], file: Path) -> list[AttemptRecord]:
    with noticing(notices):
        try:
            records = ResultsStore(file).read()
        except OSError as error:
            notices.append(f"{file} cannot be read: {error.strerror or error}")
            return []
    if not records and file.stat().st_size:
        notices.append(f"{file} holds no readable attempt record: it is damaged")
    return records


def confined(root: Path, relative: str) -> Path:
    """`relative` under `root`, refusing a path that climbs out of it."""
    target = (root / relative).resolve()
    if not target.is_relative_to(root.resolve()) or not target.is_file():
        raise Problem(f"no file {relative!r} in {root}")
    return target
