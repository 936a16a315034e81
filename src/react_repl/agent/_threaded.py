"""A run in a thread of its own, seen from another thread or from asyncio.

The loop itself is synchronous: it blocks on the model's socket and the sandbox's pipe and reports
through a callback. `RunHandle` puts each event on a queue for the consumer's thread, so a front
end (a notebook, a web page) can `for event in handle.events()` and call `handle.cancel()` from
anywhere. `run_async` / `stream_async` hand each event to the event loop with
`call_soon_threadsafe`, from a thread per run (not the default executor, whose few workers would
make concurrent runs queue). Cancelling the awaiting task sets the run's cancel flag, which
closes the model's response and kills the sandbox's action, and waits for the run to write its
log before the cancellation goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import queue
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from react_repl.context import Event, RunResult

Runner = Callable[..., RunResult]  # called with on_event= and cancel=
_DONE = object()


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
            self._result = runner(on_event=self._events.put, cancel=self._cancel)
        except BaseException as error:  # handed to the consumer's thread, not lost in this one
            self._error = error
        finally:
            self._events.put(_DONE)


class _ThreadedRun:
    def __init__(self, runner: Runner) -> None:
        self._loop = asyncio.get_running_loop()
        self.events: asyncio.Queue[Any] = asyncio.Queue()
        self.cancel = threading.Event()
        self.done: asyncio.Future[RunResult] = self._loop.create_future()
        context = contextvars.copy_context()  # a caller's current span parents the run's
        threading.Thread(target=context.run, args=(self._work, runner), daemon=True).start()

    def _work(self, runner: Runner) -> None:
        try:
            result = runner(on_event=self._put, cancel=self.cancel)
        except BaseException as error:  # handed to the awaiting task, not lost in this thread
            self._call(self._settle, None, error)
        else:
            self._call(self._settle, result, None)

    def _put(self, event: Event) -> None:
        self._call(self.events.put_nowait, event)

    def _call(self, function: Callable[..., None], *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the event loop closed: nobody is listening
            self._loop.call_soon_threadsafe(function, *args)

    def _settle(self, result: RunResult | None, error: BaseException | None) -> None:
        self.events.put_nowait(_DONE)
        if self.done.cancelled():
            return
        if error is not None:
            self.done.set_exception(error)
        else:
            self.done.set_result(result)  # type: ignore[arg-type]

    async def finish(self) -> None:
        """Cancel the run and wait until its log is closed."""
        self.cancel.set()
        with contextlib.suppress(BaseException):
            await asyncio.shield(self.done)


async def run_async(runner: Runner) -> RunResult:
    run = _ThreadedRun(runner)
    try:
        return await asyncio.shield(run.done)
    except asyncio.CancelledError:
        await run.finish()
        raise


async def stream_async(runner: Runner) -> AsyncIterator[Event]:
    run = _ThreadedRun(runner)
    try:
        while (event := await run.events.get()) is not _DONE:
            yield event
        await run.done  # re-raises what ended the run
    finally:
        if not run.done.done():
            await run.finish()
