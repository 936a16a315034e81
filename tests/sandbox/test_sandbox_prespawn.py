"""A worker booted ahead of its sandbox (`prespawn`, which `react-repl run` calls first) is the
one the next sandbox uses, gets the same environment and confinement as one started then, and
never outlives its process. Real worker processes throughout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import boot_api
import pytest

from react_repl.sandbox import Sandbox, _process, prespawn

APIS = [boot_api.worker_pid, boot_api.probe_when_loaded, boot_api.temp_folder]


@pytest.fixture(autouse=True)
def no_spare_left() -> Iterator[None]:
    yield
    _process._discard_spare()


def spare_pid() -> int:
    assert len(_process._spare) == 1
    return _process._spare[0].process.pid


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_next_sandbox_runs_in_the_prespawned_worker_with_its_own_environment(
    tmp_path: Path,
) -> None:
    prespawn()
    booted = spare_pid()
    time.sleep(0.5)  # let it finish booting, as it would during a run's start-up
    with Sandbox(APIS, env={"BOOT_PROBE": "given"}, workspace=tmp_path) as box:
        assert box.run("print(worker_pid())").text == str(booted)
        assert box.run("print(probe_when_loaded())").text == "given"  # before the API loaded
        scratch = box.run("print(temp_folder())").text
        assert Path(scratch).name.startswith("react-repl-worker-")
        confinement = box.confinement
    assert not _process._spare
    with Sandbox(APIS, env={"BOOT_PROBE": "given"}, workspace=tmp_path) as fresh:
        assert fresh.run("print(worker_pid())").text != str(booted)
        assert fresh.confinement["files"] == confinement["files"]
        assert fresh.confinement["seccomp"] == confinement["seccomp"]
    assert not alive(booted) and not Path(scratch).exists()


def test_a_worker_booted_under_another_environment_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    prespawn()
    booted = spare_pid()
    monkeypatch.setenv("TZ", "Pacific/Auckland")  # inherited by workers, so the boot is stale
    with Sandbox(APIS, workspace=tmp_path) as box:
        assert box.run("print(worker_pid())").text != str(booted)
    assert not alive(booted)


PROBE = """
import json
from react_repl.sandbox import prespawn, _process
prespawn()
print(json.dumps([_process._spare[0].process.pid, _process._spare[0].scratch]))
"""


def test_an_unused_boot_ends_with_its_process() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=60, env={**os.environ})  # fmt: skip
    assert done.returncode == 0, done.stderr
    pid, scratch = json.loads(done.stdout)
    deadline = time.monotonic() + 10
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(pid)
    assert not Path(scratch).exists()
