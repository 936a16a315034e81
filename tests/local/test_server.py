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
    server_status,
    stop_server,
)

from .conftest import processes_running


@pytest.fixture(autouse=True)
def _no_leftovers(fake_runtime: Path, isolated_cache: Path):
    yield
    stop_server()
    assert processes_running(fake_runtime) == []


def test_second_call_reuses_the_running_server(fake_gguf: Path, isolated_cache: Path) -> None:
    first = ensure_server(fake_gguf, ctx_size=4096)
    second = ensure_server(fake_gguf, ctx_size=4096)

    assert second.pid == first.pid
    assert first.base_url == f"http://127.0.0.1:{first.port}/v1"
    assert first.ctx_size == 4096
    assert first.model_name == "tiny"
    assert json.loads((isolated_cache / "server.json").read_text())["pid"] == first.pid


def test_other_settings_restart_without_leaving_the_old_one(fake_gguf: Path) -> None:
    first = ensure_server(fake_gguf, ctx_size=4096)
    second = ensure_server(fake_gguf, ctx_size=2048)

    assert second.pid != first.pid
    assert second.ctx_size == 2048
    assert server_status() == second


def test_stop_leaves_no_process_and_no_record(
    fake_gguf: Path, fake_runtime: Path, isolated_cache: Path
) -> None:
    ensure_server(fake_gguf)

    assert stop_server() is True
    assert processes_running(fake_runtime) == []
    assert not (isolated_cache / "server.json").exists()
    assert server_status() is None
    assert stop_server() is False


def test_stale_record_is_ignored_and_cleaned(isolated_cache: Path) -> None:
    record = isolated_cache / "server.json"
    record.parent.mkdir(parents=True)
    exited = subprocess.Popen(["true"])
    exited.wait()
    record.write_text(
        json.dumps(
            dict(
                pid=exited.pid,
                port=1,
                model_path="/x.gguf",
                model_name="x",
                ctx_size=1,
                n_ctx=1,
                threads=1,
                started=0.0,
            )
        )
    )

    assert server_status() is None
    assert not record.exists()


def test_a_recycled_pid_is_never_signalled(isolated_cache: Path, fake_gguf: Path) -> None:
    bystander = subprocess.Popen(["sleep", "30"])
    try:
        record = isolated_cache / "server.json"
        record.parent.mkdir(parents=True)
        record.write_text(
            json.dumps(
                dict(
                    pid=bystander.pid,
                    port=1,
                    model_path=str(fake_gguf),
                    model_name="tiny",
                    ctx_size=8192,
                    n_ctx=8192,
                    threads=1,
                    started=0.0,
                )
            )
        )
        assert stop_server() is False
        assert bystander.poll() is None, "an unrelated process kept running"
    finally:
        bystander.kill()
        bystander.wait()


def test_corrupt_record_does_not_block_a_start(isolated_cache: Path, fake_gguf: Path) -> None:
    isolated_cache.mkdir(parents=True)
    (isolated_cache / "server.json").write_text("{not json")

    assert ensure_server(fake_gguf).pid > 0


def test_crash_on_start_shows_the_log(fake_gguf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_LLAMA_MODE", "crash")

    with pytest.raises(ServerStartError, match="failed to load model"):
        ensure_server(fake_gguf)
    assert server_status() is None


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
