"""Decomposition (seed 002): step 1 lists sub-steps, and the harness searches for them.

From the seed: after the initial prompt "we force the model to do a method search on a first step
in the workflow as an example of how to use the method search". The model writes the plan; we
run `method_search` on its first sub-step for real, so step 2 starts from real signatures. The
task prompt asks for the plan when this technique is on (prompts/task.jinja2).

With `decompose_searches` above 1 the harness searches for more of the sub-steps in the same
step. A task of four chained calls otherwise spends four of its steps on searches, and the
reference solutions of the multistep suite need 5 to 11 steps of a 10-step budget that way.
"""

from __future__ import annotations

import re

from react_repl.context import RunContext, StepPlan
from react_repl.hookspecs import hookimpl

PLAN_STOPS = ("ACTION", "\nTHOUGHT", "\nThought", "OBSERVATION")  # the plan only, no step 2
_NUMBERED = re.compile(
    r"^\s*(?:step\s*)?\d+\s*[.):-]\s*(?P<text>.+)$", re.IGNORECASE | re.MULTILINE
)
AHEAD_K = 3  # hits per sub-step when several are searched, so the listing stays near 15 lines


class Decompose:
    @hookimpl
    def step_plan(self, run: RunContext) -> StepPlan | None:
        if run.step != 0:
            return None

        def searches(plan: str) -> tuple[str, str]:
            queries = substeps(plan, run.task, run.options.decompose_searches)
            return run.prompts.render("decompose.jinja2", plan=plan), searches_for(queries)

        return StepPlan("decompose", PLAN_STOPS, searches)


def substeps(plan: str, task: str, limit: int) -> list[str]:
    """The plan's first `limit` numbered sub-steps; the task itself when none is numbered."""
    texts = [match["text"].strip().strip("*").strip() for match in _NUMBERED.finditer(plan)]
    unique = list(dict.fromkeys(text for text in texts if text))
    return unique[: max(1, limit)] or [task.strip()]


def searches_for(queries: list[str]) -> str:
    """One method_search line per sub-step, as the model itself would write them."""
    if len(queries) == 1:
        return f"method_search({queries[0]!r})"
    return "\n".join(f"method_search({query!r}, k={AHEAD_K})" for query in queries)
