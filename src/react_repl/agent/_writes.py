"""A write that already worked is not done again.

In the round-2 multistep logs the 1.5B model moved 40 lanterns nine times (inventory-move-lanterns,
no distractors) and submitted one leave request twice: after a write succeeds, greedy decoding
often proposes the same action again. The repeat warning comes after an action ran, which is too
late for a write. So an action identical to an earlier one that ran without error and calls an
API declared with side effects is held, with that earlier result in front of the model, at most
`MAX_HOLDS` times for the same action (a task may really want the same write twice).
"""

from __future__ import annotations

import re

from react_repl.agent._context import Proposal, Review, RunContext
from react_repl.agent._hints import normalised_code
from react_repl.hookspecs import hookimpl

MAX_HOLDS = 3
_RESULT_CHARS = 300
_FAILED = ("Traceback (most recent call last)", "[The action was not run")


class RepeatedWriteHold:
    @hookimpl
    def review_action(self, run: RunContext, proposal: Proposal) -> Review | None:
        writes = [
            name
            for name, doc in run.api_docs.items()
            if doc.side_effects and re.search(rf"\b{re.escape(name)}\s*\(", proposal.action)
        ]
        if not writes:
            return None
        key = normalised_code(proposal.action)
        earlier = next(
            (
                exchange
                for exchange in run.exchanges
                if exchange.action
                and normalised_code(exchange.action) == key
                and not exchange.observation.lstrip().startswith(_FAILED)
            ),
            None,
        )
        holds = run.memo("repeated_writes")
        if earlier is None or holds.get(key, 0) >= MAX_HOLDS:
            return None
        holds[key] = holds.get(key, 0) + 1
        return Review.reject(
            run.prompts.render(
                "repeated_write.jinja2",
                step=earlier.step,
                apis=", ".join(sorted(writes)),
                result=earlier.observation.strip()[:_RESULT_CHARS],
            )
        )
