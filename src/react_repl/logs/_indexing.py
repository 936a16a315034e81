"""Writing runs into the index: step by step as the writer appends (`RunFeed`), or whole files
when a reader finds the index out of step with them (`sync`): new logs (copied in, or from a
writer that could not reach the index), logs that changed, logs that were deleted.

A file is compared by its size and mtime only, so a folder of 10,000 runs already indexed costs
one directory walk and no reads.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import warnings
from collections.abc import Callable, Iterator, Mapping
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISREG
from typing import Any, TypeVar

from react_repl._unicode import valid_unicode

from ._db import WRITER_BUSY_SECONDS, connect, index_path, rebuild_lock, transaction
from ._reader import ParsedRun, RunLogWarning, read_run

_T = TypeVar("_T")
Stat = tuple[int, int]
"""A JSONL file's size and st_mtime_ns: how the index tells whether it is in step with it."""

_RUN_COLUMNS = ("path", "id", "hash", "task", "model", "started", "started_text", "status",
                "steps", "answer", "error", "prompt_tokens", "completion_tokens", "bench_run",
                "settings", "size", "mtime_ns")  # fmt: skip
_UPSERT_RUN = f"""
INSERT INTO runs ({", ".join(_RUN_COLUMNS)}) VALUES ({", ".join(f":{c}" for c in _RUN_COLUMNS)})
ON CONFLICT (path) DO UPDATE SET {", ".join(f"{c} = excluded.{c}" for c in _RUN_COLUMNS[1:])}
-- a writer that already recorded more of this file than was read here wins: logs only grow
WHERE NOT (runs.size > excluded.size AND runs.mtime_ns >= excluded.mtime_ns)
RETURNING rowid
"""
_UPSERT_STEP = """
INSERT INTO steps (run, seq, step, kind, thought, action, observation)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (run, seq) DO UPDATE SET
    step = excluded.step, kind = excluded.kind, thought = excluded.thought,
    action = excluded.action, observation = excluded.observation
"""


def run_hash(run_id: str) -> str:
    return hashlib.sha1(run_id.encode("utf-8")).hexdigest()


def relative(logs_dir: Path, jsonl_path: Path) -> str:
    return Path(jsonl_path).relative_to(logs_dir).as_posix()


def index_run(connection: sqlite3.Connection, logs_dir: Path, run: ParsedRun) -> int | None:
    """Store what the file says, replacing what the index held; the run's row id, or None when
    a live writer has already recorded more of it than `run` holds."""
    path = relative(logs_dir, run.jsonl_path)
    connection.execute("DELETE FROM skipped WHERE path = ?", (path,))
    row = connection.execute(_UPSERT_RUN, _run_row(path, run)).fetchone()
    if row is None:
        return None
    rowid = int(row[0])
    connection.execute("DELETE FROM steps WHERE run = ?", (rowid,))
    connection.executemany(
        _UPSERT_STEP, [_step_row(rowid, seq, step) for seq, step in enumerate(run.steps, 1)]
    )
    return rowid


def mark_skipped(connection: sqlite3.Connection, path: str, size: int, mtime_ns: int) -> None:
    """Remember a file that is not (or no longer) a readable run, unless a writer has meanwhile
    indexed more of it than was read (a file is empty for a moment before its header)."""
    newer = connection.execute(
        "SELECT 1 FROM runs WHERE path = ? AND size > ? AND mtime_ns >= ?", (path, size, mtime_ns)
    )
    if newer.fetchone() is None:
        forget(connection, [path])
        connection.execute("INSERT INTO skipped VALUES (?, ?, ?)", (path, size, mtime_ns))


def forget(connection: sqlite3.Connection, paths: list[str]) -> None:
    for path in paths:
        row = connection.execute("DELETE FROM runs WHERE path = ? RETURNING rowid", (path,))
        for (rowid,) in row.fetchall():
            connection.execute("DELETE FROM steps WHERE run = ?", (rowid,))
        connection.execute("DELETE FROM skipped WHERE path = ?", (path,))


class RunFeed:
    """Keeps the index in step with one run as its writer appends to it.

    Any failure (index busy past the timeout, damaged, read-only, disk full) costs only the
    index: the feed warns once and stops, and the next `logs list` re-reads the file, which it
    finds out of step by its size. The log file itself is never held back.
    """

    def __init__(self, logs_dir: Path) -> None:
        self._logs_dir = Path(logs_dir)
        self._connection: sqlite3.Connection | None = None
        self._rowid: int | None = None
        self._failed = False

    def started(self, run: ParsedRun) -> None:
        self._rowid = self._apply(lambda connection: index_run(connection, self._logs_dir, run))

    def step(
        self, seq: int, step: Mapping[str, Any], steps: int, totals: dict[str, int], file: Stat
    ) -> None:
        """`seq`: the record's place in the log; `steps`: the steps taken so far (a wrap-up or
        critic record is not one); `totals`: the run's prompt and completion tokens so far;
        `file`: its size and mtime."""

        def write(connection: sqlite3.Connection) -> None:
            connection.execute(_UPSERT_STEP, _step_row(self._require_row(), seq, step))
            self._update_run(connection, {"steps": steps, **totals}, file)

        self._apply(write)

    def ended(self, end: Mapping[str, Any], steps: int, file: Stat) -> None:
        texts = {k: None if end[k] is None else str(end[k]) for k in ("answer", "error")}
        values = {"status": str(end["status"]), **texts, "steps": steps,
                  "prompt_tokens": end["prompt_tokens"],
                  "completion_tokens": end["completion_tokens"]}  # fmt: skip
        self._apply(lambda connection: self._update_run(connection, values, file))
        self.close()

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _apply(self, write: Callable[[sqlite3.Connection], _T]) -> _T | None:
        if self._failed:
            return None
        try:
            if self._connection is None:
                folder = index_path(self._logs_dir)
                folder.parent.mkdir(exist_ok=True)
                self._connection = connect(folder, busy_seconds=WRITER_BUSY_SECONDS)
            with transaction(self._connection):
                return write(self._connection)
        except (sqlite3.Error, OSError, _RowGone) as error:
            self._failed = True
            self.close()
            warnings.warn(
                f"run index of {self._logs_dir} not updated ({error}); the log file is complete "
                "and the next `react-repl logs list` indexes it",
                RunLogWarning,
                3,
            )
            return None

    def _require_row(self) -> int:
        if self._rowid is None:
            raise _RowGone("the run's row is missing")
        return self._rowid

    def _update_run(
        self, connection: sqlite3.Connection, values: dict[str, Any], file: Stat
    ) -> None:
        assignments = ", ".join(f"{key} = :{key}" for key in values)
        cursor = connection.execute(
            f"UPDATE runs SET {assignments}, size = :size, mtime_ns = :mtime_ns "
            "WHERE rowid = :rowid",
            {**values, "size": file[0], "mtime_ns": file[1], "rowid": self._require_row()},
        )
        if cursor.rowcount != 1:
            raise _RowGone("the run's row was removed (index rebuilt?)")


