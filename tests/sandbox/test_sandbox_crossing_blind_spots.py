"""Places the boundary did not look into, found by a third red-team pass of the crossing code.

Each lets agent code read a rich object an API put into the agent's own data:
- what the agent passes in is walked to know what is its own, but an iterator, a dict view,
  a generator expression and a subclass of tuple or frozenset were not looked into: an API
  iterating over them filled the agent's lists, which the sandbox never checked;
- between two entries into agent code during one call, the sandbox compares what the agent
  passed in with a copy, and `==` can lie: an agent class whose `__eq__` is a builtin (`bool`,
  no agent code to refuse) or an API object equal to anything hid a replaced value;
- a list agent code made during the call (kept in a global and put where the API fills it), or
  the safe copy the sandbox had put in place of an API's list, was copied again when the API
  filled it, and the agent's own reference kept the raw object.
"""

from __future__ import annotations

import fill_api
import pytest
import secret_api

from react_repl.sandbox import Sandbox

APIS = [
    secret_api.stash_inside,
    fill_api.replace_around_calls,
    fill_api.fill_what_it_added,
]
PREINJECT = ("itertools", "deque", "OrderedDict")
HOLDER = "class O:\n    def __init__(self):\n        self.inner = []\nO_ = O()\n"

# each passes something holding K's list (or O_.inner) to stash_inside, which fills it
OPAQUE = {
    "list_iterator": "stash_inside(iter(K))",
    "reversed": "stash_inside(reversed(K))",
    "values_view": "stash_inside({'a': K[0]}.values())",
    "ordered_values_view": "stash_inside(OrderedDict(a=K[0]).values())",
    "dict_value_iterator": "stash_inside(iter({'a': K[0]}.values()))",
    "filter": "stash_inside(filter(None, [O_]))",
    "chain": "stash_inside(itertools.chain(K))",
    "islice": "stash_inside(itertools.islice(K, 5))",
    "deque_iterator": "stash_inside(iter(deque(K)))",
    "set_iterator": "stash_inside(iter({O_}))",
    "generator_expression": "stash_inside(x for x in K)",
    "nested_iterators": "stash_inside(itertools.chain(iter(K)))",
    "tuple_subclass": "class T(tuple):\n    pass\nstash_inside(T(K))",
    "frozenset_subclass": "class F(frozenset):\n    pass\nstash_inside(F([O_]))",
}


@pytest.mark.parametrize("code", OPAQUE.values(), ids=OPAQUE.keys())
def test_what_the_agent_passes_inside_an_iterator_or_view_is_checked(code: str) -> None:
    with Sandbox(APIS, preinject=PREINJECT) as box:
        box.run(f"{HOLDER}K = [[]]")
        box.run(code)
        shown = box.run("print(K[0] or O_.inner)").text
        assert shown == "[<handle: <Picture width=8>>]", shown


# An agent class whose `__eq__` is the builtin `bool` (made by a decorator) hid a replaced value
# too; such a class is now refused when it is built
# (test_sandbox_crossing_routes.py::test_a_hand_over_is_not_cut_short_by_a_builtin_special_method).
HIDDEN = {
    "api_object_equal_to_anything": ("", "[{'cover': 0}, {'cover': 0}]"),
}


@pytest.mark.parametrize(("setup", "rows"), HIDDEN.values(), ids=HIDDEN.keys())
def test_a_replaced_value_equal_to_the_old_one_is_still_seen(setup: str, rows: str) -> None:
    with Sandbox(APIS) as box:
        box.run(f"{setup}G = []\nrows = {rows}")
        box.run("replace_around_calls(rows, lambda: G.append(rows[-1]['cover']))")
        assert "'width' is not available" in box.run("print(G[-1].width)").text


def test_a_list_agent_code_made_during_the_call_is_checked_where_it_is() -> None:
    code = (
        "KEEP = []\nclass P:\n    @property\n    def inner(self):\n        made = []\n"
        "        KEEP.append(made)\n        H.append(made)\n        return []\n"
        "H = [P()]\nstash_inside(H)\n"
    )
    with Sandbox(APIS) as box:
        box.run(code)
        assert box.run("print(KEEP, H[-1])").text == (
            "[[<handle: <Picture width=8>>]] [<handle: <Picture width=8>>]"
        )


def test_the_safe_copy_an_api_fills_later_in_the_call_is_checked_at_the_next_entry() -> None:
    with Sandbox(APIS) as box:
        box.run("G, H = [], []")
        box.run("fill_what_it_added(H, lambda: G.extend(H[-1]))")
        assert box.run("print(G, H)").text == (
            "[<handle: <Picture width=4>>] [[<handle: <Picture width=4>>]]"
        )


def test_a_generator_expression_step_finds_what_the_api_filled_since_the_last() -> None:
    with Sandbox(APIS) as box:
        box.run("G, K = [], []\nstash_inside(K for n in range(2) if not G.extend(K))")
        assert box.run("print(G)").text == "[<handle: <Picture width=8>>]"


def test_generator_expressions_still_work_in_and_out_of_api_calls() -> None:
    code = (
        "print(sum(x * x for x in range(4)), list((a, b) for a in 'ab' if a for b in [1]))\n"
        "print(list(sum(y for y in range(x)) for x in range(4)))\n"  # a nested scope in the element
        "K = [[1], [2]]\nstash_inside(row for row in K if row)\nprint(K)"
    )
    with Sandbox(APIS) as box:
        assert box.run(code).text == (
            "14 [('a', 1), ('b', 1)]\n[0, 0, 1, 3]\n"
            "[[1, <handle: <Picture width=8>>], [2, <handle: <Picture width=8>>]]"
        )
