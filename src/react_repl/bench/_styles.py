"""Agent styles, a dimension of the benchmark beside models and arms.

`code` is this project's agent (Python actions); `tool-calls` is the same loop with the APIs
offered as OpenAI tools (`_toolcalls.py`). Any other agent plugs in under the entry-point group
`react_repl.bench_agents`: a callable taking an `AgentRequest` and returning a `RunResult`, run in
the attempt's workspace and world and judged by the same checks. The smolagents adapter ships
with the project under the name `smolagents` (`pip install 'react-repl[smolagents]'`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from react_repl.bench._limits import LimitWatch
from react_repl.bench._plan import DEFAULT_AGENT, PlanError
from react_repl.context import RunResult
from react_repl.llm import ModelSettings
from react_repl.registry import ApiSpec

ENTRY_POINT_GROUP = "react_repl.bench_agents"
BUILTIN_STYLES = (DEFAULT_AGENT, "tool-calls")
_SHIPPED = {"smolagents": "react_repl.bench._smolagents:run_code_agent"}


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
    """Every --agent names a style that exists, and none is given twice."""
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
    module, _, attribute = _SHIPPED[name].partition(":")
    shipped: ExternalAgent = getattr(import_module(module), attribute)
    return shipped
