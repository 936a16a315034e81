"""Pruning removes a run's files and its index rows together, and never a live run."""

from __future__ import annotations

import fcntl
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from react_repl.logs import (
    QueryError,
    RunCatalog,
    RunFilter,
    RunLog,
    SyncReport,
    export_html,
    plan_prune,
    prune,
)

WriteRun = Callable[..., RunLog]
DAY = timedelta(days=1)


@pytest.fixture
def logs(write_run: WriteRun, started: datetime, tmp_path: Path) -> Path:
    for age, status in enumerate(("finished", "error", "finished", "error", "max_steps")):
        write_run(f"Run {age} days old", started=started - age * DAY, status=status)
    return tmp_path / "logs"


def _tasks(catalog: RunCatalog) -> list[str]:
    return [run.task for run in catalog.select().runs]


def test_by_age(logs: Path, started: datetime) -> None:
    with RunCatalog(logs) as catalog:
        plan = plan_prune(catalog, older_than=started - 2.5 * DAY)
        assert [run.task for run in plan.runs] == ["Run 3 days old", "Run 4 days old"]
        assert plan.size == sum(
            run.path.stat().st_size + run.path.with_suffix(".jsonl").stat().st_size
            for run in plan.runs
        )
        result = prune(catalog, plan)
        assert [run.task for run in result.deleted] == ["Run 3 days old", "Run 4 days old"]
        assert _tasks(catalog) == ["Run 0 days old", "Run 1 days old", "Run 2 days old"]
    for run in plan.runs:
        assert not run.path.exists() and not run.path.with_suffix(".jsonl").exists()
        assert not run.path.parent.exists()  # its emptied day folder went too
    with RunCatalog(logs) as reopened:
        assert reopened.last_sync == SyncReport(0, 0)  # files and rows went together


def test_by_status_and_count(logs: Path) -> None:
    with RunCatalog(logs) as catalog:
        errors = plan_prune(catalog, RunFilter(statuses=("error",)))
        assert [run.task for run in errors.runs] == ["Run 1 days old", "Run 3 days old"]
        kept = plan_prune(catalog, keep=2)
        assert [run.task for run in kept.runs] == [
            "Run 2 days old",
            "Run 3 days old",
            "Run 4 days old",
        ]
        newest_error_kept = plan_prune(catalog, RunFilter(statuses=("error",)), keep=1)
        assert [run.task for run in newest_error_kept.runs] == ["Run 3 days old"]
        prune(catalog, newest_error_kept)
        assert "Run 3 days old" not in _tasks(catalog) and len(_tasks(catalog)) == 4


def test_the_exported_page_goes_with_its_run(logs: Path) -> None:
    with RunCatalog(logs) as catalog:
        [oldest] = plan_prune(catalog, keep=4).runs
        page = export_html(oldest.path)
        prune(catalog, plan_prune(catalog, keep=4))
    assert not page.exists()


def test_a_running_run_is_never_pruned(
    write_run: WriteRun, started: datetime, tmp_path: Path
) -> None:
    live = write_run("Still going", started=started - 9 * DAY, status=None, alive=True)
    write_run("Killed long ago", started=started - 8 * DAY, status=None)
    logs = tmp_path / "logs"
    with RunCatalog(logs) as catalog:
        plan = plan_prune(catalog, RunFilter(statuses=("running", "incomplete")))
        assert [run.task for run in plan.runs] == ["Killed long ago"]
        everything_old = plan_prune(catalog, older_than=started)
        assert [run.task for run in everything_old.runs] == ["Killed long ago"]
        prune(catalog, everything_old)
        assert _tasks(catalog) == ["Still going"]
    assert live.jsonl_path.exists()


def test_a_run_that_comes_alive_after_planning_is_kept(
    write_run: WriteRun, started: datetime, tmp_path: Path
) -> None:
    killed = write_run("Killed", started=started - DAY, status=None)
    with RunCatalog(tmp_path / "logs") as catalog:
        plan = plan_prune(catalog, RunFilter(statuses=("incomplete",)))
        with open(killed.jsonl_path) as handle:  # a writer holding the log's lock again
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            result = prune(catalog, plan)
        assert [run.task for run in result.still_running] == ["Killed"] and not result.deleted
    assert killed.jsonl_path.exists()


def test_prune_needs_a_criterion(logs: Path) -> None:
    with RunCatalog(logs) as catalog:
        with pytest.raises(QueryError, match="prune needs something to choose runs by"):
            plan_prune(catalog)
        with pytest.raises(QueryError, match="--keep must be 0 or more"):
            plan_prune(catalog, keep=-1)
        assert len(_tasks(catalog)) == 5
