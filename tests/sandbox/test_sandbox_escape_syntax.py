"""Shadowing or rebinding the guard hooks, and syntax RestrictedPython must refuse."""

from __future__ import annotations

from pathlib import Path

import pytest
import secret_api
from conftest import assert_contained

from react_repl.sandbox import Sandbox

OPEN_ANYWAY = "getattr(getattr, '__globals__')['__builtins__']['open'](MARKER, 'w')"

ATTEMPTS = {
    "positional_only_default_shadows_getattr": f"""
def f(_getattr_=lambda obj, name: obj.__dict__[name], /):
    {OPEN_ANYWAY}
f()
""",
    "keyword_only_default_shadows_getattr": """
def f(*, _getattr_=None):
    return ().__class__
f()
""",
    "lambda_default_shadows_getitem": "(lambda _getitem_=dict.get: 1)()",
    "vararg_named_like_guard": "def f(*_getiter_): pass",
    "kwarg_named_like_guard": "def f(**_write_): pass",
    "assign_guard": "_getattr_ = lambda o, n: 1",
    "global_guard_in_function": """
def f():
    global _getattr_
    return 1
f()
""",
    "delete_guard": "del _getattr_",
    "for_target_guard": "for _write_ in [1]:\n    pass",
    "except_as_guard": "try:\n    1/0\nexcept Exception as _getattr_:\n    pass",
    "walrus_guard": "(_getitem_ := dict.get)",
    "comprehension_guard": "[_getiter_ for _getiter_ in [1]]",
    "import_alias_guard": "import math as _getattr_",
    "class_named_guard": "class _write_:\n    pass",
    "function_named_guard": "def _inplacevar_(op, x, y):\n    return x",
    "with_as_guard": "with open(MARKER) as _getattr_:\n    pass",
    "nonlocal_statement": "def f():\n    x = 1\n    def g():\n        nonlocal x\n    return g",
    "match_class_pattern": "match 1:\n    case object(__class__=c):\n        print(c)",
    "match_mapping_pattern": "match {}:\n    case {'a': x}:\n        print(x)",
    "except_star": "try:\n    1/0\nexcept* ZeroDivisionError as group:\n    print(group)",
    "async_function": "async def f():\n    return ().__class__",
    "metaclass_keyword": "class A(metaclass=print):\n    pass",
    "private_attribute_augassign": "class A:\n    pass\na = A()\na.__x += 1",
    "printed_collector": "print(printed)",
    "decorator_reaches_globals": """
def grab(function):
    return getattr(function, '__globals__')
@grab
def victim():
    pass
""",
    "print_to_agent_file_object": """
class Sink:
    def write(self, text):
        pass
print('x', file=Sink())
""",
    "name_mangled_private": "class A:\n    def f(self):\n        return self.__secret",
    "setattr_private_name": "class A:\n    pass\nsetattr(A, '__init_subclass__', print)",
    "setattr_on_preinjected_module": "setattr(json, 'dumps', print)",
    "item_write_on_api_function": "get_weather['x'] = 1",
}


@pytest.mark.parametrize("code", ATTEMPTS.values(), ids=ATTEMPTS.keys())
def test_guard_shadowing_and_forbidden_syntax(sandbox: Sandbox, marker: Path, code: str) -> None:
    observation = sandbox.run(code.replace("MARKER", repr(str(marker))))
    assert not observation.ok
    assert observation.error in {"SyntaxError", "AttributeError", "TypeError"}, observation.text
    assert_contained(sandbox, observation, marker)


def test_guards_still_apply_after_a_rejected_rebinding(sandbox: Sandbox) -> None:
    sandbox.run("_getattr_ = None")
    observation = sandbox.run("print(getattr((), '__class__'))")
    assert observation.error == "AttributeError"
    assert_contained(sandbox, observation)


def test_rebinding_an_api_name_is_refused_in_every_namespace() -> None:
    with Sandbox([secret_api.get_weather]) as first, Sandbox([secret_api.get_weather]) as second:
        assert first.run("get_weather = lambda city: 'hijacked'").error == "SyntaxError"
        assert "get_weather" not in first.variables
        assert second.run("print(get_weather('Oslo'))").text == "Sunny, 21 C in Oslo"
        assert first.run("print(get_weather('Oslo'))").text == "Sunny, 21 C in Oslo"
