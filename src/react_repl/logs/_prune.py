"""Deleting old runs: their files and their index rows together, never a run still being written.

Planning and deleting are separate steps so that a caller can show the plan and ask first.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from ._catalog import RunCatalog
from ._query import QueryError, RunFilter, moment
from ._reader import unless_running
from ._records import RUNNING, RunSummary

_SIBLINGS = (".md", ".jsonl", ".html")
"""A run's files: the log, its twin, and the page `logs export --html` writes beside them."""


@dataclass(frozen=True)
class PrunePlan:
    """The runs a prune would delete, newest first, and the bytes their files take."""

    runs: list[RunSummary]
    size: int


@dataclass(frozen=True)
class PruneResult:
    deleted: list[RunSummary] = field(default_factory=list)
    still_running: list[RunSummary] = field(default_factory=list)
    failed: list[tuple[RunSummary, str]] = field(default_factory=list)


def plan_prune(
    catalog: RunCatalog,
    filters: RunFilter | None = None,
    *,
    older_than: datetime | date | None = None,
    keep: int | None = None,
) -> PrunePlan:
    """Runs matching `filters`, started before `older_than`, beyond the newest `keep` of them.

    At least one criterion is required: a prune that would delete every run is refused.
    """
    filters = filters or RunFilter()
    if older_than is None and keep is None and filters == RunFilter():
        raise QueryError(
            "prune needs something to choose runs by: --older-than, --keep, --status, --model, "
            "--bench, --setting, --since or --until"
        )
    if keep is not None and keep < 0:
        raise QueryError(f"--keep must be 0 or more, not {keep}")
    candidates = catalog.select(filters).runs[keep or 0 :]
    if older_than is not None:
        cutoff = moment(older_than)
        candidates = [run for run in candidates if run.started.timestamp() < cutoff]
    chosen = [run for run in candidates if run.status != RUNNING]
    return PrunePlan(chosen, sum(_size(run) for run in chosen))


def prune(catalog: RunCatalog, plan: PrunePlan) -> PruneResult:
    """Delete the plan's runs; one that started writing again meanwhile is left alone."""
    result = PruneResult()
    for run in plan.runs:
        with unless_running(run.path.with_suffix(".jsonl")) as free:
            if not free:
                result.still_running.append(run)
                continue
            try:
                for suffix in _SIBLINGS:
                    run.path.with_suffix(suffix).unlink(missing_ok=True)
            except OSError as error:
                result.failed.append((run, f"{error.strerror}: {error.filename}"))
                continue
        result.deleted.append(run)
    catalog.forget(result.deleted)
    _remove_empty_folders(catalog.logs_dir, {run.path.parent for run in result.deleted})
    return result


def _size(run: RunSummary) -> int:
    total = 0
    for suffix in _SIBLINGS:
        with contextlib.suppress(OSError):
            total += run.path.with_suffix(suffix).stat().st_size
    return total


def _remove_empty_folders(logs_dir: Path, folders: set[Path]) -> None:
    """The model/year/month/day folders a prune emptied, up to (not including) the logs folder."""
    root = Path(logs_dir).resolve()
    for folder in sorted(folders, key=lambda path: len(path.parts), reverse=True):
        current = folder.resolve()
        while current != root and root in current.parents:
            try:
                os.rmdir(current)
            except OSError:
                break
            current = current.parent
