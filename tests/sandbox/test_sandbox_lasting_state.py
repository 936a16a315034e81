"""State that outlives an action (issue 33, family 4): a fake planted by one action that later,
honest actions trust.

- A preinjected name (`json`, `re`, `date`, ...) rebound to an agent function, class or object
  would be what every later `json.loads` calls: such a binding is put back after the action,
  and the observation says so; plain data (`date = "2025-04-09"`, as models write) may stay.
- A value of a `str` subclass whose `__eq__`/`__hash__` lie, passed to an API that caches by
  argument, stayed in the cache and answered later honest calls for the key it claimed to
  equal: what an action passes to an API arrives as exact builtin types.
"""

from __future__ import annotations

import lasting_api
import pytest

from react_repl.sandbox import Sandbox

APIS = [lasting_api.cached_forecast, lasting_api.kinds_received]
EVERYTHING = ("datetime", "date", "time", "timedelta", "timezone", "Counter", "defaultdict",
              "OrderedDict", "deque", "math", "json", "re", "random", "statistics", "itertools",
              "collections")  # fmt: skip

FAKES = {
    "module_as_an_object": (
        "class FakeJson:\n    def loads(self, text):\n        return {'fake': True}\n"
        "json = FakeJson()",
        "json",
    ),
    "module_as_a_class": (
        "class re:\n    def search(p, s):\n        return 'fake match'",
        "re",
    ),
    "module_as_another_module": ("import re as json", "json"),
    "module_as_a_function": ("def math():\n    return 0", "math"),
    "class_as_a_fake_class": (
        "class FakeDate:\n    def today():\n        return 'fake today'\ndate = FakeDate",
        "date",
    ),
    "class_as_a_lambda": ("timedelta = lambda **kw: 0", "timedelta"),
    "class_in_a_loop_target": ("for deque in [print]:\n    pass", "deque"),
    "class_from_a_function": (
        "def plant():\n    global Counter\n    Counter = dict\nplant()",
        "Counter",
    ),
    "deleted": ("del statistics", "statistics"),
}


@pytest.mark.parametrize(("code", "name"), FAKES.values(), ids=FAKES.keys())
def test_a_fake_in_a_preinjected_name_is_put_back_after_the_action(code: str, name: str) -> None:
    with Sandbox(APIS, preinject=EVERYTHING) as box:
        real = box.run(f"print(repr({name}))").text
        observation = box.run(code)
        assert f"`{name}` is provided by the sandbox" in observation.text, observation.text
        assert f"my_{name}" in observation.text
        assert box.run(f"print(repr({name}))").text == real
        assert name not in box.variables


def test_later_actions_use_the_real_module_again() -> None:
    with Sandbox(APIS) as box:
        box.run(
            "class FakeJson:\n    def loads(self, text):\n        return {'paid': True}\n"
            "json = FakeJson()\nprint(json.loads('{}'))"
        )
        assert box.run("print(json.loads('{\"paid\": false}'))").text == "{'paid': False}"


def test_plain_data_in_a_preinjected_name_stays() -> None:
    """Run logs show models writing `date = "2025-04-09"`: plain values have only builtin
    methods, so they can pose as nothing, and refusing them would cost real runs a step."""
    with Sandbox(APIS, preinject=EVERYTHING) as box:
        observation = box.run("date = '2025-04-09'\nmath = 3\ntime = [1, 2]\nprint(date)")
        assert observation.text == "2025-04-09", observation.text
        assert box.run("print(date, math, time)").text == "2025-04-09 3 [1, 2]"
        assert {"date", "math", "time"} <= set(box.variables)


def test_import_of_a_preinjected_name_still_binds_what_the_namespace_holds() -> None:
    with Sandbox(APIS) as box:
        observation = box.run("import json\nimport datetime\nprint(json.dumps([1]))")
        assert observation.text == "[1]", observation.text
        assert box.run("print(datetime.datetime(2024, 1, 2).year)").text == "2024"


LIAR = (
    "class Liar(str):\n    def __eq__(self, other):\n        return True\n"
    "    def __hash__(self):\n        return hash('Paris')\n"
)


def test_a_lying_str_subclass_cannot_poison_an_api_cache() -> None:
    with Sandbox(APIS) as box:
        box.run(f"{LIAR}cached_forecast(Liar('Mordor'))")
        observation = box.run("print(cached_forecast('Paris'))")
        assert observation.text == "forecast for Paris", observation.text


SUBCLASSED = {
    "str": "class S(str):\n    pass\nvalue = S('x')",
    "int": "class I(int):\n    pass\nvalue = I(3)",
    "float": "class F(float):\n    pass\nvalue = F(1.5)",
    "bytes": "class B(bytes):\n    pass\nvalue = B(b'x')",
    "tuple": "class T(tuple):\n    pass\nvalue = T([1, 'a'])",
    "list": "class L(list):\n    pass\nvalue = L([1, 'a'])",
    "dict": "class D(dict):\n    pass\nvalue = D(a=1)",
    "set": "class Z(set):\n    pass\nvalue = Z([1])",
    "frozenset": "class FZ(frozenset):\n    pass\nvalue = FZ([1])",
    "nested_in_a_list": "class S(str):\n    pass\nvalue = [S('x'), (S('y'),)]",
    "dict_key": "class S(str):\n    pass\nvalue = {S('k'): S('v')}",
    "set_member": "class S(str):\n    pass\nvalue = {S('m')}",
    "datetime": "class When(datetime):\n    pass\nvalue = When(2024, 1, 2)",
    "date": "class Day(date):\n    pass\nvalue = Day(2024, 1, 2)",
    "timedelta": "class Span(timedelta):\n    pass\nvalue = Span(days=1)",
    "counter": "class C(Counter):\n    pass\nvalue = C('aab')",
    "ordered": "class O(OrderedDict):\n    pass\nvalue = O(a=1)",
    "defaultdict": "class DD(defaultdict):\n    pass\nvalue = DD(list, a=[1])",
    "deque": "class Q(deque):\n    pass\nvalue = Q([1], 3)",
    "liar_in_a_tuple_subclass": f"{LIAR}class T(tuple):\n    pass\nvalue = T([Liar('a')])",
}


@pytest.mark.parametrize("code", SUBCLASSED.values(), ids=SUBCLASSED.keys())
def test_what_an_api_receives_is_of_exact_builtin_types(code: str) -> None:
    with Sandbox(APIS, preinject=EVERYTHING) as box:
        observation = box.run(f"{code}\nprint(kinds_received(value, named=value))")
        kinds = set(eval(observation.text))  # the API's answer: a list of type names
        plain = {"str", "int", "float", "bytes", "tuple", "list", "dict", "set", "frozenset",
                 "datetime", "date", "timedelta", "Counter", "OrderedDict", "defaultdict",
                 "deque"}  # fmt: skip
        assert kinds <= plain, observation.text


def test_the_agent_keeps_its_own_subclass_values() -> None:
    with Sandbox(APIS) as box:
        code = (
            "class Name(str):\n    def shout(self):\n        return self.upper() + '!'\n"
            "n = Name('ana')\nkinds_received(n, [n])\nprint(n.shout(), isinstance(n, Name))"
        )
        assert box.run(code).text == "ANA! True"


def test_a_subclass_value_reaches_an_api_with_its_value() -> None:
    with Sandbox(APIS) as box:
        code = "class City(str):\n    pass\nprint(cached_forecast(City('Oslo')))"
        assert box.run(code).text == "forecast for Oslo"
