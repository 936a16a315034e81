"""The multistep suite: every reference solution passes its checks, and wrong ones fail them.

Each reference solution runs action by action in the real sandbox, with the suite's APIs bound
and the real method_search (MiniLM + FAISS) over them, on a fresh copy of the fixtures, exactly
as an agent's actions would. The answer, the state checks of checks.py and the collateral-damage
rule (files outside `may_change` stay byte for byte the same) are then judged.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import math
import re
import shutil
import sqlite3
import tomllib
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from react_repl.index import MethodIndex, method_search_function
from react_repl.registry import ApiRegistry
from react_repl.sandbox import Sandbox

SUITE = Path(__file__).parents[2] / "benchmarks" / "suites" / "multistep"
CONFIG = tomllib.loads((SUITE / "suite.toml").read_text(encoding="utf-8"))
TASKS = {task["id"]: task for task in CONFIG["task"]}
CELL = re.compile(r"^# %% ?(.*)$", re.MULTILINE)


def load_checks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("multistep_checks", SUITE / "checks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECKS = load_checks()


def reference_actions(task_id: str) -> list[tuple[str, str]]:
    """(thought, code) per `# %%` cell of the task's reference solution."""
    text = (SUITE / "solutions" / f"{task_id}.py").read_text(encoding="utf-8")
    parts = CELL.split(text)[1:]
    return [(parts[i].strip(), parts[i + 1].strip()) for i in range(0, len(parts), 2)]


@dataclass
class World:
    """What the checks read: the final workspace, as the bench hands it to checks.py."""

    workspace: Path
    answer: Any = None
    answer_text: str = ""
    started_at: datetime = field(default_factory=datetime.now)

    def db(self, path: str) -> sqlite3.Connection:
        return sqlite3.connect(f"{(self.workspace / path).as_uri()}?mode=ro", uri=True)

    def json(self, path: str) -> Any:
        return json.loads((self.workspace / path).read_text(encoding="utf-8"))


@dataclass
class Run:
    world: World
    searches: list[tuple[str, str]]  # (query, result) of every method_search call
    errors: list[str]  # the observations of actions that raised


@pytest.fixture(scope="module")
def registry() -> ApiRegistry:
    found = ApiRegistry.discover(paths=[SUITE / "apis"], builtin=False, entry_points=False)
    assert not found.problems, [str(problem) for problem in found.problems]
    return found


@pytest.fixture(scope="module")
def method_search(registry: ApiRegistry, tmp_path_factory) -> Callable[..., str]:
    index = MethodIndex.open(tmp_path_factory.mktemp("multistep-index"))
    index.build(registry)
    return method_search_function(index)


@pytest.fixture
def run_actions(
    registry: ApiRegistry, method_search: Callable[..., str], tmp_path: Path
) -> Iterator[Callable[[list[str]], Run]]:
    def run(actions: list[str]) -> Run:
        workspace = tmp_path / "workspace"
        shutil.copytree(SUITE / "fixtures", workspace)
        searches: list[tuple[str, str]] = []

        def recording_search(description: str = "", k: int = 5) -> str:
            """Search the suite's APIs (recorded, so the test sees what the agent saw)."""
            result = method_search(description, k)
            searches.append((description, result))
            return result

        world, errors = World(workspace), []
        env = {"REACT_REPL_WORKSPACE": str(workspace)}
        with Sandbox(
            registry.callables(), host_functions={"method_search": recording_search}, env=env
        ) as sandbox:
            for code in actions:
                observation = sandbox.run(code)
                if observation.error is not None:
                    errors.append(f"{code}\n-> {observation.text}")
                if observation.stopped:
                    world.answer, world.answer_text = observation.answer, observation.answer_text
                    break
        return Run(world, searches, errors)

    yield run


def failed_checks(task: dict[str, Any], world: World) -> list[str]:
    """Every way the run misses the task: its answer, its state checks, collateral damage."""
    failures = []
    if not answer_matches(task, world.answer, world.answer_text):
        failures.append(f"answer {world.answer!r}")
    for name in task.get("state", []):
        try:
            getattr(CHECKS, name)(world)
        except AssertionError as error:
            failures.append(f"{name}: {error}")
    unexpected = sorted(set(changed_parts(world.workspace)) - set(task.get("may_change", [])))
    if unexpected:
        failures.append(f"collateral damage: {unexpected}")
    return failures


def answer_matches(task: dict[str, Any], answer: Any, text: str) -> bool:
    if answer is None:
        return False
    if "answer_regex" in task and not re.search(task["answer_regex"], text):
        return False
    value = parsed(answer) if isinstance(answer, str) else answer
    return "answer" not in task or same_value(value, task["answer"], task)


def parsed(answer: str) -> Any:
    for parse in (json.loads, ast.literal_eval):
        try:
            return parse(answer)
        except (ValueError, SyntaxError):
            continue
    return answer


def same_value(actual: Any, expected: Any, task: dict[str, Any]) -> bool:
    if isinstance(expected, int | float) and not isinstance(expected, bool):
        try:
            number = float(actual)
        except (TypeError, ValueError):
            return False
        return math.isclose(number, expected, rel_tol=1e-6, abs_tol=task.get("abs_tol", 1e-9))
    if isinstance(expected, list):
        return (
            isinstance(actual, list | tuple)
            and len(actual) == len(expected)
            and all(same_value(a, e, task) for a, e in zip(actual, expected, strict=True))
        )
    return str(actual).strip().casefold() == str(expected).strip().casefold()


