"""The REPL sessions of `react-repl mcp serve`: one sandbox per session, found by its handle.

MCP 2026-07-28 has no protocol sessions: state that spans calls is named by a handle the server
mints and the client passes back as an argument, so a host that reconnects (a new connection, a
restarted host) gets its namespace back by passing the handle again. Handles are unguessable, so
one client cannot reach another's namespace, and every session is its own sandbox worker
process, so nothing is shared even by accident. The number of live sessions is bounded (the
least recently used one is closed to make room) and a session left idle expires.

Each session's calls are written as they happen to a react-repl run log (one step per call), so
its history reads, searches and exports like any agent run (`react-repl logs`).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from react_repl.logs import RunLog, StepRecord
from react_repl.sandbox import Observation, Sandbox

_log = logging.getLogger(__name__)

DEFAULT_SESSION = ""
"""The handle of the connection's own namespace on stdio, where one process serves one client."""
HOST_MODEL = "mcp-host"
"""The run logs' model: the host's model wrote the code, and the server cannot know which."""


class UnknownSession(LookupError):
    """The handle was never minted here, or its session was closed or expired."""


@dataclass
class Session:
    """A namespace and its history. The run log is written on the store's one log thread: the
    logs' SQLite index may only be used from the thread that opened it."""

    sandbox: Sandbox
    number: int
    writer: ThreadPoolExecutor
    used: float = field(default_factory=time.monotonic)
    log: RunLog | None = None
    calls: int = 0

    def record(
        self, logs_dir: Path | None, code: str, observation: Observation, review: str
    ) -> None:
        if logs_dir is None:
            return
        self.calls += 1
        step = StepRecord(self.calls, "step", "", code, observation.text, 0, 0,
                          observation.duration, sandbox_seconds=observation.duration,
                          review=review)  # fmt: skip
        self.writer.submit(self._write, logs_dir, step)

    def close(self, why: str) -> None:
        self.writer.submit(self._finish, why)
        self.sandbox.close()

    def _write(self, logs_dir: Path, step: StepRecord) -> None:
        """A log that cannot be written costs the record, never the call's result."""
        try:
            if self.log is None:
                task = f"MCP session {self.number}"
                self.log = RunLog.create(logs_dir, task=task, model=HOST_MODEL, settings={})
            self.log.write_step(step)
        except OSError as error:
            _log.warning("cannot write MCP session %d's run log: %s", self.number, error)

    def _finish(self, why: str) -> None:
        if self.log is not None:
            self.log.finish(status="finished", answer=None, prompt_tokens=0,
                            completion_tokens=0, summary=why)  # fmt: skip


class SessionStore:
    def __init__(
        self,
        make_sandbox: Callable[[], Sandbox],
        max_sessions: int,
        *,
        idle_seconds: float = 1800.0,
        logs_dir: Path | None = None,
    ) -> None:
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be at least 1, got {max_sessions}")
        self._make_sandbox = make_sandbox
        self._max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self.logs_dir = logs_dir
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self._started = 0
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="mcp-session-logs")

    def get(self, handle: str) -> Session:
        self.expire_idle()
        with self._lock:
            session = self._sessions.get(handle)
            if session is None:
                raise UnknownSession(
                    f"no session {handle!r}: it was never started here, was closed to make room "
                    f"or expired after {self.idle_seconds:g} s unused; call run_python without "
                    "`session` to start a new one"
                )
            self._sessions.move_to_end(handle)
            session.used = time.monotonic()
            return session

    def default(self) -> Session:
        """The namespace of a client that passes no handle (stdio), made on first use."""
        with self._lock:
            if DEFAULT_SESSION in self._sessions:
                self._sessions.move_to_end(DEFAULT_SESSION)
                return self._sessions[DEFAULT_SESSION]
        return self._insert(DEFAULT_SESSION, self._make_sandbox())

    def new(self) -> tuple[str, Session]:
        self.expire_idle()
        handle = "s-" + secrets.token_urlsafe(18)
        return handle, self._insert(handle, self._make_sandbox())

    def expire_idle(self) -> int:
        """Close the sessions idle for longer than `idle_seconds` (never stdio's own one)."""
        limit = time.monotonic() - self.idle_seconds
        with self._lock:
            idle = [h for h, s in self._sessions.items() if h != DEFAULT_SESSION and s.used < limit]
            expired = [self._sessions.pop(handle) for handle in idle]
        for session in expired:
            session.close(f"expired after {self.idle_seconds:g} s unused")
        return len(expired)

    def __len__(self) -> int:
        return len(self._sessions)

    def close(self) -> None:
        with self._lock:
            sessions = list(self._sessions.values())
            self._sessions.clear()
        for session in sessions:
            session.close("the server stopped")
        self._writer.shutdown(wait=True)

    def _insert(self, handle: str, sandbox: Sandbox) -> Session:
        """Sandboxes start outside the lock (a worker takes a while); the first one in wins."""
        evicted: list[Session] = []
        with self._lock:
            session = self._sessions.get(handle)
            fresh = session is None
            if session is None:
                while len(self._sessions) >= self._max_sessions:
                    evicted.append(self._sessions.popitem(last=False)[1])
                self._started += 1
                session = Session(sandbox, self._started, self._writer)
                self._sessions[handle] = session
        for old in evicted:
            old.close("closed to make room for a newer session")
        if not fresh:
            sandbox.close()
        return session
