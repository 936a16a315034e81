"""The ReAct loop as an explicit sequence of stages, one step at a time.

    prompt -> model -> review -> sandbox -> observe -> (answer review) -> record

Each stage is one method below; what a person, a critic, a planner or a memory adds happens in
the hooks declared in `react_repl.hookspecs`, so this module only decides what comes next.
"""

from __future__ import annotations

import json
import threading
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import pluggy

from react_repl.agent._parse import parse_reply, summary_of
from react_repl.agent._recorder import RunRecorder, StepNotes
from react_repl.agent._tracing import act, model_attributes, stage, usage_attributes
from react_repl.context import (
    ActionProposed,
    ActionReviewed,
    Answer,
    AnswerInvalid,
    ContextBudgetError,
    Exchange,
    ModelRetried,
    Observed,
    Proposal,
    Review,
    RunContext,
    Status,
    StepEnded,
    StepPlan,
    StepStarted,
    TextDelta,
    TokenEstimator,
    Verdict,
)
from react_repl.llm import Completion, ModelCancelled, ModelError
from react_repl.sandbox import Observation, Sandbox

_SENTINEL = "\x00OBSERVATION\x00"


@dataclass(frozen=True)
class Outcome:
    status: Status
    answer: Answer | None = None
    error: str = ""
    summary: str | None = None


class _Finished(Exception):
    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.status)
        self.outcome = outcome


