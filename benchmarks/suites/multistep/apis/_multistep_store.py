"""Where the multistep suite's API modules keep their data: the task's own workspace.

The bench copies the suite's fixtures into a fresh folder for every task and names it in
REACT_REPL_WORKSPACE. Every read and write goes there, so a run can only change its own copy and
the checks can compare what it left with the original fixtures. Reads never rewrite a file, so a
task that only looks things up leaves every fixture byte for byte as it was.
"""

from __future__ import annotations

import json
import os
import sqlite3
import unicodedata
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import date
from pathlib import Path
from typing import Any

WORKSPACE_ENV = "REACT_REPL_WORKSPACE"


def data_file(name: str) -> Path:
    """A fixture file in the task's workspace; a missing one is a set-up error, said plainly."""
    folder = os.environ.get(WORKSPACE_ENV)
    if not folder:
        raise RuntimeError(
            f"{WORKSPACE_ENV} is not set: these APIs read their data from the task's workspace."
        )
    path = Path(folder) / name
    if not path.is_file():
        raise FileNotFoundError(f"The data file {name} is missing from the workspace {folder}.")
    return path


def read_json(name: str) -> Any:
    return json.loads(data_file(name).read_text(encoding="utf-8"))


def write_json(name: str, data: Any) -> None:
    """Write through a temporary file so a killed run never leaves half a JSON document."""
    path = data_file(name)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(temporary, path)


@contextmanager
def database(name: str, *, write: bool = False) -> Iterator[sqlite3.Connection]:
    """A connection whose rows read like dicts; read-only unless `write`, committed on success."""
    path = data_file(name)
    uri = path.as_uri() + ("" if write else "?mode=ro")
    with closing(sqlite3.connect(uri, uri=True)) as connection:
        connection.row_factory = sqlite3.Row
        with connection:
            yield connection


def fetch_all(connection: sqlite3.Connection, sql: str, *params: Any) -> list[dict[str, Any]]:
    return [dict(row) for row in connection.execute(sql, params)]


def fetch_one(connection: sqlite3.Connection, sql: str, *params: Any) -> dict[str, Any] | None:
    row = connection.execute(sql, params).fetchone()
    return dict(row) if row is not None else None


def parse_day(text: str, what: str = "date") -> date:
    """ISO dates only: the data is kept that way and a guessed day-month order would be wrong."""
    try:
        return date.fromisoformat(str(text).strip())
    except ValueError:
        raise ValueError(
            f"The {what} must be written YYYY-MM-DD, e.g. 2025-06-14; got {text!r}."
        ) from None


def folded(text: str) -> str:
    """Lower case without accents, so 'Wojcik' finds 'Wójcik' as a person would expect."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def next_id(prefix: str, existing: list[str], width: int) -> str:
    """The next number after the highest existing one, e.g. BK1003 -> BK1004."""
    numbers = [int(item[len(prefix) :]) for item in existing if item.startswith(prefix)]
    return f"{prefix}{max(numbers, default=0) + 1:0{width}d}"


def money(amount: float) -> float:
    return round(float(amount), 2)
