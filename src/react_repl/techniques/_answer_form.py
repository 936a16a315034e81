"""The answer's form checked against the form the task asks for, without a model call.

Small models wrap the value in a sentence (`stop("The total is 53 euros.")`) or give up with
one (`stop("The book does not exist.")`) on tasks that ask for a number; a checker comparing
values then fails a run whose number was right, and a give-up sentence ends a run that could have
gone on. When the task says which form it wants, an answer of another form is sent back once or
twice (bounded by `max_answer_reviews`) with the form spelled out.
"""

from __future__ import annotations

import re
from typing import Any

from react_repl.context import Answer, RunContext, Verdict
from react_repl.hookspecs import hookimpl

_WANTS_NUMBER = re.compile(
    r"\b(?:as|with) (?:a|the|one) (?:single |whole |plain )?(?:number|integer|count|amount)\b"
    r"|\bin (?:euros|dollars|pounds|minutes|hours|days|kilometres|km|kg)\b[^.?!]*\bas a number\b"
    r"|\bround(?:ed)?(?: it| that| the \w+)? to (?:one|two|three|\d+) decimals?\b"
    r"|^\s*how many\b",
    re.IGNORECASE,
)
_WANTS_DECIMALS = re.compile(
    r"\bround(?:ed)?(?: it| that| the \w+)? to (?P<places>one|two|three|\d+) decimals?\b",
    re.IGNORECASE,
)
_PLACES = {"one": 1, "two": 2, "three": 3}
_WANTS_POSITIVE = re.compile(
    r"\b(?:positive|non-negative) (?:number|amount|value)\b", re.IGNORECASE
)
_WANTS_LIST = re.compile(r"\bas a list\b|\bAnswer with (?:a|the) list\b", re.IGNORECASE)
_NUMBER_TEXT = re.compile(r"^\s*[-+]?(?:\d+(?:[.,]\d+)?|\.\d+)\s*$")
_GIVE_UP = re.compile(
    r"\b(?:not|no)\b[^.]{0,40}\b(?:found|exists?|available|matches?)\b"
    r"|\bdoes(?: not|n't) (?:exist|have)\b|\b(?:could|can)(?:not|n't| not)\b|\bunable to\b"
    r"|\bno (?:such|results?)\b|\bthere (?:is|are) no\b"
    r"|\b(?:is|are)(?: not|n't) (?:in|on|listed in|part of) (?:the|any|our)\b"
    r"|^\s*no \w+ (?:with|for|named|matching)\b",
    re.IGNORECASE,
)
_GIVE_UP_MIN_WORDS = 3  # "No" or "Not available" can be real answers to a yes/no task


class AnswerFormCheck:
    """Sends back an answer whose type is not the one the task asks for (number, list)."""

    @hookimpl
    def review_answer(self, run: RunContext, answer: Answer) -> Verdict | None:
        if run.state.answer_reviews >= run.options.max_answer_reviews:
            return None
        problem = form_problem(run.task, answer.value)
        return Verdict(False, problem) if problem else None


def form_problem(task: str, value: Any) -> str:
    """Why `value` is not in the form `task` asks for; empty when it is (or the task is silent)."""
    if _gives_up(value):
        return (
            "the answer says something was not found or could not be done, but the task has an "
            "answer. A lookup that failed or came back empty usually had a wrong argument: take "
            "ids and names exactly from the task or an earlier result, or find the function that "
            "looks them up with method_search"
        )
    if _WANTS_LIST.search(task):
        if isinstance(value, list | tuple):
            return ""
        return (
            "the task asks for a list: call stop() with a Python list of the values, "
            'e.g. stop(["first", "second"]), taken from your observations'
        )
    if _WANTS_NUMBER.search(task) and not _is_number(value):
        return (
            "the task asks for a number: call stop() with the number itself, e.g. stop(12.5), "
            "not a sentence. If you have not found the number yet, keep working on the task"
        )
    if _WANTS_POSITIVE.search(task) and _is_number(value) and float(str(value)) < 0:
        return (
            "the task asks for a positive number, and this one is negative: an amount taken from "
            "a list of debits is usually negative there, so answer its size, e.g. abs(total)"
        )
    if (places := _decimals_asked(task)) is not None and _decimals(value) > places:
        return (
            f"the task asks for the number rounded to {places} decimal(s): call "
            f"stop(round(value, {places})) with the value you computed"
        )
    return ""


def _decimals_asked(task: str) -> int | None:
    match = _WANTS_DECIMALS.search(task)
    if not match:
        return None
    places = match["places"].lower()
    return _PLACES.get(places) or int(places)


def _decimals(value: Any) -> int:
    """Digits after the point as the value prints; 0 for what is not a number."""
    if not _is_number(value):
        return 0
    text = str(value).replace(",", ".")
    return len(text.split(".", 1)[1].rstrip("0")) if "." in text and "e" not in text else 0


def _gives_up(value: Any) -> bool:
    return (
        isinstance(value, str)
        and len(value.split()) >= _GIVE_UP_MIN_WORDS
        and bool(_GIVE_UP.search(value))
    )


def _is_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    return isinstance(value, str) and bool(_NUMBER_TEXT.match(value))
