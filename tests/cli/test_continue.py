"""`react-repl resume` after a SIGKILL, and `react-repl rewind`, in real subprocesses."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from react_repl.llm import ScriptedReply, ScriptedServer

COUNTER_MODULE = '''
def next_ticket_number(prefix: str) -> str:
    """Return the next free ticket number with the given prefix.

    Args:
        prefix: Letters in front of the number, e.g. "HD".
    """
    return f"{prefix}-4404"
'''
TASK = "Which ticket number comes next for the HD queue?"


def reply(thought: str, code: str) -> str:
    return f"THOUGHT: {thought}\nACTION:\n```python\n{code}\n```"


def script(slow_third_step: bool) -> list[ScriptedReply | str]:
    third = reply("Check it.", "print(len(ticket))")
    return [
        "1. Find the function\n2. Call it",
        reply("Call it.", 'ticket = next_ticket_number("HD")\nprint(ticket)'),
        ScriptedReply(text=third, delay=60) if slow_third_step else third,
        reply("Done.", "stop(ticket)"),
    ]


@pytest.fixture
def cli(tmp_path: Path):
    (tmp_path / "myapis").mkdir()
    (tmp_path / "myapis" / "tickets.py").write_text(COUNTER_MODULE)
    env = {**os.environ, "OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1"}

    def start(server: ScriptedServer, *args: str) -> subprocess.Popen:
        command = [
            sys.executable, "-m", "react_repl", *args,
            "--base-url", server.base_url, "--index", str(tmp_path / "index"),
            "--logs-dir", str(tmp_path / "logs"),
        ]  # fmt: skip
        return subprocess.Popen(command, cwd=tmp_path, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip

    return start


def answer_of(log: Path) -> object:
    end = json.loads(log.with_suffix(".jsonl").read_text().splitlines()[-1])
    return end["answer"]


def test_a_killed_run_resumes_to_the_same_answer(cli, tmp_path: Path) -> None:
    with ScriptedServer(routes={TASK: script(slow_third_step=False)}) as server:
        whole = cli(server, "run", TASK, "--model", "scripted", "--apis", str(tmp_path / "myapis"))
        out, err = whole.communicate(timeout=180)
        assert whole.returncode == 0, err
    uninterrupted = next((tmp_path / "logs").rglob("*.md"))
    expected = answer_of(uninterrupted)
    uninterrupted.unlink()
    uninterrupted.with_suffix(".jsonl").unlink()

    with ScriptedServer(routes={TASK: script(slow_third_step=True)}) as server:
        victim = cli(server, "run", TASK, "--model", "scripted",
                     "--apis", str(tmp_path / "myapis"))  # fmt: skip
        log = _wait_for(tmp_path / "logs", "## Step 2\n", victim)
        os.kill(victim.pid, signal.SIGKILL)
        victim.communicate(timeout=30)  # reaps it and closes its pipes
        assert "- Status:" not in log.read_text()  # killed: no end record

        resumed = cli(server, "resume", log.stem[:20])
        out, err = resumed.communicate(timeout=240)

    assert resumed.returncode == 0, err
    assert f"Answer: {expected}" in out
    continuation = next(p for p in (tmp_path / "logs").rglob("*.md") if p != log)
    assert answer_of(continuation) == expected == "HD-4404"
    assert f"Resumed at step 3 as [{continuation.stem}]" in log.read_text()


def test_rewind_forks_with_an_edited_action(cli, tmp_path: Path) -> None:
    with ScriptedServer(routes={TASK: script(slow_third_step=False)}) as server:
        first = cli(server, "run", TASK, "--model", "scripted", "--apis", str(tmp_path / "myapis"))
        _, err = first.communicate(timeout=180)
        assert first.returncode == 0, err
        parent = next((tmp_path / "logs").rglob("*.md"))
        fork = cli(server, "rewind", parent.stem, "--to-step", "4",
                   "--edit", 'stop(ticket.lower())')  # fmt: skip
        out, err = fork.communicate(timeout=240)

    assert fork.returncode == 0, err
    assert "Answer: hd-4404" in out
    child = next(p for p in (tmp_path / "logs").rglob("*.md") if p != parent)
    assert f"Forked at step 4 as [{child.stem}]" in parent.read_text()
    header = json.loads(child.with_suffix(".jsonl").read_text().splitlines()[0])
    assert header["settings"]["forked_from"] == parent.stem


def _wait_for(logs: Path, marker: str, process: subprocess.Popen) -> Path:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for log in logs.rglob("*.md"):
            if marker in log.read_text():
                return log
        if process.poll() is not None:
            raise AssertionError(process.communicate())
        time.sleep(0.2)
    raise AssertionError(f"{marker!r} never appeared")
