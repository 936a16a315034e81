"""Host functions return their value to the action; only those marked prints_result print."""

from __future__ import annotations

from datetime import date

from react_repl.sandbox import Sandbox, prints_result


def lookup(city: str) -> dict:
    return {"city": city, "temps": [21.5, 19.0], "sunny": True, "note": None}


def opaque(value: int) -> object:
    return date(2025, 12, value)


@prints_result
def listing(topic: str) -> str:
    return f"`{topic}_one()`: first\n`{topic}_two()`: second"


def failing(reason: str) -> str:
    raise ValueError(f"cannot: {reason}")


def test_a_value_comes_back_as_plain_data() -> None:
    with Sandbox(host_functions={"lookup": lookup}) as sandbox:
        seen = sandbox.run('w = lookup("Paris")\nprint(isinstance(w, dict), w["temps"][0])')
        assert seen.text.strip() == "True 21.5"
        done = sandbox.run("stop(w)")
    assert done.answer == {"city": "Paris", "temps": [21.5, 19.0], "sunny": True, "note": None}


def test_a_value_that_is_not_data_arrives_as_its_text() -> None:
    with Sandbox(host_functions={"opaque": opaque}) as sandbox:
        observation = sandbox.run("d = opaque(25)\nprint(isinstance(d, str), d)")
    assert observation.text.strip() == "True 2025-12-25"


def test_a_printing_function_prints_and_returns_none() -> None:
    with Sandbox(host_functions={"listing": listing}) as sandbox:
        observation = sandbox.run('result = listing("weather")\nprint(result)')
    assert observation.text.splitlines() == ["`weather_one()`: first", "`weather_two()`: second",
                                             "None"]  # fmt: skip


def test_an_error_in_a_host_function_is_an_exception_in_the_action() -> None:
    with Sandbox(host_functions={"failing": failing}) as sandbox:
        caught = sandbox.run('try:\n    failing("x")\nexcept ValueError as e:\n    print(e)')
        assert caught.text.strip() == "cannot: x"
        assert sandbox.run("print(6 * 7)").text.strip() == "42"
