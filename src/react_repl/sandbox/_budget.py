"""API call budgets: how often each API may be called per action and per run.

Without them one action could call an API as often as its time limit allows (10,000 calls of a
trivial API took 0.1 s), sending thousands of webhook messages or paid requests. The parent
resolves the limits once; the worker enforces them and reports every counted call as it happens,
so the parent's per-run tally survives a worker that is killed mid-action.

Defaults, per API, by what it declares (`@api(...)` or `__react_repl__`, see react_repl.registry):

| declared                | per action | per run |
|-------------------------|-----------:|--------:|
| nothing                 |      1,000 |  10,000 |
| `network=True`          |        100 |   1,000 |
| `side_effects=True`     |         20 |     100 |

An API's own `max_calls_per_action` / `max_calls_per_run` declaration replaces its default, and
`Sandbox(call_limits={name: {...}})` replaces both (None there means unlimited).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

DEFAULT_MAX_CALLS_PER_ACTION = 1_000
DEFAULT_MAX_CALLS_PER_RUN = 10_000
NETWORK_DEFAULTS = (100, 1_000)
SIDE_EFFECT_DEFAULTS = (20, 100)
LIMIT_KEYS = ("max_calls_per_action", "max_calls_per_run")

Limits = tuple[int | None, int | None]


class CallBudgetExceeded(Exception):
    """Raised in the action when an API has used up its budget; catching it changes nothing."""


def resolve_limits(
    declared: Mapping[str, Any],
    defaults: Limits,
    overrides: Mapping[str, Mapping[str, int | None]],
) -> dict[str, Limits]:
    """{API name: (per action, per run)} from declarations, Sandbox defaults and overrides.

    `declared` maps each name to its Declaration (or None for host functions).
    """
    unknown = sorted(set(overrides) - set(declared))
    if unknown:
        raise ValueError(f"call_limits names unknown API(s): {', '.join(unknown)}")
    limits = {}
    for name, declaration in declared.items():
        action, run = _class_defaults(declaration, defaults)
        if declaration is not None:
            action = declaration.max_calls_per_action or action
            run = declaration.max_calls_per_run or run
        override = overrides.get(name, {})
        _check_override(name, override)
        limits[name] = (
            override.get("max_calls_per_action", action),
            override.get("max_calls_per_run", run),
        )
    return limits


def _class_defaults(declaration: Any, defaults: Limits) -> Limits:
    candidates = [defaults]
    if declaration is not None and declaration.network:
        candidates.append(NETWORK_DEFAULTS)
    if declaration is not None and declaration.side_effects:
        candidates.append(SIDE_EFFECT_DEFAULTS)
    return _smallest(pair[0] for pair in candidates), _smallest(pair[1] for pair in candidates)


def _smallest(values: Iterable[int | None]) -> int | None:
    finite = [value for value in values if value is not None]
    return min(finite) if finite else None


def _check_override(name: str, override: Mapping[str, Any]) -> None:
    if not isinstance(override, Mapping):
        raise ValueError(f"call_limits[{name!r}] must be a dict like {{'max_calls_per_run': 5}}")
    for key, value in override.items():
        if key not in LIMIT_KEYS:
            raise ValueError(f"call_limits[{name!r}]: unknown limit {key!r} (use {LIMIT_KEYS})")
        check_limit(f"call_limits[{name!r}][{key!r}]", value)


def check_limit(label: str, value: Any) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise ValueError(f"{label} must be a positive int or None (unlimited), got {value!r}")


class Meter:
    """Worker side: counts calls of the current action against the limits and the run so far."""

    def __init__(self, limits: Mapping[str, list[int | None]], report: Callable[[str, str], None]):
        self._limits = {name: (pair[0], pair[1]) for name, pair in limits.items()}
        self._report = report
        self._used_before: dict[str, int] = {}
        self.counts: dict[str, int] = {}

    def start(self, used_in_run: Mapping[str, int]) -> None:
        self._used_before = dict(used_in_run)
        self.counts = {}

    def charge(self, name: str) -> None:
        count = self.counts.get(name, 0)
        refusal = over_budget(name, self._limits.get(name, (None, None)), count, self._used_before)
        if refusal:
            raise CallBudgetExceeded(refusal)
        self.counts[name] = count + 1
        self._report("call", name)

    def done(self, name: str) -> None:
        """The call returned or raised: the parent times API calls (tracing) by the two."""
        self._report("call_end", name)


class HostBudget:
    """Parent side, for host functions: they run in the parent, which counts their calls itself
    rather than trust the worker's count (a worker past both walls would send what it likes)."""

    def __init__(self, limits: Mapping[str, Limits], used_in_run: Mapping[str, int]) -> None:
        self._limits = limits
        self._used_before = used_in_run
        self.counts: dict[str, int] = {}

    def refusal(self, name: str) -> str:
        """Why this call may not run, or "" (then it is counted)."""
        count = self.counts.get(name, 0)
        refusal = over_budget(name, self._limits.get(name, (None, None)), count, self._used_before)
        if not refusal:
            self.counts[name] = count + 1
        return refusal


def over_budget(name: str, limits: Limits, count: int, used_before: Mapping[str, int]) -> str:
    """Why one more call of `name` is refused, after `count` in this action; "" if it is not."""
    per_action, per_run = limits
    if per_action is not None and count >= per_action:
        return (
            f"{name}() was called {per_action} times in this action, its limit "
            f"(max_calls_per_action={per_action}); this call was refused. Continue in the "
            "next action, or finish with what you have."
        )
    if per_run is not None and used_before.get(name, 0) + count >= per_run:
        return (
            f"{name}() was called {per_run} times in this run, its limit "
            f"(max_calls_per_run={per_run}); no more calls to it are possible in this run."
        )
    return ""
