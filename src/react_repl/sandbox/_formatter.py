"""`str.format` without the attribute-lookup hole.

`"{0.__class__}".format(x)` performs attribute and item lookups in C, out of reach of the
compiled guards (a RestrictedPython advisory). Every field is resolved here instead, through the
same guards as ordinary code, including fields nested in format specs.
"""

from __future__ import annotations

import _string
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any


class GuardedFormatter(string.Formatter):
    def __init__(
        self, getattr_: Callable[[Any, str], Any], getitem: Callable[[Any, Any], Any]
    ) -> None:
        self._getattr = getattr_
        self._getitem = getitem

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, int):
            return args[key]
        return self._getitem(kwargs, key)

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        first, rest = _string.formatter_field_name_split(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attribute, part in rest:
            obj = self._getattr(obj, part) if is_attribute else self._getitem(obj, part)
        return obj, first


class GuardedFormat:
    """Stands in for `s.format`, `s.format_map`, `str.format` and `str.format_map`."""

    __slots__ = ("_formatter", "_method", "_template")

    def __init__(self, formatter: GuardedFormatter, owner: Any, method: str) -> None:
        self._formatter = formatter
        self._template = None if isinstance(owner, type) else str(owner)
        self._method = method

    def __call__(self, *args: Any, **kwargs: Any) -> str:
        if self._template is None:
            if not args or not isinstance(args[0], str):
                raise TypeError(f"str.{self._method}() needs a string as first argument")
            template, args = str(args[0]), args[1:]
        else:
            template = self._template
        if self._method == "format_map":
            if len(args) != 1 or kwargs:
                raise TypeError("format_map() takes exactly one mapping argument")
            return self._formatter.vformat(template, (), args[0])
        return self._formatter.vformat(template, args, kwargs)

    def __repr__(self) -> str:
        return f"<built-in method {self._method} of str>"
