"""The record of the running server, so later runs reuse it instead of reloading the model.

The file can outlive its server (reboot, kill -9) and a pid can be reused by an unrelated program,
so a record is trusted only while its pid is a live `llama-server`: we never signal anything else.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from react_repl._paths import cache_dir


@dataclass(frozen=True)
class ServerState:
    pid: int
    port: int
    model_path: str
    model_name: str
    ctx_size: int
    n_ctx: int
    threads: int
    started: float


def state_path() -> Path:
    return cache_dir() / "server.json"


def read_state(path: Path) -> ServerState | None:
    """The recorded server, or None when there is none or the file is unreadable (not fatal)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return ServerState(**raw)
    except (OSError, ValueError, TypeError):
        return None


def write_state(path: Path, state: ServerState) -> None:
    """Write atomically: a reader never sees half a record."""
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    scratch.write_text(json.dumps(asdict(state), indent=2) + "\n", encoding="utf-8")
    os.replace(scratch, path)


def clear_state(path: Path, *, pid: int | None = None) -> None:
    """Forget the record; with `pid`, only if it still describes that process."""
    if pid is not None:
        current = read_state(path)
        if current is not None and current.pid != pid:
            return
    path.unlink(missing_ok=True)


def is_llama_server(pid: int) -> bool:
    """Alive, not a zombie, and really llama-server (pids are recycled)."""
    proc = Path("/proc") / str(pid)
    try:
        status = (proc / "stat").read_text()
        command = (proc / "cmdline").read_bytes()
    except OSError:
        return False
    state = status.rpartition(")")[2].split()[0]
    return state not in {"Z", "X"} and b"llama-server" in command.split(b"\0")[0]


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
