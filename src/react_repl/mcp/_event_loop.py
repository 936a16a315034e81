"""An asyncio event loop in a thread of its own, for synchronous callers.

The agent, the sandbox and the CLI are synchronous; the MCP SDK is async. Connections live on
one loop in a daemon thread, and callers submit coroutines and wait with a deadline. The loop
starts on first use, so a run that never calls an MCP tool never starts a thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    def __init__(self, name: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float) -> T:
        """Wait for the coroutine; on timeout or interruption it is cancelled, then re-raised."""
        if threading.current_thread() is self._thread:
            coroutine.close()
            raise RuntimeError("an MCP call was made from the MCP event loop itself")
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except concurrent.futures.TimeoutError:
            if future.done():  # the coroutine's own TimeoutError, not our wait running out
                raise
            future.cancel()
            raise TimeoutError(f"no answer within {timeout:g} s") from None
        except BaseException:
            future.cancel()
            raise

    def stop(self, timeout: float) -> None:
        if self._loop.is_closed():
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self._loop.close()
