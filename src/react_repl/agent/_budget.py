"""The last steps of the budget, said where the model reads last.

In the published 1.5B runs that ended at the step limit, some had the expected answer in an
observation many steps earlier (259.83 printed at steps 4-8 of 15 in bank-may-groceries, the
booking reference BK1004, the listing LD-2203) and went on searching, checking and repeating
until the limit ended the run with no answer at all. Nothing in the prompt said the steps were
running out. The note comes with the last two steps' prompts only, and is not kept in the
transcript.
"""

from __future__ import annotations

from react_repl.agent._context import RunContext
from react_repl.hookspecs import hookimpl

LAST_STEPS_NOTED = 2


class StepBudgetNote:
    @hookimpl
    def prompt_notes(self, run: RunContext) -> str | None:
        step, limit = run.step + 1, run.options.max_steps
        if limit - step >= LAST_STEPS_NOTED or step > limit:
            return None
        return run.prompts.render("step_budget.jinja2", step=step, max_steps=limit)
