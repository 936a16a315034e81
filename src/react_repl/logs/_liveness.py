"""Telling a run still being written from one whose process died.

The writer holds an exclusive `flock` on its JSONL file for as long as the run lasts; the kernel
drops it when the process ends, however it ends. So a log without an end record whose lock is
free was killed ("incomplete"), one whose lock is held is still running, and `prune` can take
the lock itself to be sure no writer is appending to a file it is about to delete.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

RUNNING = "running"
"""Status shown for a run without an end record whose writer is still alive."""


def hold_while_open(handle: IO[str]) -> None:
    """Mark the run live until `handle` is closed (or its process dies)."""
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX)


def is_running(jsonl_path: Path) -> bool:
    try:
        descriptor = os.open(jsonl_path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False


@contextmanager
def unless_running(jsonl_path: Path) -> Iterator[bool]:
    """Yield True while holding the run's lock (no writer can be appending), False if it is live.

    A missing file yields True: there is nothing left to protect.
    """
    try:
        descriptor = os.open(jsonl_path, os.O_RDONLY)
    except FileNotFoundError:
        yield True
        return
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(descriptor)
