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

from react_repl.agent._context import Answer, RunContext, Verdict
from react_repl.hookspecs import hookimpl

_WANTS_NUMBER = re.compile(
    r"\b(?:as|with) (?:a|the|one) (?:single |whole |plain )?(?:number|integer|count|amount)\b"
    r"|\bin (?:euros|dollars|pounds|minutes|hours|days|kilometres|km|kg)\b[^.?!]*\bas a number\b",
    re.IGNORECASE,
)
_WANTS_POSITIVE = re.compile(
    r"\b(?:positive|non-negative) (?:number|amount|value)\b", re.IGNORECASE
)
_WANTS_LIST = re.compile(r"\bas a list\b|\bAnswer with (?:a|the) list\b", re.IGNORECASE)
_NUMBER_TEXT = re.compile(r"^\s*[-+]?(?:\d+(?:[.,]\d+)?|\.\d+)\s*$")
_GIVE_UP = re.compile(
    r"\b(?:not|no)\b[^.]{0,40}\b(?:found|exists?|available|matches?)\b"
    r"|\bdoes(?: not|n't) (?:exist|have)\b|\b(?:could|can)(?:not|n't| not)\b|\bunable to\b"
    r"|\bno (?:such|results?)\b"
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
    return ""


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
