"""Rebuild the suite's SQLite fixtures from their SQL sources: `python build_fixtures.py`.

The `.sql` files in fixture_sources/ are what people read and review; the `.db` files in
fixtures/ are what the bench copies into each task's workspace. A test checks that the two say
the same thing, so edit the SQL and run this script, never the database.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

SUITE = Path(__file__).resolve().parent
SOURCES = SUITE / "fixture_sources"
FIXTURES = SUITE / "fixtures"


def build(source: Path, target: Path) -> None:
    target.unlink(missing_ok=True)
    with closing(sqlite3.connect(target)) as connection:
        connection.executescript(source.read_text(encoding="utf-8"))
        connection.commit()
        connection.execute("VACUUM")


def main() -> None:
    for source in sorted(SOURCES.glob("*.sql")):
        target = FIXTURES / f"{source.stem}.db"
        build(source, target)
        print(f"built {target.relative_to(SUITE)}")


if __name__ == "__main__":
    main()
