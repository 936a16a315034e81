"""Multi-part requests: each clause is searched too, so every API the request needs ranks high."""

from __future__ import annotations

from pathlib import Path

from react_repl.index import MethodIndex
from react_repl.index._query import query_parts


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
