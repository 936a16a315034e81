"""Task suites: plain-language tasks with automatic checks, kept as TOML so anyone can add one.

A check looks at what a person would: the answer and printed output, a file in the workspace, or
a message in the outbox. `{today}` in a check is today's date (YYYY-MM-DD), so date tasks stay
checkable on any day.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

_CHECK_KEYS = {"output_contains", "output_matches", "file_contains", "outbox_contains"}


@dataclass(frozen=True)
class Evidence:
    """What a finished run left behind, gathered once so checks stay pure functions."""

    output: str  # the answer and every observation, joined
    workspace: Path
    outbox: tuple[str, ...]


@dataclass(frozen=True)
class BenchTask:
    id: str
    task: str
    checks: dict[str, Any] = field(default_factory=dict)
    max_steps: int | None = None

    def failed_checks(self, evidence: Evidence) -> list[str]:
        """Each check that did not hold, described; empty when the task was done."""
        return [
            f"{name}: {detail}"
            for name, expected in self.checks.items()
            if (detail := _CHECKERS[name](_expand(expected), evidence))
        ]


def load_suite(path: Path) -> list[BenchTask]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"cannot read task suite {path}: {error}") from error
    tasks = [_task(entry, path) for entry in data.get("task", [])]
    if not tasks:
        raise ValueError(f"{path}: no [[task]] entries")
    ids = [task.id for task in tasks]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{path}: task ids must be unique")
    return tasks


def _task(entry: dict[str, Any], path: Path) -> BenchTask:
    missing = {"id", "task"} - set(entry)
    if missing:
        raise ValueError(f"{path}: a task lacks {sorted(missing)}")
    checks = dict(entry.get("check", {}))
    unknown = set(checks) - _CHECK_KEYS
    if unknown or not checks:
        raise ValueError(f"{path}: task {entry['id']!r} needs checks among {sorted(_CHECK_KEYS)}")
    return BenchTask(entry["id"], entry["task"], checks, entry.get("max_steps"))


def _expand(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("{today}", date.today().isoformat())
    if isinstance(value, list):
        return [_expand(item) for item in value]
    if isinstance(value, dict):
        return {key: _expand(item) for key, item in value.items()}
    return value


def _output_contains(expected: str | list[str], evidence: Evidence) -> str:
    wanted = [expected] if isinstance(expected, str) else expected
    missing = [text for text in wanted if text.lower() not in evidence.output.lower()]
    return f"output lacks {missing}" if missing else ""


def _output_matches(pattern: str, evidence: Evidence) -> str:
    return "" if re.search(pattern, evidence.output, re.IGNORECASE) else f"no match for /{pattern}/"


def _file_contains(expected: dict[str, str], evidence: Evidence) -> str:
    target = evidence.workspace / expected["path"]
    if not target.is_file():
        return f"{expected['path']} was not written"
    text = target.read_text(encoding="utf-8", errors="replace")
    return "" if expected["text"].lower() in text.lower() else f"{expected['path']} lacks the text"


def _outbox_contains(expected: str, evidence: Evidence) -> str:
    found = any(expected.lower() in message.lower() for message in evidence.outbox)
    return "" if found else f"no outbox message contains {expected!r}"


_CHECKERS: dict[str, Callable[[Any, Evidence], str]] = {
    "output_contains": _output_contains,
    "output_matches": _output_matches,
    "file_contains": _file_contains,
    "outbox_contains": _outbox_contains,
}
