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


class Transfer:
    """Runs `produce(transfer)` on a worker thread, which calls `open` once the HTTP response
    exists and `put` for each item; `items()` yields them to the caller, in order.

    Use as a context manager: leaving the block for any reason (a stop string found, an error,
    Ctrl-C) ends the transfer, so no stream keeps a server generating for nobody.
    """

    def __init__(self, produce: Callable[[Transfer], None]) -> None:
        self._produce = produce
        self._items: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._response: Any = None  # an httpx Response, set once by the worker
        self._abandoned = threading.Event()
        self._worker = threading.Thread(target=self._run, name="react-repl-model", daemon=True)

    def __enter__(self) -> Transfer:
        self._worker.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.end()

    @property
    def opened(self) -> bool:
        """True once the server's response headers arrived."""
        return self._response is not None

    def open(self, response: Any) -> None:
        """The worker's side: register the response so the caller can watch and end it."""
        self._response = response
        if self._abandoned.is_set():
            self._shut()

    def put(self, item: Any) -> None:
        self._items.put(("item", item))

    def end(self) -> None:
        self._abandoned.set()
        self._shut()

    def _shut(self) -> None:
        """Shut the socket down (wakes a blocked read in any thread), else close the response.

        A response read to its end is closed and left alone: its connection is back in the pool
        (shared by every model client of the process), and shutting it made every step of a
        run open a new one (a TLS handshake with a hosted server). httpx marks a response
        closed before it releases the connection, so only a release in the instant between
        that check and the shutdown can still hit a pooled socket: the request that takes it
        then fails once and is retried."""
        response = self._response
        if response is None or response.is_closed:
            return
        stream = response.extensions.get("network_stream")
        sock = stream.get_extra_info("socket") if stream is not None else None
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        else:
            with contextlib.suppress(Exception):
                response.close()

    def items(
        self,
        silence_limit: Callable[[], float],
        cancel: threading.Event | None,
        queued: Callable[[], bool] | None = None,
        queue_limit: float = 0.0,
    ) -> Iterator[Any]:
        """Each item the worker produced; raises the worker's exception, `Silence` when the
        server says nothing for `silence_limit()` seconds, or ModelCancelled once `cancel` is set.

        When the silence limit is reached and `queued()` says the server is busy with other
        work, the request is waiting its turn, not hung: the wait goes on, up to `queue_limit`
        seconds of such waiting in all.
        """
        last_alive = time.monotonic()
        waited_in_queue = 0.0
        seen_bytes = 0
        while True:
            try:
                kind, payload = self._items.get(timeout=POLL_SECONDS)
            except queue.Empty:
                kind, payload = "", None
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
            elif (received := self._bytes_received()) != seen_bytes:
                seen_bytes, last_alive = received, now  # keep-alive pings, progress events
            elif now - last_alive > (limit := silence_limit()):
                if queued is not None and waited_in_queue < queue_limit and queued():
                    waited_in_queue += now - last_alive
                    last_alive = now
                    continue
                self.end()
                raise Silence(limit)

    def _bytes_received(self) -> int:
        response = self._response
        return 0 if response is None else int(response.num_bytes_downloaded)

    def _run(self) -> None:
        try:
            self._produce(self)
        except BaseException as exc:
            self._items.put(("error", exc))
        else:
            self._items.put(("end", None))
        if self._abandoned.is_set():
            self._shut()
