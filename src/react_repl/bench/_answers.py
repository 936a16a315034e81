"""Judging the final answer: the value given to stop(), compared as a value, never as output.

Until the agent hands back stop()'s value itself (a number stays a number), answers may arrive
as text; text that spells a number, a list or a dict is read back into one before comparing, so
the same check holds under both contracts.
"""

from __future__ import annotations

import ast
import json
import math
import re
from datetime import date
from typing import Any

from react_repl.bench._suite import Task

_NUMBER = re.compile(r"^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATE_OR_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}\S*)?$")
_DATE_REPR = re.compile(r"^datetime\.date(?:time)?\((\d{4}), (\d{1,2}), (\d{1,2})")


def answer_text(answer: Any) -> str:
    """The text form: a string as-is, None as "", anything else as compact JSON or its repr."""
    if answer is None:
        return ""
    if isinstance(answer, str):
        return answer
    try:
        return json.dumps(answer, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(answer)


def check_answer(task: Task, expected: Any, actual: Any) -> str:
    """'' when the answer matches, else what differs (shown in the report)."""
    problem = _compare(expected, actual, task)
    if problem is None:
        return ""
    return f"expected {expected!r}, got {actual!r}" + (f" ({problem})" if problem else "")


def check_regex(pattern: str, actual: Any, case_sensitive: bool) -> str:
    """The pattern is searched in the answer's text; a date answer (`datetime.date(2025, 12,
    25)`, the text of a date object) is also tried in its ISO form, `2025-12-25`."""
    flags = 0 if case_sensitive else re.IGNORECASE
    text = answer_text(actual)
    day = _as_date(actual) if _DATE_REPR.match(text.strip()) else None
    forms = [text, day.isoformat()] if day else [text]
    if any(re.search(pattern, form, flags) for form in forms):
        return ""
    return f"{text!r} does not match /{pattern}/"


def _compare(expected: Any, actual: Any, task: Task) -> str | None:
    """None when equal; otherwise a short reason ('' when the values just differ)."""
    if isinstance(expected, bool):
        return None if _as_bool(actual) is expected else ""
    if isinstance(expected, int | float):
        return _compare_number(float(expected), actual, task)
    if isinstance(expected, str):
        return _compare_text(expected, actual, task)
    if isinstance(expected, list):
        return _compare_list(expected, _as_container(actual, list), task)
    if isinstance(expected, dict):
        return _compare_dict(expected, _as_container(actual, dict), task)
    return None if expected == actual else ""


def _compare_number(expected: float, actual: Any, task: Task) -> str | None:
    value = _as_number(actual)
    if value is None:
        return "not a number"
    close = math.isclose(value, expected, rel_tol=task.rel_tol, abs_tol=task.abs_tol)
    return None if close else ""


def _compare_text(expected: str, actual: Any, task: Task) -> str | None:
    if _ISO_DATE.match(expected.strip()):
        day = _as_date(actual)
        if day is not None:
            return None if day.isoformat() == expected.strip() else ""
    if actual is None:
        return "no answer"
    wanted, got = " ".join(expected.split()), " ".join(answer_text(actual).split())
    if not task.case_sensitive:
        wanted, got = wanted.casefold(), got.casefold()
    return None if wanted == got else ""


def _compare_list(expected: list[Any], actual: list[Any] | None, task: Task) -> str | None:
    if actual is None:
        return "not a list"
    if len(actual) != len(expected):
        return f"{len(actual)} items instead of {len(expected)}"
    if not task.unordered:
        pairs = enumerate(zip(expected, actual, strict=True))
        differs = next((i for i, (want, got) in pairs if _compare(want, got, task) is not None), -1)
        return None if differs < 0 else f"item {differs} differs"
    remaining = list(actual)
    for want in expected:
        match = next(
            (i for i, got in enumerate(remaining) if _compare(want, got, task) is None), None
        )
        if match is None:
            return f"no item matches {want!r}"
        remaining.pop(match)
    return None


def _compare_dict(
    expected: dict[str, Any], actual: dict[Any, Any] | None, task: Task
) -> str | None:
    if actual is None:
        return "not a dict"
    keys = {str(key): value for key, value in actual.items()}
    if set(keys) != set(expected):
        missing, extra = sorted(set(expected) - set(keys)), sorted(set(keys) - set(expected))
        return f"keys differ: missing {missing}, unexpected {extra}"
    for key, want in expected.items():
        if _compare(want, keys[key], task) is not None:
            return f"value of {key!r} differs"
    return None


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        text = value.strip()
        if text and _NUMBER.match(text) and any(ch.isdigit() for ch in text):
            return float(text.replace(",", ""))
    return None


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


def _as_container(value: Any, kind: type) -> Any:
    """A list/dict as itself; a tuple as a list; text holding one (JSON or Python) read back."""
    if isinstance(value, tuple) and kind is list:
        return list(value)
    if isinstance(value, kind):
        return value
    if not isinstance(value, str):
        return None
    for reader in (json.loads, ast.literal_eval):
        try:
            parsed = reader(value.strip())
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(parsed, tuple) and kind is list:
            parsed = list(parsed)
        if isinstance(parsed, kind):
            return parsed
    return None


def _as_date(value: Any) -> date | None:
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    shown = _DATE_REPR.match(text)
    try:
        if shown:
            return date(int(shown[1]), int(shown[2]), int(shown[3]))
        return date.fromisoformat(text[:10]) if _DATE_OR_DATETIME.match(text) else None
    except ValueError:  # 2025-02-30
        return None
