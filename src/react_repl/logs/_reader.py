"""Reading one run back from its JSON Lines twin, tolerating a log cut short or damaged, and
telling a run still being written from one whose process died.

A log is evidence of what happened; a damaged line must cost that line, never the run.

The writer holds an exclusive `flock` on its JSONL file for as long as the run lasts; the kernel
drops it when the process ends, however it ends. So a log without an end record whose lock is
free was killed ("incomplete"), one whose lock is held is still running, and `prune` can take
the lock itself to be sure no writer is appending to a file it is about to delete.
"""

from __future__ import annotations

import fcntl
import json
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from ._cost import cost, recorded_price
from ._records import INCOMPLETE, RunSummary, steps_taken

_SHOWN_DAMAGE = 3  # corrupt lines named one by one per file; the rest are counted (a 2 KB file
# of junk gave 50 warnings)
PARAMETER_FIELDS = ("temperature", "max_tokens", "seed", "prompts_hash", "react_repl_version")
"""Header fields (format 2) that `--setting` filters on next to the run's own settings."""


class RunLogWarning(UserWarning):
    """A log line or file that could not be read and was skipped."""


@dataclass(frozen=True)
class ParsedRun:
    """Everything one JSONL file says, plus the size and mtime the index compares it by."""

    jsonl_path: Path
    header: dict[str, Any]
    steps: list[dict[str, Any]]
    end: dict[str, Any] | None
    started: datetime
    size: int
    mtime_ns: int

    @property
    def id(self) -> str:
        return self.jsonl_path.stem

    @property
    def status(self) -> str:
        return str(self.end.get("status", "unknown")) if self.end else INCOMPLETE

    @property
    def bench_run(self) -> str | None:
        value = self.header.get("bench_run")
        return None if value is None else str(value)

    def settings(self) -> dict[str, Any]:
        """The header's settings with the reproduction fields beside them, for `--setting`."""
        raw = self.header.get("settings")
        merged = dict(raw) if isinstance(raw, dict) else {}
        merged.update((key, self.header[key]) for key in PARAMETER_FIELDS if key in self.header)
        return merged

    @property
    def steps_taken(self) -> int:
        return steps_taken(
            (str(step.get("kind", "step")), step.get("index")) for step in self.steps
        )

    def text(self, field: str) -> str | None:
        value = self.end.get(field) if self.end else None
        return None if value is None else str(value)

    def total(self, field: str) -> int:
        """The run's own total when it finished; what its finished steps add up to if not."""
        recorded = self.end.get(field) if self.end is not None else None
        if isinstance(recorded, int):
            return recorded
        return sum(step[field] for step in self.steps if isinstance(step.get(field), int))

    def summary(self, short_id: str = "") -> RunSummary:
        prompt, completion = self.total("prompt_tokens"), self.total("completion_tokens")
        return RunSummary(
            id=self.id,
            path=self.jsonl_path.with_suffix(".md"),
            task=str(self.header["task"]),
            model=str(self.header["model"]),
            status=self.status,
            started=self.started.astimezone(),
            steps=self.steps_taken,
            answer=self.text("answer"),
            prompt_tokens=prompt,
            completion_tokens=completion,
            bench_run=self.bench_run,
            short_id=short_id,
            cost=cost(recorded_price(self.settings()), prompt, completion),
        )


def read_run(jsonl_path: Path) -> ParsedRun | None:
    """The run in `jsonl_path`, or None when it is not a readable run (with a RunLogWarning,
    unless the file is empty: a writer creates it a moment before it writes the header)."""
    try:
        with open(jsonl_path, "rb") as handle:
            mtime_ns = os.fstat(handle.fileno()).st_mtime_ns
            data = handle.read()
    except OSError as error:
        warnings.warn(f"{jsonl_path}: cannot read ({error.strerror}); skipped", RunLogWarning, 2)
        return None
    if not data:  # created a moment ago, its header not yet written (or junk): nothing to say
        return None
    text = data.decode("utf-8", errors="replace")
    if not text.endswith("\n") and is_running(jsonl_path):
        text = text[: text.rfind("\n") + 1]  # a line its live writer is still writing
    records, damaged = _records(jsonl_path, text)
    header = records[0] if records else None
    if header is None or header.get("type") != "run":  # one line, whatever its lines hold
        warnings.warn(f"{jsonl_path}: no run header; not a run log, skipped", RunLogWarning, 2)
        return None
    for problem in damaged[:_SHOWN_DAMAGE]:
        warnings.warn(problem, RunLogWarning, 2)
    if len(damaged) > _SHOWN_DAMAGE:
        more = len(damaged) - _SHOWN_DAMAGE
        warnings.warn(f"{jsonl_path}: {more} more corrupt lines skipped", RunLogWarning, 2)
    try:
        started = datetime.fromisoformat(header["started"])
        missing = next((key for key in ("task", "model") if key not in header), None)
        if missing is not None:
            raise KeyError(missing)
    except (KeyError, TypeError, ValueError) as error:
        warnings.warn(f"{jsonl_path}: unreadable run header ({error}); skipped", RunLogWarning, 2)
        return None
    return ParsedRun(
        jsonl_path=Path(jsonl_path),
        header=header,
        steps=[record for record in records if record.get("type") == "step"],
        end=next((record for record in records if record.get("type") == "end"), None),
        started=started if started.tzinfo else started.astimezone(),
        size=len(data),
        mtime_ns=mtime_ns,
    )


def _records(jsonl_path: Path, text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The file's records, and a message for each line that is not one."""
    records: list[dict[str, Any]] = []
    damaged: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            damaged.append(f"{jsonl_path}:{number}: corrupt line skipped ({error})")
            continue
        if isinstance(record, dict):
            records.append(record)
        else:
            damaged.append(f"{jsonl_path}:{number}: not a record, skipped")
    return records, damaged


def hold_while_open(handle: IO[str]) -> None:
    """Mark the run live until `handle` is closed (or its process dies)."""
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX)


def is_running(jsonl_path: Path) -> bool:
    """Asks with a shared lock, so that two readers asking at once never see each other."""
    try:
        with unless_running(jsonl_path, fcntl.LOCK_SH) as free:
            return not free
    except OSError:
        return False


@contextmanager
def unless_running(jsonl_path: Path, lock: int = fcntl.LOCK_EX) -> Iterator[bool]:
    """Yield True while holding the run's lock (no writer can be appending), False if it is live.

    A missing file yields True: there is nothing left to protect.
    """
    try:
        descriptor = os.open(jsonl_path, os.O_RDONLY)
    except FileNotFoundError:
        yield True
        return
    try:
        try:
            fcntl.flock(descriptor, lock | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(descriptor)
