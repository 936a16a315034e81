"""The planning stage before step 2: the model lists sub-steps, the harness searches for them.

From the seed: after the initial prompt "we force the model to do a method search on a first step
in the workflow as an example of how to use the method search". The model writes the plan; we
run `method_search` on its first sub-step for real, so step 2 starts from real signatures.

With `decompose_searches` above 1 the harness searches for more of the sub-steps in the same
step. A task of four chained calls otherwise spends four of its steps on searches, and the
reference solutions of the multistep suite need 5 to 11 steps of a 10-step budget that way.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from react_repl.agent._events import Observed, StepStarted
from react_repl.agent._hints import normalised_code
from react_repl.agent._parse import parse_reply
from react_repl.agent._recorder import StepNotes

if TYPE_CHECKING:
    from react_repl.agent._loop import StepLoop

PLAN_STOPS = ("ACTION", "\nTHOUGHT", "\nThought", "OBSERVATION")  # the plan only, no step 2
_NUMBERED = re.compile(
    r"^\s*(?:step\s*)?\d+\s*[.):-]\s*(?P<text>.+)$", re.IGNORECASE | re.MULTILINE
)
AHEAD_K = 3  # hits per sub-step when several are searched, so the listing stays near 15 lines


def decompose(loop: StepLoop) -> None:
    """Step 1: the plan, and method_search for its first sub-step, recorded as one step."""
    run = loop.run
    loop.emit(StepStarted(1, "decompose"))
    started = time.perf_counter()
    completion = loop.complete(1, PLAN_STOPS)
    plan = parse_reply(completion.text).thought or completion.text.strip()
    action = searches_for(substeps(plan, run.task, loop.options.decompose_searches))
    observation = loop.sandbox.run(action)
    run.memo("repeat_warning")[normalised_code(action)] = 1
    thought = run.prompts.render("decompose.jinja2", plan=plan)
    loop.emit(Observed(1, observation.text, observation.ok, observation.error))
    loop.record(
        1, "decompose", completion, started,
        StepNotes(thought, action, observation.text, sandbox=observation),
    )  # fmt: skip
    reply = f"{thought}\nACTION 1:\n```python\n{action}\n```"
    run.state.transcript.add(loop.exchange(1, reply, action, observation.text))
    run.state.step = 1
    loop.checkpoint()


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
