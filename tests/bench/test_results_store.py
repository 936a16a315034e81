"""The results file survives a kill at any byte: torn lines are dropped and cut before appending."""

import re
from pathlib import Path

import pytest

from react_repl.bench import AttemptRecord, ResultsStore
from react_repl.logs import read_prices


def record(key: str, outcome: str = "pass") -> AttemptRecord:
    return AttemptRecord(
        key=key, run_id="r", suite="s", model="m", arm="default", distractors=0, task=key,
        trial=1, seed=1, world_seed=2, status="finished", outcome=outcome, answer=[1, {"a": 2}],
    )  # fmt: skip


def test_round_trip_keeps_values(tmp_path: Path) -> None:
    store = ResultsStore(tmp_path / "results.jsonl")
    store.append(record("a"))
    store.append(record("b", "mistake"))
    read = ResultsStore(tmp_path / "results.jsonl").read()
    assert [(r.key, r.outcome, r.passed, r.answer) for r in read] == [
        ("a", "pass", True, [1, {"a": 2}]), ("b", "mistake", False, [1, {"a": 2}]),
    ]  # fmt: skip


def test_a_torn_last_line_is_dropped_then_cut(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    ResultsStore(path).append(record("a"))
    with path.open("a") as handle:
        handle.write(record("b").to_json()[:40])  # killed mid-write
    store = ResultsStore(path)
    assert [r.key for r in store.read()] == ["a"]
    store.append(record("c"))
    assert [r.key for r in ResultsStore(path).read()] == ["a", "c"]
    assert path.read_text().count("\n") == 2


def test_a_later_record_of_the_same_attempt_wins(tmp_path: Path) -> None:
    store = ResultsStore(tmp_path / "results.jsonl")
    store.append(record("a", "fail"))
    store.append(record("a", "pass"))
    assert [(r.key, r.outcome) for r in store.read()] == [("a", "pass")]


def test_a_bad_line_in_the_middle_is_reported_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(record("a").to_json() + "\nnot json\n" + record("b").to_json() + "\n")
    with pytest.warns(UserWarning, match="results.jsonl:2: skipped a bad record"):
        assert [r.key for r in ResultsStore(path).read()] == ["a", "b"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("m = { prompt = 2.5, completoin = 10 }", "unknown key(s) completoin"),
        ("m = { prompt = -1, completion = 10 }", "cannot be negative"),
    ],
)
def test_a_price_table_that_would_make_costs_wrong_is_refused(
    tmp_path: Path, text: str, message: str
) -> None:
    """Both were read silently: a misspelt key as a price of 0, a negative price as a credit."""
    prices = tmp_path / "prices.toml"
    prices.write_text(text)
    with pytest.raises(ValueError, match=re.escape(message)):
        read_prices(prices)
