"""The records of running servers, so later runs reuse them instead of reloading a model.

Each server has its own record, `<cache>/servers/<port>.json`: several may run at once (another
model, another context size) and a run must never mistake one for another. A record can outlive
its server (reboot, kill -9) and a pid can be reused by an unrelated program, so a record is
trusted only while its pid is a live `llama-server`: we never signal anything else.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from react_repl._atomic import write_atomically
from react_repl._paths import cache_dir
from react_repl.local._runtime import MODULE as XSERVER_MODULE


@dataclass(frozen=True)
class ServerState:
    """What a run needs to reuse a server, and what `model status` shows.

    `profile` is the start-up profile the server runs with (see `_profiles`) and `fallback`
    says why, when it is not the default; `kept` marks a server started by
    `react-repl model serve`, which idle clean-up must leave running.
    """

    pid: int
    port: int
    model_path: str
    model_name: str
    ctx_size: int
    n_ctx: int
    threads: int
    started: float
    profile: str = "its default CPU code"
    fallback: str = ""
    kept: bool = False


def servers_dir() -> Path:
    return cache_dir() / "servers"


def record_path(port: int) -> Path:
    return servers_dir() / f"{port}.json"


def read_state(path: Path) -> ServerState | None:
    """The recorded server, or None when there is none or the file is unreadable (not fatal)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return ServerState(**raw)
    except (OSError, ValueError, TypeError):
        return None


def recorded_states() -> list[ServerState]:
    """Every readable record, oldest server first; liveness is the caller's to check."""
    adopt_legacy_record()
    found = [read_state(path) for path in sorted(servers_dir().glob("*.json"))]
    return sorted((state for state in found if state), key=lambda state: state.started)


def adopt_legacy_record() -> None:
    """Move the single record of versions before several servers into the registry, so its
    server is not orphaned."""
    legacy = cache_dir() / "server.json"
    state = read_state(legacy)
    if state is not None and is_llama_server(state.pid):
        write_state(record_path(state.port), state)
    legacy.unlink(missing_ok=True)


def write_state(path: Path, state: ServerState) -> None:
    write_atomically(path, json.dumps(asdict(state), indent=2) + "\n")


def clear_state(path: Path, *, pid: int | None = None) -> None:
    """Forget the record; with `pid`, only if it still describes that process."""
    if pid is not None:
        current = read_state(path)
        if current is not None and current.pid != pid:
            return
    path.unlink(missing_ok=True)


def is_llama_server(pid: int) -> bool:
    """Alive, not a zombie, and really llama-server or its prebuilt stand-in (pids are
    recycled)."""
    proc = Path("/proc") / str(pid)
    try:
        status = (proc / "stat").read_text()
        command = (proc / "cmdline").read_bytes()
    except OSError:
        return False
    state = status.rpartition(")")[2].split()[0]
    argv = command.split(b"\0")
    prebuilt = argv[1:3] == [b"-m", XSERVER_MODULE.encode()]  # _runtime's launcher script
    return state not in {"Z", "X"} and (b"llama-server" in argv[0] or prebuilt)


def reap_if_child(pid: int) -> None:
    """Collect our own exited child so it does not linger as a zombie."""
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def wait_until_gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        reap_if_child(pid)
        if not is_llama_server(pid):
            return True
        time.sleep(0.05)
    return False
