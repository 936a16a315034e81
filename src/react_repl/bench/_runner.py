"""Running a benchmark: plan the attempts, skip the finished ones, run the rest, record each.

The plan is written to `run.json` before anything runs, and every finished attempt to
`results.jsonl` the moment it exists; a resumed run checks it is the same benchmark and runs only
what is missing. Bundled local models take turns (one local server at a time); remote models run
together.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import openai

from react_repl.agent import AgentOptions
from react_repl.bench._apiset import (
    DISTRACTOR_PACK,
    ApiSet,
    base_registry,
    build_api_set,
    choose_distractors,
    pack_registry,
)
from react_repl.bench._attempt import AttemptJob
from react_repl.bench._executors import make_executor
from react_repl.bench._limits import Limits
from react_repl.bench._models import ModelTarget
from react_repl.bench._plan import (
    DEFAULT_AGENT,
    DEFAULT_ARM,
    Arm,
    Attempt,
    Column,
    PlanError,
    attempts,
    in_plan_order,
    plan_differences,
)
from react_repl.bench._results import RESULTS_FILE, AttemptRecord, ResultsStore
from react_repl.bench._suite import Suite
from react_repl.llm import openai_client
from react_repl.registry import ApiSpec

PLAN_FILE = "run.json"
Notify = Callable[[str], None]


@dataclass(frozen=True)
class BenchRun:
    """Everything that defines a benchmark run, as the CLI (or a script) assembled it."""

    suite: Suite
    targets: Sequence[ModelTarget]
    out_dir: Path
    logs_dir: Path
    arms: Sequence[Arm] = (DEFAULT_ARM,)
    agents: Sequence[str] = (DEFAULT_AGENT,)
    distractors: Sequence[int] = (0,)
    repeats: int = 1
    seed: int = 0
    task_ids: Sequence[str] = ()
    workers: int = 1
    executor: str = "local"
    address: str | None = None
    agent_base: Mapping[str, AgentOptions] = field(default_factory=dict)  # per model, as `run`
    overrides: Mapping[str, Any] = field(default_factory=dict)  # --set, for every arm
    sandbox: Mapping[str, Any] = field(default_factory=dict)  # [sandbox] table, env excluded
    user_env: Mapping[str, str] = field(default_factory=dict)  # network = true suites only
    seed_index: Path | None = None
    pack: Path = DISTRACTOR_PACK
    resume: bool = False
    retry_errors: bool = False
    error_retries: int = 2  # runs more of an attempt that ended in a harness error
    limits: Limits = field(default_factory=Limits)  # flags over the suite's
    prices: Mapping[str, tuple[float, float]] = field(default_factory=dict)  # for cost limits

    def attempt_limits(self) -> Limits:
        return self.limits.over(self.suite.limits)

    @property
    def run_id(self) -> str:
        return self.out_dir.name

    def tasks(self) -> list[str]:
        return list(self.task_ids) or [task.id for task in self.suite.tasks]

    def columns(self) -> list[Column]:
        return [
            Column(target.label, arm.name, level, agent)
            for target in self.targets
            for agent in self.agents
            for arm in self.arms
            for level in self.distractors
        ]

    def plan(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "suite": self.suite.name,
            "suite_path": str(self.suite.path),
            "suite_digest": self.suite.digest(),
            "models": [target.describe() for target in self.targets],
            "agents": list(self.agents),
            "arms": [arm.describe() for arm in self.arms],
            "distractors": list(self.distractors),
            "repeats": self.repeats,
            "seed": self.seed,
            "tasks": self.tasks(),
            "overrides": dict(self.overrides),
            "limits": self.attempt_limits().describe(),
        }


@dataclass
class Progress:
    """Callbacks the CLI turns into a progress bar; all optional."""

    notify: Notify = lambda message: None
    started: Callable[[int, int], None] = lambda total, done: None
    finished: Callable[[AttemptRecord], None] = lambda record: None


def run_benchmark(run: BenchRun, progress: Progress | None = None) -> list[AttemptRecord]:
    """Run what is missing; return every record of the run (earlier ones included)."""
    progress = progress or Progress()
    store = ResultsStore(run.out_dir / RESULTS_FILE)
    _write_plan(run, store)
    planned = attempts(run.columns(), run.tasks(), run.repeats, run.seed)
    done = {r.key for r in store.read() if not (run.retry_errors and not r.ran)}
    pending = [attempt for attempt in planned if attempt.key not in done]
    progress.started(len(planned), len(planned) - len(pending))
    if pending:
        chosen = _api_specs(run, {a.column.distractors for a in pending}, progress.notify)
        for target in run.targets:
            if target.local is None and any(a.column.model == target.label for a in pending):
                check_reachable(target)
        progress.notify("Indexing the APIs in scope…")
        api_sets = {
            level: build_api_set(specs, level, run.out_dir / "indexes", run.seed_index)
            for level, specs in chosen.items()
        }
        executor = make_executor(run.executor, run.workers, run.address)
        try:
            for turn, group in _turns(run, pending):
                settings, server = _serve(turn, progress.notify)
                for tries in range(1, run.error_retries + 2):
                    jobs = (_job(run, attempt, settings, api_sets) for attempt in group)
                    failed = set()
                    for record in executor.run(jobs):
                        record = replace(record, tries=tries)
                        store.append(record)
                        if record.ran or tries > run.error_retries:
                            progress.finished(record)
                        else:
                            failed.add(record.key)
                            progress.notify(f"⚠️ {record.task}: harness error, running it again "
                                            f"({record.error})"[:300])  # fmt: skip
                    group = [attempt for attempt in group if attempt.key in failed]
                    if not group:
                        break
                if server is not None:
                    server.release()  # its turn is over: the next model's server may stop it
        except KeyboardInterrupt:
            executor.interrupt()
            raise
        finally:
            executor.close()
    wanted = {attempt.key for attempt in planned}
    return in_plan_order([r for r in store.read() if r.key in wanted], run.plan())


class ModelUnreachable(RuntimeError):
    """A model server that does not answer at all: every attempt would fail the same way."""


def check_reachable(target: ModelTarget) -> None:
    """Ask the server for its models once, so a wrong URL or key stops the run before it starts.

    Only "no answer" and "wrong key" stop it: a server without a /models route still runs.
    """
    client = openai_client(target.settings, timeout=15.0)
    where = target.settings.base_url or "the OpenAI API"
    try:
        client.models.list()
    except openai.APIConnectionError as error:
        raise ModelUnreachable(
            f"cannot reach the model server of {target.label} at {where}: {error}"
        ) from None
    except openai.AuthenticationError:
        raise ModelUnreachable(
            f"the model server of {target.label} at {where} refused the API key"
        ) from None
    except (openai.OpenAIError, AttributeError, TypeError):  # no /models, or not a model list
        return


def _saved_plan(plan_file: Path) -> dict[str, Any]:
    """The plan of the run to continue. Missing or not an object, it said every setting had
    changed, which sent the user looking for a difference that was not there."""
    try:
        saved = json.loads(plan_file.read_text(encoding="utf-8"))
        if not isinstance(saved, dict):
            raise ValueError(f"a JSON {type(saved).__name__}, not an object")
    except (OSError, ValueError) as error:
        missing = isinstance(error, FileNotFoundError)
        reason = "is missing" if missing else f"cannot be read ({error})"
        raise PlanError(
            f"{plan_file} {reason}, so the run cannot be checked before it is "
            "continued; restore it, or start a new run with another --out"
        ) from None
    return saved


def _write_plan(run: BenchRun, store: ResultsStore) -> None:
    plan_file = run.out_dir / PLAN_FILE
    current = run.plan()
    if plan_file.exists() or store.path.exists():
        if not run.resume:
            raise PlanError(
                f"{run.out_dir} already holds a benchmark; add --resume to continue it, "
                "or choose another --out"
            )
        saved = _saved_plan(plan_file)
        changed = plan_differences(saved, current)
        if changed:
            raise PlanError(
                f"--resume: this is not the benchmark in {run.out_dir} (different "
                f"{', '.join(changed)}); run it with another --out"
            )
        return
    stamped = current | {"created": datetime.now().astimezone().isoformat(timespec="seconds")}
    try:  # a read-only disk or a parent that is a file: said here, before any attempt runs
        run.out_dir.mkdir(parents=True, exist_ok=True)
        plan_file.write_text(json.dumps(stamped, indent=2), encoding="utf-8")
    except OSError as error:
        raise PlanError(
            f"cannot write the results to {run.out_dir}: {error.strerror or error}; "
            "choose another --out"
        ) from None


def _api_specs(run: BenchRun, levels: set[int], notify: Notify) -> dict[int, list[ApiSpec]]:
    """The APIs in scope at each distractor level; a missing or too small pack fails here."""
    base = base_registry(run.suite.apis_dir, run.suite.builtin_apis, run.suite.asks_user())
    for problem in base.problems:
        notify(f"warning: {problem}")
    pack = pack_registry(run.pack).specs if any(levels) else ()
    taken = {spec.name for spec in base.specs}
    return {
        level: [*base.specs, *choose_distractors(pack, level, run.seed, taken)]
        for level in sorted(levels)
    }


def _turns(run: BenchRun, pending: list[Attempt]) -> list[tuple[ModelTarget | None, list[Attempt]]]:
    """Remote models together first, then each bundled local model on its own."""
    by_label = {target.label: target for target in run.targets}
    remote = [a for a in pending if by_label[a.column.model].local is None]
    turns: list[tuple[ModelTarget | None, list[Attempt]]] = [(None, remote)] if remote else []
    for target in run.targets:
        mine = [a for a in pending if a.column.model == target.label]
        if target.local and mine:
            turns.append((target, mine))
    return turns


def _serve(target: ModelTarget | None, notify: Notify) -> tuple[Any, Any]:
    """A local model's settings and its leased server; (None, None) for remote turns."""
    if target is None or target.local is None:
        return None, None
    from react_repl.local import ensure_server

    notify(f"Starting the local model server for {target.local}…")
    server = ensure_server(target.local, progress=notify)
    settings = replace(
        target.settings, base_url=server.base_url, model=server.model_name, api_key="local"
    )
    return settings, server


