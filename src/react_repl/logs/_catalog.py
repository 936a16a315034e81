"""The runs of one logs folder, answered from the SQLite index kept beside them.

Opening a catalog brings the index in step with the files first (see `_indexing.sync`), so what it
answers is what the files say, whoever wrote them and however the index was left.
"""

from __future__ import annotations

import os
import sqlite3
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from . import _db
from ._db import READER_BUSY_SECONDS, connect, index_path, is_busy, is_corruption, transaction
from ._indexing import SyncReport, forget, relative, sync
from ._query import SUMMARY_COLUMNS, RunFilter, search_clause, short_id, summary, where
from ._reader import RunLogWarning, is_running, read_run
from ._records import INCOMPLETE, RUNNING, RunDetail, RunSummary

_T = TypeVar("_T")
_LIST_ROWS_SHOWN = 10


class RunLookupError(LookupError):
    """No run, or more than one, matches what the user asked for."""


@dataclass(frozen=True)
class RunPage:
    """The runs asked for, newest first, and how many matched in all (before the limit)."""

    runs: list[RunSummary]
    total: int


class RunCatalog:
    """Query a logs folder: `RunCatalog(logs_dir)` syncs its index, then answers from it.

    `on_indexing(n)` is called before n files are (re)indexed, so a caller can say why the first
    listing after copying in many logs takes a while.
    """

    def __init__(self, logs_dir: Path, *, on_indexing: Callable[[int], None] | None = None) -> None:
        self.logs_dir = Path(logs_dir)
        self._on_indexing = on_indexing
        self._connection, self._index_file = self._open()
        self.last_sync = self._guarded(self._sync)
        """What opening had to (re)index: zero when writers kept the index in step."""

    def select(
        self,
        filters: RunFilter | None = None,
        *,
        text: str | None = None,
        fields: Iterable[str] = (),
        limit: int | None = None,
    ) -> RunPage:
        """Runs matching `filters` (and mentioning `text`, see `search_clause`), newest first."""
        filters = filters or RunFilter()
        clause, values = where(filters)
        if text is not None:
            text_clause, text_values = search_clause(text, fields)
            clause, values = f"{clause} AND {text_clause}", [*values, *text_values]
        return self._guarded(lambda: self._page(filters, clause, values, limit))

    def find(self, ref: str) -> RunSummary:
        """A run by id, unique prefix of its id or short id, or the path of its `.md`/`.jsonl`."""
        if _log_path(ref) is not None:
            return self.read(ref).summary
        rows = self._guarded(lambda: self._matching(ref))
        if len(rows) == 1:
            return self._summaries(rows)[0]
        if self.logs_dir.exists() and not self.logs_dir.is_dir():  # "run a task first" misled
            raise RunLookupError(f"the logs folder {self.logs_dir} is a file, not a folder")
        if not self.logs_dir.is_dir():
            raise RunLookupError(
                f"no logs folder at {self.logs_dir}; pass --logs-dir or run a task first"
            )
        if not rows:
            # "caa" of caa9402 was "no run" with no reason given
            short = len(ref) < 4 and _looks_like_hash(ref.ljust(4, "0"))
            hint = "; a short id is matched from 4 of its characters" if short else ""
            raise RunLookupError(
                f"no run {ref!r} in {self.logs_dir}{hint}; `react-repl logs list` shows the ids"
            )
        shown = "\n  ".join(_describe(run) for run in self._summaries(rows[:_LIST_ROWS_SHOWN]))
        more = len(rows) - _LIST_ROWS_SHOWN
        tail = f"\n  ... and {more} more" if more > 0 else ""
        raise RunLookupError(
            f"{len(rows)} runs match {ref!r}; give more of the id:\n  {shown}{tail}"
        )

    def read(self, ref: str) -> RunDetail:
        """Everything a run's JSONL twin holds, found as `find` finds it."""
        jsonl = (_log_path(ref) or self.find(ref).path).with_suffix(".jsonl")
        if not jsonl.is_file():
            markdown = jsonl.with_suffix(".md")
            if markdown.is_file():  # "no run log" of a log the user was looking at misled
                raise RunLookupError(
                    f"{markdown} has lost its record {jsonl.name}, which show and export read; "
                    "the markdown file itself is still the readable log"
                )
            raise RunLookupError(f"no run log at {jsonl}")
        with warnings.catch_warnings(action="ignore", category=RunLogWarning):
            run = read_run(jsonl)
        if run is None:
            raise RunLookupError(f"{jsonl} is not a readable run log")
        found = self._guarded(lambda: self._by_path(jsonl))
        return RunDetail(found or run.summary(), run.header, run.steps, run.end)

    def forget(self, summaries: Iterable[RunSummary]) -> None:
        """Drop runs from the index whose files are gone (`prune` deletes the files first)."""
        paths = [relative(self.logs_dir, run.path.with_suffix(".jsonl")) for run in summaries]

        def drop() -> None:
            with transaction(self._connection):
                forget(self._connection, paths)

        self._guarded(drop)

    def rebuild(self) -> SyncReport:
        self._reset()
        self.last_sync = self._guarded(self._sync)
        return self.last_sync

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> RunCatalog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _page(
        self, filters: RunFilter, clause: str, values: list[Any], limit: int | None
    ) -> RunPage:
        query = f"SELECT {SUMMARY_COLUMNS} FROM runs WHERE {clause} ORDER BY started DESC, id DESC"
        if filters.wants_liveness():
            runs = [
                run
                for run in self._summaries(self._rows(query, values))
                if filters.admits(run.status)
            ]
            return RunPage(runs[:limit] if limit else runs, len(runs))
        total = self._connection.execute(f"SELECT count(*) FROM runs WHERE {clause}", values)
        if limit:
            query, values = f"{query} LIMIT ?", [*values, limit]
        return RunPage(self._summaries(self._rows(query, values)), int(total.fetchone()[0]))

    def _rows(self, query: str, values: list[Any]) -> list[tuple[Any, ...]]:
        return self._connection.execute(query, values).fetchall()

    def _summaries(self, rows: list[tuple[Any, ...]]) -> list[RunSummary]:
        """Rows as summaries, with short ids, and "running" for live runs without an end."""
        if not rows:
            return []
        hashes = [
            value for (value,) in self._connection.execute("SELECT hash FROM runs ORDER BY hash")
        ]
        summaries = []
        for row in rows:
            jsonl, status = os.path.join(self.logs_dir, row[0]), row[6]
            if status == INCOMPLETE and is_running(Path(jsonl)):
                status = RUNNING
            summaries.append(summary(jsonl, row, short_id(row[2], hashes), status))
        return summaries

    def _matching(self, ref: str) -> list[tuple[Any, ...]]:
        """Runs whose id is `ref`; failing that, those whose id or short id starts with it."""
        select = f"SELECT {SUMMARY_COLUMNS} FROM runs"
        exact = self._rows(f"{select} WHERE id = ? ORDER BY started DESC", [ref])
        if exact:
            return exact
        conditions, values = ["substr(id, 1, length(?)) = ?"], [ref, ref]
        if _looks_like_hash(ref):
            conditions.append("substr(hash, 1, length(?)) = ?")
            values += [ref, ref.lower()]
        return self._rows(f"{select} WHERE {' OR '.join(conditions)} ORDER BY started DESC", values)

    def _by_path(self, jsonl: Path) -> RunSummary | None:
        try:
            path = relative(self.logs_dir.resolve(), jsonl.resolve())
        except ValueError:
            return None
        rows = self._rows(f"SELECT {SUMMARY_COLUMNS} FROM runs WHERE path = ?", [path])
        return self._summaries(rows)[0] if rows else None

    def _sync(self) -> SyncReport:
        try:
            return sync(
                self._connection,
                self.logs_dir,
                index_file=self._index_file,
                on_start=self._on_indexing,
            )
        except sqlite3.OperationalError as error:
            if not is_busy(error):
                raise
            warnings.warn(
                f"the run index of {self.logs_dir} is busy; the newest runs may be missing",
                RunLogWarning,
                3,
            )
            return SyncReport(0, 0)

    def _open(self) -> tuple[sqlite3.Connection, Path | None]:
        path = index_path(self.logs_dir)
        if not self.logs_dir.is_dir():
            return _connect(None), None
        try:
            path.parent.mkdir(exist_ok=True)
            return _connect(path), path
        except (sqlite3.DatabaseError, OSError) as problem:
            if isinstance(problem, sqlite3.DatabaseError) and is_corruption(problem):
                self._warn_rebuilt(path, problem)
                _db.discard(path)
                return _connect(path), path
            warnings.warn(
                f"cannot use the run index at {path} ({problem}); reading every log file instead",
                RunLogWarning,
                3,
            )
        return _connect(None), None

    def _guarded(self, operation: Callable[[], _T]) -> _T:
        """Run `operation`; if the index turns out damaged, rebuild it from the files and retry."""
        try:
            return operation()
        except sqlite3.DatabaseError as error:
            if not is_corruption(error) or self._index_file is None:
                raise
            self._warn_rebuilt(self._index_file, error)
            self._reset()
            self._sync()
            return operation()

    def _reset(self) -> None:
        self._connection.close()
        if self._index_file is not None:
            _db.discard(self._index_file)
        self._connection = _connect(self._index_file)

    @staticmethod
    def _warn_rebuilt(path: Path, error: Exception) -> None:
        warnings.warn(
            f"the run index at {path} was damaged ({error}); rebuilding it from the log files",
            RunLogWarning,
            5,
        )


