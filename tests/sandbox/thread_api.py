"""APIs that leave a thread running after they return, as a background download or a polling
client would: what that thread prints or calls must not be attributed to a later action."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path


def print_later(text: str, delay: float = 0.3) -> str:
    """Prints `text` from a thread `delay` seconds after returning."""
    threading.Timer(delay, print, args=(text,)).start()
    return "started"


def call_later(callback: Callable[[], object], delay: float = 0.3) -> str:
    """Calls the agent's `callback` from a thread `delay` seconds after returning."""
    threading.Timer(delay, callback).start()
    return "started"


def call_repeatedly(callback: Callable[[], object], interval: float = 0.1) -> str:
    """Calls the agent's `callback` from a thread every `interval` seconds, forever."""

    def loop() -> None:
        while True:
            time.sleep(interval)
            with contextlib.suppress(BaseException):  # it keeps going, as such APIs do
                callback()

    threading.Thread(target=loop, daemon=True).start()
    return "started"


def mark(name: str) -> str:
    """A side effect the parent can see: a file in the workspace."""
    workspace = Path(os.environ["REACT_REPL_WORKSPACE"])
    with open(workspace / name, "a") as handle:
        handle.write(f"{time.time()}\n")
    return "marked"


def wait(seconds: float) -> str:
    """Blocks inside the API, so a stray thread fires while an action runs."""
    time.sleep(seconds)
    return "waited"
