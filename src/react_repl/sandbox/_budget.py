"""API call budgets: how often each API may be called per action and per run.

Without them one action could call an API as often as its time limit allows (10,000 calls of a
trivial API took 0.1 s), sending thousands of webhook messages or paid requests. The parent
resolves the limits once; the worker enforces them and reports every counted call as it happens,
so the parent's per-run tally survives a worker that is killed mid-action. The defaults by what
an API declares are tabled in docs/sandbox.md (Call budgets): the smallest of those that apply,
replaced by the API's own `max_calls_*` declaration, and both by `Sandbox(call_limits=...)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    """{API name: (per action, per run)}; `declared` maps each name to its Declaration (or None
    for host functions)."""
    unknown = sorted(set(overrides) - set(declared))
    if unknown:
        raise ValueError(f"call_limits names unknown API(s): {', '.join(unknown)}")
    limits = {}
    for name, declaration in declared.items():
        pairs = [defaults]
        if declaration is not None:
            pairs += [NETWORK_DEFAULTS] if declaration.network else []
            pairs += [SIDE_EFFECT_DEFAULTS] if declaration.side_effects else []
        action, run = (
            min((v for v in column if v is not None), default=None)
            for column in zip(*pairs, strict=True)
        )
        if declaration is not None:
            action = declaration.max_calls_per_action or action
            run = declaration.max_calls_per_run or run
        override = overrides.get(name, {})
        _check_override(name, override)
        limits[name] = (override.get(LIMIT_KEYS[0], action), override.get(LIMIT_KEYS[1], run))
    return limits


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


class HostBudget:
    """Parent side, for host functions: they run in the parent, which counts their calls itself
    rather than trust the worker's count (a worker past both walls would send what it likes)."""

    def __init__(self, limits: Mapping[str, Limits], used_in_run: Mapping[str, int]) -> None:
        self._limits = limits
        self._used_before = used_in_run
        self.counts: dict[str, int] = {}

    def refusal(self, name: str) -> str:
        """Why one more call of `name` is refused, or "" (then it is counted)."""
        count = self.counts.get(name, 0)
        per_action, per_run = self._limits.get(name, (None, None))
        if per_action is not None and count >= per_action:
            return (
                f"{name}() was called {per_action} times in this action, its limit "
                f"(max_calls_per_action={per_action}); this call was refused. Continue in the "
                "next action, or finish with what you have."
            )
        if per_run is not None and self._used_before.get(name, 0) + count >= per_run:
            return (
                f"{name}() was called {per_run} times in this run, its limit "
                f"(max_calls_per_run={per_run}); no more calls to it are possible in this run."
            )
        self.counts[name] = count + 1
        return ""


class Meter(HostBudget):
    """Worker side: counts calls of the current action against the limits and the run so far."""

    def __init__(self, limits: Mapping[str, list[int | None]], report: Callable[[str, str], None]):
        super().__init__({name: (pair[0], pair[1]) for name, pair in limits.items()}, {})
        self._report = report

    def start(self, used_in_run: Mapping[str, int]) -> None:
        self._used_before = dict(used_in_run)
        self.counts = {}

    def charge(self, name: str) -> None:
        refusal = self.refusal(name)
        if refusal:
            raise CallBudgetExceeded(refusal)
        self._report("call", name)

    def done(self, name: str) -> None:
        """The call returned or raised: the parent times API calls (tracing) by the two."""
        self._report("call_end", name)
