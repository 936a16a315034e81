"""Denial of service: every limit stops the action, says so, and leaves a working sandbox."""

from __future__ import annotations

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

HANGS = {
    "busy_loop": "while True:\n    pass",
    "loop_catching_base_exception": """
while True:
    try:
        while True:
            pass
    except BaseException:
        pass
""",
    "huge_integer_power": "x = 10**10**8",
    "hash_collision_set_build": "s = set(range(0, (2**61 - 1) * 10**6, 2**61 - 1))",
    "sleep_inside_api": "sleep_for(30)",
    "output_flood_forever": "while True:\n    print('x' * 100)",
    "generator_that_never_ends": "print(sum(itertools.count()))",
    "stop_then_stuck_exit": """
class Stuck:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        while True:
            pass
with Stuck():
    stop('early')
""",
}


@pytest.mark.parametrize("code", HANGS.values(), ids=HANGS.keys())
def test_wall_clock_limit_stops_anything(strict_sandbox: Sandbox, code: str) -> None:
    strict_sandbox.run("kept = 1")
    observation = strict_sandbox.run(code.replace("itertools.count()", "iter(int, 1)"))
    assert observation.timed_out and observation.reset and not observation.ok
    assert observation.error == "TimeoutError"
    assert "ran longer than 1 s" in observation.text
    assert "these variables were lost: kept" in observation.text
    assert observation.lost_variables == ("kept",)
    assert strict_sandbox.variables == []
    assert_contained(strict_sandbox, observation)


def test_output_printed_before_a_hang_is_kept(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("print('progress')\nwhile True:\n    pass")
    assert observation.text.startswith("progress\nTimeoutError")
    assert_contained(strict_sandbox, observation)


def test_stop_before_a_hang_still_reports_the_answer(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run(HANGS["stop_then_stuck_exit"])
    assert observation.stopped and observation.answer == "early" and observation.timed_out
    assert_contained(strict_sandbox, observation)


def test_one_shot_memory_bomb_raises_memory_error(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("survivor = 1\nblob = 'a' * (8 * 1024**3)")
    assert observation.error == "MemoryError" and not observation.reset
    assert "384 MiB" in observation.text
    assert strict_sandbox.run("print(survivor)").text == "1"
    assert_contained(strict_sandbox, observation)


def test_growing_memory_is_stopped(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run(
        "chunks = []\nwhile True:\n    chunks.append(bytearray(10**7))"
    )
    assert observation.error in {"MemoryError", "TimeoutError"}
    assert not observation.ok
    strict_sandbox.run("chunks = None")
    assert_contained(strict_sandbox, observation)


def test_output_flood_is_truncated_with_a_count(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("for i in range(1000):\n    print('y' * 9)")
    assert observation.truncated and not observation.ok
    assert observation.text.endswith("[... 9500 characters truncated]")
    assert observation.text.count("y") == 450
    assert_contained(strict_sandbox, observation)


def test_single_huge_print_is_truncated(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("print('z' * 10**6)")
    assert observation.truncated
    assert len(observation.text) < 600
    assert_contained(strict_sandbox, observation)


def test_huge_repr_of_last_expression_is_truncated(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("list(range(10**5))")
    assert observation.truncated and observation.text.startswith("[0, 1, 2")
    assert_contained(strict_sandbox, observation)


def test_huge_exception_message_is_capped(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("raise ValueError('m' * 10**6)")
    assert observation.error == "ValueError"
    assert len(observation.text) < 2500 and "characters truncated" in observation.text
    assert_contained(strict_sandbox, observation)


def test_deep_recursion_raises_recursion_error(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("def down(n):\n    return down(n + 1)\ndown(0)")
    assert observation.error == "RecursionError" and not observation.reset
    assert "previous line repeated" in observation.text
    assert "depth 500" in observation.text
    assert_contained(strict_sandbox, observation)


def test_c_level_recursion_does_not_kill_the_agent(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("x = []\nfor _ in range(10**5):\n    x = [x]\nrepr(x)")
    assert not observation.ok
    assert_contained(strict_sandbox, observation)


def test_deeply_nested_source_is_a_syntax_error(strict_sandbox: Sandbox) -> None:
    observation = strict_sandbox.run("(" * 1000 + ")" * 1000)
    assert observation.error in {"SyntaxError", "RecursionError", "MemoryError"}
    assert_contained(strict_sandbox, observation)


def test_worker_crash_is_reported_and_replaced(strict_sandbox: Sandbox) -> None:
    strict_sandbox.run("kept = 2")
    observation = strict_sandbox.run("print('before')\ncrash_worker()")
    assert observation.reset and observation.error == "WorkerCrashed"
    assert observation.text.startswith("before\nWorkerCrashed")
    assert "SIGKILL" in observation.text and "kept" in observation.lost_variables
    assert_contained(strict_sandbox, observation)


@pytest.mark.parametrize("exception", ["SystemExit(3)", "KeyboardInterrupt", "GeneratorExit"])
def test_base_exceptions_do_not_end_the_worker(strict_sandbox: Sandbox, exception: str) -> None:
    strict_sandbox.run("kept = 3")
    observation = strict_sandbox.run(f"raise {exception}")
    assert observation.error == exception.split("(")[0] and not observation.reset
    assert strict_sandbox.run("print(kept)").text == "3"
    assert_contained(strict_sandbox, observation)


@pytest.mark.parametrize(
    "code",
    ["x = 'LONG' + 1", "x = 'LONG' +", "def f():\n    return 'LONG' + 1\nf()"],
    ids=["runtime_error", "syntax_error", "error_in_function"],
)
def test_a_very_long_failing_line_does_not_flood_the_observation(
    strict_sandbox: Sandbox, code: str
) -> None:
    """The failing source line is quoted in the observation; it must not bypass `max_output`."""
    observation = strict_sandbox.run(code.replace("LONG", "a" * 50_000))
    assert observation.error in {"TypeError", "SyntaxError"}, observation.text[:300]
    assert len(observation.text) < 1500, len(observation.text)
    assert_contained(strict_sandbox, observation)


def test_reset_message_names_a_bounded_number_of_lost_variables(strict_sandbox: Sandbox) -> None:
    strict_sandbox.reset()
    strict_sandbox.run("\n".join(f"variable_number_{n} = {n}" for n in range(300)))
    observation = strict_sandbox.run("while True:\n    pass")
    assert len(observation.lost_variables) == 300
    assert "variable_number_0, variable_number_1" in observation.text
    assert "and 270 more" in observation.text and len(observation.text) < 1500
    assert_contained(strict_sandbox, observation)


@pytest.mark.parametrize(
    "code",
    ["fail_upstream({'url': 'x' * 3_000_000})", "fail_upstream('x' * 3_000_000)"],
    ids=["hint-quoting-the-record", "api-message-quoting-its-argument"],
)
def test_an_api_error_does_not_flood_the_observation(strict_sandbox: Sandbox, code: str) -> None:
    """Found by red-teaming: the hint for a record passed as an id quoted the record's value in
    full, and an API's own message may quote what it was given; both bypassed `max_output`."""
    observation = strict_sandbox.run(code)
    assert observation.error is not None and observation.truncated
    assert len(observation.text) < 1500, len(observation.text)
    assert "truncated" in observation.text
    assert_contained(strict_sandbox, observation)
