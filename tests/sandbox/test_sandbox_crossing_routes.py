"""Routes into agent code, and places agent data hides, found by a fourth red-team pass.

Each let agent code read a rich object an API put into the agent's own data:
- a callback calls a second API while the first is under way: when the inner call returned,
  only what the inner call was given was made safe, and the callback read what the outer API
  (or the inner one, through an object of the outer's) had put into the outer call's arguments;
- an API resumes an agent generator with `throw()` or `close()`: its `except`/`finally` ran
  before anything was made safe, and the error thrown in carried the API's raw object;
- an exception or a slice the agent passed holds its lists out of the walk's sight.
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
    nest_api.stash_in_parts,
    nest_api.replace_args,
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


@pytest.mark.xfail(strict=True, reason="a raw generator's except/finally is not an entry yet")
def test_a_generator_kept_in_an_attribute_and_thrown_into_finds_handles() -> None:
    with Sandbox(APIS) as box:
        box.run(f"H = []\nG = []\n{GENERATOR}class O:\n    pass\no = O()\no.feed = gen()")
        box.run("throw_into_kept(o, H)")
        shown = box.run("print([hasattr(x, 'width') for x in G])").text
        assert shown.startswith("[False") and "True" not in shown, shown


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
