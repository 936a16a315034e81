"""Bench test helpers: scripted models routed by task, and the CLI run as users run it.

`Routed` answers each conversation from the script of the task it is about (found by a substring
of the first user message) at the position given by the assistant turns already in the request:
stateless, so parallel workers, retries and resumed runs all get the same reply for the same
conversation state, through the real openai client and a real socket.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from react_repl.llm import ScriptedReply

REPO = Path(__file__).resolve().parents[2]
SUITES = REPO / "benchmarks" / "suites"


def action(code: str, thought: str = "I take the next step.") -> str:
    return f"THOUGHT: {thought}\nACTION:\n```python\n{code}\n```"


class Routed:
    def __init__(self, scripts: Mapping[str, Sequence[str]], delay: float = 0.0) -> None:
        self.scripts = dict(scripts)
        self.delay = delay

    def __call__(self, body: dict[str, Any]) -> ScriptedReply:
        messages = body.get("messages") or []
        task = next((m["content"] for m in messages if m["role"] == "user"), "")
        turn = sum(1 for m in messages if m["role"] == "assistant")
        for key, script in self.scripts.items():
            if key in task:
                if turn < len(script):
                    return ScriptedReply(text=script[turn], delay=self.delay)
                return ScriptedReply(text=action("stop('out of script')"), delay=self.delay)
        return ScriptedReply(status=500, error_message=f"no script for task {task[:80]!r}")


def bench_command(
    *args: str, cwd: Path, timeout: float = 600, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`react-repl bench …` in a subprocess, as a user runs it (offline, scripted key)."""
    return subprocess.run(
        [sys.executable, "-m", "react_repl", "bench", *args],
        capture_output=True, text=True, timeout=timeout, cwd=cwd,
        env={**os.environ, "OPENAI_API_KEY": "test-key", "HF_HUB_OFFLINE": "1", **(env or {})},
    )  # fmt: skip


def scripted_config(folder: Path, **agent: object) -> None:
    """A react-repl.toml in `folder` that keeps scripted runs short and plan-free."""
    values = {"decompose_first_step": "false", "wrap_up": "false", **agent}
    lines = ["[agent]", *(f"{key} = {value}" for key, value in values.items())]
    (folder / "react-repl.toml").write_text("\n".join(lines) + "\n")
    (folder / ".git").mkdir(exist_ok=True)  # the config search stops here
