"""The results file: one JSON line per finished attempt, appended and flushed at once.

A benchmark killed at any moment loses at most the attempts still running: every finished one is
on disk, and a line torn by the kill is dropped on reading and cut off before the next append,
so `--resume` starts from exactly what was finished.
"""

from __future__ import annotations

import json
import os
import warnings
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

RESULTS_FILE = "results.jsonl"
OUTCOMES = ("pass", "mistake", "fail", "error")
"""✅ finished and checked, 🟠 finished wrong, ❌ not finished (the model's doing), ⚠️ the harness
or the model server failed: not the model's result, so never in a success rate."""


@dataclass(frozen=True)
class AttemptRecord:
    key: str
    run_id: str
    suite: str
    model: str
    arm: str
    distractors: int
    task: str
    trial: int
    seed: int
    world_seed: int
    status: str  # finished, max_steps, error, interrupted, or crashed (the harness failed)
    outcome: str  # one of OUTCOMES
    steps: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    wall_seconds: float = 0.0
    started_at: str = ""
    task_text: str = ""
    temperature: float | None = None
    model_name: str = ""
    answer: Any = None
    answer_text: str = ""
    checks: list[dict[str, Any]] = field(default_factory=list)
    log_path: str | None = None
    error: str | None = None
    posts: list[dict[str, Any]] = field(default_factory=list)
    network_attempts: list[str] = field(default_factory=list)
    api_count: int = 0
    worker: str = ""
    replies: int = 0  # the model's step replies (plans, critics and the wrap-up not counted)
    malformed_replies: int = 0  # replies without an action, answered with a reminder
    agent: str = "code"  # the agent style: code, tool-calls, or an external agent's name
    limit: str | None = None  # the per-attempt limit that ended it: time, tokens or cost
    tries: int = 1  # runs of this attempt: more than 1 when harness errors were retried

    @property
    def passed(self) -> bool:
        return self.outcome == "pass"

    @property
    def ran(self) -> bool:
        """The attempt measured the model: it did not end in a harness error (results written
        before errors had their own outcome say so by status)."""
        return self.outcome != "error" and self.status != "crashed"

    @property
    def failed_checks(self) -> list[dict[str, Any]]:
        return [check for check in self.checks if not check.get("passed")]

    def to_json(self) -> str:
        return json.dumps(asdict(self) | {"passed": self.passed}, ensure_ascii=False, default=repr)

    @classmethod
    def from_dict(cls, data: Any) -> AttemptRecord:
        """A record read back; TypeError for one whose fields a report could not use (a hand
        edit, another tool's line), so the reader skips it instead of failing on it later."""
        if not isinstance(data, dict):
            raise TypeError(f"a record is a JSON object, not {type(data).__name__}")
        known = {f.name: f for f in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        for key, value in values.items():
            if not _fits(value, str(known[key].type)):
                raise TypeError(f"{key} is {value!r}, not {known[key].type}")
        if values.get("outcome") not in OUTCOMES:
            raise TypeError(f"outcome is {values.get('outcome')!r}, not one of {OUTCOMES}")
        return cls(**values)


_SIMPLE_TYPES: dict[str, tuple[tuple[type, ...], type | None]] = {  # value types, item type
    "str": ((str,), None), "int": ((int,), None), "float": ((int, float), None),
    "list[dict[str, Any]]": ((list,), dict), "list[str]": ((list,), str),
}  # fmt: skip


def _fits(value: Any, annotation: str) -> bool:
    """Whether a JSON value fits a field's annotation (as written: `int`, `str | None`, ...)."""
    if annotation.endswith(" | None"):
        if value is None:
            return True
        annotation = annotation.removesuffix(" | None")
    if annotation not in _SIMPLE_TYPES:  # Any
        return True
    accepted, item = _SIMPLE_TYPES[annotation]
    if isinstance(value, bool) or not isinstance(value, accepted):
        return False
    return item is None or all(isinstance(element, item) for element in value)


class ResultsStore:
    """Append-only JSON Lines; the single writer is the process that runs the benchmark."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._repaired = False

    def read(self) -> list[AttemptRecord]:
        """Every readable record, the last one per attempt key winning (a retried attempt)."""
        if not self.path.exists():
            return []
        records: dict[str, AttemptRecord] = {}
        lines = self.path.read_bytes().split(b"\n")
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                record = AttemptRecord.from_dict(json.loads(line))
            except (ValueError, TypeError) as error:
                if number < len(lines):  # the last line may be torn by a kill: expected
                    warnings.warn(
                        f"{self.path}:{number}: skipped a bad record ({error})", stacklevel=2
                    )
                continue
            records[record.key] = record
        return list(records.values())

    def append(self, record: AttemptRecord) -> None:
        if not self._repaired:
            self._cut_torn_tail()
            self._repaired = True
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(record.to_json() + "\n")
            handle.flush()
            os.fsync(handle.fileno())

    def _cut_torn_tail(self) -> None:
        """Drop a partial last line so the next record starts on a line of its own."""
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            with self.path.open("r+b") as handle:
                handle.truncate(data.rfind(b"\n") + 1)