def changed_parts(workspace: Path) -> list[str]:
    """Changed files, and for SQLite files the changed tables, named as `may_change` names them."""

    def parts(root: Path) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for path in sorted(root.rglob("*")):
            name = path.relative_to(root).as_posix()
            if path.suffix == ".db":
                with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as db:
                    tables = [
                        t
                        for (t,) in db.execute(
                            "SELECT name FROM sqlite_master WHERE type = 'table'"
                        )
                    ]
                    for table in tables:
                        found[f"db:{name}:{table}"] = db.execute(
                            f'SELECT * FROM "{table}"'
                        ).fetchall()
            elif path.is_file():
                found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        return found

    before, after = parts(SUITE / "fixtures"), parts(workspace)
    return sorted(
        name for name in before.keys() | after.keys() if before.get(name) != after.get(name)
    )


def api_calls(code: str, names: set[str]) -> set[str]:
    tree = ast.parse(code)
    return {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
    }


# --- the suite's shape ------------------------------------------------------------------------


def test_the_suite_has_at_least_30_tasks_each_with_a_reference_solution() -> None:
    assert len(TASKS) >= 30
    solutions = {path.stem for path in (SUITE / "solutions").glob("*.py")}
    assert solutions == set(TASKS)
    for task in TASKS.values():
        assert "answer" in task or "answer_regex" in task, task["id"]
        assert all(callable(getattr(CHECKS, name, None)) for name in task.get("state", []))
        assert bool(task.get("state")) == bool(task.get("may_change")), task["id"]


def test_every_api_is_documented_and_named_apart_from_the_builtin_apis(
    registry: ApiRegistry,
) -> None:
    builtin = {spec.name for spec in ApiRegistry.discover(entry_points=False)}
    assert not {spec.name for spec in registry} & builtin
    modules = {Path(spec.source_file).stem for spec in registry}
    assert len(modules) >= 15
    for spec in registry:
        assert spec.summary and spec.returns, spec.name
        assert all(param.description and param.annotation for param in spec.params), spec.name


def test_sqlite_fixtures_hold_exactly_their_sql_sources() -> None:
    sources = sorted((SUITE / "fixture_sources").glob("*.sql"))
    assert sources
    for source in sources:
        with closing(sqlite3.connect(":memory:")) as expected:
            expected.executescript(source.read_text(encoding="utf-8"))
            wanted = list(expected.iterdump())
        built = SUITE / "fixtures" / f"{source.stem}.db"
        with closing(sqlite3.connect(f"{built.as_uri()}?mode=ro", uri=True)) as actual:
            assert list(actual.iterdump()) == wanted, f"rebuild {built.name} with build_fixtures.py"


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_each_task_chains_two_to_five_apis(task_id: str, registry: ApiRegistry) -> None:
    names = {spec.name for spec in registry}
    used = set().union(*(api_calls(code, names) for _, code in reference_actions(task_id)))
    assert 2 <= len(used) <= 5, sorted(used)


# --- reference solutions through the real sandbox ---------------------------------------------


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_reference_solution_passes_every_check(task_id: str, run_actions, registry) -> None:
    actions = reference_actions(task_id)
    run = run_actions([code for _, code in actions])
    assert run.errors == []
    assert failed_checks(TASKS[task_id], run.world) == []
    names = {spec.name for spec in registry}
    for step, (_, code) in enumerate(actions):
        found = "\n".join(result for _, result in run.searches[: searches_before(actions, step)])
        for name in api_calls(code, names):
            assert f"`{name}(" in found, f"{name} was used before method_search showed it"


def searches_before(actions: list[tuple[str, str]], step: int) -> int:
    return sum(code.count("method_search(") for _, code in actions[:step])


WRONG_VARIANTS = [
    # (task, text in the reference, replacement, the failure it must cause)
    (
        "shop-refund-broken-teapot",
        'amount = teapot["line_total"]',
        'amount = order["total"]',
        "teapot_refunded",
    ),
    (
        "shop-refund-broken-teapot",
        'send_customer_email(customer["id"], "Your refund", body)',
        'send_customer_email("C-1005", "Your refund", body)',
        "refund_email_sent",
    ),
    (
        "travel-book-cheapest-flight",
        'min(flights, key=lambda flight: flight["price_eur"])',
        "flights[0]",
        "cheapest_flight_booked",
    ),
    (
        "inventory-move-lanterns",
        'p["name"] == "Trail Lantern 300"',
        'p["name"] == "Trail Lantern 300 Pro"',
        "lanterns_moved",
    ),
    (
        "clinic-book-dermatology",
        'find_patient("Oskar Berg", "1987-02-14")',
        'find_patient("Oskar Berg", "1991-06-02")',
        "dermatology_booked",
    ),
    (
        "hr-request-annual-leave",
        '"annual", "2025-08-11"',
        '"sick", "2025-08-11"',
        "wojcik_leave_requested",
    ),
    (
        "shop-delivered-spend",
        "stop(round(",
        'cancel_order("O-5007")\nstop(round(',
        "collateral damage: ['db:shop.db:orders']",
    ),
]


@pytest.mark.parametrize(("task_id", "old", "new", "failure"), WRONG_VARIANTS)
def test_a_wrong_solution_fails_the_check_that_guards_it(
    task_id: str, old: str, new: str, failure: str, run_actions
) -> None:
    actions = [code for _, code in reference_actions(task_id)]
    assert sum(old in code for code in actions) == 1, "the variant must change exactly one action"
    run = run_actions([code.replace(old, new) for code in actions])
    failures = failed_checks(TASKS[task_id], run.world)
    assert any(item.startswith(failure) for item in failures), failures


def test_a_right_state_with_a_wrong_answer_still_fails(run_actions) -> None:
    actions = [code for _, code in reference_actions("inventory-move-lanterns")]
    run = run_actions([*actions[:-1], 'stop(transfer["from_quantity"])'])
    assert failed_checks(TASKS["inventory-move-lanterns"], run.world) == ["answer 48"]
