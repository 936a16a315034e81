"""Failed lookups in API results read as corrections a small model can copy, through a whole run:
the scripted server plays the model, the real sandbox runs the actions and the next prompt shows
what the model was told (round-4 logs: the 1.5B model repeated these lookups until max steps)."""

from pathlib import Path

import agent_test_apis as apis
import pytest
from test_loop import fenced, make_agent

from react_repl.llm import ScriptedServer

CUSTOMER_APIS = {"find_customer": apis.find_customer, "get_customer": apis.get_customer}


def observation_after(server: ScriptedServer, tmp_path: Path, code: str) -> str:
    server.enqueue(fenced("Look the customer up.", code))
    server.enqueue(fenced("Done.", "stop(1)"))
    result = make_agent(server, tmp_path, apis=CUSTOMER_APIS).run("Maya Lindqvist's balance?")
    assert result.steps[0].observation in server.requests[1]["messages"][-1]["content"]
    return result.steps[0].observation


@pytest.mark.parametrize(
    ("code", "hint"),
    [
        (
            'found = find_customer("Lindqvist")\nprint(get_customer(found))',
            "customer_id was given a list of one record; pass the record's 'id' instead: 'C-2002'",
        ),
        (
            'found = find_customer("Lindqvist")[0]\nprint(get_customer(found))',
            "customer_id was given a whole record (a dict); pass the record's 'id' instead: "
            "'C-2002'",
        ),
        (
            'print(get_customer(customer_id=find_customer("a")))',
            "customer_id was given a list of 2 records; pick one and pass its 'id'",
        ),
    ],
)
def test_a_record_passed_for_its_id_is_named_with_the_id_to_pass(
    server: ScriptedServer, tmp_path: Path, code: str, hint: str
) -> None:
    observation = observation_after(server, tmp_path, code)
    assert observation.startswith("Traceback")  # the API's own error (unhashable record) stays
    assert observation.endswith(f"Hint: {hint}")


def test_a_wrong_id_gets_no_record_hint(server: ScriptedServer, tmp_path: Path) -> None:
    observation = observation_after(server, tmp_path, 'print(get_customer("C-9"))')
    assert "LookupError: No customer with id 'C-9'" in observation
    assert "Hint" not in observation


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            'print(find_customer("Lindqvist")[0]["customer_id"])',
            "'customer_id' (this dict's keys: 'id', 'name', 'balance'; did you mean 'id'?)",
        ),
        (
            'print(find_customer("Lindqvist")[0]["balanse"])',
            "did you mean 'balance'?",
        ),
        (
            'print(find_customer("Lindqvist")["id"])',
            "TypeError: list indices must be integers or slices, not str: this is a list of 1 "
            "dict; take one item first, e.g. [0]['id']",
        ),
        (
            'customer = find_customer("Lindqvist")[0]["id"]\nprint(customer["name"])',
            "TypeError: string indices must be integers, not 'str': 'C-2002' is a string, not a "
            "dict, so it has no 'name'. If it is an id, its record comes from a function that "
            "takes the id (find one with method_search)",
        ),
    ],
)
def test_a_missing_key_names_the_key_probably_meant(
    server: ScriptedServer, tmp_path: Path, code: str, message: str
) -> None:
    assert message in observation_after(server, tmp_path, code)


def test_no_key_is_guessed_when_none_is_close(server: ScriptedServer, tmp_path: Path) -> None:
    observation = observation_after(server, tmp_path, 'print(find_customer("Ada")[0]["supplier"])')
    assert "(this dict's keys: 'id', 'name', 'balance')" in observation
    assert "did you mean" not in observation
