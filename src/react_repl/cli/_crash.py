"""The last line of defence: an error nobody anticipated is one clear line, never a traceback.

Every known failure has its own message where it happens; this catches what slipped through
(a hand-edited file of an unexpected shape, a value no check thought of). The traceback is
saved to a report file the message names, for a bug report. `REACT_REPL_DEBUG=1` lets the
exception through instead, for developers.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

import click

from react_repl._paths import cache_dir

_MESSAGE_LIMIT = 300


def unexpected_error(error: Exception, command: str) -> click.ClickException:
    """The one-line error for `error`, with its traceback saved where the line says."""
    try:
        message = " ".join(str(error).split())[:_MESSAGE_LIMIT] or "(no message)"
    except Exception:  # an exception whose message cannot be read still gets its line
        message = "(its message could not be read)"
    report = _save_report(error, command)
    where = f"; the details are in {report}" if report else ""
    return click.ClickException(
        f"{command} failed unexpectedly: {type(error).__name__}: {message}{where}. "
        "If the input looks right, please report it."
    )


def debugging() -> bool:
    return os.environ.get("REACT_REPL_DEBUG", "") not in ("", "0")


def _save_report(error: Exception, command: str) -> Path | None:
    folder = cache_dir() / "crash-reports"
    path = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    text = f"react-repl {command}\n\n" + "".join(traceback.format_exception(error))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
    except OSError:
        return None
    return path
