"""One HTTP request on a worker thread, so the caller can time it out or cancel it at any moment.

A blocking read cannot be interrupted from its own thread: a server that accepted the request
and never answers would hold the caller until a socket timeout, and Ctrl-C would wait with it.
So the request runs on a daemon thread that hands each received item over a queue, while the
caller waits on the queue in short slices, watching the clock and the cancel flag. To end a
transfer the caller shuts the socket down, which wakes the worker's blocked read at once and
tells the server (llama-server then stops generating); a worker still waiting for the response
headers is abandoned and closes what it gets. Its socket timeout is a backstop, not the limit.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from ._types import ModelCancelled

POLL_SECONDS = 0.05  # how often the caller looks at the cancel flag and the clock


class Silence(Exception):
    """The server sent no byte for longer than the limit of `seconds`."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"nothing received for {seconds:g} s")
        self.seconds = seconds


class Channel:
    """The worker's side: announce the HTTP response once it exists, then hand over items."""

    def __init__(self) -> None:
        self._items: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._response: Any = None
        self.abandoned = threading.Event()

    def opened(self, response: Any) -> None:
        """Register the response (an httpx Response) so the caller can watch and end it."""
        with self._lock:
            self._response = response
        if self.abandoned.is_set():
            self.shut()

    def put(self, item: Any) -> None:
        self._items.put(("item", item))

    def finish(self, error: BaseException | None) -> None:
        self._items.put(("end", None) if error is None else ("error", error))

    def next(self, timeout: float) -> tuple[str, Any]:
        """The next ("item" | "end" | "error", payload), or ("", None) after `timeout` seconds."""
        try:
            return self._items.get(timeout=timeout)
        except queue.Empty:
            return "", None

    def shut(self) -> None:
        """Shut the socket down (wakes a blocked read in any thread), else close the response."""
        with self._lock:
            response = self._response
        if response is None:
            return
        stream = response.extensions.get("network_stream")
        sock = stream.get_extra_info("socket") if stream is not None else None
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        else:
            with contextlib.suppress(Exception):
                response.close()

    def bytes_received(self) -> int:
        with self._lock:
            response = self._response
        return 0 if response is None else int(response.num_bytes_downloaded)

    @property
    def is_open(self) -> bool:
        with self._lock:
            return self._response is not None


class Transfer:
    """Runs `produce(channel)` on a worker thread; `items()` yields what it puts, in order.

    Use as a context manager: leaving the block for any reason (a stop string found, an error,
    Ctrl-C) ends the transfer, so no stream keeps a server generating for nobody.
    """

    def __init__(self, produce: Callable[[Channel], None]) -> None:
        self._channel = Channel()
        self._produce = produce
        self._worker = threading.Thread(target=self._run, name="react-repl-model", daemon=True)

    def __enter__(self) -> Transfer:
        self._worker.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.end()

    @property
    def opened(self) -> bool:
        """True once the server's response headers arrived."""
        return self._channel.is_open

    def end(self) -> None:
        self._channel.abandoned.set()
        self._channel.shut()

    def items(
        self, silence_limit: Callable[[], float], cancel: threading.Event | None
    ) -> Iterator[Any]:
        """Each item the worker produced; raises the worker's exception, `Silence` when the
        server says nothing for `silence_limit()` seconds, or ModelCancelled once `cancel` is set.
        """
        channel = self._channel
        last_alive = time.monotonic()
        seen_bytes = 0
        while True:
            kind, payload = channel.next(POLL_SECONDS)
            now = time.monotonic()
            if cancel is not None and cancel.is_set():
                self.end()
                raise ModelCancelled()
            if kind == "item":
                last_alive = now
                yield payload
            elif kind == "error":
                raise payload
            elif kind == "end":
                return
            elif (received := channel.bytes_received()) != seen_bytes:
                seen_bytes, last_alive = received, now  # keep-alive pings, progress events
            elif now - last_alive > (limit := silence_limit()):
                self.end()
                raise Silence(limit)

    def _run(self) -> None:
        channel = self._channel
        try:
            self._produce(channel)
        except BaseException as exc:
            channel.finish(exc)
        else:
            channel.finish(None)
        if channel.abandoned.is_set():
            channel.shut()
