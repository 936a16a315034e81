"""An API module that reports on the worker running it (tests/sandbox/test_sandbox_prespawn.py)."""

from __future__ import annotations

import os
import tempfile

READ_AT_IMPORT = os.environ.get("BOOT_PROBE", "(unset)")


def worker_pid() -> int:
    """The worker's process id."""
    return os.getpid()


def probe_when_loaded() -> str:
    """BOOT_PROBE as the environment held it when this module was imported."""
    return READ_AT_IMPORT


def temp_folder() -> str:
    """Where tempfile puts files in this worker."""
    return tempfile.gettempdir()
