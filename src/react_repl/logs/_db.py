"""The SQLite file that indexes a logs folder: where it lives, its schema, how it is opened.

It is a cache of the JSONL files and never the record: when it is missing, damaged or from an
older schema it is thrown away and rebuilt from them. WAL lets readers list while several bench
workers write; every connection waits for the write lock instead of failing at once.
"""

from __future__ import annotations

import fcntl
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

SCHEMA_VERSION = 1
INDEX_FOLDER = ".index"
WRITER_BUSY_SECONDS = 2.0
"""A run's writer waits this long for the index, then leaves the run to the next reader's sync:
an agent step must not stall behind a reader indexing thousands of copied-in logs."""
READER_BUSY_SECONDS = 10.0

_SCHEMA = """
CREATE TABLE runs (
    rowid INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,          -- the JSONL file, relative to the logs folder
    id TEXT NOT NULL,                   -- its stem, as named by the writer
    hash TEXT NOT NULL,                 -- sha1 of the id; short ids are its prefixes
    task TEXT NOT NULL,
    model TEXT NOT NULL,
    started REAL NOT NULL,              -- POSIX time, for sorting and date filters
    started_text TEXT NOT NULL,         -- ISO 8601 with the writer's UTC offset
    status TEXT NOT NULL,
    steps INTEGER NOT NULL,
    answer TEXT,
    error TEXT,
    prompt_tokens INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    bench_run TEXT,
    settings TEXT NOT NULL,             -- JSON object, for --setting filters
    size INTEGER NOT NULL,              -- of the JSONL file when last indexed
    mtime_ns INTEGER NOT NULL
);
CREATE INDEX runs_by_start ON runs(started);
CREATE INDEX runs_by_hash ON runs(hash);
CREATE INDEX runs_by_id ON runs(id);
CREATE INDEX runs_by_bench ON runs(bench_run);
CREATE TABLE steps (
    rowid INTEGER PRIMARY KEY,
    run INTEGER NOT NULL,
    seq INTEGER NOT NULL,               -- position in the file: step numbers repeat on reminders
    step INTEGER NOT NULL,
    kind TEXT NOT NULL,
    thought TEXT NOT NULL,
    action TEXT NOT NULL,
    observation TEXT NOT NULL,
    UNIQUE (run, seq)
);
CREATE TABLE skipped (                  -- files that are not readable runs, so they are not
    path TEXT PRIMARY KEY,              -- re-read (and re-reported) until they change
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL
);
"""


def _full_text(table: str, columns: str) -> str:
    """An FTS5 index over `columns` of `table`, and the triggers that keep it in step."""
    text, names = f"{table}_text", columns.split(", ")
    new = ", ".join(f"new.{name}" for name in names)
    old = ", ".join(f"old.{name}" for name in names)
    add = f"INSERT INTO {text}(rowid, {columns}) VALUES (new.rowid, {new});"
    drop = f"INSERT INTO {text}({text}, rowid, {columns}) VALUES ('delete', old.rowid, {old});"
    return f"""
CREATE VIRTUAL TABLE {text} USING fts5(
    {columns}, content='{table}', content_rowid='rowid',
    tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER {text}_insert AFTER INSERT ON {table} BEGIN {add} END;
CREATE TRIGGER {text}_delete AFTER DELETE ON {table} BEGIN {drop} END;
CREATE TRIGGER {text}_update AFTER UPDATE OF {columns} ON {table} BEGIN {drop} {add} END;
"""


_SCHEMA += _full_text("runs", "task, answer, error") + _full_text(
    "steps", "thought, action, observation"
)
_TABLES = ("runs_text", "steps_text", "runs", "steps", "skipped")
_CORRUPT_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def index_path(logs_dir: Path) -> Path:
    return Path(logs_dir) / INDEX_FOLDER / "runs.sqlite3"


def connect(path: Path | str, *, busy_seconds: float) -> sqlite3.Connection:
    """An autocommit connection in WAL mode with the current schema (created if missing)."""
    connection = sqlite3.connect(path, timeout=busy_seconds, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        _ensure_schema(connection)
    except BaseException:
        connection.close()
        raise
    return connection


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE: take the write lock up front, so waiting happens here and not mid-way."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def is_corruption(error: sqlite3.Error) -> bool:
    return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in _CORRUPT_CODES


def is_busy(error: sqlite3.Error) -> bool:
    return (getattr(error, "sqlite_errorcode", 0) & 0xFF) == sqlite3.SQLITE_BUSY


def discard(path: Path) -> None:
    """Delete a damaged index (and its WAL) so the next connection starts a fresh one.

    Taken under a lock so that two readers finding the same damage do not delete each other's
    fresh rebuild.
    """
    with rebuild_lock(path):
        for suffix in ("", "-wal", "-shm"):
            with suppress(FileNotFoundError):
                Path(f"{path}{suffix}").unlink()


@contextmanager
def rebuild_lock(path: Path) -> Iterator[None]:
    """Serialises the slow writers of a whole index: discarding it, or indexing many files."""
    with open(path.with_name("lock"), "a") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield


def _ensure_schema(connection: sqlite3.Connection) -> None:
    if _version(connection) == SCHEMA_VERSION:
        return
    with transaction(connection):
        if _version(connection) == SCHEMA_VERSION:
            return
        for name in _TABLES:
            connection.execute(f"DROP TABLE IF EXISTS {name}")
        for statement in _statements(_SCHEMA):
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _version(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def _statements(script: str) -> Iterator[str]:
    """Split on complete statements, so trigger bodies (which hold semicolons) stay whole."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            yield pending.strip()
            pending = ""
