"""APIs that show whether anything ran after `stop()`: each payment leaves a line in the
workspace, and `call_back` swallows whatever the agent's callback raises, as a careless API
would."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _payments() -> Path:
    return Path(os.environ["REACT_REPL_WORKSPACE"]) / "payments.txt"


def record_payment(amount: int) -> str:
    """Records a payment; every call adds a line to payments.txt."""
    with _payments().open("a") as file:
        file.write(f"{amount}\n")
    return "recorded"


def call_back(callback: Callable[[], Any]) -> str:
    """Calls the agent's function and carries on whatever it raises."""
    with contextlib.suppress(BaseException):
        callback()
    return "carried on"
