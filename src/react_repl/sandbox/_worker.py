"""Entry point of the worker process: confine itself, load the APIs, then serve actions.

Runs as `python -I -c <bootstrap>`; see `_process.py`. Everything here happens before any agent
code exists, so the order matters: the sandbox's own modules (a prespawned worker loads them while
it waits for its config), private pipes, the config's environment, parent watch, API imports,
then limits.
"""

from __future__ import annotations

import fcntl
import os
import resource
import sys
import threading
import time
from typing import Any

from ._capture import ActionScope
from ._host import rebuild_exception
from ._plain import decode_host_image
from ._protocol import MAX_FRAME, encode, read_frame, write_bytes

_PRIVATE_FD_FLOOR = 200
_RECURSION_HEADROOM = 40
_PR_SET_PDEATHSIG = 1
_SIGKILL = 9


def _private_fd(fd: int) -> int:
    """Move a pipe out of the low numbers C libraries and subprocesses assume are theirs."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, _PRIVATE_FD_FLOOR)
    os.close(fd)
    return moved


def _die_with_parent(parent: int, spawned_from_main_thread: bool) -> None:
    """PDEATHSIG kills us even inside a long C call; `_watch_parent` covers a thread-spawned
    parent."""
    if spawned_from_main_thread and sys.platform == "linux":
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, _SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


def _watch_parent(parent: int) -> None:
    """Started only after the OS layer is in place: Landlock confines the calling thread and the
    threads it starts later, so a thread started earlier would stay outside the wall."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _confine(policy: dict[str, Any] | None) -> dict[str, Any]:
    if policy is None:
        return {"enabled": False, "missing": ["the OS layer (switched off: os_confinement=False)"]}
    from ._oslayer import apply

    return apply(policy)


def _apply_limits(config: dict[str, Any]) -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    limit = int(config["memory_mb"]) * 1024 * 1024
    in_use = _address_space()
    if in_use >= limit:
        raise MemoryError(
            f"the worker already uses {in_use >> 20} MiB of address space after loading the APIs; "
            f"memory_mb={config['memory_mb']} leaves no room for actions, raise it"
        )
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(int(config["recursion_limit"]) + _RECURSION_HEADROOM)


def _address_space() -> int:
    """Virtual size now (Linux); elsewhere 0, and RLIMIT_AS alone reports a too-small limit."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


class _Channel:
    """The worker's end of the pipes; the lock keeps frames whole if an API prints from a thread,
    and a host call's request and reply together (see `call_host`)."""

    def __init__(self, fd_in: int, fd_out: int, scope: ActionScope) -> None:
        self.fd_in = fd_in
        self.fd_out = fd_out
        self.scope = scope
        self._lock = threading.Lock()

    def send(self, message: dict[str, Any]) -> None:
        frame = encode(message)
        with self._lock:
            write_bytes(self.fd_out, frame)

    def call_host(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """The host function's value; or prints its text (see prints_result) and returns a decoded
        image (the HostFunction wrapper makes it a handle) or None. Only the main loop reads
        requests, between actions, so the call holds the lock from request to reply: two threads'
        replies cannot swap, "done" waits for it, and a thread whose action has ended is refused
        under the lock (its read would take the parent's next request as its reply)."""
        request = {"op": "host_call", "name": name, "args": args, "kwargs": kwargs}
        try:
            frame = encode(request)
        except (TypeError, ValueError, RecursionError) as error:
            raise TypeError(f"{name}() accepts only JSON-compatible arguments: {error}") from None
        if len(frame) > MAX_FRAME:  # the parent would take it for a broken worker and kill us
            raise ValueError(
                f"{name}() arguments are too large to send ({len(frame)} bytes as JSON; "
                f"the limit is {MAX_FRAME})"
            )
        with self._lock:
            self.scope.check(name)
            write_bytes(self.fd_out, frame)
            reply = read_frame(self.fd_in)
        if not reply.get("ok"):
            arguments, fields = reply.get("args"), reply.get("fields")
            kind, message = str(reply.get("error")), str(reply.get("message", ""))
            arguments = arguments if type(arguments) is list else None
            raise rebuild_exception(
                kind, message, arguments, fields if type(fields) is dict else None
            )
        if "value" in reply:
            return reply["value"]
        text = str(reply.get("text", ""))
        image = reply.get("image")
        if text or image is None:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return None if image is None else decode_host_image(str(image))


def main() -> None:
    from ._session import Session  # before the config: a prespawned worker loads it while idle

    scope = ActionScope()
    channel = _Channel(_private_fd(int(sys.argv[1])), _private_fd(int(sys.argv[2])), scope)
    config = read_frame(channel.fd_in)
    os.environ.update(config["env"])  # before any API is imported: APIs read it when loaded
    sys.path[:] = config["sys_path"]
    _die_with_parent(int(config["parent"]), bool(config["main_thread"]))
    try:
        session = Session(config, channel.send, channel.call_host, scope)
        _apply_limits(config)
        confinement = _confine(config.get("os_layer"))
    except BaseException as error:  # reported to the parent, then we exit
        channel.send({"op": "init_error", "error": type(error).__name__, "message": str(error)})
        return
    _watch_parent(int(config["parent"]))
    channel.send(
        {
            "op": "ready",
            "variables": session.variables(),
            "confinement": confinement,
            "secrets": session.secrets,  # sent before any agent code exists
        }
    )
    while True:
        try:
            request = read_frame(channel.fd_in)
        except EOFError:
            return
        op = request.get("op")
        if op == "run":
            channel.send(session.run(str(request.get("code", "")), dict(request.get("used", {}))))
        elif op == "snapshot":
            channel.send(session.snapshot())
        elif op == "restore":
            reply = session.restore(request.get("snapshot"))
            channel.send({**reply, "variables": session.variables()})
