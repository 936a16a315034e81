"""The memory store: one SQLite file, a row per remembered run, its embedding beside it.

SQLite because several runs (bench workers, a person's terminals) may finish at once: its locking
makes concurrent writers safe, and the file survives a killed process. Search embeds the query
with the same MiniLM as method_search and ranks by cosine; there are few enough memories that
an exact scan is fast.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from react_repl._paths import cache_dir

if TYPE_CHECKING:
    from react_repl.index import Encoder

_SCHEMA = """
CREATE TABLE IF NOT EXISTS memories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    task TEXT NOT NULL,
    actions TEXT NOT NULL,
    answer TEXT,
    model TEXT,
    run_log TEXT,
    embedding BLOB NOT NULL
)
"""


@dataclass(frozen=True)
class Memory:
    id: int
    created: float
    task: str
    actions: str  # the code of the steps that worked, in order
    answer: str | None
    model: str
    run_log: str
    score: float = 0.0


def default_memory_path() -> Path:
    override = os.environ.get("REACT_REPL_MEMORY")
    return Path(override).expanduser() if override else cache_dir() / "memory.sqlite"


class MemoryStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path else default_memory_path()
        self._encoder: Encoder | None = None

    def add(
        self, task: str, actions: str, answer: str | None, *, model: str = "", run_log: str = ""
    ) -> int:
        vector = self._embed(task)
        with self._connection() as db:
            cursor = db.execute(
                "INSERT INTO memories (created, task, actions, answer, model, run_log, embedding)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (time.time(), task, actions, answer, model, run_log, vector.tobytes()),
            )
            return int(cursor.lastrowid or 0)

    def search(self, query: str, k: int = 3) -> list[Memory]:
        """The k memories whose task is closest in meaning to `query`, best first."""
        rows = self._rows("SELECT * FROM memories")
        if not rows:
            return []
        query_vector = self._embed(query)
        scored = [
            (float(np.frombuffer(row["embedding"], dtype=np.float32) @ query_vector), row)
            for row in rows
        ]
        scored.sort(key=lambda pair: pair[0], reverse=True)
        return [_memory(row, score) for score, row in scored[:k]]

    def all(self) -> list[Memory]:
        return [_memory(row) for row in self._rows("SELECT * FROM memories ORDER BY id")]

    def forget(self, memory_id: int) -> bool:
        with self._connection() as db:
            return db.execute("DELETE FROM memories WHERE id = ?", (memory_id,)).rowcount > 0

    def clear(self) -> int:
        with self._connection() as db:
            return db.execute("DELETE FROM memories").rowcount

    def _rows(self, sql: str) -> list[sqlite3.Row]:
        if not self.path.exists():
            return []
        with self._connection() as db:
            return list(db.execute(sql))

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(self.path, timeout=30)) as db:
            db.row_factory = sqlite3.Row
            db.execute(_SCHEMA)
            with db:
                yield db

    def _embed(self, text: str) -> np.ndarray:
        if self._encoder is None:
            from react_repl.index import OnnxMiniLM

            self._encoder = OnnxMiniLM()
        return np.asarray(self._encoder.encode([text])[0], dtype=np.float32)


def _memory(row: sqlite3.Row, score: float = 0.0) -> Memory:
    return Memory(
        id=row["id"], created=row["created"], task=row["task"], actions=row["actions"],
        answer=row["answer"], model=row["model"] or "", run_log=row["run_log"] or "",
        score=score,
    )  # fmt: skip
