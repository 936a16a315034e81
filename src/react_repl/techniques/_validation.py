"""Periodic progress validation (seed 004's "validate every N steps").

Every `validate_every` steps a short, separate model call reads the task and the latest steps and
says whether the run is on track. An off-track verdict comes back to the agent as a note on its
next prompt, with what to do instead; a "done" verdict tells it to stop with the answer it already
has. On track, nothing is shown: the check costs a call, never the agent's attention. Each
boundary is checked once, also across a resume (the last checked step is kept in the memo).
"""

from __future__ import annotations

from dataclasses import dataclass

from react_repl.context import RunContext
from react_repl.hookspecs import hookimpl

MEMO = "validation"
_RECENT_STEPS = 4
_STEP_CHARS = 300


@dataclass(frozen=True)
class Progress:
    verdict: str  # "on track", "off track" or "done"
    reason: str = ""


class ProgressValidation:
    @hookimpl
    def prompt_notes(self, run: RunContext) -> str | None:
        every = run.options.validate_every
        memo = run.memo(MEMO)
        if run.step == 0 or run.step % every or memo.get("checked") == run.step:
            return None
        memo["checked"] = run.step
        reply = run.ask("validation", "validation.jinja2", "validation_turn.jinja2",
                        task=run.task, step=run.step, recent=recent_steps(run))  # fmt: skip
        progress = parse_progress(reply)
        memo.setdefault("verdicts", []).append([run.step, progress.verdict])
        if progress.verdict == "on track":
            return None
        return run.prompts.render(
            "validation_note.jinja2",
            step=run.step,
            done=progress.verdict == "done",
            reason=progress.reason,
        )


def recent_steps(run: RunContext) -> list[tuple[str, str]]:
    """The latest steps' actions and the start of their results: what a check or a plan reads."""
    return [(e.action or "(no action)", e.observation[:_STEP_CHARS])
            for e in run.exchanges[-_RECENT_STEPS:]]  # fmt: skip


def parse_progress(reply: str) -> Progress:
    """The verdict's first line; anything unreadable counts as on track (never derail on noise)."""
    line = reply.strip().splitlines()[0] if reply.strip() else ""
    head, _, reason = line.partition(":")
    label = " ".join(head.strip().strip("*").upper().replace("_", " ").split())
    if label.startswith("OFF TRACK"):
        return Progress("off track", reason.strip() or "the steps are not getting closer to it")
    if label.startswith("DONE"):
        return Progress("done", reason.strip() or "see your last observations")
    return Progress("on track")
