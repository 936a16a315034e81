"""API call budgets per action and per run: a loop cannot send thousands of messages."""

from __future__ import annotations

import declared_api
import pytest
import secret_api
import unguarded_api
from conftest import method_search

from react_repl.sandbox import (
    DEFAULT_MAX_CALLS_PER_ACTION,
    DEFAULT_MAX_CALLS_PER_RUN,
    Sandbox,
)

LOOP = "done = 0\nfor i in range({n}):\n    {call}\n    done += 1"


def test_the_issue_loop_is_stopped_by_the_default_budget() -> None:
    with Sandbox([declared_api.count]) as box:
        observation = box.run(LOOP.format(n=10_000, call="count(i)") + "\nprint(done)")
        assert observation.error == "CallBudgetExceeded", observation.text
        assert f"count() was called {DEFAULT_MAX_CALLS_PER_ACTION} times" in observation.text
        assert "max_calls_per_action" in observation.text
        assert observation.api_calls == {"count": DEFAULT_MAX_CALLS_PER_ACTION}
        assert box.run("print(done)").text == str(DEFAULT_MAX_CALLS_PER_ACTION)
        assert box.run("print(count(7))").text == "7", "the next action has a fresh budget"


def test_defaults_are_written_down() -> None:
    assert DEFAULT_MAX_CALLS_PER_ACTION == 1_000
    assert DEFAULT_MAX_CALLS_PER_RUN == 10_000


def test_per_run_budget_spans_actions() -> None:
    with Sandbox([declared_api.count], max_calls_per_action=5, max_calls_per_run=8) as box:
        assert box.run(LOOP.format(n=5, call="count(i)")).ok
        observation = box.run(LOOP.format(n=5, call="count(i)"))
        assert observation.error == "CallBudgetExceeded"
        assert "8 times in this run" in observation.text and "max_calls_per_run" in observation.text
        assert box.run("print(done)").text == "3"


def test_per_run_budget_survives_a_worker_reset() -> None:
    apis = [declared_api.count, secret_api.sleep_for]
    with Sandbox(apis, max_calls_per_run=4, timeout=1.0) as box:
        assert box.run("count(1)\ncount(2)\ncount(3)\nsleep_for(5)").timed_out
        assert box.run("count(4)").ok
        assert box.run("count(5)").error == "CallBudgetExceeded"


def test_per_api_override_through_sandbox_arguments() -> None:
    with Sandbox(
        [declared_api.count, secret_api.get_weather],
        call_limits={"get_weather": {"max_calls_per_action": 2}},
    ) as box:
        observation = box.run(LOOP.format(n=3, call="get_weather('x')"))
        assert observation.error == "CallBudgetExceeded", observation.text
        assert "get_weather() was called 2 times in this action" in observation.text
        assert box.run(LOOP.format(n=50, call="count(i)")).ok


def test_budgets_declared_with_the_decorator_and_at_module_level() -> None:
    with Sandbox([declared_api.send_note, declared_api.post_note]) as box:
        first = box.run(LOOP.format(n=3, call="post_note('x')"))
        assert first.error == "CallBudgetExceeded", first.text
        assert "post_note() was called 2 times in this action" in first.text
        box.run("send_note('a')\nsend_note('b')")
        second = box.run("send_note('c')\nsend_note('d')")
        assert second.error == "CallBudgetExceeded", second.text
        assert "send_note() was called 3 times in this run" in second.text


def test_sandbox_arguments_override_declarations() -> None:
    with Sandbox(
        [declared_api.send_note], call_limits={"send_note": {"max_calls_per_run": None}}
    ) as box:
        assert box.run(LOOP.format(n=20, call="send_note('x')")).ok


def test_host_functions_have_budgets_too() -> None:
    with Sandbox(
        host_functions={"method_search": method_search},
        call_limits={"method_search": {"max_calls_per_action": 3}},
    ) as box:
        observation = box.run(LOOP.format(n=5, call="method_search('weather')"))
        assert observation.error == "CallBudgetExceeded", observation.text
        assert observation.text.count("results for") == 3


# Raw code in the worker (past both walls) sends host calls on the worker's own channel,
# never asking the worker's meter.
FORGED_HOST_CALLS = """
import gc
channel = next(o for o in gc.get_objects() if type(o).__name__ == '_Channel')
refused = 0
for _ in range(COUNT):
    try:
        channel.call_host('tally', [], {})
    except RuntimeError:
        refused += 1
assert refused == REFUSED, refused
"""


def test_the_parent_enforces_host_budgets_a_broken_worker_would_skip() -> None:
    """Found by red-teaming: host functions run in the parent, which counted only what the
    worker reported, so a worker past both walls could call them without limit."""
    calls: list[int] = []

    def tally() -> int:
        calls.append(1)
        return len(calls)

    with Sandbox(
        [unguarded_api.run_unguarded],
        host_functions={"tally": tally},
        call_limits={"tally": {"max_calls_per_action": 3, "max_calls_per_run": 5}},
    ) as box:
        first = box.run(f"print(run_unguarded({FORGED_HOST_CALLS!r}.replace('COUNT', '10')"
                        ".replace('REFUSED', '7')))")  # fmt: skip
        second = box.run(f"print(run_unguarded({FORGED_HOST_CALLS!r}.replace('COUNT', '10')"
                         ".replace('REFUSED', '8')))")  # fmt: skip
    assert (first.text, second.text) == ("ok", "ok")
    assert len(calls) == 5, "3 in the first action, then the run's limit of 5"


def test_a_caught_budget_error_still_blocks_further_calls() -> None:
    with Sandbox([declared_api.count], max_calls_per_action=1) as box:
        observation = box.run(
            "count(1)\ntry:\n    count(2)\nexcept Exception as e:\n    print('caught')\n"
            "try:\n    count(3)\nexcept Exception as e:\n    print('again')"
        )
        assert observation.text == "caught\nagain" and observation.api_calls == {"count": 1}


def test_bad_budget_settings_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="max_calls_per_action"):
        Sandbox(max_calls_per_action=0)
    with pytest.raises(ValueError, match="unknown API"):
        Sandbox(call_limits={"nope": {"max_calls_per_run": 1}})
    with pytest.raises(ValueError, match="max_calls_per_hour"):
        Sandbox([declared_api.count], call_limits={"count": {"max_calls_per_hour": 1}})
