"""An API module written with postponed annotations, as most modern modules are: its
annotations are strings until something evaluates them."""

from __future__ import annotations

import typing


def find_room(floor: int, wing: typing.Optional[str] = None) -> list[dict]:  # noqa: UP045
    """Find the free rooms on a floor.

    Args:
        floor: The floor number, e.g. 3.
        wing: "east" or "west"; None for both.

    Raises:
        ValueError: The floor does not exist.
    """
    raise ValueError(f"no floor {floor}")
