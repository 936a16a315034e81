"""Everything the action writes, in order, streamed to the parent as it happens.

Streaming (not buffering until the end) keeps what was printed before a hang or a crash: the
parent already holds it when it kills the worker.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from ._scope import ActionScope

Send = Callable[[dict[str, Any]], None]
# Characters per "out" frame: even escaped as JSON (up to 12 bytes for a non-BMP character) a
# chunk stays under the protocol's 16 MiB frame limit, whatever `max_output` is.
_CHUNK = 1 << 20


class Capture:
    """Counts every character but forwards only the first `limit` of each action. Only what
    the action's own threads write counts (see `_scope.py`): a thread an earlier action's API
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
        self,
        *objects: Any,
        sep: str | None = " ",
        end: str | None = "\n",
        file: Any = None,
        flush: bool = False,
    ) -> None:
        if file is not None:
            raise TypeError("print(file=...) is not supported in the sandbox; print to stdout")
        sep = " " if sep is None else sep
        end = "\n" if end is None else end
        if not isinstance(sep, str) or not isinstance(end, str):
            raise TypeError("sep and end must be strings")
        self._capture.write(sep.join(map(str, objects)) + end)
