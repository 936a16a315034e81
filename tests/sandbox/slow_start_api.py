"""An API module that takes long to import in the worker (`python -I`), so that a sandbox's
start-up lasts long enough to be interrupted (tests/sandbox/test_sandbox_start_interrupt.py)."""

from __future__ import annotations

import sys
import time

if sys.flags.isolated:  # the worker; the parent imports this module at once
    time.sleep(60)


def nothing() -> None:
    """Does nothing: the module is here for its slow import."""
