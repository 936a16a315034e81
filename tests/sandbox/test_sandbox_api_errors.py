"""A builtin exception from an API reaches the agent as the agent would have raised it: the
same type and the same plain arguments (a KeyError's key, an OSError's errno and file name).
Rebuilt from its text instead, a KeyError read `KeyError: "'unknown city Nowhere'"`, quoted
twice, and `e.args` no longer held the key. Objects, str subclasses and huge values never cross;
those errors keep only their text."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import raising_api

from react_repl.sandbox import Sandbox

APIS = [
    raising_api.city_temperature,
    raising_api.missing_code,
    raising_api.read_report,
    raising_api.fail_with_object,
    raising_api.fail_with_token,
    raising_api.fail_with_huge_key,
]


@pytest.fixture(scope="module")
def box() -> Iterator[Sandbox]:
    with Sandbox(APIS) as sandbox:
        yield sandbox


def test_an_api_key_error_reads_as_the_agents_own(box: Sandbox) -> None:
    observation = box.run("city_temperature('Nowhere')")
    assert observation.error == "KeyError"
    assert observation.text.splitlines()[-1] == "KeyError: 'unknown city Nowhere'"


def test_an_api_key_error_keeps_its_args(box: Sandbox) -> None:
    code = (
        "try:\n    city_temperature('Nowhere')\nexcept KeyError as e:\n    print(repr(e), e.args)"
    )
    observation = box.run(code)
    assert observation.text == "KeyError('unknown city Nowhere') ('unknown city Nowhere',)"


def test_an_int_key_stays_an_int(box: Sandbox) -> None:
    code = "try:\n    missing_code(404)\nexcept KeyError as e:\n    print(e.args[0] + 1)"
    assert box.run(code).text == "405"


def test_an_os_error_keeps_errno_strerror_and_filename(box: Sandbox) -> None:
    code = """
try:
    read_report('q3.txt')
except FileNotFoundError as e:
    print(e.errno, e.strerror, e.filename)
    print(e)
"""
    observation = box.run(code)
    assert observation.text.splitlines() == [
        "2 No such file or directory q3.txt",
        "[Errno 2] No such file or directory: 'q3.txt'",
    ]


@pytest.mark.parametrize(
    ("call", "kind", "shown"),
    [("fail_with_object()", "KeyError", "('<Record 7>',)"),
     ("fail_with_token()", "ValueError", "('bad token',)"),
     ("fail_with_huge_key()", "KeyError", "300002")],
)  # fmt: skip
def test_arguments_that_are_not_plain_data_cross_as_text(
    box: Sandbox, call: str, kind: str, shown: str
) -> None:
    show = "len(e.args[0])" if "huge" in call else "e.args"
    code = f"try:\n    {call}\nexcept {kind} as e:\n    print({show})"
    assert box.run(code).text == shown


def test_a_str_subclass_argument_does_not_bring_its_methods(box: Sandbox) -> None:
    code = "try:\n    fail_with_token()\nexcept ValueError as e:\n    print(e.args[0].reveal())"
    observation = box.run(code)
    assert observation.error == "AttributeError"
    assert "planted-token-secret" not in observation.text


def unknown_city(city: str) -> float:
    """A host function: runs in the parent, its error crosses the pipe."""
    raise KeyError(f"unknown city {city}")


def test_a_host_function_key_error_keeps_its_args() -> None:
    code = "try:\n    unknown_city('Nowhere')\nexcept KeyError as e:\n    print(e, e.args)"
    with Sandbox(host_functions={"unknown_city": unknown_city}) as sandbox:
        observation = sandbox.run(code)
    assert observation.text == "'unknown city Nowhere' ('unknown city Nowhere',)"


@pytest.fixture(scope="module")
def named_box() -> Iterator[Sandbox]:
    apis = [raising_api.missing_name, raising_api.missing_module, raising_api.missing_attribute,
            raising_api.missing_name_as_token]  # fmt: skip
    with Sandbox(apis) as sandbox:
        yield sandbox


@pytest.mark.parametrize(
    ("call", "kind", "fields", "shown"),
    [("missing_name()", "NameError", "e.name", "quota"),
     ("missing_module()", "ImportError", "e.name, e.path", "pandas /opt/plugins"),
     ("missing_attribute()", "AttributeError", "e.name", "total")],
)  # fmt: skip
def test_keyword_fields_of_plain_text_cross(
    named_box: Sandbox, call: str, kind: str, fields: str, shown: str
) -> None:
    """Found by red-teaming: NameError.name, ImportError.name/.path and AttributeError.name are
    keyword fields, not args, so they were lost (None) while OSError's errno and filename
    crossed."""
    code = f"try:\n    {call}\nexcept {kind} as e:\n    print({fields})"
    assert named_box.run(code).text == shown


def test_the_module_not_found_type_crosses_too(named_box: Sandbox) -> None:
    observation = named_box.run("missing_module()")
    assert observation.error == "ModuleNotFoundError"


def test_a_str_subclass_field_does_not_cross(named_box: Sandbox) -> None:
    code = "try:\n    missing_name_as_token()\nexcept NameError as e:\n    print(e.name)"
    assert named_box.run(code).text == "None"


def test_an_attribute_errors_object_stays_behind(named_box: Sandbox) -> None:
    code = (
        "try:\n    missing_attribute()\n"
        "except AttributeError as e:\n    print(getattr(e, 'obj', 'refused'))"
    )
    assert named_box.run(code).text == "refused"


def missing_report(name: str) -> str:
    """A host function: its NameError's name crosses the pipe as a keyword field."""
    raise NameError(f"name {name!r} is not defined", name=name)


def test_a_host_function_name_error_keeps_its_name() -> None:
    code = "try:\n    missing_report('q3')\nexcept NameError as e:\n    print(e.name)"
    with Sandbox(host_functions={"missing_report": missing_report}) as sandbox:
        assert sandbox.run(code).text == "q3"
