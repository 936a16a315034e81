"""One long-lived `llama-server` per machine, shared by every react-repl run.

Loading a gigabyte of weights takes seconds and the prompt cache takes a whole run to warm up, so
the server is started detached (it survives the run that started it) and recorded in
`<cache>/server.json`; later runs reuse it after checking that the pid is a live llama-server
that answers `/health`. A start that never becomes healthy is killed, so no orphan is left behind.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from react_repl._paths import cache_dir
from react_repl.local._catalog import DEFAULT_MODEL, KNOWN_MODELS
from react_repl.local._errors import ServerStartError
from react_repl.local._fetch import resolve_model_path
from react_repl.local._health import fetch_context_size, is_healthy, wait_until_healthy
from react_repl.local._launch import default_threads, launch, log_path, pick_port
from react_repl.local._lock import file_lock
from react_repl.local._runtime import find_llama_server
from react_repl.local._state import (
    ServerState,
    clear_state,
    is_llama_server,
    read_state,
    state_path,
    wait_until_gone,
    write_state,
)

Progress = Callable[[str], None]


@dataclass(frozen=True)
class LocalServer:
    """A running server.

    `model_name` is what to pass as `model=` to the openai client; `ctx_size` is the context
    window the server reports (GET /props), which the agent's context budget must respect.
    """

    base_url: str
    model_name: str
    pid: int
    port: int
    model_path: Path
    ctx_size: int
    threads: int

    def stop(self) -> None:
        _terminate(self.pid)
        clear_state(state_path(), pid=self.pid)

    @classmethod
    def from_state(cls, state: ServerState) -> LocalServer:
        return cls(
            base_url=f"http://127.0.0.1:{state.port}/v1",
            model_name=state.model_name,
            pid=state.pid,
            port=state.port,
            model_path=Path(state.model_path),
            ctx_size=state.n_ctx,
            threads=state.threads,
        )


def ensure_server(
    model: str | Path = DEFAULT_MODEL,
    *,
    threads: int | None = None,
    ctx_size: int = 8192,
    port: int | None = None,
    timeout: float = 300.0,
    progress: Progress | None = None,
) -> LocalServer:
    """Reuse the running server for this model, or start one and wait until it answers.

    `threads` None means "whatever is running, else all cores but one"; `timeout` bounds the model
    load, after which the half-started server is killed rather than left behind.
    """
    report = progress or (lambda _message: None)
    model_path = resolve_model_path(model, progress=report)
    with file_lock(cache_dir() / "server.lock"):
        running = _reusable(model_path, threads=threads, ctx_size=ctx_size, report=report)
        if running is not None:
            return running
        settings = _Settings(threads or default_threads(), ctx_size, port, timeout)
        return _start(model, model_path, settings, report)


def server_status() -> LocalServer | None:
    """The recorded server if it is alive and healthy; stale records are cleaned up."""
    state = read_state(state_path())
    if state is None:
        return None
    if not is_llama_server(state.pid):
        clear_state(state_path(), pid=state.pid)
        return None
    return LocalServer.from_state(state) if is_healthy(state.port) else None


def stop_server() -> bool:
    """Stop the recorded server; False when there was none to stop."""
    with file_lock(cache_dir() / "server.lock"):
        state = read_state(state_path())
        clear_state(state_path())
        if state is None or not is_llama_server(state.pid):
            return False
        _terminate(state.pid)
        return True


def _reusable(
    model_path: Path, *, threads: int | None, ctx_size: int, report: Progress
) -> LocalServer | None:
    state = read_state(state_path())
    if state is None:
        return None
    alive = is_llama_server(state.pid)
    same = state.model_path == str(model_path) and state.ctx_size == ctx_size
    if alive and same and threads in (None, state.threads):
        report(f"reusing the local model server on port {state.port}")
        wait_until_healthy(state.port, state.pid, report=report, log=log_path())
        return LocalServer.from_state(state)
    if alive:
        report("stopping the local model server to restart it with other settings")
        _terminate(state.pid)
    clear_state(state_path())
    return None


@dataclass(frozen=True)
class _Settings:
    threads: int
    ctx_size: int
    port: int | None
    timeout: float


def _start(
    model: str | Path, model_path: Path, settings: _Settings, report: Progress
) -> LocalServer:
    binary = find_llama_server()
    port = pick_port(settings.port)
    threads, ctx_size = settings.threads, settings.ctx_size
    name = model if isinstance(model, str) and model in KNOWN_MODELS else model_path.stem
    report(f"starting llama-server for {name} on port {port}")
    process = launch(binary, model_path, name, port=port, threads=threads, ctx_size=ctx_size)
    try:
        wait_until_healthy(
            port, process.pid, report=report, log=log_path(), timeout=settings.timeout
        )
        reported_ctx = fetch_context_size(port) or ctx_size
    except BaseException:
        _terminate(process.pid)
        raise
    state = ServerState(
        pid=process.pid,
        port=port,
        model_path=str(model_path),
        model_name=name,
        ctx_size=ctx_size,
        n_ctx=reported_ctx,
        threads=threads,
        started=time.time(),
    )
    write_state(state_path(), state)
    return LocalServer.from_state(state)


def _terminate(pid: int) -> None:
    """SIGTERM, then SIGKILL if it lingers; never signals a pid that is not llama-server."""
    if not is_llama_server(pid):
        return
    os.kill(pid, signal.SIGTERM)
    if not wait_until_gone(pid, timeout=10):
        os.kill(pid, signal.SIGKILL)
        if not wait_until_gone(pid, timeout=5):
            raise ServerStartError(f"llama-server (pid {pid}) survived SIGKILL")
