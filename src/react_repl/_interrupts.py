"""Holding Ctrl-C and SIGTERM back while a run opens its log.

A KeyboardInterrupt can land between any two bytecodes. Landing after a log file is created but
before the code that ends it with "interrupted" is reached, it left an empty or unended log: a
benchmark stopped mid-run showed a file no reader could parse. Inside `interrupts_held()` the
two signals are only noted; `release()` hands a noted one to the handler it was meant for, at a
point the caller chose (inside the `try` that logs it).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

_HELD = (signal.SIGINT, signal.SIGTERM)


class InterruptHold:
    def __init__(self) -> None:
        self._previous: dict[int, Any] = {}
        self._noted: list[tuple[int, FrameType | None]] = []

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self._noted.append((signum, frame))

    def hold(self) -> None:
        # only the main thread receives Python signal handlers: elsewhere there is nothing to hold
        if threading.current_thread() is not threading.main_thread():
            return
        for signum in _HELD:
            if signal.getsignal(signum) is not None:  # None: a handler set outside Python
                self._previous[signum] = signal.signal(signum, self._note)

    def release(self) -> None:
        """Give the signals back to their handlers, then deliver the first one noted meanwhile."""
        previous, self._previous = self._previous, {}
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if not self._noted:
            return
        signum, frame = self._noted[0]
        self._noted.clear()
        handler = previous[signum]
        if callable(handler):
            handler(signum, frame)  # e.g. default_int_handler raises KeyboardInterrupt here
        elif handler == signal.SIG_DFL:
            signal.raise_signal(signum)


@contextmanager
def interrupts_held() -> Iterator[InterruptHold]:
    """Signals are held until the body calls `release()`, or leaves the block (then delivered)."""
    hold = InterruptHold()
    hold.hold()
    try:
        yield hold
    finally:
        hold.release()
