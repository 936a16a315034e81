"""`program_first`: the task arrives with the functions it needs, documented well enough to write
the whole solution at once, and the prompt asks for one program. Whole runs: the real registry,
FAISS index and embedding model find the functions, the scripted server plays the model through
the real client, and the real sandbox runs the program."""

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import indexed_agent
from test_loop import PLAIN, fenced

from react_repl.agent import Agent, AgentOptions, Status
from react_repl.llm import ScriptedServer
from react_repl.registry import ApiRegistry

SHOP = '''
"""A small shop: customers and their orders."""

import os
from pathlib import Path

__react_repl__ = {"issue_refund": {"side_effects": True}}

ORDERS = {
    "C-1": [
        {"id": "O-1", "status": "delivered", "total": 10.5},
        {"id": "O-2", "status": "cancelled", "total": 99.0},
        {"id": "O-3", "status": "delivered", "total": 4.25},
    ]
}


def find_customer_by_email(email: str) -> dict:
    """Find a shop customer by their e-mail address.

    Args:
        email: The customer's e-mail address.

    Returns:
        The customer: keys id (e.g. "C-9"), name and email.
    """
    if email != "raj@example.com":
        raise LookupError(f"No customer has the e-mail address {email!r}.")
    return {"id": "C-1", "name": "Raj", "email": email}


def list_customer_orders(customer_id: str) -> list[dict]:
    """List a customer's orders, oldest first.

    Args:
        customer_id: The customer's id, e.g. "C-7".

    Returns:
        The orders, each with keys id, status and total (euros).
    """
    return ORDERS[customer_id]


def get_order(order_id: str) -> dict:
    """Get one order.

    Args:
        order_id: The order's id, e.g. "O-4".
    """
    for orders in ORDERS.values():
        for order in orders:
            if order["id"] == order_id:
                return order
    raise LookupError(f"No order with id {order_id!r}; order ids look like O-1.")


def issue_refund(order_id: str, amount: float) -> dict:
    """Refund part of an order; each refund is a line in refunds.txt.

    Args:
        order_id: The order's id, e.g. "O-4".
        amount: Euros to refund.

    Returns:
        The refund: keys id, order_id and amount.
    """
    path = Path(os.environ["REACT_REPL_WORKSPACE"]) / "refunds.txt"
    with path.open("a") as file:
        file.write(f"{order_id} {amount}\\n")
    return {"id": f"R-{len(path.read_text().splitlines())}", "order_id": order_id, "amount": amount}


def shop_opening_hours() -> str:
    """When the shop's help line answers."""
    return "9-17"
'''

WEATHER = '''
"""Weather."""


def rain_tomorrow(station_id: str) -> float:
    """Chance of rain tomorrow at a weather station, from 0 to 1.

    Args:
        station_id: The station's id, e.g. "C-3".
    """
    return 0.5
'''

TASK = "How much has raj@example.com spent on delivered orders? Answer in euros, as a number."
PROGRAM = """customer = find_customer_by_email("raj@example.com")
orders = list_customer_orders(customer["id"])
delivered = [order for order in orders if order["status"] == "delivered"]
print(delivered)
stop(sum(order["total"] for order in delivered))"""


def program_agent(
    server: ScriptedServer, tmp_path: Path, options: AgentOptions, module_size: int = 0
) -> Agent:
    apis_dir = tmp_path / "apis"
    apis_dir.mkdir()
    extra = "".join(
        f'\n\ndef shop_note_{n}() -> str:\n    """Note {n}."""\n    return \'\'\n'
        for n in range(module_size)
    )
    (apis_dir / "shop.py").write_text(SHOP + extra)
    (apis_dir / "weather.py").write_text(WEATHER)
    registry = ApiRegistry.discover([apis_dir], builtin=False, entry_points=False)
    workspace = {"workspace": tmp_path / "workspace"}
    return indexed_agent(server, tmp_path, registry, options, sandbox_settings=workspace)


