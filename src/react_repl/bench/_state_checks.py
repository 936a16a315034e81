"""State checks: a suite's `checks.py` functions run over the final world, AppWorld style.

A check is `def name(world, **arguments) -> None` that raises AssertionError("what is wrong").
It gets a `CheckWorld`: the workspace, the answer, the recorded webhook posts and what the local
world served, so it can judge what the agent *did*, not what it said it did.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import sqlite3
import sys
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from react_repl._paths import bench_world_dir

StateCheck = Callable[..., None]
WORLD_MODULE = "react_repl.world"
_loaded: dict[tuple[str, float], dict[str, StateCheck]] = {}


def load_world() -> ModuleType:
    """The local world's package: benchmark data, so it lives in `benchmarks/world/` beside the
    suites, not in the library's source tree. Imported once, by path, under the name the wheel
    gives it, so the checkout and an installed wheel load the same module the same way."""
    if WORLD_MODULE not in sys.modules:
        folder = bench_world_dir()
        spec = importlib.util.spec_from_file_location(
            WORLD_MODULE, folder / "__init__.py", submodule_search_locations=[str(folder)]
        )
        assert spec is not None and spec.loader is not None, folder
        sys.modules[WORLD_MODULE] = module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[WORLD_MODULE]
            raise
    return sys.modules[WORLD_MODULE]


def load_checks(file: Path) -> dict[str, StateCheck]:
    """The public functions `checks.py` defines, by name; its own folder is importable for it."""
    key = (str(file.resolve()), file.stat().st_mtime)
    if key in _loaded:
        return _loaded[key]
    module_name = f"_react_repl_suite_checks_{abs(hash(key[0]))}"
    spec = importlib.util.spec_from_file_location(module_name, file)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot load state checks from {file}")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(file.parent))
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        where = traceback.extract_tb(error.__traceback__)[-1]
        raise ValueError(
            f"{file} failed to import: {type(error).__name__}: {error} (line {where.lineno})"
        ) from None
    finally:
        sys.path.remove(str(file.parent))
    checks: dict[str, Callable[..., None]] = {
        name: function
        for name, function in vars(module).items()
        if inspect.isfunction(function)
        and not name.startswith("_")
        and function.__module__ == module_name
    }
    _loaded[key] = checks
    return checks


@dataclass
class CheckWorld:
    """What a state check sees after the run (documented in docs/bench.md)."""

    workspace: Path
    answer: Any
    answer_text: str
    started_at: datetime
    seed: int
    task_id: str
    changes: list[str]
    world: Any = field(repr=False)  # the attempt's LocalWorld
    _connections: list[sqlite3.Connection] = field(default_factory=list, repr=False)

    @property
    def today(self) -> date:
        return self.started_at.date()

    @property
    def served(self) -> Any:
        return self.world.data

    @property
    def requests(self) -> list[Any]:
        return self.world.requests

    @property
    def network_attempts(self) -> list[str]:
        return self.world.network_attempts

    def posts(self, service: str | None = None) -> list[Any]:
        return self.world.posts(service)

    def path(self, relative: str) -> Path:
        target = (self.workspace / relative).resolve()
        if not target.is_relative_to(self.workspace.resolve()):
            raise ValueError(f"{relative!r} is outside the workspace")
        return target

    def exists(self, relative: str) -> bool:
        return self.path(relative).exists()

    def text(self, relative: str) -> str:
        return self.path(relative).read_text(encoding="utf-8")

    def json(self, relative: str) -> Any:
        return json.loads(self.text(relative))

    def db(self, relative: str) -> sqlite3.Connection:
        """Read-only: a check can never change the world it judges."""
        target = self.path(relative)
        if not target.is_file():
            raise AssertionError(f"the database {relative} does not exist")
        connection = sqlite3.connect(f"{target.as_uri()}?mode=ro", uri=True)
        self._connections.append(connection)
        return connection

    def close(self) -> None:
        for connection in self._connections:
            connection.close()
        self._connections.clear()


def run_state_check(
    check: StateCheck, world: CheckWorld, arguments: Mapping[str, Any]
) -> tuple[bool, str]:
    """(passed, detail). An exception other than AssertionError is the check's own bug."""
    try:
        check(world, **arguments)
    except AssertionError as failure:
        return False, str(failure) or "assertion failed"
    except Exception as error:
        frame = traceback.extract_tb(error.__traceback__)[-1]
        return False, f"check crashed: {type(error).__name__}: {error} (line {frame.lineno})"
    return True, ""
