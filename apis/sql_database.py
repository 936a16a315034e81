"""SQLite tables: list them, read their schema, query them read-only, and (explicitly) change them.

The database is `REACT_REPL_SQLITE_DB` (default `workspace/data.db`); the `database` argument picks
another SQLite file inside the workspace. Queries run on a connection opened with `mode=ro`, so a
model-written `DELETE` cannot slip through `run_sql_query`; changes need `execute_sql_statement`.
`ATTACH` is refused everywhere, since it would open files outside the workspace.
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

from _config import setting
from _sample_data import create_sample_tables
from _workspace import resolve_in_workspace, workspace_dir

__all__ = [
    "create_sample_database",
    "execute_sql_statement",
    "get_table_schema",
    "list_database_tables",
    "run_sql_query",
]
# What each call does beyond returning a value (read by the sandbox and approvals; see
# react_repl.registry's `api` docstring).
__react_repl__ = {
    "execute_sql_statement": {"side_effects": True},
    "create_sample_database": {"side_effects": True},
}

DATABASE_ENV = "REACT_REPL_SQLITE_DB"
MAX_ROWS_LIMIT = 1000
QUERY_SECONDS = 10.0


def list_database_tables(database: str | None = None) -> list[str]:
    """List the names of all tables in the SQL (SQLite) database.

    Args:
        database: SQLite file inside the workspace; None uses the configured database.

    Returns:
        Table names, sorted.

    Raises:
        FileNotFoundError: The database file does not exist.
        ValueError: The file is not a SQLite database.
    """
    rows = _read(database, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    return [name for (name,) in rows if not name.startswith("sqlite_")]


def get_table_schema(table: str, database: str | None = None) -> list[dict]:
    """Get the schema (columns and their types) of a table in the SQL database.

    Args:
        table: The table name, as listed by list_database_tables().
        database: SQLite file inside the workspace; None uses the configured database.

    Returns:
        One dict per column with keys name, type, not_null, default and primary_key.

    Raises:
        FileNotFoundError: The database file does not exist.
        ValueError: There is no such table.
    """
    tables = list_database_tables(database)
    if table not in tables:
        raise ValueError(f"There is no table '{table}'. The tables are: {', '.join(tables)}.")
    rows = _read(database, "SELECT * FROM pragma_table_info(?)", [table])
    return [
        {
            "name": name,
            "type": kind,
            "not_null": bool(not_null),
            "default": default,
            "primary_key": bool(key),
        }
        for _, name, kind, not_null, default, key in rows
    ]


def run_sql_query(
    query: str, max_rows: int = 100, parameters: list | None = None, database: str | None = None
) -> dict:
    """Run a read-only SQL query (SELECT) on the database and return the rows.

    Args:
        query: One SQL statement that reads, e.g. "SELECT COUNT(*) AS n FROM ORDERS".
        max_rows: Most rows to return (at most 1000); `truncated` says if more matched.
        parameters: Values for `?` placeholders in the query, in order.
        database: SQLite file inside the workspace; None uses the configured database.

    Returns:
        Keys columns (names), rows (one dict per row, column name to value), row_count and
        truncated.

    Raises:
        FileNotFoundError: The database file does not exist.
        ValueError: The SQL is invalid, tries to change data, or takes longer than 10 s.
    """
    if not 1 <= max_rows <= MAX_ROWS_LIMIT:
        raise ValueError(f"max_rows must be between 1 and {MAX_ROWS_LIMIT}.")
    with closing(_connect(_database_path(database, must_exist=True), read_only=True)) as db:
        cursor = _execute(db, query, parameters)
        columns = [column[0] for column in cursor.description or []]
        fetched = _fetch(cursor, max_rows + 1)
    rows = [dict(zip(columns, row, strict=True)) for row in fetched[:max_rows]]
    return {
        "columns": columns,
        "rows": rows,
        "row_count": len(rows),
        "truncated": len(fetched) > max_rows,
    }


def execute_sql_statement(
    statement: str, parameters: list | None = None, database: str | None = None
) -> dict:
    """Execute one SQL statement that changes the database (INSERT, UPDATE, DELETE, CREATE TABLE).

    Args:
        statement: One SQL statement, e.g. "UPDATE ORDERS SET ORD_AMOUNT = ? WHERE ORD_NUM = ?".
        parameters: Values for `?` placeholders in the statement, in order.
        database: SQLite file inside the workspace (created if missing); None uses the configured
            database.

    Returns:
        Key rows_changed: how many rows were inserted, updated or deleted.

    Raises:
        ValueError: The SQL is invalid or attaches another database.
    """
    path = _database_path(database, must_exist=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    with closing(_connect(path, read_only=False)) as db:
        cursor = _execute(db, statement, parameters)
        db.commit()
        return {"rows_changed": max(cursor.rowcount, 0)}


def create_sample_database(overwrite: bool = False) -> dict:
    """Create a demo sales database (tables AGENTS, CUSTOMER, ORDERS of 2024) to practise SQL on.

    Args:
        overwrite: True replaces an existing database file at the configured path.

    Returns:
        Keys path (the database file) and tables (row count per table).

    Raises:
        FileExistsError: The database already exists and overwrite is False.
    """
    path = _database_path(None, must_exist=False)
    if path.exists() and not overwrite:
        raise FileExistsError(
            f"{path} already exists; query it, or pass overwrite=True to replace it."
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    with closing(sqlite3.connect(partial)) as db:
        counts = create_sample_tables(db)
        db.commit()
    partial.replace(path)
    return {"path": str(path), "tables": counts}


def _database_path(database: str | None, must_exist: bool) -> Path:
    if database:
        path = resolve_in_workspace(database)
    else:
        configured = setting(DATABASE_ENV)
        path = Path(configured).expanduser() if configured else workspace_dir() / "data.db"
    if must_exist and not path.is_file():
        raise FileNotFoundError(
            f"There is no SQLite database at {path}. create_sample_database() makes a demo one; "
            f"{DATABASE_ENV} chooses another file."
        )
    return path


def _connect(path: Path, read_only: bool) -> sqlite3.Connection:
    try:
        if read_only:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            db.execute("PRAGMA query_only = ON")
        else:
            db = sqlite3.connect(path)
    except sqlite3.Error as error:
        message = f"Cannot open the database {path}: {error}."
    else:
        db.set_authorizer(_refuse_attach)
        deadline = time.monotonic() + QUERY_SECONDS
        db.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        return db
    raise ValueError(message)


def _refuse_attach(action: int, *_: object) -> int:
    refused = action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH)
    return sqlite3.SQLITE_DENY if refused else sqlite3.SQLITE_OK


def _execute(db: sqlite3.Connection, sql: str, parameters: list | None) -> sqlite3.Cursor:
    try:
        return db.execute(sql, parameters or [])
    except (sqlite3.Error, sqlite3.Warning) as error:
        message = _explain(error)
    raise ValueError(message)


def _fetch(cursor: sqlite3.Cursor, count: int) -> list[tuple]:
    try:
        return cursor.fetchmany(count)
    except sqlite3.Error as error:
        message = _explain(error)
    raise ValueError(message)


def _read(database: str | None, sql: str, parameters: list | None = None) -> list[tuple]:
    with closing(_connect(_database_path(database, must_exist=True), read_only=True)) as db:
        return _fetch(_execute(db, sql, parameters), MAX_ROWS_LIMIT * 10)


def _explain(error: Exception) -> str:
    text = str(error)
    lowered = text.lower()
    if "readonly" in lowered or "read-only" in lowered or "query_only" in lowered:
        return "run_sql_query only reads; use execute_sql_statement() to change data."
    if "one statement at a time" in lowered:
        return "Run one SQL statement per call."
    if "not authorized" in lowered:
        return "ATTACH and DETACH are not allowed; use the database argument to pick a file."
    if "interrupted" in lowered:
        return f"The query took longer than {QUERY_SECONDS:.0f} s; make it simpler or add LIMIT."
    if "not a database" in lowered:
        return f"The file is not a SQLite database ({text})."
    return f"SQL error: {text}. Check names with list_database_tables() and get_table_schema()."
