"""The APIs in scope for an attempt, and a search index built for exactly those APIs.

A suite decides whether the built-in APIs are in scope and brings its own; `--distractors N`
adds N functions from the shipped pack. Each distinct set gets its own index under the results
folder, seeded with a copy of the user's index so unchanged APIs are not embedded again; the
user's index itself is never written. Worker processes get the set as plain specs and load the
functions and the index once per process.
"""

from __future__ import annotations

import functools
import hashlib
import random
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import Any

from react_repl._paths import builtin_apis_dir, distractor_pack_dir
from react_repl.compose import discover_apis
from react_repl.registry import ApiRegistry, ApiSpec

DISTRACTOR_PACK = distractor_pack_dir()
_loaded: dict[str, tuple[dict[str, Callable[..., Any]], Callable[..., str]]] = {}


@dataclass(frozen=True)
class ApiSet:
    """Picklable: what a worker needs to give an attempt its functions and its method_search."""

    key: str
    specs: tuple[ApiSpec, ...]
    index_dir: str
    distractors: int

    def __len__(self) -> int:
        return len(self.specs)


def base_registry(suite_apis: Path | None, builtin: bool, asks_user: bool = False) -> ApiRegistry:
    """The suite's own APIs (and the built-in ones when the suite says so), nothing else.

    A suite whose tasks have a person to ask gets `ask_user` indexed even without the other
    built-ins: the agent has to find it with method_search like any function.
    """
    paths = [suite_apis] if suite_apis else []
    shipped = builtin_apis_dir()
    if asks_user and not builtin and shipped is not None:
        paths.append(shipped / "people.py")
    return discover_apis(paths, builtin=builtin, shared=False)


def pack_registry(pack: Path) -> ApiRegistry:
    if not pack.is_dir() or not any(pack.glob("[!_]*.py")):
        raise ValueError(f"--distractors: no distractor pack at {pack} (a folder of API modules)")
    return discover_apis([pack], builtin=False, shared=False)


def choose_distractors(
    pack: Sequence[ApiSpec], count: int, seed: int, taken: set[str]
) -> list[ApiSpec]:
    """`count` functions spread across the pack's modules, the same ones for the same seed."""
    if count == 0:
        return []
    rng = random.Random(f"distractors:{seed}")
    by_module: dict[str, list[ApiSpec]] = {}
    for spec in sorted(pack, key=lambda s: (s.module, s.name)):
        if spec.name not in taken:
            by_module.setdefault(spec.module, []).append(spec)
    available = sum(len(specs) for specs in by_module.values())
    if count > available:
        raise ValueError(f"--distractors {count}: the pack has only {available} usable functions")
    queues = [by_module[module] for module in sorted(by_module)]
    rng.shuffle(queues)
    for queue in queues:
        rng.shuffle(queue)
    rounds = zip_longest(*(reversed(queue) for queue in queues))  # one from each module in turn
    return [spec for one_each in rounds for spec in one_each if spec is not None][:count]


def build_api_set(
    specs: Sequence[ApiSpec], distractors: int, indexes_dir: Path, seed_index: Path | None
) -> ApiSet:
    """Index exactly `specs` in a folder named by their content; reuse it when it exists."""
    from react_repl.index import MethodIndex
    from react_repl.index._manifest import is_current

    key = _set_key(specs)
    index_dir = indexes_dir / key
    if seed_index is not None and not index_dir.exists() and is_current(seed_index):
        shutil.copytree(seed_index, index_dir, ignore=shutil.ignore_patterns("sources.json"))
    MethodIndex.open(index_dir).build(ApiRegistry(specs))
    return ApiSet(key, tuple(specs), str(index_dir), distractors)


def load_api_set(api_set: ApiSet) -> tuple[dict[str, Callable[..., Any]], Callable[..., str]]:
    """The functions and method_search of a set, loaded once per process.

    The index (and the embedding model behind it) opens on the first search, not before: an
    attempt that never searches, and a worker that runs only such attempts, never pays for it.
    """
    if api_set.key not in _loaded:
        functions = {spec.name: spec.load() for spec in api_set.specs}
        _loaded[api_set.key] = functions, _lazy_search(api_set.index_dir)
    return _loaded[api_set.key]


def _lazy_search(index_dir: str) -> Callable[..., str]:
    from react_repl.index import DEEP_K, MethodIndex, method_search_function

    @functools.cache
    def opened() -> Callable[..., str]:
        return method_search_function(MethodIndex.open(index_dir), max_k=DEEP_K)

    def method_search(description: str = "", k: int = 5) -> str:
        return opened()(description, k)

    return method_search


def _set_key(specs: Sequence[ApiSpec]) -> str:
    hasher = hashlib.sha256()
    for spec in sorted(specs, key=lambda s: s.name):
        hasher.update(f"{spec.name}\0{spec.module_hash}\0".encode())
    return f"{len(specs)}-{hasher.hexdigest()[:12]}"
