"""What crosses the worker's pipes: text the agent loop can always encode, bounded host calls."""

from __future__ import annotations

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

LONE_SURROGATES = {
    "printed": "print('a\\ud800b')",
    "exception_message": "raise ValueError('bad \\udcff')",
    "last_expression": "'\\ud83d'",
}


@pytest.mark.parametrize("code", LONE_SURROGATES.values(), ids=LONE_SURROGATES.keys())
def test_observation_text_is_always_valid_unicode(sandbox: Sandbox, code: str) -> None:
    """A lone surrogate would make every later `.encode()` (logs, the HTTP request) raise."""
    observation = sandbox.run(code)
    observation.text.encode("utf-8")
    assert "\\ud" in observation.text or "\\udcff" in observation.text, observation.text
    assert_contained(sandbox, observation)


def test_stop_answer_is_always_valid_unicode(sandbox: Sandbox) -> None:
    observation = sandbox.run("stop('done \\udcff')")
    assert observation.stopped and observation.answer is not None
    observation.answer.encode("utf-8")
    assert_contained(sandbox, observation)


def test_oversized_host_call_fails_in_the_action_and_keeps_the_namespace(sandbox: Sandbox) -> None:
    sandbox.run("kept = 'still here'")
    observation = sandbox.run("method_search('x' * 20_000_000)")
    assert observation.error == "ValueError", observation.text
    assert not observation.reset and "too large" in observation.text
    assert sandbox.run("print(kept)").text == "still here"
    assert_contained(sandbox, observation)


def test_one_huge_print_under_a_large_output_limit_arrives_whole() -> None:
    """Escaped as JSON, 2 million emoji are 24 MB: more than one protocol frame may hold."""
    with Sandbox(max_output=3_000_000) as box:
        observation = box.run("print('\\U0001f600' * 2_000_000)")
        assert observation.ok and not observation.reset, observation.text[-300:]
        assert observation.text == "\U0001f600" * 2_000_000


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("str() of this error fails too")


def _failing_host_function(query: str) -> str:
    raise _Unprintable(query)


def _unprintable_result(query: str) -> object:
    return _Unprintable(query)


def test_host_function_errors_never_escape_into_the_agent_process() -> None:
    hosts = {"search": _failing_host_function, "lookup": _unprintable_result}
    with Sandbox(host_functions=hosts) as box:
        kept = box.run("kept = 1")
        assert kept.ok
        failed = box.run("search('q')")
        assert failed.error == "RuntimeError" and "_Unprintable" in failed.text, failed.text
        unprintable = box.run("lookup('q')")
        assert unprintable.error == "RuntimeError", unprintable.text
        assert not failed.reset and not unprintable.reset
        assert box.run("print(kept)").text == "1"


def test_huge_stop_answer_is_capped_not_a_crash(sandbox: Sandbox) -> None:
    sandbox.run("kept = 'still here'")
    observation = sandbox.run("stop('x' * 20_000_000)")
    assert observation.stopped and not observation.reset, observation.text
    assert observation.answer is not None
    assert observation.answer.endswith("[... 19000000 characters truncated]")
    assert sandbox.run("print(kept)").text == "still here"
    assert_contained(sandbox, observation)