def _connect(index_file: Path | None) -> sqlite3.Connection:
    """The index file, or a private in-memory index where there is none to share."""
    if index_file is None:
        return connect(":memory:", busy_seconds=0)
    return connect(index_file, busy_seconds=READER_BUSY_SECONDS)


def _log_path(ref: str) -> Path | None:
    """`ref` as the path of a log, when it names one rather than an id."""
    given = Path(ref).expanduser()
    return given if given.suffix in (".md", ".jsonl") or given.is_file() else None


def _looks_like_hash(ref: str) -> bool:
    return len(ref) >= 4 and all(character in "0123456789abcdefABCDEF" for character in ref)


def _describe(run: RunSummary) -> str:
    return f"{run.short_id}  {run.started:%Y-%m-%d %H:%M}  {run.model}  {run.id}"


def list_runs(
    logs_dir: Path, filters: RunFilter | None = None, *, limit: int | None = None
) -> list[RunSummary]:
    """Runs newest first; one without an end record is "running" while its writer lives,
    "incomplete" once it was killed."""
    with RunCatalog(logs_dir) as catalog:
        return catalog.select(filters, limit=limit).runs


def search_runs(
    logs_dir: Path,
    text: str,
    filters: RunFilter | None = None,
    *,
    fields: Iterable[str] = (),
    limit: int | None = None,
) -> list[RunSummary]:
    """Runs, newest first, that mention every word of `text` in their task, answer, error,
    thoughts, actions or observations (or only in `fields`)."""
    with RunCatalog(logs_dir) as catalog:
        return catalog.select(filters, text=text, fields=fields, limit=limit).runs


def find_run(logs_dir: Path, ref: str) -> RunSummary:
    """The run `ref` names: an id, a unique prefix of an id or short id, or a log's path."""
    with RunCatalog(logs_dir) as catalog:
        return catalog.find(ref)
