"""`stop(value)` keeps the value: JSON data stays data, anything else arrives as its repr."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

KEPT_AS_DATA = {
    "integer": ("stop(42)", 42, "42"),
    "float": ("stop(2.5)", 2.5, "2.5"),
    "boolean": ("stop(False)", False, "false"),
    "string": ("stop('Paris')", "Paris", "Paris"),
    "list": ("stop([1, 'two', None])", [1, "two", None], '[1,"two",null]'),
    "tuple_becomes_list": ("stop((1, 2))", [1, 2], "[1,2]"),
    "dict": ("stop({'city': 'Paris', 'temp': 21})", {"city": "Paris", "temp": 21}, None),
    "nested": (
        "stop({'rows': [{'id': 1, 'tags': ('a', 'b')}], 'ok': True})",
        {"rows": [{"id": 1, "tags": ["a", "b"]}], "ok": True},
        None,
    ),
    "computed_in_the_action": (
        "w = get_weather('Oslo')\nstop({'report': w, 'length': len(w)})",
        {"report": "Sunny, 21 C in Oslo", "length": 19},
        None,
    ),
}


@pytest.mark.parametrize(("code", "value", "text"), KEPT_AS_DATA.values(), ids=KEPT_AS_DATA.keys())
def test_json_values_keep_their_type(
    sandbox: Sandbox, code: str, value: object, text: str | None
) -> None:
    observation = sandbox.run(code)
    assert observation.stopped and observation.ok, observation.text
    assert observation.answer == value and type(observation.answer) is type(value)
    assert observation.answer_text == (text if text is not None else _compact(value))


BECOMES_REPR = {
    "handle": ("stop(make_picture(3))", "<handle: <Picture width=3>>"),
    "agent_object": (
        "class Point:\n    def __repr__(self):\n        return 'Point(1, 2)'\nstop(Point())",
        "Point(1, 2)",
    ),
    "set_holding_a_handle": ("stop({make_picture(3)})", "{<handle: <Picture width=3>>}"),
    "dict_with_int_keys": ("stop({1: 'a'})", "{1: 'a'}"),
    "bytes": ("stop(b'raw')", "b'raw'"),
    "list_holding_a_handle": ("stop([1, make_picture(2)])", "[1, <handle: <Picture width=2>>]"),
    "nan_is_not_json": ("stop(float('nan'))", "nan"),
    "infinity_is_not_json": ("stop(-float('inf'))", "-inf"),
    "nan_inside_a_dict": ("stop({'a': float('nan')})", "{'a': nan}"),
    "int_too_long_to_print": ("stop(10**5000)", "<int of about 5001 digits>"),
    "broken_repr": (
        "class Bad:\n    def __repr__(self):\n        raise ValueError('no')\nstop(Bad())",
        "<Bad object>",
    ),
}


@pytest.mark.parametrize(("code", "expected"), BECOMES_REPR.values(), ids=BECOMES_REPR.keys())
def test_other_values_arrive_as_their_repr(sandbox: Sandbox, code: str, expected: str) -> None:
    observation = sandbox.run(code)
    assert observation.stopped, observation.text
    assert observation.answer == expected and observation.answer_text == expected
    assert_contained(sandbox, observation)


KEEPS_ITS_TYPE = {
    "date": ("stop(date(2024, 5, 1))", date(2024, 5, 1), "2024-05-01"),
    "datetime": ("stop(datetime(2024, 5, 1, 8))", datetime(2024, 5, 1, 8), "2024-05-01T08:00:00"),
    "timedelta": ("stop(timedelta(minutes=90))", timedelta(minutes=90), "1:30:00"),
    "set": ("stop({3, 1})", {1, 3}, "[1,3]"),
    "frozenset": ("stop(frozenset('a'))", frozenset("a"), '["a"]'),
    "dates_inside": ("stop([date(2024, 5, 1)])", ["2024-05-01"], '["2024-05-01"]'),
    "a_dict_like_the_tag": (
        "stop({'__react_repl_answer__': 'date', 'value': 'x'})",
        {"__react_repl_answer__": "date", "value": "x"},
        '{"__react_repl_answer__":"date","value":"x"}',
    ),
}


@pytest.mark.parametrize(
    ("code", "value", "text"), KEEPS_ITS_TYPE.values(), ids=KEEPS_ITS_TYPE.keys()
)
def test_dates_durations_and_sets_keep_their_type(
    sandbox: Sandbox, code: str, value: object, text: str
) -> None:
    """Rebuilt in the parent from a tagged form; dates inside containers arrive as ISO text."""
    observation = sandbox.run(code)
    assert observation.stopped, observation.text
    assert observation.answer == value and type(observation.answer) is type(value)
    assert observation.answer_text == text


def test_no_answer_is_none(sandbox: Sandbox) -> None:
    for code in ("stop()", "stop(None)"):
        observation = sandbox.run(code)
        assert observation.stopped and observation.answer is None
        assert observation.answer_text is None


def test_no_stop_means_no_answer(sandbox: Sandbox) -> None:
    observation = sandbox.run("x = [1, 2]")
    assert not observation.stopped and observation.answer is None


def test_huge_structured_answer_is_bounded_text(sandbox: Sandbox) -> None:
    observation = sandbox.run("stop(list(range(400_000)))")
    assert observation.stopped and not observation.reset, observation.text
    assert isinstance(observation.answer, str)
    assert observation.answer.startswith("[0,1,2,3")
    assert observation.answer.endswith("characters truncated]")
    assert len(observation.answer) < 1_000_100


def test_self_containing_list_arrives_as_its_repr(sandbox: Sandbox) -> None:
    observation = sandbox.run("a = [1]\na.append(a)\nstop(a)")
    assert observation.answer == "[1, [...]]"


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))
