"""An id of one kind passed where another is wanted: the observation names the functions of the
same service that take it. A whole run: real registry, index and sandbox, the scripted server
through the real client (a probe of the 1.5B model repeated `get_order(customer["id"])` five
times)."""

from pathlib import Path

from shop_apis import TASK, shop_agent
from test_loop import PLAIN, fenced

from react_repl.llm import ScriptedServer

WRONG_KIND = (
    'customer = find_customer_by_email("raj@example.com")\nprint(get_order(customer["id"]))'
)


def first_observation(
    server: ScriptedServer, tmp_path: Path, code: str, techniques: tuple[str, ...] = ()
) -> str:
    server.enqueue(fenced("Look the orders up.", code))
    server.enqueue(fenced("done", "stop(0)"))
    options = PLAIN.with_values({"techniques": list(techniques)}) if techniques else PLAIN
    result = shop_agent(server, tmp_path, options).run(TASK)
    assert result.steps[0].observation in server.requests[1]["messages"][-1]["content"]
    return result.steps[0].observation


def test_a_customer_id_passed_for_an_order_id_names_the_functions_that_take_it(
    server: ScriptedServer, tmp_path: Path
) -> None:
    observation = first_observation(server, tmp_path, WRONG_KIND)
    assert "LookupError: No order with id 'C-1'" in observation
    assert observation.endswith(
        "['C-1' has the form of a customer_id (e.g. 'C-7'), not of what get_order takes. "
        "Functions that take it: list_customer_orders(customer_id).]"
    )
    assert "rain_tomorrow" not in observation  # same shape ("C-3"), another service


def test_an_id_of_the_right_kind_that_does_not_exist_gets_no_such_hint(
    server: ScriptedServer, tmp_path: Path
) -> None:
    observation = first_observation(server, tmp_path, 'print(get_order("O-9"))')
    assert "No order with id 'O-9'" in observation
    assert "has the form of" not in observation


def test_switched_off_with_the_api_hints(server: ScriptedServer, tmp_path: Path) -> None:
    observation = first_observation(server, tmp_path, WRONG_KIND, ("-api_hints",))
    assert "No order with id 'C-1'" in observation
    assert "has the form of" not in observation
