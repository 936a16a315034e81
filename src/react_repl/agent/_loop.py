"""The ReAct loop: task → prompt → model → action → sandbox → observation → log, step by step."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from react_repl.agent._options import AgentOptions
from react_repl.agent._parse import parse_reply
from react_repl.agent._prompts import PromptSet
from react_repl.agent._result import RunResult, Status, Usage
from react_repl.agent._transcript import ContextBudgetError, Exchange, TokenEstimator, Transcript
from react_repl.llm import ChatModel, Completion, ModelError
from react_repl.logs import RunLog, StepRecord
from react_repl.sandbox import DEFAULT_PREINJECT, Observation, Sandbox

_SENTINEL = "\x00OBSERVATION\x00"
_NUMBERED = re.compile(r"^\s*(?:step\s*)?1\s*[.):-]\s*(?P<text>.+)$", re.IGNORECASE | re.MULTILINE)


class _Finished(Exception):
    def __init__(self, status: Status, answer: str | None = None, error: str | None = None):
        super().__init__(status)
        self.status, self.answer, self.error = status, answer, error


@dataclass
class _RunState:
    transcript: Transcript
    sandbox: Sandbox
    log: RunLog | None
    steps: list[StepRecord] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    estimator: TokenEstimator = field(default_factory=TokenEstimator)
    unanswered: tuple[str, str, str] | None = None  # the last step's reply, action, observation


class Agent:
    """Runs tasks with one model, a set of API functions and a method_search over them."""

    def __init__(
        self,
        model: ChatModel,
        *,
        apis: Mapping[str, Callable[..., Any]] | None = None,
        method_search: Callable[..., str] | None = None,
        options: AgentOptions | None = None,
        logs_dir: Path | None = None,
        sandbox_settings: Mapping[str, Any] | None = None,
        on_step: Callable[[StepRecord], None] | None = None,
        log_settings: Mapping[str, Any] | None = None,
        durable_logs: bool = False,
    ) -> None:
        self.model = model
        self.apis = dict(apis or {})
        self.method_search = method_search
        self.options = options or AgentOptions()
        self.logs_dir = logs_dir
        self.sandbox_settings = dict(sandbox_settings or {})
        self.on_step = on_step
        self.log_settings = dict(log_settings or {})
        self.durable_logs = durable_logs  # fsync each step: survives power loss, costs ~11 ms/step
        self.prompts = PromptSet(self.options.prompts_dir)

    def run(self, task: str) -> RunResult:
        """Run one task in a fresh namespace. A KeyboardInterrupt is logged, then re-raised."""
        log = self._open_log(task)
        host = {"method_search": self.method_search} if self.method_search else {}
        with Sandbox(self.apis, host_functions=host, **self.sandbox_settings) as sandbox:
            state = _RunState(
                Transcript(self._system_prompt(), self._task_prompt(task)), sandbox, log
            )
            try:
                outcome = self._loop(state, task)
            except KeyboardInterrupt:
                self._close_log(
                    state, _Finished(Status.INTERRUPTED, error="interrupted by the user")
                )
                raise
        self._close_log(state, outcome)
        return RunResult(
            task=task,
            status=outcome.status,
            answer=outcome.answer,
            steps=tuple(state.steps),
            usage=state.usage,
            log_path=log.path if log else None,
            error=outcome.error,
        )

    def _loop(self, state: _RunState, task: str) -> _Finished:
        try:
            step = self._decompose(state, task) if self.options.decompose_first_step else 1
            malformed = 0
            while step <= self.options.max_steps:
                if self._take_step(state, step):
                    malformed = 0
                    step += 1
                    continue
                malformed += 1
                if malformed >= self.options.max_malformed_replies:
                    return _Finished(
                        Status.ERROR,
                        error=f"the model gave no action in {malformed} consecutive replies",
                    )
            self._wrap_up(state, step - 1)
            return _Finished(Status.MAX_STEPS, error=f"reached max_steps={self.options.max_steps}")
        except _Finished as finished:
            return finished
        except (ModelError, ContextBudgetError) as error:
            return _Finished(Status.ERROR, error=str(error))

    def _take_step(self, state: _RunState, step: int) -> bool:
        """One model call and, when it holds an action, one sandbox run. False: no action."""
        started = time.perf_counter()
        completion = self._complete(state, self.options.stop_sequences)
        parsed = parse_reply(completion.text)
        if parsed.action is None:
            reminder = self.prompts.render("reminder.jinja2", step=step)
            state.transcript.add(Exchange(step, parsed.text or "(empty reply)", None, "", reminder))
            self._record(state, step, "reminder", parsed.thought, "", reminder, completion, started)
            return False
        observation = state.sandbox.run(parsed.action)
        text = observation.text
        if parsed.extra_blocks:
            ignored = parsed.extra_blocks
            text += f"\n[only the first code block ran; {ignored} more ignored: one per step]"
        self._record(
            state,
            step,
            "step",
            parsed.thought,
            parsed.action,
            text,
            completion,
            started,
            observation,
        )
        if observation.stopped:
            raise _Finished(Status.FINISHED, answer=observation.answer)
        if step < self.options.max_steps:
            state.transcript.add(self._exchange(step, parsed.text, parsed.action, text))
        else:
            state.unanswered = (parsed.text, parsed.action, text)
        return True

    def _decompose(self, state: _RunState, task: str) -> int:
        """Step 1: the model lists sub-steps; we run method_search on the first one for real."""
        started = time.perf_counter()
        completion = self._complete(state, ("ACTION", "Action:", *self.options.stop_sequences[:2]))
        plan = parse_reply(completion.text).thought or completion.text.strip()
        first = _NUMBERED.search(plan)
        query = (first["text"] if first else task).strip().strip("*").strip()
        action = f"method_search({query!r})"
        observation = state.sandbox.run(action)
        thought = self.prompts.render("decompose.jinja2", plan=plan)
        assistant = f"{thought}\nACTION 1:\n```python\n{action}\n```"
        self._record(
            state,
            1,
            "decompose",
            thought,
            action,
            observation.text,
            completion,
            started,
            observation,
        )
        state.transcript.add(self._exchange(1, assistant, action, observation.text))
        return 2

    def _wrap_up(self, state: _RunState, last_step: int) -> None:
        if not self.options.wrap_up or state.unanswered is None:
            return
        reply, action, observation = state.unanswered
        before, _, after = self.prompts.render(
            "wrap_up.jinja2",
            step=last_step,
            observation=_SENTINEL,
            max_steps=self.options.max_steps,
        ).partition(_SENTINEL)
        state.transcript.add(Exchange(last_step, reply, action, observation, before, after))
        started = time.perf_counter()
        completion = self._complete(state, self.options.stop_sequences)
        thought = parse_reply(completion.text).thought
        self._record(state, last_step + 1, "wrap_up", thought, "", "", completion, started)

    def _complete(self, state: _RunState, stop: tuple[str, ...]) -> Completion:
        budget = self.model.context_window() - self.model.settings.max_tokens - 64
        messages = state.transcript.messages(
            budget, state.estimator.estimate, self.options.keep_recent_steps
        )
        completion = self.model.complete(messages, stop=stop)
        state.estimator.calibrate(messages, completion.prompt_tokens)
        state.usage += Usage(completion.prompt_tokens, completion.completion_tokens)
        return completion

    def _exchange(self, step: int, reply: str, action: str | None, observation: str) -> Exchange:
        before, _, after = self.prompts.render(
            "observation.jinja2",
            step=step,
            observation=_SENTINEL,
            thought_prefix=self.options.thought_prefix,
        ).partition(_SENTINEL)
        return Exchange(step, reply, action, observation, before, after)

    def _record(
        self,
        state: _RunState,
        step: int,
        kind: str,
        thought: str,
        action: str,
        observation: str,
        completion: Completion,
        started: float,
        sandbox_result: Observation | None = None,
    ) -> None:
        record = StepRecord(
            index=step,
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
        state.steps.append(record)
        if state.log:
            state.log.write_step(record)
        if self.on_step:
            self.on_step(record)

    def _system_prompt(self) -> str:
        preinjected = self.sandbox_settings.get("preinject", DEFAULT_PREINJECT)
        return self.prompts.render(
            "system.jinja2", few_shot=self.options.few_shot, preinjected=list(preinjected)
        )

    def _task_prompt(self, task: str) -> str:
        return self.prompts.render(
            "task.jinja2",
            task=task,
            decompose=self.options.decompose_first_step,
            thought_prefix=self.options.thought_prefix,
        )

    def _open_log(self, task: str) -> RunLog | None:
        if self.logs_dir is None:
            return None
        settings = {"model": self.model.name, **self.log_settings, **self.options.describe()}
        return RunLog.create(
            self.logs_dir,
            task=task,
            model=self.model.name,
            settings=settings,
            started=datetime.now().astimezone(),
            durable=self.durable_logs,
        )

    def _close_log(self, state: _RunState, outcome: _Finished) -> None:
        if state.log:
            state.log.finish(
                status=outcome.status.value,
                answer=outcome.answer,
                prompt_tokens=state.usage.prompt_tokens,
                completion_tokens=state.usage.completion_tokens,
                error=outcome.error,
            )
