"""Date placeholders in tasks and checks, expanded when an attempt starts.

`{today}`, `{today+3d}`, `{today-1w}` and the same with a strftime format (`{today:%B %d}`).
Expanding at the start, not at check time, keeps a run that crosses midnight judged against the
day it was asked about. `{{` and `}}` stay literal braces.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

_PLACEHOLDER = re.compile(
    r"\{\{|\}\}|\{today(?:(?P<sign>[+-])(?P<count>\d+)(?P<unit>[dw]))?(?::(?P<format>[^{}]+))?\}"
)
_STRAY = re.compile(r"\{today[^}]*\}?")


class PlaceholderError(ValueError):
    """A `{today…}` placeholder that cannot be expanded; the message quotes it."""


def expand(value: Any, today: date, *, regex: bool = False) -> Any:
    """Expand every placeholder in strings, recursively through lists and dicts."""
    if isinstance(value, str):
        return expand_text(value, today, escape=re.escape if regex else None)
    if isinstance(value, list):
        return [expand(item, today, regex=regex) for item in value]
    if isinstance(value, dict):
        return {key: expand(item, today, regex=regex) for key, item in value.items()}
    return value


def expand_text(text: str, today: date, escape: Callable[[str], str] | None = None) -> str:
    def replace(match: re.Match[str]) -> str:
        token = match.group(0)
        if token in ("{{", "}}"):
            return token[0]
        day = today + _offset(match)
        shown = day.strftime(match["format"]) if match["format"] else day.isoformat()
        return escape(shown) if escape else shown

    expanded = _PLACEHOLDER.sub(replace, text)
    leftover = _STRAY.search(_PLACEHOLDER.sub("", text))
    if leftover:
        raise PlaceholderError(
            f"cannot read the placeholder {leftover.group(0)!r}; write {{today}}, {{today+3d}}, "
            "{today-1w} or {today:%B %d, %Y}"
        )
    return expanded


def _offset(match: re.Match[str]) -> timedelta:
    if not match["sign"]:
        return timedelta()
    days = int(match["count"]) * (7 if match["unit"] == "w" else 1)
    return timedelta(days=days if match["sign"] == "+" else -days)
