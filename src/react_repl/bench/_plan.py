"""The plan of a benchmark: columns (model × arm × distractors), tasks, trials, seeds.

The unit of work is one attempt: column × task × trial. Its key names it in the results file, so
a resumed run knows what is done. The world seed depends on the base seed and the task only, so
every model and trial of a task meets the same world and attempts pair up for comparison; the
sampling seed also depends on the trial, so repeats are not copies of each other.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from react_repl.agent import AgentOptions
from react_repl.config import parse_value

MODEL_SETTING_KEYS = frozenset(
    {"temperature", "max_tokens", "seed", "timeout", "context_window", "extra_body", "max_retries"}
)
_PLAN_IDENTITY = (
    "suite_digest", "models", "agents", "arms", "distractors", "repeats", "seed", "tasks",
    "overrides", "limits",
)  # fmt: skip
DEFAULT_AGENT = "code"
_PLAN_DEFAULTS = {"agents": [DEFAULT_AGENT], "limits": {}}  # what plans written before them meant
_ARM = re.compile(r"^(?P<name>[A-Za-z0-9_.-]+):(?P<body>.*)$", re.DOTALL)
_NEXT_KEY = re.compile(r",\s*(?=[A-Za-z_][A-Za-z0-9_]*\s*=)")


class PlanError(ValueError):
    """An arm, a column or a resume that does not fit; the message says which."""


@dataclass(frozen=True)
class Arm:
    """An agent variant: overrides of agent options and model settings, named for the report."""

    name: str
    agent: Mapping[str, Any] = field(default_factory=dict)
    model: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "agent": dict(self.agent), "model": dict(self.model)}


DEFAULT_ARM = Arm("default")


def parse_arm(text: str) -> Arm:
    """`NAME:key=value,key=value`; values are JSON when they parse as JSON, else text."""
    match = _ARM.match(text.strip())
    if match is None:
        raise PlanError(f"--arm {text!r}: write NAME:key=value,... (NAME: letters, digits, _.-)")
    agent: dict[str, Any] = {}
    model: dict[str, Any] = {}
    for item in _NEXT_KEY.split(match["body"]) if match["body"].strip() else []:
        key, sep, raw = item.partition("=")
        if not sep:
            raise PlanError(f"--arm {text!r}: {item!r} is not key=value")
        target = model if key.strip() in MODEL_SETTING_KEYS else agent
        target[key.strip()] = parse_value(raw.strip())
    try:
        AgentOptions().with_values(agent)
    except (TypeError, ValueError) as error:
        raise PlanError(f"--arm {text!r}: {error}") from None
    return Arm(match["name"], agent, model)


def check_arms(arms: Sequence[Arm], check: Callable[[Mapping[str, Any]], object]) -> None:
    """No two arms of one name (their results would overwrite each other's), and each arm's
    agent values through `check`, which raises ValueError as `run --set` does: `few_shot=False`
    reads as the text "False", which must not pass as a switch left on."""
    names = [arm.name for arm in arms]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise PlanError(f"--arm {', '.join(twice)} given twice: each arm needs its own name")
    for arm in arms:
        try:
            check(arm.agent)
        except ValueError as error:
            raise PlanError(f"--arm {arm.name}: {error}") from None


@dataclass(frozen=True, order=True)
class Column:
    """One column of the report: a model, an agent style, an agent variant and a distractor
    level."""

    model: str
    arm: str = DEFAULT_ARM.name
    distractors: int = 0
    agent: str = DEFAULT_AGENT

    def label(self, show_arm: bool, show_distractors: bool, show_agent: bool = False) -> str:
        shown = [self.model, self.agent if show_agent else "", self.arm if show_arm else ""]
        text = " / ".join(part for part in shown if part)
        return f"{text} +{self.distractors} distractors" if show_distractors else text


@dataclass(frozen=True)
class Attempt:
    column: Column
    task_id: str
    trial: int
    world_seed: int
    seed: int

    @property
    def key(self) -> str:
        """The default style adds nothing, so results written before styles existed resume."""
        c = self.column
        style = "" if c.agent == DEFAULT_AGENT else f"|{c.agent}"
        return f"{c.model}|{c.arm}|{c.distractors}|{self.task_id}|{self.trial}{style}"


def derived_seed(*parts: object) -> int:
    """A stable 31-bit seed from the parts (Python's hash() changes between processes)."""
    digest = hashlib.sha256("\x1f".join(str(part) for part in parts).encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def attempts(
    columns: Sequence[Column], task_ids: Sequence[str], repeats: int, base_seed: int
) -> list[Attempt]:
    """Every attempt, trial-major so an interrupted run has covered every task once first, and
    each task's columns together so an interrupted run still has whole pairs to compare."""
    return [
        Attempt(column, task_id, trial, derived_seed(base_seed, "world", task_id),
                derived_seed(base_seed, "sample", task_id, trial))
        for trial in range(1, repeats + 1) for task_id in task_ids for column in columns
    ]  # fmt: skip


def plan_differences(saved: Mapping[str, Any], current: Mapping[str, Any]) -> list[str]:
    """What a resumed run changed about the benchmark; empty when it is the same benchmark."""
    return [
        key
        for key in _PLAN_IDENTITY
        if saved.get(key, _PLAN_DEFAULTS.get(key)) != current.get(key, _PLAN_DEFAULTS.get(key))
    ]


def in_plan_order(records: Sequence[Any], plan: Mapping[str, Any]) -> list[Any]:
    """Records in the order the plan lists attempts, so reports keep the suite's task order and
    the command's model order however the attempts finished; unknown ones go last."""
    models = [model["label"] for model in plan.get("models", [])]
    agents = list(plan.get("agents", [DEFAULT_AGENT]))
    arms = [arm["name"] for arm in plan.get("arms", [])]
    levels = list(plan.get("distractors", []))
    tasks = list(plan.get("tasks", []))

    def position(values: list[Any], value: Any) -> int:
        return values.index(value) if value in values else len(values)

    return sorted(
        records,
        key=lambda r: (
            r.trial, position(models, r.model), position(agents, r.agent), position(arms, r.arm),
            position(levels, r.distractors), position(tasks, r.task),
        ),
    )  # fmt: skip
