"""A run in a background thread, seen as an iterator of events: for notebooks, web pages, UIs.

The loop itself is synchronous and reports through a callback; this adapter puts each event on a
queue for the consumer's thread, so a front end can `for event in handle.events()` and call
`handle.cancel()` from anywhere.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from typing import Any

from react_repl.context import Event, RunResult

_DONE = object()
Runner = Callable[[Callable[[Any], None], threading.Event], RunResult]


class RunHandle:
    def __init__(self, runner: Runner) -> None:
        self._events: queue.Queue[Any] = queue.Queue()
        self._cancel = threading.Event()
        self._result: RunResult | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._work, args=(runner,), daemon=True)
        self._thread.start()

    def events(self) -> Iterator[Event]:
        """Every event in order, ending after RunEnded; re-raises what ended the run otherwise."""
        while (event := self._events.get()) is not _DONE:
            yield event
        if self._error is not None:
            raise self._error

    def cancel(self) -> None:
        """End the run as soon as possible (within a second, also mid-reply); it logs why."""
        self._cancel.set()

    def result(self, timeout: float | None = None) -> RunResult:
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError(f"the run did not end within {timeout} s")
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result

    def _work(self, runner: Runner) -> None:
        try:
            self._result = runner(self._events.put, self._cancel)
        except BaseException as error:  # handed to the consumer's thread, not lost in this one
            self._error = error
        finally:
            self._events.put(_DONE)
