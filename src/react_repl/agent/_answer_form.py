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
_WANTS_LIST = re.compile(r"\bas a list\b|\bAnswer with (?:a|the) list\b", re.IGNORECASE)
_NUMBER_TEXT = re.compile(r"^\s*[-+]?(?:\d+(?:[.,]\d+)?|\.\d+)\s*$")


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
    return ""


def _is_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    return isinstance(value, str) and bool(_NUMBER_TEXT.match(value))
