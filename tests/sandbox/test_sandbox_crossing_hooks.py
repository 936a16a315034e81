"""Agent code never finds a rich object an API put into the agent's containers.

Found by red-teaming, two ways agent code read such an object before the sandbox replaced it:
- after a call the sandbox replaces rich objects in the agent's containers with handles, one
  container after another, and copies what the call returns. Hashing for a set or a dict ran an
  agent class's `__hash__` in the middle of that, and it read a container not yet made safe
  (through a global). Now agent code entered then is refused (`HandOverRefused`): sets keep
  their members' hashes and are not rebuilt, a result that cannot be copied without agent code
  comes back as a handle, and a dict whose agent keys would have to be hashed is emptied.
- during a call, agent code the API starts (a callback, a `__hash__`, a class it builds) read
  a list the API had just filled. Now everything the agent passed in is made safe first.
"""

from __future__ import annotations

import fill_api
import pytest
import secret_api

from react_repl.sandbox import Sandbox

APIS = [secret_api.stash_inside, secret_api.cover_every_key, secret_api.index_and_stash]
# A `staticmethod` `__hash__` is refused when its class is built since issue 33
# (test_sandbox_special_methods.py).
GRABBING_HASHES = {
    "method": "class Member:\n    def __hash__(self):\n        GRAB.extend(LATER)\n"
    "        return 1\n",
}


@pytest.mark.parametrize("member", GRABBING_HASHES.values(), ids=GRABBING_HASHES.keys())
def test_a_set_is_made_safe_without_hashing_its_members_again(member: str) -> None:
    with Sandbox(APIS) as box:
        box.run(f"GRAB = []\nLATER = []\n{member}m = Member()\nmembers = {{m}}")
        observation = box.run("stash_inside([LATER, members])\nprint(GRAB, LATER)")
        assert observation.text == "[] [<handle: <Picture width=8>>]"
        assert box.run("print(m in members, len(members))").text == "True 2"


def test_a_dict_whose_agent_key_would_be_hashed_is_emptied() -> None:
    code = (
        "GRAB, HELD = [], []\nclass Key:\n    def __hash__(self):\n"
        "        for held in HELD:\n            GRAB.extend(held.values())\n        return 1\n"
        "D = {Key(): 0}\nHELD.append(D)\n"
    )
    with Sandbox(APIS) as box:
        box.run(code)
        assert box.run("cover_every_key(D)\nprint(GRAB, D)").text == "[0] {}"


@pytest.mark.parametrize("member", GRABBING_HASHES.values(), ids=GRABBING_HASHES.keys())
def test_a_result_keyed_by_agent_objects_comes_back_as_a_handle(member: str) -> None:
    with Sandbox(APIS) as box:
        box.run(f"GRAB = []\nLATER = []\n{member}")
        observation = box.run("r = index_and_stash([Member()], LATER)\nprint(GRAB, r)")
        assert observation.text.startswith("[<handle: <Picture width=8>>] <handle: {<")


def test_agent_hashes_still_run_outside_a_hand_over() -> None:
    code = "class Key:\n    def __hash__(self):\n        return 7\nprint(hash(Key()), len({Key()}))"
    with Sandbox(APIS) as box:
        assert box.run(code).text == "7 1"


ENTERED_CODE = {
    "callback": "fill_then_call(H, lambda: G.extend(H))",
    "function": "def look():\n    G.extend(H)\nfill_then_call(H, look)",
    "callback_with_argument": "fill_then_call_with(D, lambda n: G.extend(D.values()))",
    "class_built": "class Peek:\n    def __init__(self):\n        G.extend(H)\n"
    "fill_then_make(H, Peek)",
}


@pytest.mark.parametrize("code", ENTERED_CODE.values(), ids=ENTERED_CODE.keys())
def test_agent_code_an_api_starts_finds_handles_in_what_it_filled(code: str) -> None:
    apis = [fill_api.fill_then_call, fill_api.fill_then_call_with, fill_api.fill_then_make]
    with Sandbox(apis) as box:
        box.run("G, H, D = [], [], {}")
        assert box.run(f"{code}\nprint(G)").text == "[<handle: <Picture width=3>>]"
        refused = box.run("print(G[0].width)").text
        assert "'width' is not available" in refused


def test_what_an_api_fills_between_two_entries_is_safe_at_the_second() -> None:
    with Sandbox([fill_api.fill_around_calls]) as box:
        box.run("G, rows = [], [{}, {}, {}]")
        code = "fill_around_calls(rows, lambda: G.extend(row['cover'] for row in rows if row))"
        box.run(code)
        shown = box.run("print(G)").text
        assert shown.count("<handle: <Picture") == 6 and shown.count("Picture") == 6
