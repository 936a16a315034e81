"""The type checker runs on `src/` in CI, through the README's test command.

`py.typed` promises callers that our annotations hold; this keeps the promise checked. The cache
lives in a temporary folder so a checkout stays clean and reruns take seconds.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_passes_on_src() -> None:
    cache = Path(tempfile.gettempdir()) / "react-repl-mypy-cache"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