class StepLoop:
    """Runs the steps of one run; every stage reports through `emit` and the recorder."""

    def __init__(
        self,
        run: RunContext,
        sandbox: Sandbox,
        recorder: RunRecorder,
        plugins: pluggy.PluginManager,
        cancel: threading.Event,
    ) -> None:
        self.run = run
        self.sandbox = sandbox
        self.recorder = recorder
        self.hooks = plugins.hook
        self.cancel = cancel
        self.estimator = TokenEstimator()
        run.ask_model = self.ask_model

    @property
    def options(self) -> Any:
        return self.run.options

    def emit(self, event: Any) -> None:
        self.hooks.on_event(event=event)

    def run_steps(self) -> Outcome:
        state = self.run.state
        try:
            if state.step == 0:
                self.checkpoint()  # so a fork can start again from step 1
            while state.step < self.options.max_steps:
                self._check_cancel()
                given = state.pending_action is not None  # a person's action comes first
                planned = None if given else self.hooks.step_plan(run=self.run)
                step = state.step + 1
                kind = planned.kind if planned else "step"
                attributes = {"react_repl.step": step, "react_repl.step.kind": kind}
                with self.stage("step", attributes, ended=(_Finished,)):
                    if planned is None:
                        self.take_step(step)
                    else:
                        self.take_planned_step(step, planned)
            return self._out_of_steps()
        except _Finished as finished:
            return finished.outcome
        except ModelCancelled:
            return Outcome(Status.INTERRUPTED, error="cancelled while the model was answering")
        except (ModelError, ContextBudgetError) as error:
            return Outcome(Status.ERROR, error=str(error))

    def take_step(self, step: int) -> None:
        """prompt -> model -> review -> sandbox -> observe -> record, for one step."""
        self.emit(StepStarted(step, "step"))
        started = time.perf_counter()
        completion = self._given_action(step) or self.complete(step, self.options.stop_sequences)
        parsed = parse_reply(completion.text)
        if parsed.action is None:
            self._remind(step, parsed.thought, parsed.text, completion, started)
            return
        self.run.state.malformed = 0
        proposal = Proposal(step, parsed.thought, parsed.action, parsed.text)
        self.emit(ActionProposed(step, proposal.thought, proposal.action))
        if parsed.open_ended and completion.finish_reason == "length":
            self._cut_at_length(step, proposal, completion, started)
            return
        review = self.hooks.review_action(run=self.run, proposal=proposal) or Review.approve()
        code = review.code if review.decision == "edit" else proposal.action
        runs = review.decision in ("run", "edit")
        note = _review_note(review)
        self.emit(ActionReviewed(step, review.decision, code if runs else "", review.reason))
        if review.decision == "stop":
            self.record(step, "step", completion, started,
                        StepNotes(proposal.thought, "", "", proposal.action, note))  # fmt: skip
            error = f"stopped by the reviewer at step {step}: {review.reason or 'no reason given'}"
            raise _Finished(Outcome(Status.INTERRUPTED, error=error))
        if review.decision == "reject":
            text = self.run.prompts.render("rejected.jinja2", reason=review.reason or "no reason")
            notes = StepNotes(proposal.thought, "", text, proposal.action, note)
            self._finish_step(step, proposal, notes, completion, started)
            return
        observation = self.run_action(code)
        text = self._observe(proposal, code, observation, parsed.extra_blocks)
        edited = proposal.action if review.decision == "edit" else ""
        if observation.stopped:
            answer, verdict, misfit = self._review_answer(observation)
            given_up = misfit and self.run.state.answer_reviews >= self.options.max_answer_reviews
            if verdict is None or verdict.accepted or given_up:
                notes = StepNotes(proposal.thought, code, text, edited, note,
                                  observation)  # fmt: skip
                self.record(step, "step", completion, started, notes)
                error = f"the answer never validated: {misfit}" if misfit else ""
                raise _Finished(Outcome(Status.ERROR, error=error) if misfit else
                                Outcome(Status.FINISHED, answer=answer))  # fmt: skip
            self.run.state.answer_reviews += 1
            text += "\n" + self.run.prompts.render("answer_rejected.jinja2", reason=verdict.reason)
        notes = StepNotes(proposal.thought, code, text, edited, note, observation)
        self._finish_step(step, proposal, notes, completion, started)

    def run_action(self, code: str) -> Observation:
        return act(self.sandbox, code, self.cancel, self.stage, self.run.state.step + 1)

    def stage(
        self, name: str, attributes: dict[str, Any], ended: tuple[type[BaseException], ...] = ()
    ) -> AbstractContextManager[dict[str, Any]]:
        return stage(self.hooks, self.run, name, attributes, ended)

    def _review_answer(self, observation: Observation) -> tuple[Answer, Verdict | None, str]:
        """The answer in the caller's type first: a value that does not fit is sent back with
        what is wrong (the third value), before any plugin judges its content."""
        answer = Answer.of(observation.answer, observation.answer_text)
        wanted = self.run.answer_type
        if wanted is not None:
            try:
                value = wanted.convert(answer.value)
            except AnswerInvalid as invalid:
                misfit = f"it does not match {wanted.name}: {invalid}"
                return answer, Verdict(False, misfit), misfit
            data = wanted.dump(value)  # the text is the JSON, but a string is not quoted
            answer = Answer(value, data if isinstance(data, str) else json.dumps(data))
        return answer, self.hooks.review_answer(run=self.run, answer=answer), ""

    def complete(self, step: int, stop: tuple[str, ...]) -> Completion:
        """The model stage: the transcript fitted to the context, plus this step's notes."""
        budget = self.run.model.context_window() - self.run.model.settings.max_tokens - 64
        messages = self.run.state.transcript.messages(
            budget, self.estimator.estimate, self.options.keep_recent_steps
        )
        state = self.run.state
        notes = [note for note in self.hooks.prompt_notes(run=self.run) if note]
        if state.pending_note:
            notes.append(state.pending_note)
        if notes:
            last = messages[-1]
            messages[-1] = {**last, "content": last["content"] + "\n\n" + "\n\n".join(notes)}
        with self.stage("model", model_attributes(self.run, step, "step")) as span:
            completion = self.run.model.complete(
                messages,
                stop=stop,
                on_text=lambda text: self.emit(TextDelta(step, text)),
                cancel=self.cancel,
                on_retry=lambda retry: self.emit(
                    ModelRetried(step, retry.attempt, retry.cause, retry.delay)
                ),
            )
            span.update(usage_attributes(completion))
        state.pending_note = None
        if not completion.usage_estimated:  # a guess would only mis-calibrate the estimate
            self.estimator.calibrate(messages, completion.prompt_tokens)
        self.recorder.count(completion)
        return completion

    def take_planned_step(self, step: int, planned: StepPlan) -> None:
        """A step a technique shapes: its reply's thought becomes the action it says, which
        runs and is observed like any other (decomposition's plan and searches)."""
        self.emit(StepStarted(step, planned.kind))
        started = time.perf_counter()
        completion = self.complete(step, planned.stop)
        plan = parse_reply(completion.text).thought or completion.text.strip()
        thought, action = planned.action(plan)
        observation = self.run_action(action)
        reply = f"{thought}\nACTION {step}:\n```python\n{action}\n```"
        proposal = Proposal(step, thought, action, reply)
        text = self._observe(proposal, action, observation, 0)
        notes = StepNotes(thought, action, text, sandbox=observation)
        self.record(step, planned.kind, completion, started, notes)
        self.run.state.step = step
        self.run.state.transcript.add(self.exchange(step, reply, action, text))
        self.checkpoint()

    def _given_action(self, step: int) -> Completion | None:
        """The action a person gave when rewinding, standing in for the model's reply."""
        code = self.run.state.pending_action
        if code is None:
            return None
        self.run.state.pending_action = None
        reply = f"THOUGHT {step}: (this action was given when the run was rewound)\n" \
                f"ACTION {step}:\n```python\n{code}\n```"  # fmt: skip
        self.emit(TextDelta(step, reply))
        return Completion(reply, 0, 0, 0.0, finish_reason="given", retries=0)

    def ask_model(self, purpose: str, messages: list[dict[str, str]]) -> str:
        """A plugin's own model call (plan, critic): counted, cancellable, logged as a step."""
        started = time.perf_counter()
        step = self.run.state.step + 1  # the step in progress
        with self.stage("model", model_attributes(self.run, step, purpose)) as span:
            completion = self.run.model.complete(messages, cancel=self.cancel)
            span.update(usage_attributes(completion))
        self.recorder.count(completion)
        self.record(step, purpose, completion, started, StepNotes(completion.text.strip()))
        return completion.text

    def exchange(
        self, step: int, reply: str, action: str | None, observation: str,
        template: str = "observation.jinja2",
    ) -> Exchange:  # fmt: skip
        """Render the answering turn around a placeholder, so the observation stays separable."""
        before, _, after = self.run.prompts.render(
            template,
            step=step,
            observation=_SENTINEL,
            thought_prefix=self.options.thought_prefix,
            max_steps=self.options.max_steps,
        ).partition(_SENTINEL)
        return Exchange(step, reply, action, observation, before, after)

    def _observe(
        self, proposal: Proposal, code: str, observation: Observation, extra_blocks: int
    ) -> str:
        ran = Proposal(proposal.step, proposal.thought, code, proposal.reply)
        hints = self.hooks.observation_hints(run=self.run, proposal=ran, observation=observation)
        text = observation.text + "".join(f"\n{hint}" for hint in reversed(hints) if hint)
        if extra_blocks:
            text += f"\n[one code block ran; {extra_blocks} more ignored: one per step]"
        self.emit(Observed(proposal.step, text, observation.ok, observation.error))
        return text

    def _finish_step(
        self,
        step: int,
        proposal: Proposal,
        notes: StepNotes,
        completion: Completion,
        started: float,
    ) -> None:
        self.record(step, "step", completion, started, notes)
        self.run.state.step = step
        exchange = self.exchange(step, proposal.reply, notes.action or None, notes.observation)
        self.run.state.transcript.add(exchange)
        self.checkpoint()

    def _remind(
        self, step: int, thought: str, text: str, completion: Completion, started: float
    ) -> None:
        state = self.run.state
        reminder = self.run.prompts.render("reminder.jinja2", step=step)
        state.transcript.add(Exchange(step, text or "(empty reply)", None, "", reminder))
        self.record(step, "reminder", completion, started, StepNotes(thought, "", reminder))
        state.malformed += 1
        self.checkpoint()
        if state.malformed >= self.options.max_malformed_replies:
            error = f"the model gave no action in {state.malformed} consecutive replies"
            raise _Finished(Outcome(Status.ERROR, error=error))

    def _cut_at_length(
        self, step: int, proposal: Proposal, completion: Completion, started: float
    ) -> None:
        """An action still open when the reply hit the token limit lost its end; running the
        part that arrived would do part of the work (a write, half a loop) without a word, so
        nothing runs and the model is asked for a shorter action."""
        max_tokens = self.run.model.settings.max_tokens
        text = self.run.prompts.render("truncated.jinja2", max_tokens=max_tokens)
        self.emit(Observed(step, text, ok=False))
        review = f"not run: the reply hit the token limit ({max_tokens}) inside the action"
        notes = StepNotes(proposal.thought, "", text, proposal.action, review)
        self._finish_step(step, proposal, notes, completion, started)

    def _out_of_steps(self) -> Outcome:
        """Max steps, with the wrap-up's summary; a failed wrap-up call loses only the summary:
        the steps ran, and their results are what a caller reads."""
        error = f"reached max_steps={self.options.max_steps}"
        try:
            summary = self._wrap_up()
        except ModelError as failure:
            return Outcome(Status.MAX_STEPS, error=f"{error}; the wrap-up call failed: {failure}")
        return Outcome(Status.MAX_STEPS, error=error, summary=summary)

    def _wrap_up(self) -> str | None:
        """At max steps, one last call so the model says what it got; kept as the summary.

        The last exchange is shown with the wrap-up turn instead of the usual one; the
        checkpoint written before keeps the usual one, so a resumed run simply goes on. No stop
        sequence applies: nothing runs after this reply, so an opening "Observation 3 showed…"
        is the model reading the last result, not making one up.
        """
        exchanges = self.run.state.transcript.exchanges
        if not self.options.wrap_up or not exchanges or exchanges[-1].step != self.run.state.step:
            return None
        last = exchanges[-1]
        exchanges[-1] = self.exchange(
            last.step, last.assistant, last.action, last.observation, template="wrap_up.jinja2"
        )
        step = last.step + 1
        self.emit(StepStarted(step, "wrap_up"))
        started = time.perf_counter()
        with self.stage("step", {"react_repl.step": step, "react_repl.step.kind": "wrap_up"}):
            completion = self.complete(step, ())
        summary = summary_of(completion.text)
        self.record(step, "wrap_up", completion, started, StepNotes(summary))
        return summary or None

    def record(
        self, step: int, kind: str, completion: Completion, started: float, notes: StepNotes
    ) -> None:
        record = self.recorder.step(step, kind, completion, started, notes)
        self.emit(StepEnded(step, record))

    def checkpoint(self) -> None:
        """After each step: the run's state and the namespace's plain values, for resume/rewind.
        A namespace that cannot be saved is recorded as lost, with the reason; the run goes on."""
        from react_repl.sandbox import SandboxError, unsaved_snapshot

        try:
            if self.cancel.is_set():  # its action may have been killed: no new worker to wait for
                raise SandboxError("the run was cancelled")
            namespace = self.sandbox.snapshot()
        except SandboxError as error:
            namespace = unsaved_snapshot(self.sandbox.variables, str(error))
        self.recorder.checkpoint(
            {
                "step": self.run.state.step,
                "state": self.run.state.to_json(),
                "namespace": namespace,
                "options": self.options.to_json(),
            }
        )

    def _check_cancel(self) -> None:
        if self.cancel.is_set():
            raise _Finished(Outcome(Status.INTERRUPTED, error="cancelled by the caller"))


def _review_note(review: Review) -> str:
    """What the log says about the action besides the model's reply: a reviewer's decision."""
    if review.decision == "run":
        return ""
    return f"{review.decision}: {review.reason}" if review.reason else review.decision
