"""A small shop of customers and orders, indexed for real, for runs that need ids of two kinds."""

from pathlib import Path

from conftest import indexed_agent

from react_repl.agent import Agent, AgentOptions
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


def shop_agent(
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
