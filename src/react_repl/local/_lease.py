"""Leases: which processes use a server right now, so nobody stops it under them.

A lease is a small file, `<cache>/servers/<port>.leases/<pid>-<token>.json`, that its holder
keeps `flock`ed for as long as it uses the server. The kernel drops the lock when the holder
exits, however it exits (return, exception, SIGKILL), so a lease whose lock can be taken is
stale by definition: no pid bookkeeping, and a recycled pid can never keep a lease alive. The
file is locked before it gets its final name, so nobody ever sees an unlocked live lease.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import json
import os
import secrets
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from react_repl.local._state import servers_dir


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
    users = []
    for path in sorted(leases_dir(port).glob("*.json")):
        lease = _read_if_live(path)
        if lease is not None:
            users.append(lease)
    return sorted(users, key=lambda lease: lease.since)


def forget_leases(port: int) -> None:
    """The server is gone: its leases mean nothing any more (their holders find out by error)."""
    release_lease(port)
    folder = leases_dir(port)
    for path in folder.glob("*"):
        path.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        folder.rmdir()


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
