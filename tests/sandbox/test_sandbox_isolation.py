"""Persistence within one sandbox, isolation between sandboxes, and the worker's confinement."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import secret_api
from conftest import ENV_SECRET, assert_contained

from react_repl.sandbox import Sandbox, SandboxError


def test_variables_functions_and_classes_persist(sandbox: Sandbox) -> None:
    sandbox.run("total = 40\ndef add(x):\n    return x + 2\nclass Point:\n    pass")
    observation = sandbox.run("p = Point()\np.x = add(total)\nprint(p.x)")
    assert observation.text == "42"
    assert {"total", "add", "Point", "p"} <= set(sandbox.variables)


def test_two_sandboxes_share_no_namespace() -> None:
    with Sandbox() as first, Sandbox() as second:
        first.run("shared = 'first'")
        observation = second.run("print(shared)")
        assert observation.error == "NameError"
        assert_contained(second, observation)


def test_api_module_state_is_not_shared_between_sandboxes() -> None:
    apis = [secret_api.remember, secret_api.recall]
    with Sandbox(apis) as first, Sandbox(apis) as second:
        first.run("remember('note', 'from first')")
        assert first.run("print(recall('note'))").text == "from first"
        assert second.run("recall('note')").text == "''"
        assert secret_api.recall("note") == ""


def test_parent_secrets_do_not_reach_the_worker_environment(sandbox: Sandbox) -> None:
    for name in ("OPENAI_API_KEY", "REACT_REPL_PLANTED_SECRET"):
        observation = sandbox.run(f"print(repr(read_env({name!r})))")
        assert observation.text == "''"
        assert ENV_SECRET not in observation.text


def test_explicit_env_reaches_the_worker() -> None:
    with Sandbox([secret_api.read_env], env={"WEATHER_UNITS": "metric"}) as box:
        assert box.run("print(read_env('WEATHER_UNITS'))").text == "metric"


def test_reset_gives_a_fresh_namespace(sandbox: Sandbox) -> None:
    sandbox.run("before_reset = 1")
    sandbox.reset()
    assert sandbox.variables == []
    assert sandbox.run("before_reset").error == "NameError"
    assert sandbox.run("print(get_weather('Rome'))").text == "Sunny, 21 C in Rome"


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()]


def _gone(pid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
        except FileNotFoundError:
            return True
        if state == "Z":
            return True
        time.sleep(0.05)
    return False


def test_close_kills_the_worker() -> None:
    before = set(_children(os.getpid()))
    box = Sandbox()
    workers = set(_children(os.getpid())) - before
    box.close()
    assert workers and all(_gone(pid, 2.0) for pid in workers)
    with pytest.raises(SandboxError, match="closed"):
        box.run("1")


def test_worker_dies_with_a_killed_parent() -> None:
    script = (
        "from react_repl.sandbox import Sandbox; box = Sandbox(); print('up', flush=True); input()"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    parent = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
    )
    try:
        assert parent.stdout is not None and parent.stdout.readline().strip() == b"up"
        workers = _children(parent.pid)
        assert workers
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        assert all(_gone(pid, 3.0) for pid in workers)
    finally:
        parent.kill()


def test_concurrent_runs_on_one_sandbox_are_serialised(sandbox: Sandbox) -> None:
    with ThreadPoolExecutor(4) as pool:
        texts = list(pool.map(lambda n: sandbox.run(f"print({n} * 2)").text, range(40)))
    assert texts == [str(n * 2) for n in range(40)]


def test_close_is_idempotent_and_the_context_manager_closes() -> None:
    before = set(_children(os.getpid()))
    with Sandbox() as box:
        assert box.run("print(6*7)").text == "42"
        workers = set(_children(os.getpid())) - before
    assert workers and all(_gone(pid, 2.0) for pid in workers)
    box.close()
    box.close()
    with pytest.raises(SandboxError, match="closed"):
        box.run("1")


def test_a_killed_worker_leaves_no_orphans() -> None:
    """The timeout kills the worker's whole process group, helpers its APIs started included.

    With the OS layer on, an API cannot start a process at all (test_sandbox_os_layer.py);
    this covers a sandbox run without it."""
    before = set(_children(os.getpid()))
    with Sandbox([secret_api.start_helper_process], timeout=2.0, os_confinement=False) as box:
        old_workers = set(_children(os.getpid())) - before
        helper = int(box.run("start_helper_process()").text)
        observation = box.run("while True:\n    pass")
        assert observation.timed_out and observation.reset
        assert _gone(helper, 2.0), "a helper process outlived its killed worker"
        assert old_workers and all(_gone(pid, 2.0) for pid in old_workers)
        assert box.run("print(6*7)").text == "42"
