"""Loop detection (seed 004): the run going round in circles, answered with a change of strategy.

Identical code is the repeat warning's job. This catches what it cannot: a cycle of two or three
steps that comes back to the same actions with the same results, different code that keeps
getting the same error, and a streak of failures of one kind (the same failing call, rephrased).
"""

from __future__ import annotations

import hashlib

from react_repl.context import Proposal, RunContext
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation
from react_repl.techniques._hints import normalised_code

MEMO = "loops"
_LONGEST_CYCLE = 3
_ERROR_STREAK = 3


class LoopDetector:
    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        memo = run.memo(MEMO)
        history: list[list[str]] = memo.setdefault("history", [])
        history.append(
            [normalised_code(proposal.action), _digest(observation.text), observation.error or ""]
        )
        reason = _cycle(history) or _same_result(history) or _error_streak(history)
        if not reason:
            return None
        memo["detected_at"] = proposal.step
        return run.prompts.render("loop.jinja2", reason=reason)


def loop_detected_at(run: RunContext) -> int | None:
    """The step at which the last loop was noticed (the planner re-plans on it)."""
    return run.memo(MEMO).get("detected_at")


def _cycle(history: list[list[str]]) -> str:
    for period in range(2, _LONGEST_CYCLE + 1):
        if len(history) >= 2 * period and history[-period:] == history[-2 * period : -period]:
            return (
                f"the last {period} steps repeat the {period} steps before them, "
                "with the same results"
            )
    return ""


def _same_result(history: list[list[str]]) -> str:
    if len(history) < 2:
        return ""
    (code_a, result_a, error_a), (code_b, result_b, error_b) = history[-2:]
    if code_a != code_b and result_a == result_b and error_a and error_b:
        return "two different actions in a row failed with exactly the same error"
    return ""


def _error_streak(history: list[list[str]]) -> str:
    errors = [error for _, _, error in history[-_ERROR_STREAK:]]
    if len(errors) == _ERROR_STREAK and errors[0] and len(set(errors)) == 1:
        return f"the last {_ERROR_STREAK} steps all failed with {errors[0]}"
    return ""


def _digest(text: str) -> str:
    return hashlib.sha1(" ".join(text.split()).encode("utf-8", "replace")).hexdigest()[:16]
