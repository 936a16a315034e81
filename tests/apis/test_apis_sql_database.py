import sqlite3
from pathlib import Path

import pytest
import sql_database as sql


@pytest.fixture
def sample(workspace: Path) -> Path:
    created = sql.create_sample_database()
    return Path(created["path"])


def test_sample_database_is_deterministic(workspace: Path) -> None:
    first = sql.create_sample_database()
    assert first["path"] == str(workspace / "data.db")
    assert first["tables"] == {"AGENTS": 6, "CUSTOMER": 12, "ORDERS": 120}
    before = sql.run_sql_query("SELECT * FROM ORDERS ORDER BY ORD_NUM", max_rows=1000)
    with pytest.raises(FileExistsError, match="overwrite=True"):
        sql.create_sample_database()
    sql.create_sample_database(overwrite=True)
    assert sql.run_sql_query("SELECT * FROM ORDERS ORDER BY ORD_NUM", max_rows=1000) == before
    assert not list(workspace.glob("*.partial"))


def test_list_tables_and_schema(sample: Path) -> None:
    assert sql.list_database_tables() == ["AGENTS", "CUSTOMER", "ORDERS"]
    schema = sql.get_table_schema("ORDERS")
    assert schema[0] == {
        "name": "ORD_NUM",
        "type": "INTEGER",
        "not_null": False,
        "default": None,
        "primary_key": True,
    }
    assert [column["name"] for column in schema][-1] == "ORD_DESCRIPTION"
    with pytest.raises(ValueError, match="AGENTS, CUSTOMER, ORDERS"):
        sql.get_table_schema("orders; DROP TABLE AGENTS")


def test_query_returns_rows_as_dicts_with_parameters(sample: Path) -> None:
    result = sql.run_sql_query(
        "SELECT COUNT(*) AS n, SUM(ORD_AMOUNT) AS total FROM ORDERS WHERE ORD_DATE BETWEEN ? AND ?",
        parameters=["2024-01-01", "2024-03-31"],
    )
    assert result["columns"] == ["n", "total"]
    assert result["row_count"] == 1 and result["truncated"] is False
    with sqlite3.connect(sample) as db:
        expected = db.execute(
            "SELECT COUNT(*), SUM(ORD_AMOUNT) FROM ORDERS WHERE ORD_DATE <= '2024-03-31'"
        ).fetchone()
    assert (result["rows"][0]["n"], result["rows"][0]["total"]) == expected
    assert 0 < expected[0] < 120


def test_row_limit_marks_truncation(sample: Path) -> None:
    result = sql.run_sql_query("SELECT ORD_NUM FROM ORDERS", max_rows=5)
    assert result["row_count"] == 5 and result["truncated"] is True
    with pytest.raises(ValueError, match="max_rows"):
        sql.run_sql_query("SELECT 1", max_rows=5000)


@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM ORDERS",
        "DROP TABLE AGENTS",
        "UPDATE CUSTOMER SET GRADE = 0",
        "CREATE TABLE t (x)",
        "INSERT INTO AGENTS (AGENT_CODE) VALUES ('X')",
        "WITH gone AS (SELECT 1) DELETE FROM AGENTS",
    ],
)
def test_read_only_query_refuses_writes(sample: Path, statement: str) -> None:
    with pytest.raises(ValueError, match="execute_sql_statement"):
        sql.run_sql_query(statement)
    assert sql.run_sql_query("SELECT COUNT(*) AS n FROM ORDERS")["rows"][0]["n"] == 120
    assert sql.list_database_tables() == ["AGENTS", "CUSTOMER", "ORDERS"]


def test_switching_query_only_off_does_not_open_writes(sample: Path) -> None:
    assert sql.run_sql_query("PRAGMA query_only = OFF")["rows"] == []
    with pytest.raises(ValueError, match="execute_sql_statement"):
        sql.run_sql_query("DELETE FROM ORDERS")
    assert sql.run_sql_query("SELECT COUNT(*) AS n FROM ORDERS")["rows"][0]["n"] == 120


def test_attach_is_refused(sample: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.db"
    for call in (
        lambda: sql.run_sql_query(f"ATTACH DATABASE '{outside}' AS other"),
        lambda: sql.execute_sql_statement(f"ATTACH DATABASE '{outside}' AS other"),
    ):
        with pytest.raises(ValueError, match="ATTACH"):
            call()
    assert not outside.exists()


def test_explicit_statements_change_data(sample: Path) -> None:
    changed = sql.execute_sql_statement(
        "UPDATE CUSTOMER SET GRADE = ? WHERE AGENT_CODE = ?", parameters=[9, "A003"]
    )
    assert changed == {"rows_changed": 2}
    count = sql.run_sql_query("SELECT COUNT(*) AS n FROM CUSTOMER WHERE GRADE = 9")
    assert count["rows"][0]["n"] == 2


def test_database_argument_stays_in_the_workspace(workspace: Path) -> None:
    sql.execute_sql_statement("CREATE TABLE notes (body TEXT)", database="mine/notes.db")
    sql.execute_sql_statement("INSERT INTO notes VALUES (?)", ["hi"], database="mine/notes.db")
    assert sql.list_database_tables(database="mine/notes.db") == ["notes"]
    assert sql.run_sql_query("SELECT body FROM notes", database="mine/notes.db")["rows"] == [
        {"body": "hi"}
    ]
    with pytest.raises(PermissionError):
        sql.execute_sql_statement("CREATE TABLE x (y)", database="../escape.db")
    assert not (workspace.parent / "escape.db").exists()


def test_configured_database_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "elsewhere" / "sales.db"
    monkeypatch.setenv("REACT_REPL_SQLITE_DB", str(target))
    monkeypatch.setenv("REACT_REPL_WORKSPACE", str(tmp_path / "ws"))
    assert sql.create_sample_database()["path"] == str(target)
    assert "ORDERS" in sql.list_database_tables()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("SELEC * FROM ORDERS", "SQL error"),
        ("SELECT * FROM nope", "list_database_tables"),
        ("SELECT 1; SELECT 2", "one SQL statement"),
    ],
)
def test_bad_sql_explains_itself(sample: Path, query: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sql.run_sql_query(query)


def test_missing_and_corrupt_databases(workspace: Path) -> None:
    with pytest.raises(FileNotFoundError, match="create_sample_database"):
        sql.list_database_tables()
    workspace.mkdir(exist_ok=True)
    (workspace / "data.db").write_bytes(b"this is not sqlite at all, just text" * 100)
    with pytest.raises(ValueError, match="not a SQLite database"):
        sql.run_sql_query("SELECT 1 FROM ORDERS")
    with pytest.raises(ValueError, match="not a SQLite database"):
        sql.list_database_tables()


def test_runaway_query_is_interrupted(sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sql, "QUERY_SECONDS", 0.2)
    endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT MAX(x) FROM c"
    with pytest.raises(ValueError, match="longer than"):
        sql.run_sql_query(endless)
