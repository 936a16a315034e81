"""Several processes sharing local servers: leases, refusals and stale leases, all for real.

Each user is a separate Python process (`lease_holder.py`) that gets its server through
`ensure_server`, exactly as a run does, and keeps it until it exits or is killed.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from react_repl.cli import main
from react_repl.local import ServerInUseError, ensure_server, list_servers, stop_server

from .conftest import processes_running

HOLDER = Path(__file__).with_name("lease_holder.py")


class Holder:
    """A process using the server; `info` is what it printed once it held its lease."""

    def __init__(self, model: Path, ctx_size: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(HOLDER), str(model), str(ctx_size)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline() if self.process.stdout else ""
        assert line, "the holder could not get a server"
        self.info: dict[str, int] = json.loads(line)

    def exit(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self._reap()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self._reap()

    def _reap(self) -> None:
        """Wait, and close our ends of the pipes: left to the garbage collector, they raise a
        ResourceWarning inside whichever later test happens to record warnings."""
        self.process.wait(timeout=30)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe:
                pipe.close()


@pytest.fixture
def holders(fake_runtime: Path, isolated_cache: Path) -> Iterator[list[Holder]]:
    started: list[Holder] = []
    yield started
    for holder in started:
        if holder.process.poll() is None:
            holder.kill()
    stop_server(force=True)
    assert processes_running(fake_runtime) == []


def _users(port: int) -> list[int]:
    info = next(info for info in list_servers() if info.server.port == port)
    return [lease.pid for lease in info.users]


def test_two_concurrent_users_share_one_server(fake_gguf: Path, holders: list[Holder]) -> None:
    first = Holder(fake_gguf, 4096)
    second = Holder(fake_gguf, 4096)
    holders += [first, second]

    assert first.info["server_pid"] == second.info["server_pid"]
    port = first.info["port"]
    assert _users(port) == [first.info["pid"], second.info["pid"]]

    first.exit()
    assert _users(port) == [second.info["pid"]]
    second.exit()
    assert _users(port) == []
    assert [server.port for server in stop_server()] == [port]


def test_other_settings_get_their_own_server_while_one_is_in_use(
    fake_gguf: Path, holders: list[Holder]
) -> None:
    user = Holder(fake_gguf, 4096)
    holders.append(user)

    mine = ensure_server(fake_gguf, ctx_size=2048)

    assert mine.pid != user.info["server_pid"] and mine.port != user.info["port"]
    assert mine.ctx_size == 2048
    health = httpx.get(f"http://127.0.0.1:{user.info['port']}/health", timeout=5)
    assert health.status_code == 200, "the server in use was left running"
    assert {info.server.pid for info in list_servers()} == {mine.pid, user.info["server_pid"]}


def test_stop_is_refused_while_in_use_and_names_the_user(
    fake_gguf: Path, fake_runtime: Path, holders: list[Holder]
) -> None:
    user = Holder(fake_gguf, 4096)
    holders.append(user)
    runner = CliRunner()

    refused = runner.invoke(main, ["model", "stop"])

    assert refused.exit_code == 1
    assert f"pid {user.info['pid']}" in refused.output
    assert "lease_holder.py" in refused.output
    assert "--force" in refused.output
    assert processes_running(fake_runtime) != [], "nothing was stopped"
    with pytest.raises(ServerInUseError):
        stop_server(port=user.info["port"])

    forced = runner.invoke(main, ["model", "stop", "--force"])

    assert forced.exit_code == 0, forced.output
    assert f"port {user.info['port']}" in forced.output
    assert processes_running(fake_runtime) == []


def test_status_shows_every_server_and_its_users(fake_gguf: Path, holders: list[Holder]) -> None:
    small = Holder(fake_gguf, 2048)
    large = Holder(fake_gguf, 4096)
    holders += [small, large]

    result = CliRunner().invoke(main, ["model", "status"])

    assert result.exit_code == 0, result.output
    for holder in (small, large):
        assert str(holder.info["port"]) in result.output
        assert str(holder.info["pid"]) in result.output
    assert "2048" in result.output and "4096" in result.output


def test_a_lease_of_a_killed_process_is_stale(
    fake_gguf: Path, isolated_cache: Path, holders: list[Holder]
) -> None:
    user = Holder(fake_gguf, 4096)
    holders.append(user)
    port = user.info["port"]
    leases = isolated_cache / "servers" / f"{port}.leases"

    user.kill()
    assert len(list(leases.glob("*.json"))) == 1, "a killed holder cannot clean up"
    assert not os.path.exists(f"/proc/{user.info['pid']}/status")

    assert _users(port) == []
    assert list(leases.glob("*.json")) == [], "the stale lease was removed"
    assert [server.port for server in stop_server()] == [port]