PROGRAM_FIRST = replace(PLAIN, program_first=True, search_k=1, thought_prefix="")


def test_the_task_comes_with_its_service_documented_and_one_program_solves_it(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Find the customer, list the orders, add up the delivered.", PROGRAM))
    result = program_agent(server, tmp_path, PROGRAM_FIRST).run(TASK)

    assert result.status is Status.FINISHED
    assert result.answer == 14.75
    assert len(result.steps) == 1
    messages = server.requests[0]["messages"]
    task_prompt = messages[-1]["content"]
    found = task_prompt.split("found these functions for this task")[1]
    # search_k=1: one hit; its module's other functions come with it, the other module's do not
    assert "`list_customer_orders(customer_id: str) -> list[dict]`: List a customer's" in found
    assert "`find_customer_by_email(email: str) -> dict`: Find a shop customer" in found
    assert "    returns: The orders, each with keys id, status and total (euros)." in found
    assert "    email: The customer's e-mail address." in found
    assert "shop_opening_hours" in found
    assert "rain_tomorrow" not in found and "get_order(order_id: str) -> dict" in found
    system = messages[0]["content"]
    assert "Write the whole solution as one program" in system
    assert "Keep actions small" not in system
    assert 'min(trails, key=lambda trail: trail["length_km"])' in system  # the program example
    assert "Christmas" not in system


def test_a_large_module_is_a_library_and_only_its_hits_are_shown(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("done", "stop(0)"))
    program_agent(server, tmp_path, PROGRAM_FIRST, module_size=12).run(TASK)
    found = server.requests[0]["messages"][-1]["content"].split("for this task")[1]
    listed = [line for line in found.splitlines() if line.startswith("`")]
    assert len(listed) == 1  # search_k=1 and no siblings from a 15-function module


def test_off_by_default(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("done", "stop(0)"))
    program_agent(server, tmp_path, PLAIN).run(TASK)
    first = server.requests[0]["messages"]
    assert "found these functions" not in first[-1]["content"]
    assert "Keep actions small" in first[0]["content"]


def test_task_search_alone_keeps_its_short_listing(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("done", "stop(0)"))
    program_agent(server, tmp_path, replace(PLAIN, task_search=True, search_k=1)).run(TASK)
    first = server.requests[0]["messages"]
    listing = first[-1]["content"].split("for this task")[1]
    assert len([line for line in listing.splitlines() if line.startswith("`")]) == 1
    assert listing.count("returns:") == 1  # the top hit's, as every method_search shows it
    assert "Keep actions small" in first[0]["content"]


def test_copying_the_program_example_is_caught(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("The example's answer.", 'stop("Pine Ridge, 2031-05-02")'))
    server.enqueue(fenced("done", PROGRAM))
    result = program_agent(server, tmp_path, PROGRAM_FIRST).run(TASK)
    assert "comes from the worked example" in result.steps[0].observation
    assert result.answer == 14.75


REFUND = """refund = issue_refund("O-1", 10.5)
print(refund)
stop(refund["{key}"])"""


@pytest.mark.parametrize(("hold", "refunds"), [(True, 1), (False, 2)])
def test_a_program_run_again_after_it_failed_refunds_once(
    server: ScriptedServer, tmp_path: Path, hold: bool, refunds: int
) -> None:
    server.enqueue(fenced("Refund the order.", REFUND.format(key="refund_id")))
    server.enqueue(fenced("The key is id.", REFUND.format(key="id")))
    options = replace(PROGRAM_FIRST, hold_repeated_writes=hold)
    result = program_agent(server, tmp_path, options).run("Refund 10.50 on order O-1.")

    assert result.steps[0].observation.splitlines()[-1].startswith("KeyError")
    assert result.answer == ("R-1" if hold else "R-2")
    assert len((tmp_path / "workspace" / "refunds.txt").read_text().splitlines()) == refunds
    replayed = "already ran with these arguments earlier in this run" in result.steps[1].observation
    assert replayed is hold
