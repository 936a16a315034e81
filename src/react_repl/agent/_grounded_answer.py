"""An answer from a run that never called an API is sent back once.

In the published 1.5B multistep runs, 22 of 215 finished attempts called none of the task's
functions: the model wrote the data into its code ("# Assume I have already run 100 km",
"weekly_goal = 1000  # Example weekly goal"), or computed a mortgage payment by a formula of its
own, and answered. All 22 were wrong, and no passing attempt answered without an API call. In a
run whose data lives behind its APIs, such an answer is a guess; one send-back, with what to do
instead, costs a step. A second answer of the same kind is accepted: some tasks need no API.
"""

from __future__ import annotations

from react_repl.agent._context import Answer, Proposal, RunContext, Verdict, apis_called
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation

MEMO = "grounded_answer"
MAX_SEND_BACKS = 1


class GroundedAnswer:
    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        if apis_called(proposal.action, [*run.api_docs, *run.data_sources]):
            run.memo(MEMO)["api_called"] = True
        return None

    @hookimpl
    def review_answer(self, run: RunContext, answer: Answer) -> Verdict | None:
        memo = run.memo(MEMO)
        if not run.api_docs or memo.get("api_called") or memo.get("sent_back", 0) >= MAX_SEND_BACKS:
            return None
        memo["sent_back"] = memo.get("sent_back", 0) + 1
        return Verdict(False, run.prompts.render("ungrounded_answer.jinja2"))
