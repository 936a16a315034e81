"""Recording a run as it happens: each step goes to the log, the caller's callback and the result.

Kept apart from the loop so that the loop only decides what happens next, and so that a step is
written the moment it is complete (a crash later keeps it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from react_repl.agent._result import Status, Usage
from react_repl.llm import Completion
from react_repl.logs import RunLog, StepRecord
from react_repl.sandbox import Observation


class RunRecorder:
    def __init__(self, log: RunLog | None, on_step: Callable[[StepRecord], None] | None) -> None:
        self.log = log
        self.on_step = on_step
        self.steps: list[StepRecord] = []
        self.usage = Usage()

    @classmethod
    def open(
        cls,
        logs_dir: Path | None,
        *,
        task: str,
        model: str,
        settings: Mapping[str, Any],
        durable: bool,
        on_step: Callable[[StepRecord], None] | None,
    ) -> RunRecorder:
        log = None
        if logs_dir is not None:
            started = datetime.now().astimezone()
            log = RunLog.create(
                Path(logs_dir), task=task, model=model, settings=settings, started=started,
                durable=durable,
            )  # fmt: skip
        return cls(log, on_step)

    def count(self, completion: Completion) -> None:
        self.usage += Usage(completion.prompt_tokens, completion.completion_tokens)

    def step(
        self,
        index: int,
        kind: str,
        completion: Completion,
        started: float,
        *,
        thought: str,
        action: str = "",
        observation: str = "",
        sandbox_result: Observation | None = None,
    ) -> None:
        record = StepRecord(
            index=index,
            kind=kind,
            thought=thought,
            action=action,
            observation=observation,
            prompt_tokens=completion.prompt_tokens,
            completion_tokens=completion.completion_tokens,
            duration=time.perf_counter() - started,
            model_seconds=completion.duration,
            sandbox_seconds=sandbox_result.duration if sandbox_result else 0.0,
            raw_reply=completion.text,
        )
        self.steps.append(record)
        if self.log:
            self.log.write_step(record)
        if self.on_step:
            self.on_step(record)

    def close(self, status: Status, answer: str | None, error: str | None) -> None:
        if self.log:
            self.log.finish(
                status=status.value,
                answer=answer,
                prompt_tokens=self.usage.prompt_tokens,
                completion_tokens=self.usage.completion_tokens,
                error=error,
            )
