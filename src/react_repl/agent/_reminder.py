"""The task restated next to each new observation.

After a few steps a 1.5B model answers the last observation rather than the task: it records
scores that were only to be read, or follows an id into another domain's functions (multistep
suite logs). The task sits at the top of a prompt that grows every step; repeating it where the
model reads last costs about fifty tokens a step and is not kept in the transcript.
"""

from __future__ import annotations

from react_repl.agent._context import RunContext
from react_repl.hookspecs import hookimpl


class TaskReminder:
    @hookimpl
    def prompt_notes(self, run: RunContext) -> str | None:
        if run.step == 0:
            return None  # the task is the last thing in the first prompt anyway
        return run.prompts.render("task_reminder.jinja2", task=run.state.task)
