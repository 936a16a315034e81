"""What a failed lookup in an API's result says: the keys there are, and the one probably meant.

Small models guess field names (`employee["employee_id"]` where the record has `id`, `["date"]`
where it has `starts_at`) and index a list of records as if it were one record. Named keys alone
did not stop the 1.5B model from repeating the same lookup for seven steps (round-4 logs); a
concrete correction is something it can copy.
"""

from __future__ import annotations

import difflib
import inspect
from typing import Any

_SHOWN_KEYS = 20
_SHOWN_VALUE = 80  # an id is short; a value the agent made up may not be
_TIME_WORDS = frozenset({"date", "day", "time", "when", "datetime", "timestamp", "start", "end"})
_TIME_KEY_ENDINGS = ("_at", "_on", "date", "time", "_day")


def missing_key(data: dict[Any, Any], key: Any) -> str:
    shown = [k for k in data if isinstance(k, str | int) and not _is_private(k)]
    listed = ", ".join(repr(k)[:40] for k in shown[:_SHOWN_KEYS])
    listed += ", ..." if len(shown) > _SHOWN_KEYS else ""
    meant = closest_key(key, [k for k in shown if isinstance(k, str)])
    guess = f"; did you mean {meant!r}?" if meant else ""
    return f"{repr(key)[:60]} (this dict's keys: {listed or 'none'}{guess})"


def closest_key(key: Any, keys: list[str]) -> str | None:
    """The key the caller probably meant: one named inside the other (`employee_id` and `id`),
    a close spelling, or for a date-like name the one date-like key."""
    if not isinstance(key, str) or not keys:
        return None
    wanted = key.lower()
    parts = set(wanted.split("_"))
    nested = [k for k in keys if k.lower() in parts or wanted in k.lower().split("_")]
    if len(nested) == 1:
        return nested[0]
    close = difflib.get_close_matches(wanted, [k.lower() for k in keys], n=1, cutoff=0.75)
    if close:
        return next(k for k in keys if k.lower() == close[0])
    if parts & _TIME_WORDS:
        timely = [k for k in keys if k.lower().endswith(_TIME_KEY_ENDINGS)]
        if len(timely) == 1:
            return timely[0]
    return None


def string_index(items: list[Any], key: str) -> str:
    """A list of records indexed by a field name: say it is a list and what to write instead."""
    base = "list indices must be integers or slices, not str"
    records = [item for item in items if isinstance(item, dict)]
    if not items or len(records) != len(items):
        return base
    count = f"a list of {len(items)} dict{'s' if len(items) != 1 else ''}"
    if key in records[0]:
        return f"{base}: this is {count}; take one item first, e.g. [0][{key!r}]"
    first = missing_key(records[0], key)
    return f"{base}: this is {count}; take one item first, then its key (first item: {first})"


def text_index(text: str, key: str) -> str:
    """A string indexed by a field name: usually an id taken for the record it names
    (`doctor = appointment["doctor_id"]`, then `doctor["name"]`); the 1.5B model sent that
    action six times in a row with the bare message."""
    shown = repr(text[:40]) + ("..." if len(text) > 40 else "")
    return (
        f"string indices must be integers, not 'str': {shown} is a string, not a dict, so it "
        f"has no {key[:40]!r}. If it is an id, its record comes from a function that takes "
        "the id (find one with method_search)"
    )


def _is_private(key: str | int) -> bool:
    return isinstance(key, str) and str.startswith(key, "_")


def record_for_id(signature: inspect.Signature | None, args: tuple, kwargs: dict) -> str:
    """A whole record passed where its id was wanted, the hint for the API's error. After `customer
    = find_customer_by_email(...)` small models write `list_orders(customer)`, then read "No
    customer with id {'id': 'C-1001', ...}" as a wrong id and try again: three round-4 runs went
    round this way until max steps."""
    if signature is None:
        return ""
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return ""
    for name, value in bound.arguments.items():
        if not _takes_text(signature.parameters[name]):
            continue
        records = value if isinstance(value, list) else [value]
        if not records or not all(isinstance(record, dict) for record in records):
            continue
        key = _id_key(records[0], name)
        if key is None:
            continue
        if len(records) == 1:
            shape = "a list of one record" if isinstance(value, list) else "a whole record (a dict)"
            return (
                f"{name} was given {shape}; pass the record's {key!r} instead: "
                f"{repr(records[0][key])[:_SHOWN_VALUE]}"
            )
        return f"{name} was given a list of {len(records)} records; pick one and pass its {key!r}"
    return ""


def _takes_text(parameter: inspect.Parameter) -> bool:
    """Annotated as text (also as the string "str" under postponed annotations), or unannotated
    and named like an id."""
    annotation = parameter.annotation
    if annotation is str:
        return True
    if annotation is inspect.Parameter.empty:
        return parameter.name == "id" or parameter.name.endswith("_id")
    text = annotation if isinstance(annotation, str) else str(annotation)
    return "str" in text and not any(kind in text for kind in ("dict", "list", "Any", "Mapping"))


def _id_key(record: dict[Any, Any], parameter: str) -> str | None:
    for key in (parameter, "id", parameter.rsplit("_", 1)[-1]):
        if isinstance(record.get(key), str | int) and not isinstance(record.get(key), bool):
            return key
    return None
