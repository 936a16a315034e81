"""Options several commands share, declared once so they read and behave the same everywhere."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

F = TypeVar("F", bound=Callable[..., object])


def index_option(command: F) -> F:
    """`--index PATH`; unset means the project's index/ or $REACT_REPL_INDEX: indexes never mix."""
    return click.option(
        "--index",
        "index_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Index folder (default: the project's index/, or $REACT_REPL_INDEX).",
    )(command)
