"""The terminals a command prints to, made when it first prints.

rich costs a command about 50 ms of CPU to import (70 ms with its tables and progress bars), and
`react-repl CMD --help` prints nothing with it: so no command module imports rich at its top, and
tests/cli/test_start.py keeps them to it. A console looks up `sys.stdout` when it writes, so one
made early still writes where click's test runner points it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


def console(*, stderr: bool = False, soft_wrap: bool = False, highlight: bool = False) -> Console:
    """The one console of each kind, however the caller spells the defaults: a line printed through
    a second console on the same stream would tear a live progress bar drawn by the first."""
    return _console(stderr, soft_wrap, highlight)


@functools.cache
def _console(stderr: bool, soft_wrap: bool, highlight: bool) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, soft_wrap=soft_wrap, highlight=highlight)


def say(text: str, style: str = "", *, stderr: bool = False) -> None:
    """One message as plain text, never read as markup: a path or a value with brackets in it
    prints as it is."""
    from rich.text import Text

    console(stderr=stderr).print(Text(text, style), soft_wrap=True)
