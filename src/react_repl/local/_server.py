"""Long-lived `llama-server`s shared by every react-repl run, never stopped under a user.

Loading a gigabyte of weights takes seconds and the prompt cache takes a whole run to warm up, so
a server is started detached (it survives the run that started it) and recorded in
`<cache>/servers/<port>.json`; later runs with the same model and context size reuse it. A run
that needs other settings gets its own server on another port. Every process using a server
holds a lease on it (`_leases`), so neither a run with other settings nor `model stop` ends a
server someone is using; idle servers with other settings are stopped to free their memory,
except those `model serve` started for other programs.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from react_repl._paths import cache_dir
from react_repl.local._errors import ServerInUseError, ServerStartError
from react_repl.local._fetch import DEFAULT_MODEL, KNOWN_MODELS, file_lock, resolve_model_path
from react_repl.local._health import is_healthy, wait_until_healthy
from react_repl.local._leases import (
    Lease,
    ServerState,
    acquire_lease,
    clear_state,
    forget_leases,
    is_llama_server,
    lease_users,
    record_path,
    recorded_states,
    release_lease,
    wait_until_gone,
    write_state,
)
from react_repl.local._start import StartRequest, default_threads, log_path, start_server

Progress = Callable[[str], None]


@dataclass(frozen=True)
class LocalServer:
    """A running server.

    `model_name` is what to pass as `model=` to the openai client; `ctx_size` is the context
    window the server reports (GET /props), which the agent's context budget must respect.
    `fallback` is non-empty when llama-server's default CPU code crashed on this machine and
    the server runs with `profile` instead: worth telling the user, since it may be slower.
    """

    base_url: str
    model_name: str
    pid: int
    port: int
    model_path: Path
    ctx_size: int
    threads: int
    profile: str = "its default CPU code"
    fallback: str = ""

    def release(self) -> None:
        """Stop using the server (it keeps running for others); exit does this too."""
        release_lease(self.port)

    def stop(self, *, force: bool = False) -> None:
        """Stop this server unless another process uses it (`force` stops it anyway)."""
        _stop_where(lambda state: state.pid == self.pid and state.port == self.port, force)

    @classmethod
    def from_state(cls, state: ServerState) -> LocalServer:
        same = ("model_name", "pid", "port", "threads", "profile", "fallback")
        return cls(
            base_url=f"http://127.0.0.1:{state.port}/v1",
            model_path=Path(state.model_path),
            ctx_size=state.n_ctx,  # what the server allocated, not what was asked for
            **{field: getattr(state, field) for field in same},
        )


@dataclass(frozen=True)
class ServerInfo:
    """A running server and who uses it, for `model status`."""

    server: LocalServer
    users: tuple[Lease, ...]
    kept: bool
    healthy: bool


def ensure_server(
    model: str | Path = DEFAULT_MODEL,
    *,
    threads: int | None = None,
    ctx_size: int = 8192,
    port: int | None = None,
    timeout: float = 300.0,
    progress: Progress | None = None,
    keep: bool = False,
) -> LocalServer:
    """Reuse a running server with these settings, or start one; either way lease it.

    The lease lasts until `server.release()` or the end of this process. `threads` None means
    "whatever is running, else all cores but one"; `timeout` bounds the model load, after
    which the half-started server is killed. `keep` marks the server as started for other
    programs (`react-repl model serve`): no run stops it for being idle.
    """
    report = progress or (lambda _message: None)
    model_path = resolve_model_path(model, progress=report)

    def wanted(state: ServerState) -> bool:
        same = state.model_path == str(model_path) and state.ctx_size == ctx_size
        return same and threads in (None, state.threads) and port in (None, state.port)

    with file_lock(cache_dir() / "server.lock"):
        running = _live_states()
        match = next((state for state in running if wanted(state)), None)
        if match is None:
            _stop_idle(running, wanted, report)
            name = model if isinstance(model, str) and model in KNOWN_MODELS else model_path.stem
            request = StartRequest(
                model_path, name, threads or default_threads(), ctx_size, port, timeout, keep
            )
            match = start_server(request, report)
        else:
            report(f"reusing the local model server on port {match.port}")
            wait_until_healthy(
                match.port, _exit_code(match.pid), report=report, log=log_path(match.port)
            )
            match = replace(match, kept=match.kept or keep)
        write_state(record_path(match.port), match)
        acquire_lease(match.port)
    return LocalServer.from_state(match)


def list_servers() -> list[ServerInfo]:
    """Every live server of this cache folder with its users; stale records are cleaned."""
    with file_lock(cache_dir() / "server.lock"):
        return [
            ServerInfo(
                server=LocalServer.from_state(state),
                users=tuple(lease_users(state.port)),
                kept=state.kept,
                healthy=is_healthy(state.port),
            )
            for state in _live_states()
        ]


def stop_server(port: int | None = None, *, force: bool = False) -> list[LocalServer]:
    """Stop the server on `port` (default: every server); [] when none was running.

    Raises `ServerInUseError`, stopping nothing, when another process holds a lease on one of
    them, unless `force`: its users then get connection errors from their next request.
    """
    return _stop_where(lambda state: port is None or state.port == port, force)


def _stop_where(selected: Callable[[ServerState], bool], force: bool) -> list[LocalServer]:
    with file_lock(cache_dir() / "server.lock"):
        targets = [state for state in _live_states() if selected(state)]
        busy = {state.port: _other_users(state.port) for state in targets}
        in_use = [state for state in targets if busy[state.port]]
        if in_use and not force:
            raise ServerInUseError(_in_use_message(in_use, busy))
        for state in targets:
            _retire(state)
        return [LocalServer.from_state(state) for state in targets]


def _in_use_message(in_use: list[ServerState], users: dict[int, list[Lease]]) -> str:
    lines = [
        f"the local model server on port {state.port} ({state.model_name}) is in use by "
        + ", ".join(lease.describe() for lease in users[state.port])
        for state in in_use
    ]
    return "\n".join([*lines, "Nothing was stopped; use --force (force=True) to stop it anyway."])


def _other_users(port: int) -> list[Lease]:
    return [lease for lease in lease_users(port) if lease.pid != os.getpid()]


def _live_states() -> list[ServerState]:
    """Recorded servers that are still running; records of dead ones are removed."""
    live = []
    for state in recorded_states():
        if is_llama_server(state.pid):
            live.append(state)
        else:
            clear_state(record_path(state.port), pid=state.pid)
            forget_leases(state.port)
    return live


def _stop_idle(
    running: list[ServerState], wanted: Callable[[ServerState], bool], report: Progress
) -> None:
    """Free the memory of servers nobody uses and nobody asked to keep."""
    for state in running:
        if wanted(state) or state.kept or lease_users(state.port):
            continue
        report(f"stopping the idle local model server on port {state.port} (other settings)")
        _retire(state)


def _retire(state: ServerState) -> None:
    _terminate(state.pid)
    clear_state(record_path(state.port), pid=state.pid)
    forget_leases(state.port)


def _exit_code(pid: int) -> Callable[[], int | None]:
    """For a server another process started: we can tell that it died, not how."""
    return lambda: None if is_llama_server(pid) else 0


def _terminate(pid: int) -> None:
    """SIGTERM, then SIGKILL if it lingers; never signals a pid that is not llama-server."""
    if not is_llama_server(pid):
        return
    os.kill(pid, signal.SIGTERM)
    if not wait_until_gone(pid, timeout=10):
        os.kill(pid, signal.SIGKILL)
        if not wait_until_gone(pid, timeout=5):
            raise ServerStartError(f"llama-server (pid {pid}) survived SIGKILL")
