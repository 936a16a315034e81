"""Reading runs back from their JSON Lines twins, tolerating logs cut short or damaged.

A log is evidence of what happened; a damaged line must cost that line, never the listing.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ._records import INCOMPLETE, RunSummary

_SEARCHED_STEP_FIELDS = ("thought", "action")


class RunLogWarning(UserWarning):
    """A log line or file that could not be read and was skipped."""


class RunLookupError(LookupError):
    """No run, or more than one, matches what the user asked for."""


@dataclass(frozen=True)
class _Run:
    summary: RunSummary
    steps: list[dict[str, Any]]

    def mentions(self, needle: str) -> bool:
        texts = [self.summary.task, self.summary.answer or ""]
        texts += [
            str(step.get(field, "")) for step in self.steps for field in _SEARCHED_STEP_FIELDS
        ]
        return any(needle in text.casefold() for text in texts)


def list_runs(
    logs_dir: Path,
    *,
    model: str | None = None,
    status: str | None = None,
    since: datetime | date | None = None,
) -> list[RunSummary]:
    """Runs newest first; a run without an end record (killed, crashed) has status "incomplete"."""
    summaries = [run.summary for run in _read_all(Path(logs_dir))]
    if model is not None:
        summaries = [summary for summary in summaries if summary.model == model]
    if status is not None:
        summaries = [summary for summary in summaries if summary.status == status]
    if since is not None:
        summaries = [summary for summary in summaries if _started_since(summary.started, since)]
    return summaries


def search_runs(logs_dir: Path, text: str) -> list[RunSummary]:
    """Runs, newest first, whose task, answer, thoughts or actions contain `text` (any case)."""
    needle = text.casefold()
    return [run.summary for run in _read_all(Path(logs_dir)) if run.mentions(needle)]


def find_run(logs_dir: Path, id_or_path: str) -> Path:
    """The markdown log for a run id, a unique id prefix, or a path to its `.md` or `.jsonl`."""
    given = Path(id_or_path).expanduser()
    if given.suffix in (".md", ".jsonl") or given.is_file():
        markdown = given.with_suffix(".md")
        if not markdown.is_file():
            raise RunLookupError(f"no run log at {markdown}")
        return markdown
    logs_dir = Path(logs_dir)
    if not logs_dir.is_dir():
        raise RunLookupError(f"no logs folder at {logs_dir}; pass --logs-dir or run a task first")
    logs = sorted(logs_dir.rglob("*.md"))
    exact = [path for path in logs if path.stem == id_or_path]
    matches = exact or [path for path in logs if path.stem.startswith(id_or_path)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise RunLookupError(
            f"no run {id_or_path!r} in {logs_dir}; `react-repl logs list` shows the ids"
        )
    shown = "\n  ".join(path.stem for path in matches[:10])
    more = f"\n  ... and {len(matches) - 10} more" if len(matches) > 10 else ""
    raise RunLookupError(
        f"{len(matches)} runs match {id_or_path!r}; give more of the id:\n  {shown}{more}"
    )


def _read_all(logs_dir: Path) -> list[_Run]:
    if not logs_dir.is_dir():
        return []
    runs = [run for path in logs_dir.rglob("*.jsonl") if (run := _read_run(path)) is not None]
    runs.sort(key=lambda run: (run.summary.started, run.summary.id), reverse=True)
    return runs


def _read_run(jsonl_path: Path) -> _Run | None:
    records = list(_records(jsonl_path))
    header = records[0] if records else None
    if header is None or header.get("type") != "run":
        warnings.warn(f"{jsonl_path}: no run header; not a run log, skipped", RunLogWarning, 2)
        return None
    try:
        started = datetime.fromisoformat(header["started"])
        task, model = str(header["task"]), str(header["model"])
    except (KeyError, TypeError, ValueError) as error:
        warnings.warn(f"{jsonl_path}: unreadable run header ({error}); skipped", RunLogWarning, 2)
        return None
    steps = [record for record in records if record.get("type") == "step"]
    end = next((record for record in records if record.get("type") == "end"), None)
    summary = RunSummary(
        id=jsonl_path.stem,
        path=jsonl_path.with_suffix(".md"),
        task=task,
        model=model,
        status=str(end.get("status", "unknown")) if end else INCOMPLETE,
        started=started.astimezone(),
        steps=len(steps),
        answer=_answer(end),
        prompt_tokens=_total(end, steps, "prompt_tokens"),
        completion_tokens=_total(end, steps, "completion_tokens"),
    )
    return _Run(summary, steps)


def _records(jsonl_path: Path) -> Iterator[dict[str, Any]]:
    try:
        lines = jsonl_path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as error:
        warnings.warn(f"{jsonl_path}: cannot read ({error}); skipped", RunLogWarning, 3)
        return
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            warnings.warn(
                f"{jsonl_path}:{number}: corrupt line skipped ({error})", RunLogWarning, 3
            )
            continue
        if isinstance(record, dict):
            yield record
        else:
            warnings.warn(f"{jsonl_path}:{number}: not a record, skipped", RunLogWarning, 3)


def _answer(end: dict[str, Any] | None) -> str | None:
    answer = end.get("answer") if end else None
    return None if answer is None else str(answer)


def _total(end: dict[str, Any] | None, steps: list[dict[str, Any]], field: str) -> int:
    """The run's own total when it finished; what the finished steps add up to when it did not."""
    if end is not None and isinstance(end.get(field), int):
        return end[field]
    return sum(step[field] for step in steps if isinstance(step.get(field), int))


def _started_since(started: datetime, since: datetime | date) -> bool:
    if isinstance(since, datetime):
        return started >= since.astimezone()
    return started.date() >= since
