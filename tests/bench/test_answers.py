"""The answer normaliser, case by case: numbers, text, dates, booleans, lists and dicts.

(The end-to-end check tests run every check kind through real scripted runs; this table pins
the comparison rules themselves, under both answer contracts: values and their text.)
"""

from datetime import date
from typing import Any

import pytest

from react_repl.bench import Task
from react_repl.bench._answers import answer_text, check_answer, check_regex


def judge(expected: Any, actual: Any, **options: Any) -> bool:
    task = Task("t", "x", has_answer=True, answer=expected, **options)
    return check_answer(task, expected, actual) == ""


@pytest.mark.parametrize(
    ("expected", "actual", "passes"),
    [
        (46, 46, True), (46, "46", True), (46, " 46 ", True), (46, 46.0000001, True),
        (46, "46 days", False), (46, 45, False), (46, None, False), (46, True, False),
        (1234.5, "1,234.5", True), (37.7778, 37.78, False),
        ("Thursday", "thursday", True), ("Thursday", "  Thursday\n", True),
        ("hello  agent", "hello agent", True), ("Thursday", "It is Thursday", False),
        ("2025-12-25", "2025-12-25", True), ("2025-12-25", "datetime.date(2025, 12, 25)", True),
        ("2025-12-25", date(2025, 12, 25), True), ("2025-12-25", "2025-12-25T10:00:00", True),
        ("2025-12-25", "2025-12-26", False), ("2025-12-25", "2025-12-25 was a Thursday", False),
        (True, True, True), (True, "true", True), (True, 1, False), (False, "false", True),
        ([1, "a"], [1, "A"], True), ([1, "a"], "[1, 'a']", True), ([1, "a"], '[1, "a"]', True),
        ([1, "a"], (1, "a"), True), ([1, "a"], ["a", 1], False), ([1, "a"], [1], False),
        ({"n": 2, "s": "x"}, {"s": "X", "n": 2.0}, True), ({"n": 2}, "{'n': 2}", True),
        ({"n": 2}, {"n": 3}, False), ({"n": 2}, {"n": 2, "m": 1}, False), ({"n": 2}, "n=2", False),
    ],
)  # fmt: skip
def test_comparison_rules(expected: Any, actual: Any, passes: bool) -> None:
    assert judge(expected, actual) is passes


def test_tolerances_are_per_task() -> None:
    assert judge(37.7778, 37.78, abs_tol=0.01)
    assert not judge(100, 101, rel_tol=0.001)
    assert judge(100, 101, rel_tol=0.02)


def test_case_and_order_options() -> None:
    assert not judge("Thursday", "thursday", case_sensitive=True)
    assert judge([1, 2, 3], [3, 1, 2], unordered=True)
    assert not judge([1, 2, 2], [2, 1, 1], unordered=True)


def test_the_failure_says_what_was_expected_and_what_came() -> None:
    task = Task("t", "x", has_answer=True, answer=[1, 2])
    assert check_answer(task, [1, 2], [1, 3]) == "expected [1, 2], got [1, 3] (item 1 differs)"


def test_regex_reads_the_answer_text() -> None:
    assert check_regex(r"^\d+ apples$", "12 Apples", case_sensitive=False) == ""
    assert "does not match" in check_regex(r"^\d+ apples$", "12 Apples", case_sensitive=True)
    assert check_regex(r"\[1, 2\]", [1, 2], case_sensitive=False) == ""
    assert check_regex(r"^2025-12-25$", "datetime.date(2025, 12, 25)", case_sensitive=True) == ""
    assert check_regex(r"^2025-12-25$", date(2025, 12, 25), case_sensitive=True) == ""
    assert check_regex(r"2025-12-25", "datetime.date(2025, 12, 26)", case_sensitive=True) != ""
    assert answer_text(None) == "" and answer_text({"a": 1}) == '{"a": 1}'
