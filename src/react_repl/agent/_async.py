"""A run awaited from asyncio: the synchronous loop in its own thread, its events on the loop.

The loop blocks on the model's socket and the sandbox's pipe, so it runs in a thread of its own
(not the default executor, whose few workers would make concurrent runs queue); each event is
handed to the event loop with `call_soon_threadsafe`. Cancelling the awaiting task sets the
run's cancel flag, which closes the model's response and kills the sandbox's action, and waits
for the run to write its log before the cancellation goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

from react_repl.context import Event, RunResult

Runner = Callable[..., RunResult]  # called with on_event= and cancel=
_DONE = object()


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
