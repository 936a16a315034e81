"""A write that leaves a trace in the workspace, so a test can count how often it really ran."""

from __future__ import annotations

import os
from pathlib import Path

from react_repl.registry import api


def _ledger() -> Path:
    return Path(os.environ["REACT_REPL_WORKSPACE"]) / "bookings.txt"


@api(side_effects=True)
def book_seat(flight: str, passenger: str, seat: str = "any") -> dict:
    """Books a seat; every call adds a line to bookings.txt."""
    with _ledger().open("a") as file:
        file.write(f"{flight} {passenger} {seat}\n")
    lines = _ledger().read_text().splitlines()
    return {"reference": f"BK{len(lines):03d}", "flight": flight, "passenger": passenger}


def list_bookings() -> list[str]:
    """A read: calling it twice is harmless."""
    return _ledger().read_text().splitlines() if _ledger().exists() else []
