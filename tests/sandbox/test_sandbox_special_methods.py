"""A special method that is not a function (issue 33, family 5).

Python calls a special method by itself: `hash()` on a set member, `==` in a dict lookup, while
the sandbox hands an API call's results over. Only a plain function the action wrote begins
with the entry check that refuses to run then; a decorator could make `__hash__` a `property`
whose getter is a builtin (it raised in the middle of a hand-over and cut it short, the action
caught the error and read what was not yet made safe), a static or class method, a bound method
or a callable object. Every such binding is refused when the class is built, and cannot be made
later either.
"""

from __future__ import annotations

import nest_api
import pytest

from react_repl.sandbox import Sandbox

APIS = [nest_api.cover_then_fill, nest_api.pair_into]

SLOTS = {
    "property_of_a_builtin": "POPS = [1, 1, 1]\ndef as_slot(f):\n    return property(POPS.pop)\n",
    "property_of_bool": "def as_slot(f):\n    return property(bool)\n",
    "property_of_agent_code": "def as_slot(f):\n    return property(f)\n",
    "staticmethod": "def as_slot(f):\n    return staticmethod(f)\n",
    "classmethod": "def as_slot(f):\n    return classmethod(f)\n",
    "bound_method": (
        "class Other:\n    def method(self, *a):\n        return 1\n"
        "def as_slot(f):\n    return Other().method\n"
    ),
    "callable_instance": (
        "class Call:\n    def __call__(self, *a):\n        return 1\n"
        "def as_slot(f):\n    return Call()\n"
    ),
    "builtin_function": "def as_slot(f):\n    return len\n",
    "not_callable": "def as_slot(f):\n    return 7\n",
}
CUT_SHORT = {
    "dict": "cover_then_fill(A, D)",
    "set": "pair_into(S, A)",
}


@pytest.mark.parametrize("slot", SLOTS.values(), ids=SLOTS.keys())
@pytest.mark.parametrize("call", CUT_SHORT.values(), ids=CUT_SHORT.keys())
def test_a_special_method_that_is_not_a_plain_function_is_refused(slot: str, call: str) -> None:
    code = (
        f"{slot}class Key:\n    @as_slot\n    def __hash__(self):\n        return 1\n"
        "    def __eq__(self, other):\n        return False\n"
        "k = Key()\nD = {k: 0}\nS = {k}\nA = []\n"
        f"try:\n    {call}\nexcept Exception:\n    pass\n"
        "print([hasattr(x, 'width') for x in A])"
    )
    with Sandbox(APIS) as box:
        observation = box.run(code)
        assert observation.error == "TypeError", observation.text
        assert "__hash__ of class Key must be a function written in the action" in observation.text


@pytest.mark.parametrize(
    "name", ["__eq__", "__len__", "__iter__", "__getitem__", "__call__", "__enter__", "__repr__"]
)
def test_every_special_method_name_is_checked(name: str) -> None:
    code = f"class Box:\n    @property\n    def {name}(self):\n        return len\nBox()"
    with Sandbox() as box:
        observation = box.run(code)
        assert observation.error == "TypeError", observation.text
        assert f"{name} of class Box must be a function written in the action" in observation.text


LATER = {
    "attribute": "Key.__hash__ = property(len)",
    "setattr": "setattr(Key, '__hash__', property(len))",
    "setattr_on_an_instance": "setattr(Key(), '__eq__', len)",
    "computed_name": "setattr(Key, '_' + '_hash__', len)",
}


@pytest.mark.parametrize("code", LATER.values(), ids=LATER.keys())
def test_a_special_method_cannot_be_bound_after_the_class_is_built(code: str) -> None:
    with Sandbox() as box:
        box.run("class Key:\n    def __hash__(self):\n        return 1")
        observation = box.run(code)
        assert not observation.ok, observation.text
        assert box.run("print(hash(Key()))").text == "1"


def test_plain_special_methods_and_properties_still_work() -> None:
    code = (
        "class Box:\n    def __init__(self, n):\n        self.n = n\n"
        "    def __hash__(self):\n        return 7\n"
        "    def __eq__(self, other):\n        return isinstance(other, Box)\n"
        "    def __len__(self):\n        return self.n\n"
        "    def __iter__(self):\n        yield as_list(self.n)\n"
        "    @property\n    def size(self):\n        return self.n * 10\n"
        "    @staticmethod\n    def make():\n        return Box(2)\n"
        "def as_list(n):\n    return list(range(n))\n"
        "b = Box.make()\nprint(hash(b), len(b), list(b), b.size, b == Box(5), {b: 1}[Box(9)])"
    )
    with Sandbox() as box:
        assert box.run(code).text == "7 2 [[0, 1]] 20 True 1"
