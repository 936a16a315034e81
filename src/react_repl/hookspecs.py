"""Every extension point of a run, declared in one place.

A step is a fixed sequence of stages (see docs/agent_stages.md):

    prompt -> model -> review -> sandbox -> observe -> (answer review) -> record

and each stage that a person, a critic, a planner or a memory may want to influence has exactly
one hook here. Built-in features (hints, loop detection, the critic, plans, approvals, memory)
are plugins written against these hooks like any third-party one, so the loop itself stays
small. Plugins are objects with methods marked `@hookimpl`; pass them as `Agent(plugins=[...])`,
or publish them under the `react_repl.plugins` entry-point group.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pluggy

from react_repl.context import Answer, Event, Proposal, Review, RunContext, StepPlan, Verdict
from react_repl.sandbox import Observation

PROJECT = "react_repl"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def on_event(event: Event) -> None:
    """Every event of a run, in order: live displays, metrics, custom logs. Must not raise."""


@hookspec
def host_functions(run: RunContext) -> dict[str, Callable[..., Any]] | None:
    """Functions the agent's actions may call that run in the agent's process (`ask_user`,
    `recall`). Their results cross the sandbox boundary like any API result."""


@hookspec
def prompt_notes(run: RunContext) -> str | None:
    """Text added to the end of the next prompt only (a plan, a loop warning, a memory).

    Notes are not kept in the transcript: each step asks again, so stale advice disappears and
    the cached prompt prefix of earlier steps stays valid.
    """


@hookspec(firstresult=True)
def review_action(run: RunContext, proposal: Proposal) -> Review | None:
    """Decide about an action before it runs: run it, edit it, reject it with a reason, or stop
    the run. The first plugin that returns a Review decides; None means "no opinion"."""


@hookspec
def observation_hints(run: RunContext, proposal: Proposal, observation: Observation) -> str | None:
    """Extra lines after what the action printed: an error explained, a repeated step noted."""


@hookspec(firstresult=True)
def review_answer(run: RunContext, answer: Answer) -> Verdict | None:
    """Accept or reject the value given to `stop()`; a rejection's reason becomes the observation
    and the run goes on. The first plugin that returns a Verdict decides."""


@hookspec(firstresult=True)
def step_plan(run: RunContext) -> StepPlan | None:
    """The next step taken a technique's way instead of as an ordinary step (decomposition's
    step 1). The first plugin that returns a plan decides; None means an ordinary step."""


@hookspec
def trace_span(
    run: RunContext, name: str, attributes: dict[str, Any]
) -> AbstractContextManager[object] | None:
    """A stage starts: "run", "step", "model", "action" or "api_call" (an API, method_search or
    another host function called by the action, as the worker reports it). A tracer
    returns a context manager, held open for the stage's length and nested as the stages are.
    `attributes` (OpenTelemetry GenAI names, then `react_repl.*`) describes the stage; what is
    known only at its end (tokens, finish reason, outcome, `error`) is added to the same dict
    before the context manager exits."""
