"""Server lifecycle (reuse, restart, stop, failed starts) with real processes and real HTTP."""

from __future__ import annotations

import json
import socket
import subprocess
from pathlib import Path

import pytest

from react_repl.local import (
    PortBusyError,
    RuntimeMissingError,
    ServerStartError,
    ensure_server,
    list_servers,
    stop_server,
)

from .conftest import processes_running


@pytest.fixture(autouse=True)
def _no_leftovers(fake_runtime: Path, isolated_cache: Path):
    yield
    stop_server(force=True)
    assert processes_running(fake_runtime) == []


def _record(cache: Path, pid: int, model_path: str = "/x.gguf") -> Path:
    record = cache / "servers" / "1.json"
    record.parent.mkdir(parents=True)
    fields = dict(pid=pid, port=1, model_path=model_path, model_name="x", ctx_size=8192)
    record.write_text(json.dumps(fields | dict(n_ctx=8192, threads=1, started=0.0)))
    return record


def test_second_call_reuses_the_running_server(fake_gguf: Path, isolated_cache: Path) -> None:
    first = ensure_server(fake_gguf, ctx_size=4096)
    second = ensure_server(fake_gguf, ctx_size=4096)

    assert second.pid == first.pid
    assert first.base_url == f"http://127.0.0.1:{first.port}/v1"
    assert first.ctx_size == 4096
    assert first.model_name == "tiny"
    record = isolated_cache / "servers" / f"{first.port}.json"
    assert json.loads(record.read_text())["pid"] == first.pid


def test_an_idle_server_with_other_settings_is_replaced(fake_gguf: Path) -> None:
    first = ensure_server(fake_gguf, ctx_size=4096)
    first.release()
    messages: list[str] = []
    second = ensure_server(fake_gguf, ctx_size=2048, progress=messages.append)

    assert second.pid != first.pid
    assert second.ctx_size == 2048
    assert [info.server for info in list_servers()] == [second]
    assert any("stopping the idle local model server" in message for message in messages)


def test_a_kept_server_is_not_stopped_for_being_idle(fake_gguf: Path) -> None:
    kept = ensure_server(fake_gguf, ctx_size=4096, keep=True)
    kept.release()
    other = ensure_server(fake_gguf, ctx_size=2048)

    assert {info.server.pid for info in list_servers()} == {kept.pid, other.pid}
    assert [info.kept for info in list_servers()] == [True, False]


def test_stop_leaves_no_process_and_no_record(
    fake_gguf: Path, fake_runtime: Path, isolated_cache: Path
) -> None:
    server = ensure_server(fake_gguf)

    assert stop_server() == [server]
    assert processes_running(fake_runtime) == []
    assert list((isolated_cache / "servers").glob("*.json")) == []
    assert list_servers() == []
    assert stop_server() == []


def test_stale_record_is_ignored_and_cleaned(isolated_cache: Path) -> None:
    exited = subprocess.Popen(["true"])
    exited.wait()
    record = _record(isolated_cache, exited.pid)

    assert list_servers() == []
    assert not record.exists()


def test_a_recycled_pid_is_never_signalled(isolated_cache: Path) -> None:
    bystander = subprocess.Popen(["sleep", "30"])
    try:
        _record(isolated_cache, bystander.pid)
        assert stop_server() == []
        assert bystander.poll() is None, "an unrelated process kept running"
    finally:
        bystander.kill()
        bystander.wait()


def test_a_server_recorded_by_an_older_version_is_adopted(
    fake_gguf: Path, isolated_cache: Path
) -> None:
    server = ensure_server(fake_gguf)
    record = isolated_cache / "servers" / f"{server.port}.json"
    record.rename(isolated_cache / "server.json")

    assert [info.server.pid for info in list_servers()] == [server.pid]
    assert not (isolated_cache / "server.json").exists()


def test_corrupt_record_does_not_block_a_start(isolated_cache: Path, fake_gguf: Path) -> None:
    (isolated_cache / "servers").mkdir(parents=True)
    (isolated_cache / "servers" / "1234.json").write_text("{not json")

    assert ensure_server(fake_gguf).pid > 0


def test_crash_on_start_shows_the_log(
    fake_gguf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    launches = tmp_path / "launches"
    monkeypatch.setenv("FAKE_LLAMA_MODE", "crash")
    monkeypatch.setenv("FAKE_LLAMA_LAUNCHES", str(launches))

    with pytest.raises(ServerStartError, match="failed to load model"):
        ensure_server(fake_gguf)
    assert list_servers() == []
    assert len(launches.read_text().splitlines()) == 1, "a bad model is not retried"


def test_a_hung_start_is_killed(
    fake_gguf: Path, fake_runtime: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_LLAMA_MODE", "hang")
    messages: list[str] = []

    with pytest.raises(ServerStartError, match="did not become healthy"):
        ensure_server(fake_gguf, timeout=1.0, progress=messages.append)
    assert processes_running(fake_runtime) == []
    assert any("loading" in message for message in messages)


def test_busy_port_is_refused_clearly(fake_gguf: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        busy = holder.getsockname()[1]
        with pytest.raises(PortBusyError, match=str(busy)):
            ensure_server(fake_gguf, port=busy)


def test_missing_runtime_says_how_to_install(
    fake_gguf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REACT_REPL_LLAMA_SERVER", str(tmp_path / "nowhere" / "llama-server"))

    with pytest.raises(RuntimeMissingError, match="REACT_REPL_LLAMA_SERVER"):
        ensure_server(fake_gguf)
