"""Agent styles, a dimension of the benchmark beside models and arms.

`code` is this project's agent (Python actions); `tool-calls` is the same loop with the APIs
offered as OpenAI tools (`_toolcalls.py`). Any other agent plugs in under the entry-point group
`react_repl.bench_agents`: a callable taking an `AgentRequest` and returning a `RunResult`, run in
the attempt's workspace and world and judged by the same checks.

The smolagents `CodeAgent` ships as the style `smolagents` (`pip install
'react-repl[smolagents]'`): the peer everyone compares with, on the same tasks, model, world and
checks. Its tools are the attempt's APIs; its steps become the attempt's steps (thought, code,
observation, tokens), so the report counts them like ours.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

import openai

from react_repl.bench._limits import LimitWatch
from react_repl.bench._plan import DEFAULT_AGENT, PlanError
from react_repl.bench._toolcalls import json_type
from react_repl.context import RunResult, Status, Usage
from react_repl.llm import ModelSettings
from react_repl.logs import StepRecord
from react_repl.registry import ApiSpec

ENTRY_POINT_GROUP = "react_repl.bench_agents"
BUILTIN_STYLES = (DEFAULT_AGENT, "tool-calls")
_SHIPPED = ("smolagents",)  # run_code_agent, below


@dataclass(frozen=True)
class AgentRequest:
    """One attempt as an external agent gets it. The APIs find the workspace and the local
    world through the environment, which is set while the agent runs; the agent adds each model
    call's tokens to `watch` and stops when `cancel` is set (a limit was passed)."""

    task: str
    model: ModelSettings
    apis: Mapping[str, Callable[..., Any]]
    specs: Sequence[ApiSpec]
    max_steps: int
    watch: LimitWatch
    cancel: threading.Event


ExternalAgent = Callable[[AgentRequest], RunResult]


def available_styles() -> list[str]:
    found = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return [*BUILTIN_STYLES, *sorted((found | set(_SHIPPED)) - set(BUILTIN_STYLES))]


def check_styles(names: Sequence[str]) -> None:
    known = available_styles()
    for name in names:
        if name not in known:
            raise PlanError(f"--agent {name!r}: no such agent style; known: {', '.join(known)}")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise PlanError(f"--agent {', '.join(twice)} given twice")


def external_agent(name: str) -> ExternalAgent:
    """The callable behind an external style: an installed entry point, else a shipped one."""
    for point in entry_points(group=ENTRY_POINT_GROUP, name=name):
        loaded: ExternalAgent = point.load()
        return loaded
    return run_code_agent


def run_code_agent(request: AgentRequest) -> RunResult:
    """Raises when the model server failed (the harness's error, retried); any other failure
    of the agent is its own and ends the run with status error."""
    try:
        from smolagents import CodeAgent, OpenAIServerModel
    except ImportError:
        raise RuntimeError(
            "--agent smolagents needs smolagents: pip install 'react-repl[smolagents]'"
        ) from None
    settings = request.model
    model = OpenAIServerModel(
        model_id=settings.model or "default",
        api_base=settings.base_url,
        api_key=settings.api_key or "sk-no-key-required",
        temperature=settings.temperature,
        max_tokens=settings.max_tokens,
    )
    tools = [_tool(spec, request.apis[spec.name]) for spec in request.specs]
    agent = CodeAgent(
        tools=tools,
        model=model,
        max_steps=request.max_steps,
        verbosity_level=-1,
        step_callbacks=[lambda step, agent: _counted(step, agent, request)],
    )
    try:
        run = agent.run(request.task, return_full_result=True)
    except Exception as error:
        if _server_failed(error):
            raise
        return _result(request, agent, Status.ERROR, None, f"{type(error).__name__}: {error}")
    if request.watch.hit:
        return _result(request, agent, Status.INTERRUPTED, None, f"{request.watch.hit} limit")
    if run.state != "success":
        return _result(request, agent, Status.MAX_STEPS, None, "reached max_steps")
    return _result(request, agent, Status.FINISHED, run.output, None)


def _tool(spec: ApiSpec, function: Any) -> Any:
    from smolagents import Tool

    inputs = {
        param.name: {
            "type": json_type(param.annotation).get("type", "any"),
            "description": param.description or param.name,
            **({"nullable": True} if param.default is not None else {}),
        }
        for param in spec.params
    }

    def forward(self: Any, *args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)

    description = "\n\n".join(part for part in (spec.summary, spec.description) if part)
    attributes = {"name": spec.name, "description": description or spec.name, "inputs": inputs,
                  "output_type": "any", "forward": forward,
                  "skip_forward_signature_validation": True}  # fmt: skip
    return type(f"{spec.name}_tool", (Tool,), attributes)()


def _counted(step: Any, agent: Any, request: AgentRequest) -> None:
    usage = getattr(step, "token_usage", None)
    if usage is not None:
        request.watch.add(usage.input_tokens, usage.output_tokens)
    if request.cancel.is_set():
        agent.interrupt()


def _server_failed(error: BaseException) -> bool:
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, openai.APIConnectionError):
            return True
        if isinstance(cause, openai.APIStatusError) and cause.status_code >= 500:
            return True
        cause = cause.__cause__ or cause.__context__
    return False


def _result(
    request: AgentRequest, agent: Any, status: Status, answer: Any, error: str | None
) -> RunResult:
    from smolagents import ActionStep

    steps = tuple(
        StepRecord(
            index=step.step_number, kind="step", thought=_text(step.model_output),
            action=step.code_action or "", observation=_text(step.observations),
            prompt_tokens=step.token_usage.input_tokens if step.token_usage else 0,
            completion_tokens=step.token_usage.output_tokens if step.token_usage else 0,
            duration=round(step.timing.duration or 0.0, 3),
        )
        for step in agent.memory.steps
        if isinstance(step, ActionStep)
    )  # fmt: skip
    usage = Usage(request.watch.prompt_tokens, request.watch.completion_tokens)
    text = None if answer is None else str(answer)
    return RunResult(request.task, status, answer, steps, usage, None, error, text)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else "" if value is None else str(value)
