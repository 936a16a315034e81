"""What the benchmark scripts read from a bench run: the actions of its markdown logs, and
which API functions a task's reference solution calls."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ACTION = re.compile(r"### Action \d+\s+```python\n(.*?)```", re.DOTALL)


def log_file(record: dict, folder: Path) -> Path | None:
    """The attempt's log where the run wrote it, else by name in the folder (a published copy)."""
    written = Path(record.get("log_path") or "")
    if written.is_file():
        return written
    return next(folder.rglob(written.name), None) if written.name else None


def solution_calls(solution: Path, api_names: set[str]) -> set[str]:
    """The functions of `api_names` the reference solution (solutions/<task id>.py) calls."""
    tree = ast.parse(solution.read_text(encoding="utf-8"))
    calls = (node.func for node in ast.walk(tree) if isinstance(node, ast.Call))
    return {func.id for func in calls if isinstance(func, ast.Name)} & api_names
