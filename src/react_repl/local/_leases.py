"""The records of running servers, so later runs reuse them instead of reloading a model.

Each server has its own record, `<cache>/servers/<port>.json`: several may run at once (another
model, another context size) and a run must never mistake one for another. A record can outlive
its server (reboot, kill -9) and a pid can be reused by an unrelated program, so a record is
trusted only while its pid is a live `llama-server`: we never signal anything else.

Leases say which processes use a server right now, so nobody stops it under them. A lease is a
small file, `<cache>/servers/<port>.leases/<pid>-<token>.json`, that its holder keeps `flock`ed
for as long as it uses the server. The kernel drops the lock when the holder exits, however it
exits (return, exception, SIGKILL), so a lease whose lock can be taken is stale by definition:
no pid bookkeeping, and a recycled pid can never keep a lease alive. The file is locked before
it gets its final name, so nobody ever sees an unlocked live lease.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import json
import os
import secrets
import shlex
import shutil
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

from react_repl._atomic import write_atomically
from react_repl._paths import cache_dir
from react_repl.local._runtime import MODULE as XSERVER_MODULE


@dataclass(frozen=True)
class ServerState:
    """What a run needs to reuse a server, and what `model status` shows.

    `profile` is the start-up profile the server runs with (see `_start_profiles`) and `fallback`
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


@dataclass(frozen=True)
class Lease:
    """One user of a server, as `model status` and a refused `model stop` show it."""

    pid: int
    command: str
    since: float

    def describe(self) -> str:
        started = time.strftime("%H:%M:%S", time.localtime(self.since))
        return f"pid {self.pid} ({self.command}, since {started})"


def leases_dir(port: int) -> Path:
    return servers_dir() / f"{port}.leases"


_held: dict[int, tuple[Path, TextIO]] = {}
"""This process's leases: the file and its locked handle, per port, until released or exit."""


def acquire_lease(port: int) -> None:
    """Lease `port`'s server for this process (once per process and server)."""
    if port in _held:
        return
    folder = leases_dir(port)
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{os.getpid()}-{secrets.token_hex(4)}.json"
    scratch = folder / f".{name}.tmp"
    handle = scratch.open("w", encoding="utf-8")
    fcntl.flock(handle, fcntl.LOCK_EX)
    lease = {"pid": os.getpid(), "command": _this_command(), "since": time.time()}
    handle.write(json.dumps(lease))
    handle.flush()
    scratch.rename(folder / name)
    _held[port] = (folder / name, handle)


def release_lease(port: int) -> None:
    path, handle = _held.pop(port, (None, None))
    if path is not None and handle is not None:
        path.unlink(missing_ok=True)
        handle.close()


def lease_users(port: int) -> list[Lease]:
    """Live leases on `port`'s server, oldest first; stale ones are deleted on the way."""
    found = [_read_if_live(path) for path in leases_dir(port).glob("*.json")]
    return sorted((lease for lease in found if lease), key=lambda lease: lease.since)


def forget_leases(port: int) -> None:
    """The server is gone: its leases mean nothing any more (their holders find out by error)."""
    release_lease(port)
    shutil.rmtree(leases_dir(port), ignore_errors=True)


def _read_if_live(path: Path) -> Lease | None:
    try:
        handle = path.open("r", encoding="utf-8")
    except FileNotFoundError:
        return None  # released while we looked
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return _parse(handle.read(), path)
        path.unlink(missing_ok=True)  # nobody holds it: its holder is gone
        return None


def _parse(text: str, path: Path) -> Lease:
    try:
        raw = json.loads(text)
        return Lease(pid=int(raw["pid"]), command=str(raw["command"]), since=float(raw["since"]))
    except (ValueError, KeyError, TypeError):
        pid = path.name.partition("-")[0]
        return Lease(pid=int(pid) if pid.isdigit() else 0, command="?", since=0.0)


def _this_command(limit: int = 80) -> str:
    program = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python"
    text = shlex.join([program, *sys.argv[1:]])
    return text if len(text) <= limit else text[: limit - 1] + "…"


@atexit.register
def _release_all() -> None:
    for port in list(_held):
        release_lease(port)
