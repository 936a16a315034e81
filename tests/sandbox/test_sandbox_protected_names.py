"""Registered API names, host functions, `stop` and `help` cannot be hijacked across actions.

Rebinding is refused when the action is compiled, with a message that says why and what to do,
so the agent learns the rule instead of silently getting the real function back later.
"""

from __future__ import annotations

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

HIJACKS = {
    "def_over_an_api": "def get_weather(city):\n    return 'hijacked'",
    "assign_over_an_api": "get_weather = print",
    "assign_over_stop": "stop = print",
    "assign_over_method_search": "method_search = lambda q: 'fake results'",
    "assign_over_help": "help = print",
    "class_over_an_api": "class get_weather:\n    pass",
    "import_as_an_api": "import json as get_weather",
    "from_import_as_stop": "from datetime import datetime as stop",
    "for_target": "for stop in range(2):\n    pass",
    "tuple_target": "a, get_weather = 1, 2",
    "walrus": "(method_search := print)",
    "walrus_in_comprehension": "[get_weather := 1 for i in range(1)]",
    "with_target": (
        "class C:\n    def __enter__(self):\n        return 1\n"
        "    def __exit__(self, *a):\n        return False\n"
        "with C() as get_weather:\n    pass"
    ),
    "except_target": "try:\n    1/0\nexcept ZeroDivisionError as stop:\n    pass",
    "global_in_a_function": "def f():\n    global get_weather\n    get_weather = print\nf()",
    "delete": "del get_weather",
    "augmented": "get_weather += 1",
    "annotated": "stop: int = 1",
}


@pytest.mark.parametrize("code", HIJACKS.values(), ids=HIJACKS.keys())
def test_rebinding_a_protected_name_is_refused(sandbox: Sandbox, code: str) -> None:
    observation = sandbox.run(code)
    assert observation.error == "SyntaxError", observation.text
    assert "cannot be rebound" in observation.text, observation.text
    after = sandbox.run("print(get_weather('Oslo'))\nmethod_search('x')")
    assert after.text == "Sunny, 21 C in Oslo\n5 results for 'x'", after.text
    assert sandbox.run("stop('real')").answer == "real"
    assert_contained(sandbox, observation)


def test_the_message_names_the_function_and_suggests_another_name(sandbox: Sandbox) -> None:
    observation = sandbox.run("def get_weather(city):\n    return 'hijacked'")
    assert "get_weather is a function the sandbox provides" in observation.text, observation.text
    assert "my_get_weather" in observation.text


def test_a_hijack_in_a_function_defined_earlier_cannot_fire_later(sandbox: Sandbox) -> None:
    sandbox.run("def later():\n    return get_weather('Rome')")
    sandbox.run("def get_weather(c):\n    return 'hijacked'")
    assert sandbox.run("print(later())").text == "Sunny, 21 C in Rome"


def test_local_names_and_parameters_may_shadow_freely_inside_functions(sandbox: Sandbox) -> None:
    """A parameter named like an API hijacks nothing: it lives in the function's own scope."""
    observation = sandbox.run("def show(stop):\n    return stop * 2\nprint(show(4))")
    assert observation.text == "8", observation.text


def test_preinjected_values_stay_rebindable(sandbox: Sandbox) -> None:
    """`json`, `math` and friends are conveniences, not machinery: reusing the name is fine."""
    observation = sandbox.run("math = 3\nprint(math)")
    assert observation.text == "3"
    sandbox.reset()
