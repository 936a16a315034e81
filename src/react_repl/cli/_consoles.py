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


@functools.cache
def console(*, stderr: bool = False, soft_wrap: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, soft_wrap=soft_wrap, highlight=False)


def say(text: str, style: str = "", *, stderr: bool = False) -> None:
    """One message as plain text, never read as markup: a path or a value with brackets in it
    prints as it is."""
    from rich.text import Text

    console(stderr=stderr, soft_wrap=True).print(Text(text, style))
