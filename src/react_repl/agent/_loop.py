"""The ReAct loop: task → prompt → model → action → sandbox → observation → log, step by step."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from react_repl.agent._options import AgentOptions
from react_repl.agent._parse import parse_reply
from react_repl.agent._prompts import PromptSet
from react_repl.agent._recorder import RunRecorder
from react_repl.agent._result import RunResult, Status
from react_repl.agent._transcript import ContextBudgetError, Exchange, TokenEstimator, Transcript
from react_repl.llm import ChatModel, Completion, ModelError
from react_repl.logs import StepRecord
from react_repl.sandbox import DEFAULT_PREINJECT, Observation, Sandbox

_SENTINEL = "\x00OBSERVATION\x00"
_PLAN_STOPS = ("ACTION", "\nTHOUGHT", "\nThought", "OBSERVATION")  # the plan only, no step 2
_MISSING_NAME = re.compile(r"NameError: name '(?P<name>[A-Za-z_][A-Za-z0-9_]*)' is not defined")
_NUMBERED = re.compile(r"^\s*(?:step\s*)?1\s*[.):-]\s*(?P<text>.+)$", re.IGNORECASE | re.MULTILINE)


class _Finished(Exception):
    def __init__(self, status: Status, answer: str | None = None, error: str | None = None):
        super().__init__(status)
        self.status, self.answer, self.error = status, answer, error


@dataclass
class _RunState:
    transcript: Transcript
    sandbox: Sandbox
    recorder: RunRecorder
    estimator: TokenEstimator = field(default_factory=TokenEstimator)
    unanswered: tuple[str, str, str] | None = None  # the last step's reply, action, observation
    earlier_actions: dict[str, int] = field(default_factory=dict)  # normalised code -> step


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
        recorder = RunRecorder.open(
            self.logs_dir,
            task=task,
            model=self.model.name,
            settings={"model": self.model.name, **self.log_settings, **self.options.describe()},
            durable=self.durable_logs,
            on_step=self.on_step,
        )
        host = {"method_search": self.method_search} if self.method_search else {}
        try:
            with Sandbox(self.apis, host_functions=host, **self.sandbox_settings) as sandbox:
                transcript = Transcript(self._system_prompt(), self._task_prompt(task))
                outcome = self._loop(_RunState(transcript, sandbox, recorder), task)
        except KeyboardInterrupt:
            recorder.close(Status.INTERRUPTED, None, "interrupted by the user")
            raise
        except BaseException as error:  # the log must end with a status whatever went wrong
            recorder.close(Status.ERROR, None, f"{type(error).__name__}: {error}")
            raise
        recorder.close(outcome.status, outcome.answer, outcome.error)
        return RunResult(
            task=task,
            status=outcome.status,
            answer=outcome.answer,
            steps=tuple(recorder.steps),
            usage=recorder.usage,
            log_path=recorder.log.path if recorder.log else None,
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
            state.recorder.step(
                step, "reminder", completion, started, thought=parsed.thought, observation=reminder
            )
            return False
        observation = state.sandbox.run(parsed.action)
        text = (
            observation.text
            + self._suggestions(observation)
            + self._repeat_note(state, step, parsed.action)
        )
        if parsed.extra_blocks:
            ignored = parsed.extra_blocks
            text += f"\n[only the first code block ran; {ignored} more ignored: one per step]"
        state.recorder.step(
            step, "step", completion, started,
            thought=parsed.thought, action=parsed.action, observation=text,
            sandbox_result=observation,
        )  # fmt: skip
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
        completion = self._complete(state, _PLAN_STOPS)
        plan = parse_reply(completion.text).thought or completion.text.strip()
        first = _NUMBERED.search(plan)
        query = (first["text"] if first else task).strip().strip("*").strip()
        action = f"method_search({query!r})"
        observation = state.sandbox.run(action)
        state.earlier_actions[_normalised(action)] = 1
        thought = self.prompts.render("decompose.jinja2", plan=plan)
        assistant = f"{thought}\nACTION 1:\n```python\n{action}\n```"
        state.recorder.step(
            1, "decompose", completion, started,
            thought=thought, action=action, observation=observation.text,
            sandbox_result=observation,
        )  # fmt: skip
        state.transcript.add(self._exchange(1, assistant, action, observation.text))
        return 2

    def _wrap_up(self, state: _RunState, last_step: int) -> None:
        if not self.options.wrap_up or state.unanswered is None:
            return
        reply, action, observation = state.unanswered
        wrap_up = self._exchange(last_step, reply, action, observation, template="wrap_up.jinja2")
        state.transcript.add(wrap_up)
        started = time.perf_counter()
        completion = self._complete(state, self.options.stop_sequences)
        thought = parse_reply(completion.text).thought
        state.recorder.step(last_step + 1, "wrap_up", completion, started, thought=thought)

    def _suggestions(self, observation: Observation) -> str:
        """A called name that does not exist is a description of what the model wants: search it.

        The seed observed models inventing plausible function names; searching for the invented
        name turns the hallucination into the lookup the model should have made.
        """
        if not (self.options.search_on_name_error and self.method_search):
            return ""
        missing = (
            _MISSING_NAME.search(observation.text) if observation.error == "NameError" else None
        )
        if missing is None:
            return ""
        query = missing["name"].replace("_", " ")
        try:
            found = self.method_search(query, k=3).strip()
        except Exception:  # a failed hint must never fail the step
            return ""
        if not found:
            return ""
        note = self.prompts.render(
            "name_error.jinja2", name=missing["name"], query=query, found=found
        )
        return "\n" + note

    def _repeat_note(self, state: _RunState, step: int, action: str) -> str:
        """Small models loop on one action; telling them so is what gets them moving again."""
        key = _normalised(action)
        previous = state.earlier_actions.setdefault(key, step)
        if not self.options.repeat_warning or previous == step:
            return ""
        searched = key.startswith("method_search(")
        return "\n" + self.prompts.render(
            "repeat.jinja2", previous_step=previous, searched=searched
        )

    def _complete(self, state: _RunState, stop: tuple[str, ...]) -> Completion:
        budget = self.model.context_window() - self.model.settings.max_tokens - 64
        messages = state.transcript.messages(
            budget, state.estimator.estimate, self.options.keep_recent_steps
        )
        completion = self.model.complete(messages, stop=stop)
        state.estimator.calibrate(messages, completion.prompt_tokens)
        state.recorder.count(completion)
        return completion

    def _exchange(
        self,
        step: int,
        reply: str,
        action: str | None,
        observation: str,
        template: str = "observation.jinja2",
    ) -> Exchange:
        """Render the answering turn around a placeholder, so the observation stays separable."""
        before, _, after = self.prompts.render(
            template,
            step=step,
            observation=_SENTINEL,
            thought_prefix=self.options.thought_prefix,
            max_steps=self.options.max_steps,
        ).partition(_SENTINEL)
        return Exchange(step, reply, action, observation, before, after)

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


def _normalised(code: str) -> str:
    return " ".join(code.replace('"', "'").split())
