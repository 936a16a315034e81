"""An API module that starts a dispatcher thread when it is imported, as an event bus or an
async client's loop thread would, and later hands rich objects to listeners from it."""

from __future__ import annotations

import queue
import threading
import time

from secret_api import Picture

_LISTENERS: queue.Queue[object] = queue.Queue()


def _dispatch() -> None:
    while True:
        listener = _LISTENERS.get()
        time.sleep(0.1)  # the call that subscribed has returned by now
        listener.append(Picture(12))  # type: ignore[attr-defined]


threading.Thread(target=_dispatch, name="event-dispatch", daemon=True).start()


def subscribe(listener: object) -> str:
    """Registers `listener`; the dispatcher thread calls its `append` with an event later."""
    _LISTENERS.put(listener)
    return "subscribed"
