"""`replay_writes`: a program run again after a later line failed does not repeat its writes.
Counted where it matters, in the file the write API appends to."""

from __future__ import annotations

from pathlib import Path

import ledger_api
import pytest

from react_repl.sandbox import Sandbox

APIS = [ledger_api.book_seat, ledger_api.list_bookings]
PROGRAM = """booking = book_seat("SK542", "Ana Sousa")
print(booking)
print(booking["ref"])"""


def bookings(workspace: Path) -> list[str]:
    path = workspace / "bookings.txt"
    return path.read_text().splitlines() if path.exists() else []


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return tmp_path / "workspace"


def test_a_program_run_again_books_once_and_says_so(workspace: Path) -> None:
    with Sandbox(APIS, workspace=workspace, replay_writes=True) as box:
        first = box.run(PROGRAM)
        assert first.error == "KeyError"
        again = box.run(PROGRAM.replace('booking["ref"]', 'booking["reference"]'))
    assert again.ok, again.text
    assert bookings(workspace) == ["SK542 Ana Sousa any"]
    assert again.text.splitlines() == [
        "[book_seat('SK542', 'Ana Sousa') already ran with these arguments earlier in this run: "
        "its result is used again, the change was not made twice.]",
        "{'reference': 'BK001', 'flight': 'SK542', 'passenger': 'Ana Sousa'}",
        "BK001",
    ]
    assert again.api_calls == {}  # a replay is not a call: it uses no budget


def test_the_same_call_written_another_way_is_the_same_call(workspace: Path) -> None:
    with Sandbox(APIS, workspace=workspace, replay_writes=True) as box:
        box.run('book_seat("SK542", "Ana Sousa")')
        box.run('book_seat(passenger="Ana Sousa", flight="SK542", seat="any")')
        box.run('book_seat("SK542", "Ana Sousa", seat="12A")')
        box.run('book_seat("SK542", "Bo Berg")')
    assert bookings(workspace) == [
        "SK542 Ana Sousa any",
        "SK542 Ana Sousa 12A",
        "SK542 Bo Berg any",
    ]


def test_a_replayed_result_cannot_be_changed_through_the_earlier_one(workspace: Path) -> None:
    with Sandbox(APIS, workspace=workspace, replay_writes=True) as box:
        box.run('first = book_seat("SK542", "Ana Sousa")\nfirst["reference"] = "mine"')
        observation = box.run('print(book_seat("SK542", "Ana Sousa")["reference"])')
    assert observation.text.splitlines()[-1] == "BK001"


def test_reads_and_unplain_arguments_run_every_time(workspace: Path) -> None:
    with Sandbox(APIS, workspace=workspace, replay_writes=True) as box:
        box.run('book_seat("SK542", "Ana Sousa")')
        assert box.run("print(len(list_bookings()))").text == "1"
        name = "class Name:\n    def __str__(self):\n        return 'Ana Sousa'\n"
        box.run(f"{name}book_seat('SK542', Name())")
        box.run(f"{name}book_seat('SK542', Name())")
    assert len(bookings(workspace)) == 3  # agent-made objects are never keyed: each call ran


def test_a_str_subclass_is_keyed_as_the_text_it_holds(workspace: Path) -> None:
    """It reaches the API as an exact str (issue 33), so it is the same call as the plain one."""
    with Sandbox(APIS, workspace=workspace, replay_writes=True) as box:
        box.run('book_seat("SK542", "Ana Sousa")')
        box.run("class Name(str):\n    pass\nbook_seat('SK542', Name('Ana Sousa'))")
    assert bookings(workspace) == ["SK542 Ana Sousa any"]


def test_off_by_default(workspace: Path) -> None:
    with Sandbox(APIS, workspace=workspace) as box:
        box.run(PROGRAM)
        box.run(PROGRAM)
    assert len(bookings(workspace)) == 2