class _RowGone(Exception):
    """The index lost the row this feed was updating; the next sync re-reads the file."""


def _run_row(path: str, run: ParsedRun) -> dict[str, Any]:
    """A log's JSON may decode to lone surrogates (`\\udcff` escapes), which SQLite refuses."""
    values = (path, run.id, run_hash(run.id), str(run.header["task"]), str(run.header["model"]),
              run.started.timestamp(), run.started.isoformat(), run.status, run.steps_taken,
              run.text("answer"), run.text("error"), run.total("prompt_tokens"),
              run.total("completion_tokens"), run.bench_run,
              json.dumps(run.settings(), ensure_ascii=False, default=str), run.size,
              run.mtime_ns)  # fmt: skip
    return {
        column: valid_unicode(value) if isinstance(value, str) else value
        for column, value in zip(_RUN_COLUMNS, values, strict=True)
    }


def _step_row(rowid: int, seq: int, step: Mapping[str, Any]) -> tuple[Any, ...]:
    number = step.get("index")
    return (
        rowid,
        seq,
        number if isinstance(number, int) else seq,
        valid_unicode(str(step.get("kind", "step"))),
        *(valid_unicode(str(step.get(key, ""))) for key in ("thought", "action", "observation")),
    )


_BATCH = 100
"""Files per write transaction: keeps each hold of the write lock short for live writers."""


@dataclass(frozen=True)
class SyncReport:
    indexed: int
    removed: int


def sync(
    connection: sqlite3.Connection,
    logs_dir: Path,
    *,
    index_file: Path | None,
    on_start: Callable[[int], None] | None = None,
) -> SyncReport:
    """Index what changed on disk since the index last saw it; `on_start(n)` before n files.

    A lock beside `index_file` serialises syncs between processes, so two readers do not both
    index the same thousand files; None for a private in-memory index.
    """
    disk = dict(_scan(Path(logs_dir)))
    if _differences(connection, logs_dir, disk) == ([], []):
        return SyncReport(0, 0)
    with nullcontext() if index_file is None else rebuild_lock(index_file):
        return _apply(connection, logs_dir, disk, on_start)


def _apply(
    connection: sqlite3.Connection,
    logs_dir: Path,
    disk: dict[str, Stat],
    on_start: Callable[[int], None] | None,
) -> SyncReport:
    changed, gone = _differences(connection, logs_dir, disk)
    if gone:
        with transaction(connection):
            forget(connection, gone)
    if changed and on_start is not None:
        on_start(len(changed))
    for start in range(0, len(changed), _BATCH):
        batch = changed[start : start + _BATCH]
        parsed = [(path, read_run(Path(logs_dir) / path)) for path in batch]
        with transaction(connection):
            for path, run in parsed:
                if run is None:
                    mark_skipped(connection, path, *disk[path])
                else:
                    index_run(connection, logs_dir, run)
    return SyncReport(len(changed), len(gone))


def _differences(
    connection: sqlite3.Connection, logs_dir: Path, disk: dict[str, Stat]
) -> tuple[list[str], list[str]]:
    """Files to (re)read, and rows whose file is gone.

    `disk` may predate rows a writer added since, for files created after the scan: a row is
    only dropped when its file is missing now.
    """
    known: dict[str, Stat] = {
        path: (size, mtime_ns)
        for path, size, mtime_ns in connection.execute(
            "SELECT path, size, mtime_ns FROM runs "
            "UNION ALL SELECT path, size, mtime_ns FROM skipped"
        )
    }
    changed = sorted(path for path, stat in disk.items() if known.get(path) != stat)
    gone = [path for path in known if path not in disk and not (logs_dir / path).exists()]
    return changed, gone


def _scan(folder: Path) -> Iterator[tuple[str, Stat]]:
    """Every `*.jsonl` file below `folder` with its size and mtime; dot-folders (the index)
    skipped, and anything but a regular file (a FIFO would block its reader)."""
    for root, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in files:
            path = os.path.join(root, name)
            try:
                stat = os.stat(path)
            except OSError:
                continue
            if name.endswith(".jsonl") and not name.startswith(".") and S_ISREG(stat.st_mode):
                yield os.path.relpath(path, folder), (stat.st_size, stat.st_mtime_ns)
