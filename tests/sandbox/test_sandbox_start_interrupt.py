"""Ctrl-C while a sandbox's worker is starting (issue 33, family 8).

A real SIGINT is sent to a process constructing a `Sandbox` whose worker is still importing its
APIs: the KeyboardInterrupt must reach the caller, and the worker must already be dead when it
does (not left running until the half-built Sandbox happens to be collected, nor orphaned).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import react_repl

HERE = Path(__file__).parent
PACKAGE_ROOT = Path(react_repl.__file__).resolve().parents[1]  # the tree under test
SCRIPT = f"""
import os, sys
sys.path.insert(0, {str(HERE)!r})
import slow_start_api
from react_repl.sandbox import Sandbox
print("constructing", flush=True)
try:
    Sandbox([slow_start_api.nothing])
except KeyboardInterrupt:
    me = os.getpid()
    with open(f"/proc/{{me}}/task/{{me}}/children") as children:
        print("interrupted, workers left:", len(children.read().split()), flush=True)
else:
    print("started", flush=True)
"""


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0]
    except OSError:
        return False
    return state != "Z"


def test_ctrl_c_during_start_up_reaches_the_caller_with_the_worker_killed(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "REACT_REPL_WORKSPACE": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "constructing"
        deadline = time.monotonic() + 30
        while not _children(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(process.pid)
        assert workers, "the worker never started"
        time.sleep(0.5)  # the parent now waits for the worker's "ready"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert out.strip() == "interrupted, workers left: 0", (out, err)
    assert process.returncode == 0, err
    assert not any(_alive(worker) for worker in workers)
