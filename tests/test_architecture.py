"""The layers of pyproject.toml's [tool.importlinter] hold: checked by import-linter itself, so
an import that runs against the flow fails CI instead of waiting for a reviewer to notice."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_packages_import_one_way() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint_imports)],  # reads pyproject.toml in the working folder
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout
