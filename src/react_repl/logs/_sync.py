"""Bringing the index in step with the files: new logs (copied in, or from a writer that could
not reach the index), logs that changed, logs that were deleted.

A file is compared by its size and mtime only, so a folder of 10,000 runs already indexed costs
one directory walk and no reads.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ._db import rebuild_lock, transaction
from ._index import Stat, forget, index_run, mark_skipped
from ._parse import read_run

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
    if index_file is None:
        return _apply(connection, logs_dir, disk, on_start)
    with rebuild_lock(index_file):
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


def _scan(folder: Path, prefix: str = "") -> Iterator[tuple[str, Stat]]:
    """Every `*.jsonl` below `folder` with its size and mtime; dot-folders (the index) skipped."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                yield from _scan(Path(entry.path), f"{prefix}{entry.name}/")
            elif entry.name.endswith(".jsonl") and entry.is_file():
                stat = entry.stat()
                yield f"{prefix}{entry.name}", (stat.st_size, stat.st_mtime_ns)
        except OSError:
            continue
