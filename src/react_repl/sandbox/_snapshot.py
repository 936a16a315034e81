"""Snapshots of a namespace: its plain values as tagged JSON, everything else named as lost.

Resume and rewind of runs need the agent's variables back. Only plain data (`_plain.py`) is
kept: a handle points into one worker's memory, a function or class is code that would have to
be re-run, so both are listed as lost with their names. Decoding builds nothing but plain
values, so a snapshot (even a forged one) cannot bring back a handle, an object of another
session, or anything that bypasses the guards; names that are private, protected or not
identifiers are refused.
"""

from __future__ import annotations

import base64
import datetime
import decimal
import fractions
import itertools
import json
import keyword
import zoneinfo
from collections import Counter, OrderedDict, defaultdict, deque
from collections.abc import Callable, Collection, Mapping
from typing import Any

from ._plain import ATOMS, CONTAINERS, MAPPINGS, MOMENTS, is_plain_moment

FORMAT = "react-repl-snapshot"
VERSION = 1
MAX_SNAPSHOT = 8 * 1024 * 1024
"""Characters of JSON a snapshot's values may hold (it travels in one protocol frame)."""
MAX_LOST = 1024 * 1024
"""Characters the names and reasons of what was lost may take."""
MAX_REASON = 200
_NAME_SHOWN = 100
_UNLISTED = "…"  # not an identifier: restore() reports it among the names not restored

_SCALAR_JSON = (type(None), bool, int, str)
_FACTORIES: dict[str, type] = {kind.__name__: kind for kind in ATOMS | CONTAINERS}


class _Lost(Exception):
    """Raised inside the walk with the reason a value cannot be kept."""


def _zone(zone: Any) -> Any:
    if zone is None:
        return None
    if zone is datetime.UTC:
        return {"utc": True}
    if type(zone) is zoneinfo.ZoneInfo:
        return {"zone": zone.key}
    offset = zone.utcoffset(None)
    name = zone.tzname(None)
    generated = datetime.timezone(offset).tzname(None)  # kept only if given: repr shows it
    return {"offset": offset.total_seconds(), "name": None if name == generated else name}


def _unzone(data: Any) -> Any:
    if data is None:
        return None
    if data.get("utc") is True:
        return datetime.UTC
    if "zone" in data:
        return zoneinfo.ZoneInfo(str(data["zone"]))
    offset = datetime.timedelta(seconds=float(data["offset"]))
    return (
        datetime.timezone(offset, data["name"]) if data.get("name") else datetime.timezone(offset)
    )


