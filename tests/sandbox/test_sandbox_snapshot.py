"""Snapshots: plain values survive a save and restore exactly; everything else is named as lost;
a restored namespace re-applies every guard and holds nothing of another session."""

from __future__ import annotations

import json

import pytest
import secret_api
from conftest import API_FUNCTIONS, assert_contained

from react_repl.sandbox import PREINJECTABLE, Sandbox
from react_repl.sandbox._plain import ATOMS, CONTAINERS, MOMENTS
from react_repl.sandbox._snapshot import _SCALAR_JSON, _TAG_OF

VALUES = """
n = 42
big = 2 ** 100
ratio = 0.1
odd = [float('nan') != float('nan'), float('inf')]
text = 'naïve \\u2603'
raw = b'\\x00\\xff'
buffer = bytearray(b'ab')
z = 3 + 4j
span = range(2, 10, 3)
day = date(2024, 2, 29)
moment = datetime(2024, 3, 1, 12, 30, 15, 123456, tzinfo=timezone.utc)
offset_moment = datetime(2024, 3, 1, 12, tzinfo=timezone(timedelta(hours=-5), 'EST'))
clock = time(4, 5, 6)
gap = timedelta(days=2, seconds=5)
rows = [{'id': 1, 'tags': ('a', 'b'), 'seen': {1, 2}}, {'id': 2, 'tags': (), 'seen': set()}]
keys = {(1, 2): 'tuple key', 3: frozenset({'x'})}
ordered = OrderedDict([('b', 1), ('a', 2)])
counts = Counter('hello')
groups = defaultdict(list, {'x': [1]})
recent = deque([1, 2, 3], maxlen=3)
"""
CHECK = """
print(n, big, ratio, odd, text, raw, buffer, z, span, day, moment, offset_moment, clock, gap)
print(rows, keys, ordered, counts, recent)
groups['new'].append(5)
print(dict(groups), recent.maxlen, moment.tzinfo is timezone.utc)
"""


def test_the_codec_covers_every_plain_type() -> None:
    """A type added to the boundary definition without a codec would be silently lost."""
    assert set(_TAG_OF) == (ATOMS | MOMENTS | CONTAINERS) - set(_SCALAR_JSON)


def test_plain_values_round_trip_exactly() -> None:
    with Sandbox(preinject=PREINJECTABLE) as first, Sandbox(preinject=PREINJECTABLE) as second:
        assert first.run(VALUES).ok
        snapshot = json.loads(json.dumps(first.snapshot()))  # it really is JSON
        expected = first.run(CHECK)
        assert expected.ok, expected.text
        assert snapshot["lost"] == {}
        assert second.restore(snapshot) == []
        assert second.run(CHECK).text == expected.text
        assert set(second.variables) >= {"n", "rows", "groups", "recent"}


def test_handles_functions_and_objects_are_named_as_lost() -> None:
    with Sandbox(API_FUNCTIONS, preinject=PREINJECTABLE) as box:
        box.run(
            "picture = make_picture()\nalbum = [1, make_picture()]\ndef f():\n    return 1\n"
            "class Note:\n    pass\nnote = Note()\nkeep = 'me'\nloop = []\nloop.append(loop)\n"
            "Row = collections.namedtuple('Row', 'a')\nrow = Row(1)\nnothing = None"
        )
        snapshot = box.snapshot()
        assert set(snapshot["values"]) == {"keep", "nothing"}
        lost = snapshot["lost"]
        assert set(lost) == {"picture", "album", "f", "Note", "note", "loop", "Row", "row"}
        assert "handle" in lost["picture"] and "handle" in lost["album"]
        assert "function or class" in lost["f"] and "contains itself" in lost["loop"]
        assert lost["row"] == "a Row object (not plain data)"
        assert box.restore(snapshot) == sorted(lost)
        assert box.run("print(keep, nothing)").text == "me None"


