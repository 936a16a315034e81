"""The reply after a failed action begins with the error, written as the model's own thought.

In the multistep logs of the bundled 1.5B model (rounds 2 to 6), 234 of 645 failed actions were
sent again word for word in the next step, although the observation quoted the error and a
hint naming the fix ("this dict's keys: 'id', ...; did you mean 'id'?"). Greedy decoding
continues the thought it always writes ("I will call find_employee again"). Opening the next
reply with "Action 4 failed with KeyError: ... so this time I will" puts the error where the
model is writing, not only in the prompt above it. A switch (`reflect_on_errors`), off in every
profile: on the 1.5B model it changed the thoughts, not the success (docs/ablation.md, round 7).

`reflect_on_repeats` does the same for an action that worked and was then sent again: with the
suite's own step budget, a 1.5B run read the same order with `get_order("O-5002")` fourteen
times in a row, each time under a note that it was the same action. The thought before each
repeat was the same sentence, so the opening replaces that sentence with the question the model
skips: what the task still needs.
"""

from __future__ import annotations

from react_repl.agent._context import Proposal, RunContext
from react_repl.agent._hints import normalised_code
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation

MEMO = "reflection"
REPEATS_MEMO = "repeat reflection"
_MAX_ERROR_CHARS = 300


class ErrorReflection:
    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> None:
        memo = run.memo(MEMO)
        failures: dict[str, int] = memo.setdefault("failures", {})
        code = normalised_code(proposal.action)
        memo["step"] = proposal.step
        memo["error"] = error_summary(observation) if observation.error else ""
        memo["same_as"] = failures.get(code) if observation.error else None
        if observation.error:
            failures.setdefault(code, proposal.step)

    @hookimpl
    def reply_opening(self, run: RunContext) -> str | None:
        memo = run.memo(MEMO)
        failed = memo.get("step")
        if not memo.get("error") or failed != run.state.step:
            return None  # the last step ran fine, or was never run (a rejected action)
        opening = f"THOUGHT {failed + 1}: Action {failed} failed with {memo['error']}"
        if memo.get("same_as"):
            # The model already saw this error for this code and wrote it again: the usual
            # opening led it back to the same code, so this one says so.
            return (
                f"{opening} It is the same code as action {memo['same_as']}, which failed the "
                "same way, so that code cannot work and I will not write it again. Instead, I will"
            )
        return f"{opening} Repeating it would fail again, so this time I will"


class RepeatReflection:
    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> None:
        memo = run.memo(REPEATS_MEMO)
        worked: dict[str, int] = memo.setdefault("worked", {})
        code = normalised_code(proposal.action)
        memo["step"] = proposal.step
        memo["same_as"] = None if observation.error else worked.get(code)
        if not observation.error:
            worked.setdefault(code, proposal.step)

    @hookimpl
    def reply_opening(self, run: RunContext) -> str | None:
        memo = run.memo(REPEATS_MEMO)
        step = memo.get("step")
        if not memo.get("same_as") or step != run.state.step:
            return None
        return (
            f"THOUGHT {step + 1}: Action {step} was the same code as action {memo['same_as']}, "
            "so its result is already above and running it again tells me nothing new. "
            "The part of the task that is still not done is"
        )


def error_summary(observation: Observation) -> str:
    """The exception line and any `Hint:` line of a failed action, in one short sentence."""
    lines = [line.strip() for line in observation.text.splitlines()]
    error = next(
        (line for line in reversed(lines) if line.startswith(f"{observation.error}:")),
        f"{observation.error}.",
    )
    hints = [line for line in lines if line.startswith("Hint:")]
    text = " ".join([error, *hints[:1]])
    if len(text) > _MAX_ERROR_CHARS:
        text = text[: _MAX_ERROR_CHARS - 1] + "…"
    return text if text.endswith((".", "…", ")", "?")) else text + "."