def _job(
    run: BenchRun,
    attempt: Attempt,
    served: Any,
    api_sets: Mapping[int, ApiSet],
) -> AttemptJob:
    target = next(t for t in run.targets if t.label == attempt.column.model)
    arm = next(a for a in run.arms if a.name == attempt.column.arm)
    settings = served if served is not None else target.settings
    settings = replace(settings, **{"seed": attempt.seed, **dict(arm.model)})
    return AttemptJob(
        attempt=attempt,
        run_id=run.run_id,
        suite_path=str(run.suite.path),
        model=settings,
        options=_options(run, target, arm, attempt.task_id),
        api_set=api_sets[attempt.column.distractors],
        logs_dir=str(run.logs_dir),
        sandbox=dict(run.sandbox),
        user_env=dict(run.user_env) if run.suite.network else {},
        limits=run.attempt_limits(),
        price=run.prices.get(target.label),
    )


def _options(run: BenchRun, target: ModelTarget, arm: Arm, task_id: str) -> AgentOptions:
    """What `run` would use for the model (its defaults and the [agent] table) < the suite's
    max_steps < --set < the arm."""
    options = run.agent_base.get(target.label) or AgentOptions()
    steps = run.suite.task(task_id).max_steps
    if steps:
        options = replace(options, max_steps=steps)
    return options.with_values(dict(run.overrides)).with_values(dict(arm.agent))
