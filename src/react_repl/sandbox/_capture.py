"""Everything the action writes, in order, streamed to the parent as it happens, and which
threads act for the action now running.

Streaming (not buffering until the end) keeps what was printed before a hang or a crash: the
parent already holds it when it kills the worker.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from typing import Any

Send = Callable[[dict[str, Any]], None]
# Characters per "out" frame: even escaped as JSON (up to 12 bytes for a non-BMP character) a
# chunk stays under the protocol's 16 MiB frame limit, whatever `max_output` is.
_CHUNK = 1 << 20


class ActionScope:
    """Which threads act for the action now running: output, API calls and host calls count
    only from the main thread and from threads started while the action runs, and only until
    it ends; the rest is dropped (output) or refused (calls). A thread an API left running (a
    download, `threading.Timer`) would otherwise print into the model's next action, make API
    calls in an action that never made them, or, calling a host function between actions, read
    the parent's next request as its reply. Python cannot stop the thread; it dies with the
    worker. Nothing tells whom a thread works for, so the rule goes by when it started: a pool
    an API keeps between actions counts only in the first."""

    __slots__ = ("_earlier", "_main", "_running")

    def __init__(self) -> None:
        self._main = threading.main_thread().ident
        self._earlier: frozenset[threading.Thread] = frozenset()
        self._running = False

    def begin(self) -> None:
        """Threads alive now were started before this action: none of them acts for it."""
        self._earlier = frozenset(threading.enumerate())
        self._running = True

    def end(self) -> None:
        self._running = False
        self._earlier = frozenset()

    def admits(self) -> bool:
        return self._running and (
            threading.get_ident() == self._main or threading.current_thread() not in self._earlier
        )

    def check(self, name: str) -> None:
        if not self.admits():
            raise RuntimeError(
                f"{name}() was called from a thread whose action has ended; not called"
            )


class Capture:
    """Counts every character but forwards only the first `limit` of each action. Only what
    the action's own threads write counts (see `ActionScope`): a thread an earlier action's API
    left running writes into nothing."""

    def __init__(self, send: Send, limit: int, scope: ActionScope) -> None:
        self._send = send
        self._limit = limit
        self._scope = scope
        self.total = 0
        self.closed = False

    def start(self) -> None:
        self.total = 0
        self.closed = False

    def write(self, text: str) -> int:
        if self.closed or not text or not self._scope.admits():
            return len(text)
        room = self._limit - self.total
        self.total += len(text)
        for start in range(0, min(room, len(text)), _CHUNK):
            self._send({"op": "out", "text": text[start : min(start + _CHUNK, room)]})
        return len(text)


class CaptureStream(io.TextIOBase):
    """Replaces sys.stdout and sys.stderr so API code that prints lands in the observation."""

    def __init__(self, capture: Capture) -> None:
        self._capture = capture

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return self._capture.write(str(text))


class Printer:
    """What RestrictedPython's `_print_` hook returns; `print(...)` compiles to `_call_print`."""

    def __init__(self, capture: Capture) -> None:
        self._capture = capture

    def __call__(self, _getattr: Any = None) -> Printer:
        return self

    def _call_print(
        self, *objects: Any, sep: str | None = " ", end: str | None = "\n", file: Any = None,
        flush: bool = False,
    ) -> None:  # fmt: skip
        if file is not None:
            raise TypeError("print(file=...) is not supported in the sandbox; print to stdout")
        sep = " " if sep is None else sep
        end = "\n" if end is None else end
        if not isinstance(sep, str) or not isinstance(end, str):
            raise TypeError("sep and end must be strings")
        self._capture.write(sep.join(map(str, objects)) + end)