# tag -> (type, encode(value, walk) -> JSON, decode(JSON, unwalk) -> value)
_Codec = tuple[type, Callable[[Any, Callable[[Any], Any]], Any], Callable[[Any, Callable], Any]]
_CODECS: dict[str, _Codec] = {
    "float": (float, lambda v, w: repr(v), lambda d, u: float(d)),
    "complex": (complex, lambda v, w: [v.real, v.imag], lambda d, u: complex(*d)),
    "bytes": (bytes, lambda v, w: base64.b64encode(v).decode(), lambda d, u: base64.b64decode(d)),
    "bytearray": (
        bytearray,
        lambda v, w: base64.b64encode(v).decode(),
        lambda d, u: bytearray(base64.b64decode(d)),
    ),
    "range": (range, lambda v, w: [v.start, v.stop, v.step], lambda d, u: range(*d)),
    "date": (
        datetime.date,
        lambda v, w: v.isoformat(),
        lambda d, u: datetime.date.fromisoformat(d),
    ),
    "datetime": (
        datetime.datetime,
        lambda v, w: [v.replace(tzinfo=None).isoformat(), _zone(v.tzinfo), v.fold],
        lambda d, u: datetime.datetime.fromisoformat(d[0]).replace(tzinfo=_unzone(d[1]), fold=d[2]),
    ),
    "time": (
        datetime.time,
        lambda v, w: [v.replace(tzinfo=None).isoformat(), _zone(v.tzinfo), v.fold],
        lambda d, u: datetime.time.fromisoformat(d[0]).replace(tzinfo=_unzone(d[1]), fold=d[2]),
    ),
    "timedelta": (
        datetime.timedelta,
        lambda v, w: [v.days, v.seconds, v.microseconds],
        lambda d, u: datetime.timedelta(*d),
    ),
    "timezone": (datetime.timezone, lambda v, w: _zone(v), lambda d, u: _unzone(d)),
    "decimal": (decimal.Decimal, lambda v, w: str(v), lambda d, u: decimal.Decimal(d)),
    "fraction": (fractions.Fraction, lambda v, w: str(v), lambda d, u: fractions.Fraction(d)),
    "list": (list, lambda v, w: [w(i) for i in v], lambda d, u: [u(i) for i in d]),
    "tuple": (tuple, lambda v, w: [w(i) for i in v], lambda d, u: tuple(u(i) for i in d)),
    "set": (set, lambda v, w: [w(i) for i in v], lambda d, u: {u(i) for i in d}),
    "frozenset": (frozenset, lambda v, w: [w(i) for i in v], lambda d, u: frozenset(map(u, d))),
    "deque": (
        deque,
        lambda v, w: [[w(i) for i in v], v.maxlen],
        lambda d, u: deque((u(i) for i in d[0]), d[1]),
    ),
    "dict": (dict, lambda v, w: _pairs(v, w), lambda d, u: dict(_unpairs(d, u))),
    "OrderedDict": (
        OrderedDict,
        lambda v, w: _pairs(v, w),
        lambda d, u: OrderedDict(_unpairs(d, u)),
    ),
    "Counter": (Counter, lambda v, w: _pairs(v, w), lambda d, u: Counter(dict(_unpairs(d, u)))),
    "defaultdict": (
        defaultdict,
        lambda v, w: [_factory_name(v.default_factory), _pairs(v, w)],
        lambda d, u: defaultdict(_factory(d[0]), _unpairs(d[1], u)),
    ),
}
_TAG_OF = {kind: tag for tag, (kind, _, _) in _CODECS.items()}


def _pairs(mapping: Mapping[Any, Any], walk: Callable[[Any], Any]) -> list[list[Any]]:
    return [[walk(key), walk(value)] for key, value in mapping.items()]


def _unpairs(pairs: Any, unwalk: Callable[[Any], Any]) -> list[tuple[Any, Any]]:
    return [(unwalk(key), unwalk(value)) for key, value in pairs]


def _factory_name(factory: Any) -> str | None:
    if factory is None:
        return None
    if factory in ATOMS or factory in CONTAINERS:
        return str(factory.__name__)
    raise _Lost("a defaultdict whose factory is not a plain type")


def _factory(name: Any) -> type | None:
    return None if name is None else _FACTORIES[str(name)]


def encode_value(value: Any) -> Any:
    """Tagged JSON for a plain value; raises _Lost with the reason otherwise."""
    active: set[int] = set()

    def walk(item: Any) -> Any:
        kind = type(item)
        if kind in _SCALAR_JSON:
            return item
        if kind in MOMENTS and not is_plain_moment(item):
            raise _Lost("a date or time with a time zone of an API's own class")
        tag = _TAG_OF.get(kind)  # exact types only: a subclass may carry behaviour of its own
        if tag is None:
            raise _Lost(_describe(item))
        if id(item) in active:
            raise _Lost("a container that contains itself")
        active.add(id(item))
        encoded = {"$": tag, "v": _CODECS[tag][1](item, walk)}
        active.discard(id(item))
        return encoded

    return walk(value)


def decode_value(data: Any) -> Any:
    """Only JSON scalars and the tags above; anything else raises ValueError."""

    def unwalk(item: Any) -> Any:
        if type(item) in _SCALAR_JSON:
            return item
        if type(item) is not dict or set(item) != {"$", "v"} or item["$"] not in _CODECS:
            raise ValueError("not a snapshot value")
        return _CODECS[item["$"]][2](item["v"], unwalk)

    try:
        return unwalk(data)
    except (TypeError, KeyError, IndexError, ValueError, ArithmeticError, RecursionError) as error:
        raise ValueError(f"not a snapshot value ({type(error).__name__})") from None


