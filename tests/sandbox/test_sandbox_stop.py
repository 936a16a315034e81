"""`stop()` ends the action for good: agent code cannot catch it and go on acting.

Each case swallows the stop one way (a bare except, `except BaseException`, a `finally`, a
context manager whose `__exit__` returns True, an API that catches its callback's error) and
then pays. The payment would run after the answer was given, unseen: the observation only says
`(stopped)`. Counted where it matters, in the file the payment API appends to.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import stop_api

from react_repl.sandbox import Sandbox

SWALLOWED = {
    "bare_except": "try:\n    stop('done')\nexcept:\n    pass\nrecord_payment(100)",
    "except_base_exception": (
        "try:\n    stop('done')\nexcept BaseException as e:\n    print('caught', e)\n"
        "record_payment(200)"
    ),
    "except_tuple_with_base_exception": (
        "try:\n    stop('done')\nexcept (Exception, BaseException):\n    pass\nrecord_payment(1)"
    ),
    "finally_pays": "try:\n    stop('done')\nfinally:\n    record_payment(300)",
    "handler_pays": "try:\n    stop('done')\nexcept BaseException:\n    record_payment(400)",
    "loop_goes_on": (
        "for amount in [1, 2, 3]:\n    try:\n        if amount == 1:\n            stop('done')\n"
        "    except:\n        pass\n    record_payment(amount)"
    ),
    "nested_function": (
        "def quietly():\n    try:\n        stop('done')\n    except:\n        return 'swallowed'\n"
        "quietly()\nrecord_payment(5)"
    ),
    "lambda_into_function": (
        "def swallow(action):\n    try:\n        action()\n    except:\n        pass\n"
        "swallow(lambda: stop('done'))\nrecord_payment(6)"
    ),
    "generator": (
        "def steps():\n    try:\n        stop('done')\n        yield 1\n"
        "    except:\n        yield 2\nlist(steps())\nrecord_payment(7)"
    ),
    "return_in_finally": (
        "def quietly():\n    try:\n        stop('done')\n    finally:\n        return 1\n"
        "quietly()\nrecord_payment(8)"
    ),
    "continue_in_finally": (
        "for amount in [1, 2]:\n    try:\n        stop('done')\n    finally:\n        continue\n"
        "record_payment(9)"
    ),
    "context_manager_suppresses": (
        "class Quiet:\n    def __enter__(self):\n        return self\n"
        "    def __exit__(self, *exc):\n        return True\n"
        "with Quiet():\n    stop('done')\nrecord_payment(10)"
    ),
    "api_swallows_callback": "call_back(lambda: stop('done'))\nrecord_payment(11)",
    "api_error_caught_as_exception": (
        "try:\n    call_back(lambda: stop('done'))\nexcept Exception:\n    pass\nrecord_payment(12)"
    ),
}


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    workspace = tmp_path_factory.mktemp("workspace")
    apis = [stop_api.record_payment, stop_api.call_back]
    with Sandbox(apis, workspace=workspace, timeout=5.0) as sandbox:
        yield sandbox


def payments(box: Sandbox) -> Path:
    return Path(box.workspace) / "payments.txt"


@pytest.mark.parametrize("code", SWALLOWED.values(), ids=SWALLOWED.keys())
def test_nothing_runs_after_a_swallowed_stop(box: Sandbox, code: str) -> None:
    payments(box).unlink(missing_ok=True)
    observation = box.run(code + "\nafter_stop = True")
    assert observation.stopped and observation.answer == "done", observation.text
    assert not observation.timed_out and not payments(box).exists()
    assert box.run("print('after_stop' in dir())").text == "False"


def test_a_second_stop_keeps_the_first_answer(box: Sandbox) -> None:
    observation = box.run("try:\n    stop('first')\nexcept:\n    pass\nstop('second')")
    assert observation.stopped and observation.answer == "first"


def test_a_loop_that_swallows_stop_ends_with_the_first_answer(box: Sandbox) -> None:
    code = "n = 0\nwhile True:\n"
    code += "    try:\n        n += 1\n        stop(n)\n    except:\n        pass"
    observation = box.run(code)
    assert observation.stopped and observation.answer == 1, observation.text
    assert not observation.timed_out and observation.duration < 4


HOST_CALLS: list[str] = []


def note(text: str) -> str:
    """A host function: runs in the parent, so the test sees each call."""
    HOST_CALLS.append(text)
    return "noted"


def test_no_host_function_runs_after_a_swallowed_stop() -> None:
    with Sandbox(host_functions={"note": note}) as sandbox:
        observation = sandbox.run("try:\n    stop('done')\nexcept:\n    pass\nnote('after')")
    assert observation.stopped and observation.answer == "done"
    assert HOST_CALLS == []
