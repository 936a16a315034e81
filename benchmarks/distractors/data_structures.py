"""Reshaping plain data: nested dicts, dotted paths, records, grouping and list utilities.

Functions never modify their inputs; they return new objects.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any


def flatten_dict(nested: dict, separator: str = ".") -> dict:
    """Flatten a nested dict into one level with joined keys.

    Args:
        nested: e.g. {"db": {"host": "x", "port": 5432}}.
        separator: What joins the key parts.

    Returns:
        e.g. {"db.host": "x", "db.port": 5432}.

    Example:
        >>> flatten_dict({"db": {"host": "x", "port": 5432}, "debug": True})
        {'db.host': 'x', 'db.port': 5432, 'debug': True}
    """
    flat: dict = {}
    for key, value in nested.items():
        if isinstance(value, dict) and value:
            for inner, item in flatten_dict(value, separator).items():
                flat[f"{key}{separator}{inner}"] = item
        else:
            flat[str(key)] = value
    return flat


def unflatten_dict(flat: dict, separator: str = ".") -> dict:
    """Turn a dict with joined keys back into a nested dict.

    Args:
        flat: e.g. {"db.host": "x", "db.port": 5432}.
        separator: What joins the key parts.

    Returns:
        The nested dict.

    Example:
        >>> unflatten_dict({"db.host": "x", "db.port": 5432})
        {'db': {'host': 'x', 'port': 5432}}
    """
    nested: dict = {}
    for key, value in flat.items():
        node = nested
        *parents, last = key.split(separator)
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return nested


def get_by_path(data: Any, path: str, default: Any = None) -> Any:
    """Read a value from nested dicts and lists by a dotted path such as "items.0.price".

    Args:
        data: Nested dicts and lists.
        path: Keys and list positions joined by dots.
        default: Returned when the path does not exist.

    Returns:
        The value found, or the default.

    Example:
        >>> get_by_path({"items": [{"price": 9.5}]}, "items.0.price")
        9.5
    """
    node = data
    for part in path.split("."):
        try:
            node = node[int(part)] if isinstance(node, list) else node[part]
        except (KeyError, IndexError, ValueError, TypeError):
            return default
    return node


def set_by_path(data: dict, path: str, value: Any) -> dict:
    """Return a copy of nested dicts with one value set at a dotted path (created if missing).

    Args:
        data: Nested dicts.
        path: Keys joined by dots.
        value: The value to place.

    Returns:
        The updated copy.

    Example:
        >>> set_by_path({"a": {"b": 1}}, "a.c.d", 2)
        {'a': {'b': 1, 'c': {'d': 2}}}
    """
    result = copy.deepcopy(data)
    node = result
    *parents, last = path.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value
    return result


def deep_merge(base: dict, override: dict) -> dict:
    """Merge two nested dicts; values of `override` win, sub-dicts merge recursively.

    Args:
        base: The defaults.
        override: The values that take precedence.

    Returns:
        The merged dict.

    Example:
        >>> deep_merge({"db": {"host": "x", "port": 1}}, {"db": {"port": 2}})
        {'db': {'host': 'x', 'port': 2}}
    """
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def dict_differences(old: dict, new: dict) -> dict:
    """What changed between two dicts: added, removed and changed keys.

    Args:
        old: The earlier version.
        new: The later version.

    Returns:
        Keys added (list), removed (list) and changed ({key: [old, new]}).

    Example:
        >>> dict_differences({"a": 1, "b": 2}, {"b": 3, "c": 4})
        {'added': ['c'], 'removed': ['a'], 'changed': {'b': [2, 3]}}
    """
    return {
        "added": sorted(set(new) - set(old)),
        "removed": sorted(set(old) - set(new)),
        "changed": {k: [old[k], new[k]] for k in sorted(set(old) & set(new)) if old[k] != new[k]},
    }


def invert_dict(mapping: dict) -> dict:
    """Swap keys and values; keys sharing a value are collected into a list.

    Args:
        mapping: A dict with hashable values.

    Returns:
        value -> key, or value -> [keys] when several keys had that value.

    Example:
        >>> invert_dict({"a": 1, "b": 2, "c": 1})
        {1: ['a', 'c'], 2: 'b'}
    """
    inverted: dict = {}
    for key, value in mapping.items():
        if value in inverted:
            existing = inverted[value]
            inverted[value] = [*existing, key] if isinstance(existing, list) else [existing, key]
        else:
            inverted[value] = key
    return inverted


def select_keys(mapping: dict, keys: list[str]) -> dict:
    """Keep only some keys of a dict (missing keys are skipped).

    Args:
        mapping: The dict.
        keys: The keys to keep, in the wanted order.

    Returns:
        The smaller dict.

    Example:
        >>> select_keys({"id": 7, "name": "Ada", "pw": "x"}, ["name", "id"])
        {'name': 'Ada', 'id': 7}
    """
    return {key: mapping[key] for key in keys if key in mapping}


def sort_dict_by_value(mapping: dict, descending: bool = False) -> dict:
    """Order a dict's items by their values.

    Args:
        mapping: The dict.
        descending: Largest first.

    Returns:
        A new dict in value order.

    Example:
        >>> sort_dict_by_value({"b": 2, "a": 3, "c": 1}, descending=True)
        {'a': 3, 'b': 2, 'c': 1}
    """
    return dict(sorted(mapping.items(), key=lambda item: item[1], reverse=descending))


def group_by_field(records: list[dict], field: str) -> dict:
    """Group records by the value of one field.

    Args:
        records: The records (dicts).
        field: The field to group on.

    Returns:
        field value -> list of records, in first-seen order.

    Example:
        >>> group_by_field([{"t": "a", "n": 1}, {"t": "b", "n": 2}, {"t": "a", "n": 3}], "t")
        {'a': [{'t': 'a', 'n': 1}, {'t': 'a', 'n': 3}], 'b': [{'t': 'b', 'n': 2}]}
    """
    groups: dict = {}
    for record in records:
        groups.setdefault(record.get(field), []).append(record)
    return groups


def index_by_field(records: list[dict], field: str) -> dict:
    """Map each record's value of a unique field to the record (the last one wins on repeats).

    Args:
        records: The records.
        field: A field with unique values, such as an id.

    Returns:
        field value -> record.

    Example:
        >>> index_by_field([{"id": 7, "n": "a"}, {"id": 9, "n": "b"}], "id")[9]
        {'id': 9, 'n': 'b'}
    """
    return {record[field]: record for record in records}


def pluck_field(records: list[dict], field: str) -> list:
    """The value of one field from every record (None where it is missing).

    Args:
        records: The records.
        field: The field.

    Returns:
        One value per record.

    Example:
        >>> pluck_field([{"n": 1}, {"n": 2}, {}], "n")
        [1, 2, None]
    """
    return [record.get(field) for record in records]


def count_by_field(records: list[dict], field: str) -> dict:
    """How many records have each value of a field, most common first.

    Args:
        records: The records.
        field: The field.

    Returns:
        value -> count.

    Example:
        >>> count_by_field([{"c": "red"}, {"c": "blue"}, {"c": "red"}], "c")
        {'red': 2, 'blue': 1}
    """
    return dict(Counter(record.get(field) for record in records).most_common())


def chunk_list(items: list, size: int) -> list[list]:
    """Split a list into consecutive chunks of a given size (the last may be shorter).

    Args:
        items: The list.
        size: Items per chunk, at least 1.

    Returns:
        The chunks.

    Example:
        >>> chunk_list([1, 2, 3, 4, 5], 2)
        [[1, 2], [3, 4], [5]]
    """
    if size < 1:
        raise ValueError("The chunk size must be at least 1.")
    return [items[i : i + size] for i in range(0, len(items), size)]


def dedupe_list(items: list) -> list:
    """Remove repeated items, keeping the first occurrence and the original order.

    Args:
        items: Hashable items.

    Returns:
        The list without duplicates.

    Example:
        >>> dedupe_list([3, 1, 3, 2, 1])
        [3, 1, 2]
    """
    return list(dict.fromkeys(items))


def rotate_list(items: list, steps: int) -> list:
    """Rotate a list to the left by some steps (negative rotates right).

    Args:
        items: The list.
        steps: Positions to rotate.

    Returns:
        The rotated list.

    Example:
        >>> rotate_list([1, 2, 3, 4], 1)
        [2, 3, 4, 1]
    """
    if not items:
        return []
    steps %= len(items)
    return items[steps:] + items[:steps]


def interleave_lists(*lists: list) -> list:
    """Take items from several lists in turn until all are used up.

    Args:
        *lists: The lists.

    Returns:
        The interleaved items.

    Example:
        >>> interleave_lists([1, 2, 3], ["a", "b"])
        [1, 'a', 2, 'b', 3]
    """
    longest = max((len(items) for items in lists), default=0)
    return [items[i] for i in range(longest) for items in lists if i < len(items)]


def sliding_windows(items: list, size: int) -> list[list]:
    """All runs of `size` consecutive items.

    Args:
        items: The list.
        size: Window length.

    Returns:
        The windows.

    Example:
        >>> sliding_windows([1, 2, 3, 4], 3)
        [[1, 2, 3], [2, 3, 4]]
    """
    return [items[i : i + size] for i in range(len(items) - size + 1)]


def transpose_rows(rows: list[list]) -> list[list]:
    """Turn rows into columns (the shortest row decides the number of columns).

    Args:
        rows: A table as a list of rows.

    Returns:
        The columns.

    Example:
        >>> transpose_rows([[1, 2], [3, 4], [5, 6]])
        [[1, 3, 5], [2, 4, 6]]
    """
    return [list(column) for column in zip(*rows, strict=False)]
