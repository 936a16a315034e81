"""Values that may be preinjected into a namespace.

Modules are never handed over: each becomes a proxy holding only the listed public names, so
nothing reachable through it leads to `os`, `sys`, `codecs` or another module (`random._os`,
`json.codecs`, `re._compiler`). Classes and functions are handed over as themselves; their
private attributes stay behind the guards.
"""

from __future__ import annotations

# `datetime.strptime` imports this from C on first use; loaded now, before any agent code runs,
# because the sandbox's `__import__` only lets C code reach modules that are already loaded.
import _strptime  # noqa: F401
import collections
import datetime
import itertools
import json
import math
import random
import re
import statistics
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from ._plain import PLAIN_TYPES


class ModuleProxy:
    """A read-only bag of whitelisted attributes that prints like the module it stands for."""

    def __init__(self, module: ModuleType, names: tuple[str, ...]) -> None:
        self.__dict__.update({name: getattr(module, name) for name in names})
        object.__setattr__(self, "_ModuleProxy__label", module.__name__)

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(
            f"{self.__label}.{name} is not available in the sandbox; "
            f"help({self.__label}) lists what is"
        )

    def __repr__(self) -> str:
        return f"<module '{self.__label}' (sandbox subset)>"


_MODULES: dict[str, tuple[ModuleType, tuple[str, ...]]] = {
    "math": (math, tuple(n for n in dir(math) if not n.startswith("_"))),
    "json": (json, ("dumps", "loads", "JSONDecodeError")),
    "re": (re, (
        "compile", "search", "match", "fullmatch", "split", "findall", "finditer", "sub",
        "subn", "escape", "error", "Pattern", "Match", "IGNORECASE", "I", "MULTILINE", "M",
        "DOTALL", "S", "VERBOSE", "X", "ASCII", "A",
    )),
    "random": (random, (
        "random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
        "uniform", "gauss", "normalvariate", "seed",
    )),
    "statistics": (statistics, (
        "mean", "fmean", "median", "median_low", "median_high", "mode", "multimode",
        "stdev", "pstdev", "variance", "pvariance", "quantiles", "geometric_mean",
        "harmonic_mean", "correlation", "covariance", "linear_regression", "StatisticsError",
    )),
    "itertools": (itertools, (
        "accumulate", "chain", "combinations", "combinations_with_replacement", "compress",
        "count", "cycle", "dropwhile", "filterfalse", "groupby", "islice", "pairwise",
        "permutations", "product", "repeat", "starmap", "takewhile", "zip_longest",
    )),
    "collections": (collections, (
        "Counter", "defaultdict", "OrderedDict", "deque", "namedtuple",
    )),
}  # fmt: skip

_VALUES: dict[str, Any] = {
    "datetime": datetime.datetime,
    "date": datetime.date,
    "time": datetime.time,
    "timedelta": datetime.timedelta,
    "timezone": datetime.timezone,
    "Counter": collections.Counter,
    "defaultdict": collections.defaultdict,
    "OrderedDict": collections.OrderedDict,
    "deque": collections.deque,
}

AVAILABLE = frozenset(_MODULES) | frozenset(_VALUES)
PREINJECTABLE: tuple[str, ...] = tuple(sorted(AVAILABLE))
"""Every name `preinject` accepts."""
_VALUE_HOMES = {"datetime": datetime, "collections": collections}


def importable(injected: Mapping[str, Any]) -> dict[str, Any]:
    """What `import x` / `from x import y` may bind: only what is already preinjected. Models write
    `from datetime import datetime` out of habit. Answering it with the value the namespace already
    holds costs nothing in safety (no new object becomes reachable) and saves a wasted step;
    anything not preinjected is still refused."""
    table: dict[str, Any] = {
        name: value for name, value in injected.items() if isinstance(value, ModuleProxy)
    }
    for home_name, home in _VALUE_HOMES.items():
        names = tuple(
            name for name, value in _VALUES.items()
            if injected.get(name) is value and getattr(home, name, None) is value
        )  # fmt: skip
        if names and home_name not in table:
            table[home_name] = ModuleProxy(home, names)
    return table


def check_preinject(names: tuple[str, ...]) -> None:
    unknown = sorted(set(names) - AVAILABLE)
    if unknown:
        raise ValueError(
            f"cannot preinject {', '.join(unknown)}: choose from {', '.join(sorted(AVAILABLE))}"
        )


def build(names: tuple[str, ...]) -> dict[str, Any]:
    check_preinject(names)
    return {
        name: ModuleProxy(*_MODULES[name]) if name in _MODULES else _VALUES[name] for name in names
    }


class Preinjected:
    """The rule for preinjected names: the agent may reuse one for plain data (models write
    `date = "2025-04-09"`, as run logs show, and `math = 3` fools nothing: plain values have only
    builtin methods), but not for anything that could stand in for the module or class. A
    `json` bound to a fake whose `loads` lies would be trusted by every later action; so after
    each action such a binding, or a deleted name, is put back, and the observation says so.
    Binding the value `import` gives (`import datetime` binds the datetime proxy) is kept."""

    def __init__(self, injected: Mapping[str, Any], importable: Mapping[str, Any]) -> None:
        self._values = {name: value for name, value in injected.items() if name in AVAILABLE}
        self._imported = {name: importable[name] for name in self._values if name in importable}

    def put_back(self, namespace: dict[str, Any]) -> list[str]:
        """Rebinds every preinjected name that holds anything else; returns those names."""
        restored = []
        for name, value in self._values.items():
            current = namespace.get(name, _ABSENT)
            imported = self._imported.get(name, _ABSENT)
            if current is value or current is imported or type(current) in PLAIN_TYPES:
                continue
            namespace[name] = value
            restored.append(name)
        return restored


_ABSENT = object()


def put_back_note(names: list[str]) -> str:
    listed = ", ".join(f"`{name}`" for name in names)
    return (
        f"Note: {listed} {'is' if len(names) == 1 else 'are'} provided by the sandbox and can "
        "hold only plain data of yours (text, numbers, lists, dicts), not functions, classes "
        f"or objects: put back after this action. Use another name, e.g. my_{names[0]}.\n"
    )
