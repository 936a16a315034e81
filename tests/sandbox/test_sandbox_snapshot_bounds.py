"""A snapshot of any namespace is taken, within its size, in bounded time (issue 33, family 3).

Red-teaming made `snapshot()` fail three ways, each of which killed the agent's run and lost the
namespace: a huge class name copied into every "lost" reason, a 450 MB bytes value encoded
before any size check, and thousands of names bound to one 8 MB string (each one encoded again).
"""

from __future__ import annotations

import json
import time

from react_repl.sandbox import Sandbox

MAX_SNAPSHOT = 8 * 1024 * 1024  # characters of JSON the values may take (docs/sandbox.md)
MAX_LOST = 1024 * 1024  # and the names and reasons of what was lost
MAX_REASON = 200

NAMES = 3000


def _many_names(value: str) -> str:
    return " = ".join(f"a{i}" for i in range(NAMES)) + f" = {value}"


def _taken(box: Sandbox) -> tuple[dict, float]:
    started = time.monotonic()
    snapshot = box.snapshot()
    return snapshot, time.monotonic() - started


def _assert_bounded(snapshot: dict) -> None:
    assert len(json.dumps(snapshot)) <= MAX_SNAPSHOT + MAX_LOST + 4096
    assert all(len(reason) <= MAX_REASON for reason in snapshot["lost"].values())


def test_a_huge_class_name_does_not_blow_up_the_lost_reasons() -> None:
    with Sandbox(timeout=20) as box:
        name = "C" * 1_000_000
        made = box.run(
            f"class {name}:\n    pass\n" + " = ".join(f"o{i}" for i in range(40)) + f" = {name}()"
        )
        assert made.ok, made.text[:300]
        snapshot, _ = _taken(box)
        _assert_bounded(snapshot)
        assert set(snapshot["lost"]) >= {f"o{i}" for i in range(40)}
        assert box.run("print(o1 is o2)").text == "True"  # the namespace is still there


def test_a_huge_bytes_value_is_lost_without_being_encoded() -> None:
    with Sandbox(timeout=20, memory_mb=1024) as box:
        assert box.run("blob = bytes(450_000_000)\nsmall = b'ok'").ok
        snapshot, _ = _taken(box)
        _assert_bounded(snapshot)
        assert "blob" in snapshot["lost"] and "small" in snapshot["values"]
        assert box.run("print(len(blob))").text == "450000000"


def test_thousands_of_names_for_one_big_string_are_not_encoded_each_time() -> None:
    with Sandbox(timeout=10) as box:
        assert box.run("s = 'x' * 8_000_000\n" + _many_names("s")).ok
        snapshot, seconds = _taken(box)
        _assert_bounded(snapshot)
        assert len(snapshot["lost"]) >= NAMES - 1
        assert "full" in snapshot["lost"]["a7"]
        assert seconds < 5, seconds
        assert box.run("print(len(a9))").text == "8000000"


def test_huge_names_count_toward_the_snapshot_size() -> None:
    with Sandbox(timeout=20) as box:
        names = [f"n{i}_" + "x" * 1_000_000 for i in range(12)]
        assert box.run("\n".join(f"{n} = {i}" for i, n in enumerate(names))).ok
        snapshot, _ = _taken(box)
        _assert_bounded(snapshot)
