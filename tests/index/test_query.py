"""Multi-part requests: each clause is searched too, so every API the request needs ranks high."""

from __future__ import annotations

from pathlib import Path

from react_repl.index import MethodIndex
from react_repl.index._method_index import query_parts, without_values


def test_a_chained_request_splits_into_its_clauses() -> None:
    request = "Create a folder named temp, then move the report into it and sort its lines by date."
    assert query_parts(request) == [
        "Create a folder named temp",
        "move the report into it",
        "sort its lines by date.",
    ]
    assert query_parts("What is the weather in Paris tomorrow?") == []
    assert query_parts("Cats and dogs") == []


FLIGHTS = "\n\n".join(
    f'def {name}(booking: str) -> str:\n    """{doc}"""\n'
    for name, doc in [
        ("cancel_flight", "Cancel a booked flight and refund the ticket."),
        ("change_seat", "Change the seat of a passenger on a booked flight."),
        ("flight_status", "Tell whether a flight is on time, delayed or cancelled."),
        ("check_in", "Check a passenger in for a flight and issue the boarding pass."),
        ("baggage_allowance", "How many bags a passenger may take on a flight."),
        ("upgrade_cabin", "Upgrade a flight booking to business or first class."),
    ]
)


def test_each_api_a_chained_request_needs_ranks_in_the_top_three(
    tmp_path: Path, api_dir: Path, encoder, discover
) -> None:
    """The flight details pull every flight API above `count_words` for the request as a whole;
    its last clause alone finds it."""
    (api_dir / "flights.py").write_text(FLIGHTS)
    index = MethodIndex.open(tmp_path / "index", encoder=encoder)
    index.build(discover(api_dir))
    request = (
        "Book me a flight from Paris to Rome on Friday morning with a window seat, returning "
        "Sunday evening in economy. Then count the words of my itinerary."
    )
    top = [hit.name for hit in index.search(request, k=3)]
    assert {"book_flight", "count_words"} <= set(top), top


FILES = '''
def cat(file_name: str) -> str:
    """Display the contents of a file from the current directory.

    Args:
        file_name: The name of the file to display.
    """


def save_text(path: str, content: str) -> None:
    """Write text to a file, creating folders as needed.

    Args:
        path: Where to write, e.g. "reports/annual_summary.md".
        content: The text to write.
    """
'''


def test_quoted_values_and_file_names_are_dropped_from_a_second_view() -> None:
    assert without_values("Show 'annual report' and notes.txt on screen") == "Show and on screen"
    assert without_values("What is the weather in Paris?") is None
    assert without_values("cat 'notes.txt'") is None  # too little would be left


def test_a_value_in_the_request_does_not_pull_in_a_docstring_example(
    tmp_path: Path, discover
) -> None:
    """'annual report summary' resembles save_text's example path more than cat's docstring;
    the request's words without the value choose cat."""
    folder = tmp_path / "apis"
    folder.mkdir()
    (folder / "files.py").write_text(FILES)
    index = MethodIndex.open(tmp_path / "index")
    index.build(discover(folder))
    hits = index.search("Show the file 'annual report summary' on screen", k=2)
    assert hits[0].name == "cat", hits
