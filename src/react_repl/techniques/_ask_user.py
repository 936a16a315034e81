"""Human in the action (seed 000): the agent asks the person a question in the middle of a task.

The question goes to whoever can answer: a callback a library caller gives, the person at the
terminal (`react-repl run`), or a list of scripted answers (a benchmark task that needs a
person's reply). Without any of them the built-in `ask_user` stand-in tells the model that no
one can answer, so a run never hangs waiting for nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from react_repl.context import RunContext
from react_repl.hookspecs import hookimpl

Answer = Callable[[str], str]


class AskUser:
    """Offers `ask_user(question)` to actions; `answer(question)` gives the person's reply."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer

    @hookimpl
    def host_functions(self, run: RunContext) -> dict[str, Callable[..., Any]]:
        asked = run.memo("ask_user").setdefault("questions", [])

        def ask_user(question: str) -> str:
            """Ask the user a question and get their answer as text."""
            question = str(question).strip()
            if not question:
                raise ValueError("ask_user needs a question, e.g. ask_user('Which city?')")
            reply = str(self.answer(question))
            asked.append({"question": question, "answer": reply})
            return reply

        return {"ask_user": ask_user}


class ScriptedAnswers:
    """Answers in order, for benchmarks and tests; when they run out, no one answers."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.remaining = list(answers)

    def __call__(self, question: str) -> str:
        if not self.remaining:
            raise RuntimeError("The user has no more answers; decide with what you have.")
        return self.remaining.pop(0)
