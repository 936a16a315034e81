"""Running the installed `react-repl` in a subprocess against a throwaway project folder."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


def react_repl(
    *args: str, home: Path, stdin: str | None = None, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess:
    """`env` adds to (or overrides) the environment, e.g. COLUMNS for what a terminal shows."""
    environment = os.environ | {
        "REACT_REPL_HOME": str(home),
        "REACT_REPL_BUILTIN_APIS": str(home / "apis"),  # the project's own, else none
        "HF_HUB_OFFLINE": "1",
    }
    for variable in ("REACT_REPL_INDEX", "REACT_REPL_LOGS"):
        environment.pop(variable, None)
    return subprocess.run(
        [str(Path(sys.executable).with_name("react-repl")), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment | dict(env or {}),
        timeout=300,
    )
