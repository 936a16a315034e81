"""A thread an API leaves running belongs to the action that started it, and ends with it.

Before: what such a thread printed after its action ended landed in the next observation, as if
the model's next action had printed it; a callback it ran in a later action could call APIs
(side effects nobody asked for in that action); and a host function it called between actions
read the parent's next request as its reply, which crashed the worker and put the worker's own
traceback into the observation. Now output and API or host calls count only from the main
thread and threads started during the action now running, and only while it runs.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import event_api
import pytest
import thread_api

from react_repl.sandbox import Sandbox

APIS = [
    thread_api.print_later,
    thread_api.call_later,
    thread_api.call_repeatedly,
    thread_api.mark,
    thread_api.wait,
]


def method_search(description: str) -> str:
    """A host function: runs in the parent, over the pipe."""
    return f"found {description}"


@pytest.fixture
def box(tmp_path: Path) -> Iterator[Sandbox]:
    with Sandbox(
        APIS, host_functions={"method_search": method_search}, workspace=tmp_path, timeout=10
    ) as sandbox:
        yield sandbox


def test_output_after_the_action_ended_is_not_in_the_next_observation(box: Sandbox) -> None:
    box.run("print_later('stray-output', 0.2)")
    time.sleep(0.5)
    assert box.run("print('next')").text == "next"


def test_a_stray_thread_does_not_print_into_a_later_action(box: Sandbox) -> None:
    box.run("print_later('stray-output', 0.3)")
    assert box.run("wait(0.8)\nprint('next')").text == "next"


def test_a_callback_in_a_later_action_calls_no_api(box: Sandbox, tmp_path: Path) -> None:
    code = "def later():\n    print('stray-callback')\n    mark('stray')\ncall_later(later, 0.3)"
    box.run(code)
    observation = box.run("wait(0.8)\nprint('next')")
    assert observation.text == "next"
    assert not (tmp_path / "stray").exists()


def test_a_callback_between_actions_calls_no_api(box: Sandbox, tmp_path: Path) -> None:
    box.run("def later():\n    mark('between')\ncall_repeatedly(later, 0.05)")
    time.sleep(0.4)
    assert not (tmp_path / "between").exists()
    assert box.run("print('next')").text == "next"


def test_host_calls_from_a_stray_thread_do_not_break_the_worker(box: Sandbox) -> None:
    box.run("def later():\n    method_search('x')\ncall_repeatedly(later, 0.02)")
    for _ in range(5):
        time.sleep(0.1)
        observation = box.run("print('still here')")
        assert (observation.text, observation.error) == ("still here", None)


def test_a_thread_started_by_this_action_still_counts(box: Sandbox, tmp_path: Path) -> None:
    code = (
        "def soon():\n    print('from-thread')\n    mark('inside')\n"
        "call_later(soon, 0.1)\nprint_later('printed-later', 0.1)\nwait(0.6)"
    )
    observation = box.run(code)
    assert "from-thread" in observation.text
    assert "printed-later" in observation.text
    assert (tmp_path / "inside").exists()


def test_a_thread_an_api_module_started_on_import_hands_over_handles() -> None:
    """Found by red-teaming: agent code checks what it receives only while an API call is under
    way (or after a call left a thread running). A dispatcher thread an API module starts when
    it is imported calls an agent listener after the subscribing call has returned, and the
    listener got the raw Picture, whose `save(path)` writes anywhere."""
    code = (
        "SUBJECT = []\nclass Sink:\n    def append(self, item):\n        SUBJECT.append(item)\n"
        "subscribe(Sink())"
    )
    with Sandbox([event_api.subscribe], timeout=10) as sandbox:
        sandbox.run(code)
        time.sleep(0.5)
        assert sandbox.run("print(SUBJECT)").text == "[<handle: <Picture width=12>>]"
        assert sandbox.run("SUBJECT[0].save('x')").error == "AttributeError"