def test_restore_starts_from_a_fresh_namespace() -> None:
    with Sandbox() as box:
        box.run("saved = 1")
        snapshot = box.snapshot()
        box.run("later = 2")
        box.restore(snapshot)
        assert box.run("print(saved)").text == "1"
        assert box.run("later").error == "NameError"
        assert box.variables == ["saved"]


def test_a_forged_snapshot_cannot_rebind_guards_or_apis_nor_smuggle_objects() -> None:
    forged = {
        "format": "react-repl-snapshot",
        "version": 1,
        "values": {
            "_getattr_": None,
            "__builtins__": {"$": "dict", "v": []},
            "get_weather": "hijacked",
            "stop": 1,
            "not an identifier": 1,
            "for": 1,
            "odd": {"$": "Handle", "v": 1},
            "bad_date": {"$": "date", "v": "not a date"},
            "extra_key": {"$": "list", "v": [], "x": 1},
            "fine": {"$": "list", "v": [1, {"$": "tuple", "v": [2]}]},
        },
        "lost": {"gone": "a function"},
    }
    with Sandbox([secret_api.get_weather]) as box:
        refused = box.restore(forged)
        assert sorted(refused) == sorted(
            [name for name in forged["values"] if name != "fine"] + ["gone"]
        )
        assert box.run("print(fine, get_weather('Oslo'))").text == "[1, (2,)] Sunny, 21 C in Oslo"
        observation = box.run("print(getattr((), '__class__'))")
        assert observation.error == "AttributeError"
        assert_contained(box, observation)


def test_a_snapshot_carries_no_other_session_state() -> None:
    """Module state of the APIs and the other sandbox's variables stay where they were."""
    apis = [secret_api.remember, secret_api.recall]
    with Sandbox(apis) as first, Sandbox(apis) as second:
        first.run("remember('note', 'first only')\nmine = recall('note')")
        snapshot = first.snapshot()
        second.restore(snapshot)
        assert second.run("print(mine, repr(recall('note')))").text == "first only ''"


def test_bad_snapshots_are_clear_errors() -> None:
    with Sandbox() as box:
        with pytest.raises(ValueError, match="not a react-repl-snapshot"):
            box.restore({"format": "something else"})
        with pytest.raises(TypeError, match="snapshot must be a dict"):
            box.restore("nope")  # type: ignore[arg-type]
        assert box.run("print(1)").text == "1"


def test_aware_values_from_apis_keep_their_zone() -> None:
    with Sandbox(API_FUNCTIONS) as first, Sandbox(API_FUNCTIONS) as second:
        first.run("zones = plain_aware_moments()")
        expected = first.run("print(zones, zones[1].utcoffset())").text
        assert second.restore(first.snapshot()) == []
        assert second.run("print(zones, zones[1].utcoffset())").text == expected
        assert "Europe/Paris" in expected


def test_a_closed_sandbox_neither_snapshots_nor_restores() -> None:
    from react_repl.sandbox import SandboxError

    box = Sandbox()
    snapshot = box.snapshot()
    box.close()
    with pytest.raises(SandboxError, match="closed"):
        box.snapshot()
    with pytest.raises(SandboxError, match="closed"):
        box.restore(snapshot)


def test_numbers_too_long_for_json_are_lost_not_fatal() -> None:
    """Found by red-teaming: `x = 10**5000` (over the interpreter's 4300-digit limit for int to
    text) made snapshot() kill the worker, so one line of agent code took the whole namespace
    with it. Such a value is named as lost; the rest is kept."""
    code = "huge = 10**5000\nspan = range(10**5000)\ninside = [1, {'deep': 10**5000}]\nkept = 7"
    with Sandbox(timeout=10) as box:
        box.run(code)
        snapshot = box.snapshot()
        assert set(snapshot["lost"]) == {"huge", "span", "inside"}
        assert snapshot["values"]["kept"] == 7
        assert box.run("print(kept)").text == "7"
