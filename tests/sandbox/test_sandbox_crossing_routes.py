"""Routes into agent code, and places agent data hides, found by a fourth red-team pass.

Each let agent code read a rich object an API put into the agent's own data:
- a callback calls a second API while the first is under way: when the inner call returned,
  only what the inner call was given was made safe, and the callback read what the outer API
  (or the inner one, through an object of the outer's) had put into the outer call's arguments;
- an API resumes an agent generator with `throw()` or `close()`: its `except`/`finally` ran
  before anything was made safe, and the error thrown in carried the API's raw object;
- an exception or a slice the agent passed holds its lists out of the walk's sight;
- a decorator made a special method a builtin callable, which no entry check stops: `rows.pop`
  as `__hash__` raised in the middle of the hand-over and cut it short (the action caught the
  error and read what was not yet made safe), a generator's `send` as `__eq__` would resume
  agent code during it.
"""

from __future__ import annotations

import nest_api
import pytest

from react_repl.sandbox import Sandbox

APIS = [
    nest_api.call_with_filler,
    nest_api.fill_through,
    nest_api.keep_then_call,
    nest_api.fill_kept,
    nest_api.fill_from_thread,
    nest_api.throw_into,
    nest_api.close_after_fill,
    nest_api.throw_into_kept,
    nest_api.close_kept,
    nest_api.drop_kept,
    nest_api.stash_in_parts,
    nest_api.replace_args,
    nest_api.cover_then_fill,
    nest_api.pair_into,
]
REFUSED = "'width' is not available"

NESTED = {
    "inner_api_fills_through_an_outer_object": (
        "def cb(f):\n    fill_through(f)\n    G.append(H[0])\ncall_with_filler(H, cb)"
    ),
    "inner_api_fills_what_the_outer_kept": (
        "def cb():\n    fill_kept()\n    G.append(H[0])\nkeep_then_call(H, cb)"
    ),
    "a_thread_of_the_api_fills_then_calls": (
        "def cb():\n    G.append(H[0])\nfill_from_thread(H, cb)"
    ),
}


@pytest.mark.parametrize("code", NESTED.values(), ids=NESTED.keys())
def test_agent_code_resumed_after_an_inner_api_call_finds_handles(code: str) -> None:
    with Sandbox(APIS) as box:
        box.run(f"H = []\nG = []\n{code}")
        assert REFUSED in box.run("print(G[0].width)").text


GENERATOR = (
    "def gen():\n    try:\n        yield 1\n    except Exception as e:\n"
    "        G.append(e.args[0])\n        G.append(H[0])\n        yield 2\n"
    "    finally:\n        G.append(H[0])\n"
)
RESUMED = {
    "throw": "throw_into(gen(), H)",
    "close": "close_after_fill(gen(), H)",
}


@pytest.mark.parametrize("code", RESUMED.values(), ids=RESUMED.keys())
def test_a_generator_an_api_throws_into_or_closes_finds_handles(code: str) -> None:
    with Sandbox(APIS) as box:
        box.run(f"H = []\nG = []\n{GENERATOR}")
        box.run(code)
        shown = box.run("print([hasattr(x, 'width') for x in G])").text
        assert shown.startswith("[False") and "True" not in shown, shown


KEPT = {
    "throw": "throw_into_kept(o, H)",
    "close": "close_kept(o, H)",
    "drop": "drop_kept(o, H)",
}


@pytest.mark.parametrize("code", KEPT.values(), ids=KEPT.keys())
def test_a_generator_kept_in_an_attribute_and_resumed_finds_handles(code: str) -> None:
    """The API reaches the raw generator, not one it was handed: every `yield` of agent code
    resumes through `_enter_.step`, which makes what the call was given safe, and rebuilds a
    thrown error, before the generator's `except` or `finally` runs (issue 33, family 8)."""
    with Sandbox(APIS) as box:
        box.run(f"H = []\nG = []\n{GENERATOR}class O:\n    pass\no = O()\no.feed = gen()")
        box.run(code)
        shown = box.run("print([hasattr(x, 'width') for x in G])").text
        assert shown.startswith("[False") and "True" not in shown, shown


def test_agent_generators_still_work_with_send_throw_and_close() -> None:
    code = (
        "def gen():\n    got = []\n    try:\n        while True:\n"
        "            got.append((yield len(got)))\n    except ValueError as e:\n"
        "        got.append(str(e))\n        yield got\n    finally:\n        got.append('end')\n"
        "g = gen()\nprint(next(g), g.send('a'), g.send('b'))\n"
        "print(g.throw(ValueError('stop')))\ng.close()\n"
        "print(list(x * 2 for x in (lambda: (yield 1) or (yield 2))()))"
    )
    with Sandbox(APIS) as box:
        assert box.run(code).text == "0 1 2\n['a', 'b', 'stop']\n[2, 4]"


@pytest.mark.parametrize("holder", ["ValueError(L)", "StopIteration(L)", "slice(L, 1)"])
def test_lists_inside_an_exception_or_a_slice_passed_in_are_checked(holder: str) -> None:
    with Sandbox(APIS) as box:
        shown = box.run(f"L = []\nstash_in_parts([{holder}])\nprint(L)").text
        assert shown == "[<handle: <Picture width=8>>]", shown


def test_an_exception_whose_args_an_api_replaced_holds_handles() -> None:
    with Sandbox(APIS) as box:
        box.run("G = []\ne = ValueError(1)\nreplace_args(e, lambda: G.append(e.args[0]))")
        assert box.run("print(G[0], [hasattr(x, 'width') for x in [*G, *e.args]])").text == (
            "1 [False, False, False]"
        )


BUILTIN_SLOTS = {
    "pop": "POPS = [1, 1, 1]\ndef as_slot(f):\n    return POPS.pop\n",
    "bool": "def as_slot(f):\n    return bool\n",
    "generator_send": (
        "def grab():\n    while True:\n        yield False\ng = grab()\nnext(g)\n"
        "def as_slot(f):\n    return g.send\n"
    ),
}
CUT_SHORT = {
    "dict": "cover_then_fill(A, D)",
    "set": "pair_into(S, A)",
}


@pytest.mark.parametrize("slot", BUILTIN_SLOTS.values(), ids=BUILTIN_SLOTS.keys())
@pytest.mark.parametrize("call", CUT_SHORT.values(), ids=CUT_SHORT.keys())
def test_a_hand_over_is_not_cut_short_by_a_builtin_special_method(slot: str, call: str) -> None:
    code = (
        f"{slot}class Key:\n    @as_slot\n    def __hash__(self):\n        return 1\n"
        "    @as_slot\n    def __eq__(self, other):\n        return False\n"
        "k = Key()\nD = {k: 0}\nS = {k}\nA = []\n"
        f"try:\n    {call}\nexcept Exception:\n    pass\n"
    )
    with Sandbox(APIS) as box:
        observation = box.run(code)
        assert observation.error == "TypeError", observation.text
        assert "__hash__ of class Key must be a function written in the action" in observation.text


def test_special_methods_the_action_wrote_still_work() -> None:
    code = (
        "class Key:\n    def __hash__(self):\n        return 7\n"
        "    def __len__(self):\n        return 2\n"
        "    @property\n    def size(self):\n        return 3\n"
        "print(hash(Key()), len(Key()), Key().size)"
    )
    with Sandbox(APIS) as box:
        assert box.run(code).text == "7 2 3"
