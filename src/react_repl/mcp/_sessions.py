"""The REPL sessions of `react-repl mcp serve`: one sandbox per session, found by its handle.

MCP 2026-07-28 has no protocol sessions: state that spans calls is named by a handle the server
mints and the client passes back as an argument. Handles are unguessable, so one client cannot
reach another's namespace, and every session is its own sandbox worker process, so nothing is
shared even by accident. The number of live sessions is bounded; the least recently used one is
closed to make room.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable

from react_repl.sandbox import Sandbox

DEFAULT_SESSION = ""
"""The handle of the connection's own namespace on stdio, where one process serves one client."""


class UnknownSession(LookupError):
    """The handle was never minted here, or its session was closed to make room."""


class SessionStore:
    def __init__(self, make_sandbox: Callable[[], Sandbox], max_sessions: int) -> None:
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be at least 1, got {max_sessions}")
        self._make_sandbox = make_sandbox
        self._max_sessions = max_sessions
        self._sessions: OrderedDict[str, Sandbox] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, handle: str) -> Sandbox:
        with self._lock:
            sandbox = self._sessions.get(handle)
            if sandbox is None:
                raise UnknownSession(
                    f"no session {handle!r}: it was never started here or was closed to make "
                    "room; call run_python without `session` to start a new one"
                )
            self._sessions.move_to_end(handle)
            return sandbox

    def default(self) -> Sandbox:
        """The namespace of a client that passes no handle (stdio), made on first use."""
        with self._lock:
            if DEFAULT_SESSION in self._sessions:
                self._sessions.move_to_end(DEFAULT_SESSION)
                return self._sessions[DEFAULT_SESSION]
        return self._insert(DEFAULT_SESSION, self._make_sandbox())

    def new(self) -> tuple[str, Sandbox]:
        handle = "s-" + secrets.token_urlsafe(18)
        return handle, self._insert(handle, self._make_sandbox())

    def __len__(self) -> int:
        return len(self._sessions)

    def close(self) -> None:
        with self._lock:
            sandboxes = list(self._sessions.values())
            self._sessions.clear()
        for sandbox in sandboxes:
            sandbox.close()

    def _insert(self, handle: str, sandbox: Sandbox) -> Sandbox:
        """Sandboxes start outside the lock (a worker takes a while); the first one in wins."""
        evicted: list[Sandbox] = []
        with self._lock:
            existing = self._sessions.get(handle)
            if existing is None:
                while len(self._sessions) >= self._max_sessions:
                    evicted.append(self._sessions.popitem(last=False)[1])
                self._sessions[handle] = sandbox
        for old in [*evicted, *([sandbox] if existing is not None else [])]:
            old.close()
        return existing or sandbox