def take(namespace: Mapping[str, Any], names: Collection[str]) -> dict[str, Any]:
    """Every size is checked before anything is encoded, and every name and reason counts, so
    the snapshot fits one protocol frame whatever the namespace holds (red-teaming made it
    fail with one 450 MB bytes value, 3,000 names bound to one 8 MB string, and a class name
    of a megabyte repeated in every reason)."""
    values: dict[str, Any] = {}
    lost = _LostList()
    room = MAX_SNAPSHOT
    for name in names:
        need = len(name) + 4
        if need + _least_json(namespace[name], room - need) > room:
            lost.add(name, "the snapshot is full (8 MiB of JSON)")
            continue
        try:
            encoded = encode_value(namespace[name])
            need += len(json.dumps(encoded))
        except (_Lost, *_FAILURES) as error:
            failure = (text for kind, text in _FAILURES.items() if isinstance(error, kind))
            lost.add(name, next(failure, str(error)))
            continue
        if need > room:
            lost.add(name, "the snapshot is full (8 MiB of JSON)")
            continue
        room -= need
        values[name] = encoded
    return {"format": FORMAT, "version": VERSION, "values": values, "lost": lost.entries}


_FAILURES = {
    RecursionError: "nested too deeply",
    ValueError: "a number too long to write as JSON",  # past int-to-text's limit (4300 digits)
    MemoryError: "too large to encode in the worker's memory",
}


class _LostList:
    """Names and reasons, bounded: a name is cut to `_NAME_SHOWN` characters (a cut one cannot
    be restored anyway), and past `MAX_LOST` characters the rest are only counted."""

    def __init__(self) -> None:
        self.entries: dict[str, str] = {}
        self._size = 0
        self._unlisted = 0

    def add(self, name: str, reason: str) -> None:
        shown = name if len(name) <= _NAME_SHOWN else name[:_NAME_SHOWN] + "…"
        reason = reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"
        if self._size + len(shown) + len(reason) > MAX_LOST:
            self._unlisted += 1
            self.entries[_UNLISTED] = f"and {self._unlisted} more names (the list is full)"
            return
        self._size += len(shown) + len(reason)
        self.entries[shown] = reason


def _least_json(value: Any, limit: int) -> int:
    """A lower bound of the value's JSON size, found without encoding it; the walk stops once
    it passes `limit`, so it costs at most about `limit` steps whatever the value holds. Exact
    types only, read through the base types' own methods: an agent subclass's `__len__` or
    `keys()` must not run here (`encode_value` loses such values anyway)."""
    total = 0
    pending = [value]
    seen: set[int] = set()  # each container once: a self-containing one is lost in encoding
    while pending and total <= limit:
        item = pending.pop()
        kind = type(item)
        total += 2
        if kind in MAPPINGS or kind in _SEQUENCES:
            if id(item) in seen:
                continue
            seen.add(id(item))
        if kind is str:
            total += len(item)
        elif kind in _BYTES:
            total += len(item) * 4 // 3
        elif kind in MAPPINGS:
            pending.extend(itertools.islice(dict.keys(item), limit))
            pending.extend(itertools.islice(dict.values(item), limit))
        elif kind in _SEQUENCES:
            pending.extend(itertools.islice(item, limit))
    return total


_BYTES = (bytes, bytearray)
_SEQUENCES = CONTAINERS - MAPPINGS


def unsaved_snapshot(names: Collection[str], reason: str) -> dict[str, Any]:
    """What a checkpoint records when `Sandbox.snapshot()` failed: a valid snapshot in which
    every variable is lost, with the reason, so the run goes on and a resumed run says so."""
    lost = _LostList()
    for name in names:
        lost.add(name, f"the namespace could not be saved ({reason})")
    snapshot = {"format": FORMAT, "version": VERSION, "values": {}, "lost": lost.entries}
    return {**snapshot, "error": reason[:MAX_REASON]}


def restorable(name: Any, protected: Collection[str]) -> bool:
    return (
        isinstance(name, str)
        and name.isidentifier()
        and not keyword.iskeyword(name)
        and not name.startswith("_")
        and name not in protected
    )


def _describe(value: Any) -> str:
    from ._kinds import Handle

    if type(value) is Handle:
        return "a handle to an API object (it lives only in the worker that made it)"
    if callable(value):
        return "a function or class (code, not data; define it again)"
    kind = type(value).__name__
    kind = kind if len(kind) <= _NAME_SHOWN else kind[:_NAME_SHOWN] + "…"
    return f"a {kind} object (not plain data)"
