"""The values that pass between the loop's stages and the plugins that hook into them."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

from react_repl.context._api_docs import ApiDoc
from react_repl.context._options import AgentOptions
from react_repl.context._prompts import PromptSet
from react_repl.context._transcript import Exchange, Transcript

if TYPE_CHECKING:  # the model client imports openai: a second for a command that never calls it
    from react_repl.context._answer_type import AnswerType
    from react_repl.llm import ChatModel


@dataclass(frozen=True)
class Proposal:
    """The model's reply for one step, parsed: what it thought and the code it wants to run."""

    step: int
    thought: str
    action: str
    reply: str  # the reply as kept in the transcript


@dataclass(frozen=True)
class Review:
    """A reviewer's decision about a proposed action.

    `run` runs it as proposed; `edit` runs `code` instead (the log keeps both); `reject` runs
    nothing and shows `reason` as the observation; `stop` ends the run.
    """

    decision: Literal["run", "edit", "reject", "stop"]
    code: str = ""
    reason: str = ""

    @classmethod
    def approve(cls) -> Review:
        return cls("run")

    @classmethod
    def edit(cls, code: str) -> Review:
        return cls("edit", code=code)

    @classmethod
    def reject(cls, reason: str) -> Review:
        return cls("reject", reason=reason)

    @classmethod
    def stop(cls, reason: str = "") -> Review:
        return cls("stop", reason=reason)


@dataclass(frozen=True)
class Answer:
    """The value the agent gave to `stop()`, and its text form for people and logs."""

    value: Any
    text: str | None

    @classmethod
    def of(cls, value: Any, text: str | None = None) -> Answer:
        if text is None and value is not None:
            text = value if isinstance(value, str) else _as_text(value)
        return cls(value, text)


@dataclass(frozen=True)
class Verdict:
    """A critic's judgement of an answer; a rejection's reason is shown to the model."""

    accepted: bool
    reason: str = ""


@dataclass(frozen=True)
class StepPlan:
    """A step a technique takes its own way (decomposition: the reply is a plan, and the action
    searches for its first sub-steps). `stop` cuts the model's reply; `action` turns the reply's
    thought into the thought shown and the code that runs; `kind` names the step in the log."""

    kind: str
    stop: tuple[str, ...]
    action: Callable[[str], tuple[str, str]]


@dataclass
class RunState:
    """Everything a continuation needs besides the sandbox: JSON-able, checkpointed each step."""

    task: str
    transcript: Transcript
    step: int = 0  # the last step that ran
    malformed: int = 0  # consecutive replies without an action
    answer_reviews: int = 0  # answers a critic has rejected so far
    memo: dict[str, Any] = field(default_factory=dict)  # plugins' own JSON-able state
    pending_action: str | None = None  # runs as the next action without asking the model
    pending_note: str | None = None  # added to the next prompt once (a hint, a restore report)

    def to_json(self) -> dict[str, Any]:
        return {**vars(self), "transcript": self.transcript.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunState:
        """A checkpoint's state; one written by an earlier version lacks the newer counters."""
        known = {k: v for k, v in data.items() if k in {f.name for f in fields(cls)}}
        return cls(**{**known, "transcript": Transcript.from_json(data["transcript"])})


def _no_model_yet(purpose: str, messages: list[dict[str, str]]) -> str:
    raise RuntimeError(f"{purpose}: the model can be asked only while the run's steps are running")


@dataclass
class RunContext:
    """What plugins see of a run: its state and the services a plugin may use.

    `ask_model(purpose, messages)` lets a critic or planner make its own call to the run's model
    (counted in the run's usage and written to its log as a step of kind `purpose`);
    `method_search` lets a hint look up functions; `api_docs` holds each API's signature and
    documented exceptions. Plugins keep per-run state in `state.memo` under their own key, so it
    is checkpointed with the run.
    """

    state: RunState
    options: AgentOptions
    model: ChatModel
    prompts: PromptSet
    method_search: Callable[..., str] | None
    api_docs: dict[str, ApiDoc] = field(default_factory=dict)
    data_sources: frozenset[str] = frozenset()  # host functions that give data (ask_user)
    ask_model: Callable[[str, list[dict[str, str]]], str] = _no_model_yet
    answer_type: AnswerType | None = None  # the type the caller wants stop()'s value in

    @property
    def task(self) -> str:
        return self.state.task

    @property
    def step(self) -> int:
        return self.state.step

    @property
    def exchanges(self) -> list[Exchange]:
        return self.state.transcript.exchanges

    def memo(self, key: str) -> dict[str, Any]:
        """A plugin's own state for this run (created empty on first use)."""
        return self.state.memo.setdefault(key, {})

    def ask(self, purpose: str, system: str, turn: str, **values: Any) -> str:
        """`ask_model` with a system prompt and one user turn, both rendered from templates."""
        prompt = self.prompts.render
        messages = [{"role": "system", "content": prompt(system)},
                    {"role": "user", "content": prompt(turn, **values)}]  # fmt: skip
        return self.ask_model(purpose, messages)


def _as_text(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)
