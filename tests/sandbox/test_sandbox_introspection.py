"""`dir()` and friends show the agent its own names and the APIs, none of the machinery."""

from __future__ import annotations

from react_repl.sandbox import Sandbox


def _listed(box: Sandbox, expression: str) -> list[str]:
    observation = box.run(f"print(';'.join({expression}))")
    assert observation.ok, observation.text
    return observation.text.split(";") if observation.text else []


def test_dir_lists_agent_names_apis_and_nothing_private(sandbox: Sandbox) -> None:
    sandbox.run("mine = 1\ndef helper():\n    pass")
    names = _listed(sandbox, "dir()")
    assert {"mine", "helper", "get_weather", "method_search", "stop", "help", "json"} <= set(names)
    assert not [name for name in names if name.startswith("_")], names
    assert "printed" not in names


def test_dir_inside_a_function_lists_its_locals(sandbox: Sandbox) -> None:
    observation = sandbox.run("def f(a):\n    b = 2\n    return dir()\nprint(f(1))")
    assert observation.text == "['a', 'b']", observation.text


def test_dir_of_sandbox_objects_shows_no_internals(sandbox: Sandbox) -> None:
    for target in ("get_weather", "method_search", "stop", "help", "make_picture()", "json"):
        names = _listed(sandbox, f"dir({target})")
        assert not [name for name in names if name.startswith("_")], (target, names)


def test_dir_of_plain_values_lists_their_public_methods(sandbox: Sandbox) -> None:
    names = _listed(sandbox, "dir([])")
    assert "append" in names and not [name for name in names if name.startswith("_")]


def test_reprs_do_not_name_the_machinery(sandbox: Sandbox) -> None:
    observation = sandbox.run("print(stop, help, get_weather, method_search)")
    for internal in ("make_stop", "make_help", "<locals>", "Guards", "ApiFunction", "0x"):
        assert internal not in observation.text, observation.text


def test_calling_stop_wrongly_names_stop_only(sandbox: Sandbox) -> None:
    observation = sandbox.run("stop(1, 2)")
    assert observation.error == "TypeError"
    assert "make_stop" not in observation.text and "<locals>" not in observation.text


def test_a_fresh_namespace_lists_only_what_was_offered() -> None:
    with Sandbox(preinject=("math",)) as box:
        assert _listed(box, "dir()") == ["help", "math", "stop"]


def test_dir_as_a_factory_an_api_calls_lists_nothing_of_the_api(sandbox: Sandbox) -> None:
    """Found by red-teaming: `dir()` with no argument lists its caller's locals, so a
    `defaultdict(dir)` filled by an API listed the API's local names."""
    observation = sandbox.run("print(look_up_missing(defaultdict(dir)))")
    assert observation.text == "[]", observation.text
    inside = sandbox.run("def f():\n    mine = 1\n    return dir()\nprint(f())")
    assert inside.text == "['mine']", inside.text
