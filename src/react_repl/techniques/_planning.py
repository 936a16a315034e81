"""Plan and re-plan (seeds 000, 004): a short plan kept in view, re-made when the run is stuck.

The plan is the model's own, written once before step 1 by a separate short call, and shown at
the end of every prompt (not stored in the transcript, so the cached prefix stays valid). After
`replan_after_failures` failed steps in a row, or when the loop detector fires, the model writes
a new plan from what happened so far, at most once per `replan_after_failures` steps.
"""

from __future__ import annotations

import re

from react_repl.context import Proposal, RunContext
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation
from react_repl.techniques._loop_detection import loop_detected_at
from react_repl.techniques._validation import recent_steps

MEMO = "plan"
_MAX_LINES = 6
_MAX_CHARS = 600
_ITEM = re.compile(r"^\s*(?:[-*]|\d+[.)])\s+\S")


class Planner:
    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        memo = run.memo(MEMO)
        memo["failures"] = 0 if observation.ok else memo.get("failures", 0) + 1
        return None

    @hookimpl
    def prompt_notes(self, run: RunContext) -> str | None:
        memo = run.memo(MEMO)
        if "text" not in memo:
            memo.update(text=self._plan(run, "plan_turn.jinja2", reason=""), version=1)
        elif reason := self._replan_reason(run, memo):
            text = self._plan(run, "replan_turn.jinja2", reason=reason, plan=memo["text"])
            memo.update(text=text, version=memo["version"] + 1, failures=0, replanned_at=run.step)
        if not memo["text"]:
            return None
        return run.prompts.render("plan_note.jinja2", plan=memo["text"], version=memo["version"])

    def _replan_reason(self, run: RunContext, memo: dict) -> str:
        """A new plan gets `replan_after_failures` steps to work before the next one.

        A loop that goes on is noticed at every step; re-planning at each of them cost a model
        call per step and, on the 1.5B model, wrote the same plan every time (round 4).
        """
        cooldown = run.options.replan_after_failures
        if "replanned_at" in memo and run.step - memo["replanned_at"] < cooldown:
            return ""
        if memo.get("failures", 0) >= run.options.replan_after_failures:
            return f"the last {memo['failures']} steps failed"
        if run.step and loop_detected_at(run) == run.step:
            return "the run is going in circles"
        return ""

    def _plan(self, run: RunContext, template: str, *, reason: str, plan: str = "") -> str:
        reply = run.ask("plan", "plan.jinja2", template, task=run.task, reason=reason, plan=plan,
                        recent=recent_steps(run))  # fmt: skip
        return clean_plan(reply)


def clean_plan(reply: str) -> str:
    """Numbered or bulleted lines only, a few of them: a plan, not an essay or code."""
    reply = reply.split("```", 1)[0]
    items = [line.strip() for line in reply.splitlines() if _ITEM.match(line)]
    return "\n".join(items[:_MAX_LINES])[:_MAX_CHARS]
