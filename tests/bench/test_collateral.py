"""Collateral damage: what counts as a change, and what `may_change` allows."""

import json
import sqlite3
from pathlib import Path

from react_repl.bench._collateral import changed_keys, forbidden_changes, snapshot


def make_db(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL)")
        db.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO orders VALUES (1, 9.5)")
        db.execute("INSERT INTO customers VALUES (1, 'Ada')")
    db.close()


def test_files_json_values_and_database_tables(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("keep")
    (tmp_path / "state.json").write_text('{"a": 1, "b": [1, 2]}')
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "old.txt").write_text("x")
    make_db(tmp_path / "shop.db")
    before = snapshot(tmp_path)

    (tmp_path / "state.json").write_text(json.dumps({"b": [1, 2], "a": 1}, indent=4))  # same value
    with sqlite3.connect(tmp_path / "shop.db") as db:
        db.execute("INSERT INTO orders VALUES (2, 3.0)")
    db.close()
    (tmp_path / "sub" / "old.txt").unlink()
    (tmp_path / "sub" / "new.txt").write_text("y")
    (tmp_path / "shop.db-journal").write_text("ignored")

    assert changed_keys(before, snapshot(tmp_path)) == [
        "db:shop.db:orders", "sub/new.txt", "sub/old.txt",
    ]  # fmt: skip


def test_may_change_rules() -> None:
    changes = ["db:shop.db:orders", "db:shop.db:customers", "sub/new.txt", "a/b/c.txt",
               "report.csv", "posts:slack"]  # fmt: skip
    assert forbidden_changes(changes, ["*"]) == []
    assert forbidden_changes(changes, ["db:shop.db:orders", "sub/*", "**/*.txt", "*.csv"]) == [
        "db:shop.db:customers", "posts:slack",
    ]  # fmt: skip
    assert forbidden_changes(changes, ["db:shop.db", "shop.db", "posts:*"]) == [
        "sub/new.txt", "a/b/c.txt", "report.csv",
    ]  # fmt: skip
    assert forbidden_changes(["a/b/c.txt"], ["a/*"]) == ["a/b/c.txt"]  # * stays in its folder
    assert forbidden_changes(["a/b/c.txt"], ["a/**"]) == []
    assert forbidden_changes(["posts:discord"], ["posts:slack"]) == ["posts:discord"]
    assert forbidden_changes(["db:shop.db:orders"], ["shop.db"]) == []  # a file glob covers tables


def test_a_deleted_database_is_a_change(tmp_path: Path) -> None:
    make_db(tmp_path / "shop.db")
    before = snapshot(tmp_path)
    (tmp_path / "shop.db").unlink()
    assert changed_keys(before, snapshot(tmp_path)) == [
        "db:shop.db", "db:shop.db:customers", "db:shop.db:orders",
    ]  # fmt: skip
