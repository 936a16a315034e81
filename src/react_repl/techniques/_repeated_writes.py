"""A write that already worked is not done again.

In the round-2 multistep logs the 1.5B model moved 40 lanterns nine times (inventory-move-lanterns,
no distractors) and submitted one leave request twice: after a write succeeds, greedy decoding
often proposes the same action again. The repeat warning comes after an action ran, which is too
late for a write. So an action identical to an earlier one that ran without error and calls an
API declared with side effects is held, with that earlier result in front of the model, at most
`MAX_HOLDS` times for the same action (a task may really want the same write twice).

Whether the earlier action worked is the sandbox's verdict, kept when it ran: the observation
text cannot tell (a SyntaxError's text does not start with a traceback). The sandbox replays
writes for it too: a program run again after a later line failed does not repeat its writes.
"""

from __future__ import annotations

from typing import Any

from react_repl.context import Proposal, Review, RunContext, writes_called
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation
from react_repl.techniques._hints import normalised_code

MAX_HOLDS = 3
MEMO = "repeated_writes"
_RESULT_CHARS = 300


class RepeatedWriteHold:
    @hookimpl
    def sandbox_settings(self, run: RunContext) -> dict[str, Any]:
        return {"replay_writes": True}

    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        if observation.ok and writes_called(proposal.action, run.api_docs):
            worked = run.memo(MEMO).setdefault("worked", {})
            worked.setdefault(normalised_code(proposal.action), proposal.step)
        return None

    @hookimpl
    def review_action(self, run: RunContext, proposal: Proposal) -> Review | None:
        writes = writes_called(proposal.action, run.api_docs)
        if not writes:
            return None
        memo = run.memo(MEMO)
        key = normalised_code(proposal.action)
        step = memo.get("worked", {}).get(key)
        holds = memo.setdefault("holds", {})
        if step is None or holds.get(key, 0) >= MAX_HOLDS:
            return None
        holds[key] = holds.get(key, 0) + 1
        earlier = next((e for e in run.exchanges if e.step == step), None)
        result = earlier.observation.strip()[:_RESULT_CHARS] if earlier else ""
        return Review.reject(
            run.prompts.render(
                "repeated_write.jinja2", step=step, apis=", ".join(writes), result=result
            )
        )
