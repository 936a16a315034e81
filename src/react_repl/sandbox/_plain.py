"""The one definition of plain data: what may cross between API code and agent code as itself.

Everything else crosses as an opaque `Handle`. The guards (`_guards.py`: which values have only
harmless attributes, which the agent may modify), the API boundary (`_boundary.py`: what is copied,
what is walked, what is wrapped), snapshots and host-function images all read their types from
here, so a type added in one place is added everywhere. Before this module there were four
hand-kept lists, and `defaultdict` was in two of them only: an API could hand a raw object back
through a `defaultdict` the agent passed in.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import decimal
import fractions
import functools
import io
import zoneinfo
from collections import Counter, OrderedDict, defaultdict, deque
from dataclasses import dataclass
from typing import Any

SCALARS: frozenset[type] = frozenset(
    {
        type(None), bool, int, float, complex, str, bytes, range,
        datetime.date, datetime.timedelta, datetime.timezone, decimal.Decimal, fractions.Fraction,
    }
)  # fmt: skip
"""Immutable values that reach no other object."""

BUFFERS: frozenset[type] = frozenset({bytearray})
"""Mutable, but hold only bytes."""

ATOMS: frozenset[type] = SCALARS | BUFFERS
"""Cross as themselves without a look inside; the boundary tests `type(x) in ATOMS` inline."""

MOMENTS: frozenset[type] = frozenset({datetime.datetime, datetime.time})
"""Plain only while their `tzinfo` is None or one of STANDARD_ZONES: a tzinfo can be any object."""

STANDARD_ZONES: frozenset[type] = frozenset({datetime.timezone, zoneinfo.ZoneInfo})

SEQUENCES: frozenset[type] = frozenset({list, deque})
MAPPINGS: frozenset[type] = frozenset({dict, OrderedDict, defaultdict, Counter})
SETS: frozenset[type] = frozenset({set})
FROZEN: frozenset[type] = frozenset({tuple, frozenset})
MUTABLE_CONTAINERS: frozenset[type] = SEQUENCES | MAPPINGS | SETS
CONTAINERS: frozenset[type] = MUTABLE_CONTAINERS | FROZEN
"""Copied item by item at the boundary; namedtuples without behaviour of their own count too."""

WRITABLE: frozenset[type] = MUTABLE_CONTAINERS | BUFFERS
"""What agent code may modify (besides instances of its own classes)."""

INERT_BUILTINS: frozenset[type] = frozenset(
    kind for kind in ATOMS | CONTAINERS if kind.__module__ == "builtins" and kind is not str
)
"""Builtin types whose every public attribute is a plain method: the guards' fast path.
`str` is left out because `str.format` needs the guarded formatter."""

_NAMEDTUPLE_NAMES = frozenset({"count", "index"})


PLAIN_TYPES: frozenset[type] = ATOMS | MOMENTS | CONTAINERS
"""Every type whose exact instances are plain data (a moment's tzinfo and a container's items
are checked apart)."""

_EXTENDABLE: tuple[type, ...] = (
    str, int, float, complex, bytes, bytearray, tuple, frozenset, list, set, deque,
    OrderedDict, defaultdict, Counter, dict, datetime.datetime, datetime.date, datetime.time,
    datetime.timedelta,
)  # fmt: skip


def plain_base(kind: type) -> type | None:
    """The plain type a subclass extends (`class Name(str)`: str), None for anything else.
    A subclass can lie through its own `__eq__`/`__hash__` wherever an API keeps it (a cache)
    and trusts it as the plain value it claims to be, so it crosses as an exact copy. (Cached
    apart: typeshed types lru_cache arguments as Hashable, which a class is, but not `type`.)"""
    return _plain_base(kind)


@functools.lru_cache(maxsize=256)
def _plain_base(kind: Any) -> type | None:
    if kind in PLAIN_TYPES or (issubclass(kind, tuple) and is_plain_namedtuple(kind)):
        return None
    for base in kind.__mro__[1:]:
        if base in _EXTENDABLE:
            return base
    return None


def is_plain_moment(value: Any) -> bool:
    zone = value.tzinfo
    return zone is None or type(zone) in STANDARD_ZONES


@functools.lru_cache(maxsize=256)
def is_plain_namedtuple(kind: type) -> bool:
    """A namedtuple class with nothing but its fields: a `save()` method would be a way out."""
    if kind.__mro__[1:] != (tuple, object):
        return False
    fields = getattr(kind, "_fields", None)
    if not isinstance(fields, tuple) or not all(type(field) is str for field in fields):
        return False
    public = {name for name in vars(kind) if not name.startswith("_")}
    return public <= set(fields) | _NAMEDTUPLE_NAMES


def container_kind(value: Any) -> type | None:
    """The plain container type `value` is exactly (a plain namedtuple counts as tuple)."""
    kind = type(value)
    if kind in CONTAINERS:
        return kind
    # (a class is hashable: typeshed types lru_cache arguments as Hashable, not type)
    if isinstance(value, tuple) and is_plain_namedtuple(kind):  # type: ignore[arg-type]
        return tuple
    return None


def container_base(kind: type) -> type | None:
    """For a subclass the agent defined: the mutable container type it extends, if any."""
    for base in kind.__mro__:
        if base in MUTABLE_CONTAINERS:
            return base
    return None


FACTORY: Any = defaultdict.default_factory  # type: ignore[misc]
"""A defaultdict's factory slot itself, read and set through it: an agent subclass cannot
override it."""


def is_plain_factory(factory: Any) -> bool:
    """A `defaultdict` factory that makes only plain values: it runs on every missing key."""
    return factory is None or factory in ATOMS or factory in CONTAINERS


@dataclass(frozen=True)
class HostImage:
    """What a host function returns to hand the agent an image (a chart, a screenshot, an MCP
    tool's picture): encoded PNG or JPEG bytes, and a caption printed into the observation.

    Only the bytes cross to the worker, as base64 in the JSON protocol; the worker decodes them
    there with Pillow (formats and size checked) and the agent receives an opaque handle that
    the image APIs accept, exactly like an image an API returned.
    """

    data: bytes
    caption: str = ""


IMAGE_FORMATS = ("PNG", "JPEG")
MAX_IMAGE_PIXELS = 40_000_000
MAX_IMAGE_BYTES = 8 * 1024 * 1024
"""Encoded size; base64 keeps it inside one 16 MiB protocol frame."""


def encode_host_image(image: HostImage) -> str:
    """Parent side: the bytes as base64 text, checked before they are sent."""
    if not isinstance(image.data, bytes | bytearray):
        raise TypeError(f"HostImage.data must be bytes, not {type(image.data).__name__}")
    if len(image.data) > MAX_IMAGE_BYTES:
        raise ValueError(f"the image is {len(image.data)} bytes; the limit is {MAX_IMAGE_BYTES}")
    return base64.b64encode(image.data).decode("ascii")


def decode_host_image(encoded: str) -> Any:
    """Worker side: a fully loaded Pillow image, or ValueError saying what was wrong."""
    from PIL import Image, UnidentifiedImageError

    try:
        data = base64.b64decode(encoded, validate=True)
        image = Image.open(io.BytesIO(data), formats=IMAGE_FORMATS)
        if image.width * image.height > MAX_IMAGE_PIXELS:
            raise ValueError(f"{image.width}x{image.height} pixels is more than allowed")
        image.load()
    except (binascii.Error, UnidentifiedImageError, OSError, Image.DecompressionBombError) as error:
        raise ValueError(f"the host function's image could not be decoded ({error})") from None
    return image
