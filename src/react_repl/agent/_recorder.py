"""Recording a run as it happens: each step goes to the log and the result the moment it is done.

Kept apart from the loop so that the loop only decides what happens next, and so that a step is
written the moment it is complete (a crash later keeps it).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from react_repl.context import Status, Usage
from react_repl.llm import Completion
from react_repl.logs import RunLog, StepRecord
from react_repl.sandbox import Observation


@dataclass(frozen=True)
class StepNotes:
    """What a step did besides the model call: the parts of a StepRecord the loop decides."""

    thought: str
    action: str = ""
    observation: str = ""
    proposed_action: str = ""
    review: str = ""
    sandbox: Observation | None = None


class RunRecorder:
    def __init__(self, log: RunLog | None) -> None:
        self.log = log
        self.steps: list[StepRecord] = []
        self.usage = Usage()

    @classmethod
    def open(cls, logs_dir: Path | None, **log: Any) -> RunRecorder:
        """A recorder writing a new log in `logs_dir` (`RunLog.create`'s keywords); None: none."""
        if logs_dir is None:
            return cls(None)
        return cls(RunLog.create(Path(logs_dir), started=datetime.now().astimezone(), **log))

    def count(self, completion: Completion) -> None:
        self.usage += Usage(completion.prompt_tokens, completion.completion_tokens)

    def step(
        self, index: int, kind: str, completion: Completion, started: float, notes: StepNotes
    ) -> StepRecord:
        record = StepRecord(
            index=index,
            kind=kind,
            thought=notes.thought,
            action=notes.action,
            observation=notes.observation,
            prompt_tokens=completion.prompt_tokens,
            completion_tokens=completion.completion_tokens,
            duration=time.perf_counter() - started,
            model_seconds=completion.duration,
            sandbox_seconds=notes.sandbox.duration if notes.sandbox else 0.0,
            raw_reply=completion.text,
            proposed_action=notes.proposed_action,
            review=notes.review,
            retries=tuple(f"attempt {r.attempt}: {r.cause}" for r in completion.retry_log),
        )
        self.steps.append(record)
        if self.log:
            self.log.write_step(record)
        return record

    def checkpoint(self, checkpoint: Mapping[str, Any]) -> None:
        if self.log:
            self.log.write_checkpoint(checkpoint)

    def close(
        self,
        status: Status,
        answer: Any = None,
        answer_text: str | None = None,
        error: str = "",
        summary: str | None = None,
        logged_value: Any = None,
    ) -> None:
        """`answer` is what stop() was given; only a finished run has one, even if None.
        `logged_value` is a typed answer as JSON data (the log cannot hold a pydantic model)."""
        if logged_value is None and not isinstance(answer, str):
            logged_value = answer
        if self.log:
            self.log.finish(
                status=status.value,
                answer=answer_text,
                answer_value=logged_value,
                answer_type=type(answer).__name__ if status is Status.FINISHED else None,
                prompt_tokens=self.usage.prompt_tokens,
                completion_tokens=self.usage.completion_tokens,
                error=error or None,
                summary=summary,
            )
