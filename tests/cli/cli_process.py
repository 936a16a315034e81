"""Running the installed `react-repl` in a subprocess against a throwaway project folder."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


def react_repl(
    *args: str, home: Path, stdin: str | None = None, env: Mapping[str, str] = {}
) -> subprocess.CompletedProcess:
    env = os.environ | {"REACT_REPL_HOME": str(home), "HF_HUB_OFFLINE": "1"} | dict(env)
    env.pop("REACT_REPL_INDEX", None)
    return subprocess.run(
        [str(Path(sys.executable).with_name("react-repl")), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
