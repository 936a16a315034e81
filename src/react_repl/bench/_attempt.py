"""One attempt, start to finish, inside a worker: workspace, world, agent, checks, record.

Everything an attempt touches is its own: a fresh temporary workspace filled from the fixtures,
a local world on its own port, a sandbox whose environment the harness builds (no user secrets,
no route out), and the workspace as working directory so no project config file is read.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import socket
import tempfile
import threading
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any
from unittest import mock

from react_repl.agent import AgentOptions, RunResult
from react_repl.bench._answers import answer_text, check_answer, check_regex
from react_repl.bench._apiset import ApiSet, load_api_set
from react_repl.bench._collateral import changed_keys, forbidden_changes, snapshot
from react_repl.bench._limits import Limits, LimitWatch, Metered
from react_repl.bench._plan import DEFAULT_AGENT, Attempt
from react_repl.bench._results import AttemptRecord
from react_repl.bench._state_checks import CheckWorld, load_checks, load_world, run_state_check
from react_repl.bench._styles import AgentRequest, external_agent
from react_repl.bench._suite import StateCheckRef, Suite, Task, expand, load_suite
from react_repl.bench._toolcalls import ToolCallModel
from react_repl.compose import assemble_agent
from react_repl.llm import ModelSettings
from react_repl.logs import TURN_KINDS, steps_taken

WORKSPACE_ENV = "REACT_REPL_WORKSPACE"


@dataclass(frozen=True)
class AttemptJob:
    """Everything a worker needs for one attempt; picklable, so any executor can carry it."""

    attempt: Attempt
    run_id: str
    suite_path: str
    model: ModelSettings
    options: AgentOptions
    api_set: ApiSet
    logs_dir: str
    sandbox: Mapping[str, Any] = field(default_factory=dict)
    user_env: Mapping[str, str] = field(default_factory=dict)  # only for network = true suites
    limits: Limits = field(default_factory=Limits)
    price: tuple[float, float] | None = None  # USD per million tokens, for the cost limit

    @property
    def agent(self) -> str:
        return self.attempt.column.agent


@dataclass(frozen=True)
class CheckResult:
    kind: str  # "answer", "regex", "state" or "collateral"
    name: str
    passed: bool
    detail: str = ""


def expanded(task: Task, today: date) -> Task:
    """The task as this attempt sees it: placeholders filled in with the day it started."""
    return replace(
        task,
        task=expand(task.task, today),
        answer=expand(task.answer, today),
        answer_regex=expand(task.answer_regex, today, regex=True),
        state=tuple(StateCheckRef(r.name, expand(dict(r.arguments), today)) for r in task.state),
    )


def run_checks(suite: Suite, task: Task, world: CheckWorld) -> list[CheckResult]:
    """Results of every check the task declares, plus collateral damage, in a stable order."""
    results = []
    if task.has_answer:
        detail = check_answer(task, task.answer, world.answer)
        results.append(CheckResult("answer", "answer", not detail, detail))
    if task.answer_regex is not None:
        detail = check_regex(task.answer_regex, world.answer, task.case_sensitive)
        results.append(CheckResult("regex", "answer_regex", not detail, detail))
    if task.state:
        checks = load_checks(suite.checks_file) if suite.checks_file else {}
        for ref in task.state:
            passed, detail = run_state_check(checks[ref.name], world, ref.arguments)
            results.append(CheckResult("state", ref.label(), passed, detail))
    forbidden = forbidden_changes(world.changes, task.may_change)
    detail = f"changed without being asked: {', '.join(forbidden)}" if forbidden else ""
    results.append(CheckResult("collateral", "collateral", not forbidden, detail))
    return results


def run_attempt(job: AttemptJob) -> AttemptRecord:
    """Run and judge one attempt. Harness failures become a `crashed` record, never a raise."""
    suite = _suite(job.suite_path)
    started = datetime.now().astimezone()
    task = expanded(suite.task(job.attempt.task_id), started.date())
    try:
        with tempfile.TemporaryDirectory(prefix=f"bench-{task.id}-") as folder:
            return _run_in(Path(folder) / "workspace", job, suite, task, started)
    except Exception as error:
        detail = "".join(traceback.format_exception_only(error)).strip()
        return _record(job, suite, task, started, status="crashed", error=detail)


def _run_in(
    workspace: Path, job: AttemptJob, suite: Suite, task: Task, started: datetime
) -> AttemptRecord:
    workspace.mkdir(parents=True)
    for folder in task.fixtures:
        shutil.copytree(folder, workspace, dirs_exist_ok=True, symlinks=False)
    before = snapshot(workspace)
    with load_world().LocalWorld(job.attempt.world_seed, started, suite.services) as world:
        env = _sandbox_env(world, workspace, suite, job.user_env)
        cancel = threading.Event()
        watch = LimitWatch(job.limits, job.price, cancel.set)
        clock = time.perf_counter()
        try:
            with contextlib.chdir(workspace):
                result, server_failure = _run_agent(job, suite, task, env, watch, cancel)
        finally:
            watch.close()
        wall = time.perf_counter() - clock
        changes = changed_keys(before, snapshot(workspace))
        changes += sorted({f"posts:{post.service}" for post in world.posts()})
        check_world = CheckWorld(workspace, result.answer, _text_of(result), started,
                                 job.attempt.world_seed, task.id, changes, world)  # fmt: skip
        try:
            checks = run_checks(suite, task, check_world)
        finally:
            check_world.close()
        return _record(
            job, suite, task, started,
            status=result.status.value, result=result, checks=checks, wall=wall,
            posts=[post.summary() for post in world.posts()],
            network_attempts=world.network_attempts, limit=watch.hit,
            error=server_failure,
        )  # fmt: skip


def _run_agent(
    job: AttemptJob, suite: Suite, task: Task, env: Mapping[str, str], watch: LimitWatch,
    cancel: threading.Event,
) -> tuple[RunResult, str | None]:  # fmt: skip
    """The attempt's agent, in its style; the result and the model server's failure, if any."""
    apis, method_search = load_api_set(job.api_set)
    if job.agent not in (DEFAULT_AGENT, "tool-calls"):
        request = AgentRequest(task.task, job.model, apis, job.api_set.specs,
                               job.options.max_steps, watch, cancel)  # fmt: skip
        # Its APIs read the workspace and the world's addresses from os.environ (the sandbox
        # gets them as its environment); the route-everything proxy is left out, as it would
        # also catch the agent's own calls to the model server. All of os.environ is restored.
        direct = {k: v for k, v in env.items() if "proxy" not in k.lower()}
        with mock.patch.dict(os.environ, direct):
            return external_agent(job.agent)(request), None
    agent = assemble_agent(
        job.model,
        job.options,
        apis=apis,
        method_search=method_search,
        sandbox={**job.sandbox, "env": dict(env)},
        logs_dir=Path(job.logs_dir),
        log_settings=_log_settings(job, suite),
        bench_run=job.run_id,
        user_answers=task.user_answers,
    )
    model: Any = agent.model
    if job.agent == "tool-calls":
        model = ToolCallModel(model, task.task, job.api_set.specs)
    metered = Metered(model, watch)
    agent.model = metered  # type: ignore[assignment]  # it quacks like ChatModel
    result = agent.run(task.task, cancel=cancel)
    return result, metered.server_failure


def _record(
    job: AttemptJob,
    suite: Suite,
    task: Task,
    started: datetime,
    *,
    status: str,
    result: RunResult | None = None,
    checks: Sequence[CheckResult] = (),
    wall: float = 0.0,
    error: str | None = None,
    posts: Sequence[dict[str, Any]] = (),
    network_attempts: Sequence[str] = (),
    limit: str | None = None,
) -> AttemptRecord:
    """`error` set beside a result is the model server's failure: with an unfinished run, the
    attempt measured the harness, not the model."""
    finished = status == "finished"
    all_passed = all(check.passed for check in checks)
    outcome = ("pass" if all_passed else "mistake") if finished else "fail"
    if status == "crashed" or (error and result is not None and not finished):
        outcome = "error"
    attempt = job.attempt
    return AttemptRecord(
        **asdict(attempt.column),  # model, arm, distractors, agent
        key=attempt.key,
        run_id=job.run_id,
        suite=suite.name,
        task=task.id,
        trial=attempt.trial,
        seed=attempt.seed,
        world_seed=attempt.world_seed,
        status=status,
        outcome=outcome,
        steps=steps_taken((s.kind, s.index) for s in result.steps) if result else 0,
        replies=_count(result, TURN_KINDS),
        malformed_replies=_count(result, {"reminder"}),
        prompt_tokens=result.usage.prompt_tokens if result else 0,
        completion_tokens=result.usage.completion_tokens if result else 0,
        wall_seconds=round(wall, 2),
        started_at=started.isoformat(timespec="milliseconds"),
        task_text=task.task,
        temperature=job.model.temperature,
        model_name=job.model.model,
        answer=_jsonable(result.answer) if result else None,
        answer_text=_text_of(result) if result else "",
        checks=[asdict(check) for check in checks],
        log_path=str(result.log_path) if result and result.log_path else None,
        error=(result.error if result else None) or error,
        posts=list(posts),
        network_attempts=list(network_attempts),
        api_count=len(job.api_set),
        worker=f"{socket.gethostname()}:{os.getpid()}",
        limit=limit,
    )


def _sandbox_env(
    world: Any, workspace: Path, suite: Suite, user_env: Mapping[str, str]
) -> dict[str, str]:
    """Offline: only what the harness sets, every route at the world. Online: the user's."""
    if suite.network:
        return {**user_env, **world.service_env(webhooks=False), WORKSPACE_ENV: str(workspace)}
    return {**world.service_env(), **world.proxy_env(), WORKSPACE_ENV: str(workspace)}


def _log_settings(job: AttemptJob, suite: Suite) -> dict[str, Any]:
    attempt = job.attempt
    return {
        "suite": suite.name,
        "task_id": attempt.task_id,
        "arm": attempt.column.arm,
        "trial": attempt.trial,
        "world_seed": attempt.world_seed,
        "distractors": attempt.column.distractors,
        "apis": len(job.api_set),
        "base_url": job.model.base_url or "(default)",
    }


def _count(result: RunResult | None, kinds: set[str] | frozenset[str]) -> int:
    return sum(step.kind in kinds for step in result.steps) if result else 0


def _text_of(result: RunResult) -> str:
    text = getattr(result, "answer_text", None)
    return text if isinstance(text, str) else answer_text(result.answer)


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
    return value


_suite = functools.cache(load_suite)  # once per worker process
