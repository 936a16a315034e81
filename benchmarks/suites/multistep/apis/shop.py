"""Online shop back office: customers, their orders, refunds and customer e-mails.

The shop's data lives in `shop.db` in the workspace. Amounts are euros. An order's status is one
of processing, shipped, delivered or cancelled.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from _multistep_store import database, fetch_all, fetch_one, money, next_id

__all__ = [
    "cancel_order",
    "find_customer_by_email",
    "get_order",
    "issue_refund",
    "list_customer_orders",
    "list_order_refunds",
    "search_customers_by_name",
    "send_customer_email",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "cancel_order",
        "issue_refund",
        "send_customer_email",
    )
}

SHOP_DB = "shop.db"
ORDER_STATUSES = ("processing", "shipped", "delivered", "cancelled")


def find_customer_by_email(email: str) -> dict:
    """Find a shop customer by their e-mail address.

    Args:
        email: The customer's e-mail address, e.g. "jane@example.com" (case does not matter).

    Returns:
        The customer: keys id (e.g. "C-1001"), name, email, city and member_since.

    Raises:
        LookupError: No customer has this e-mail address.
    """
    with database(SHOP_DB) as db:
        customer = fetch_one(
            db, "SELECT * FROM customers WHERE lower(email) = lower(?)", email.strip()
        )
    if customer is None:
        raise LookupError(f"No customer has the e-mail address {email!r}.")
    return customer


def search_customers_by_name(name: str) -> list[dict]:
    """Search shop customers whose name contains the given text.

    Args:
        name: Part of the customer's name, e.g. "Patel".

    Returns:
        Matching customers (keys id, name, email, city, member_since), possibly empty.
    """
    with database(SHOP_DB) as db:
        return fetch_all(
            db,
            "SELECT * FROM customers WHERE lower(name) LIKE '%' || lower(?) || '%' ORDER BY id",
            name.strip(),
        )


def list_customer_orders(customer_id: str, status: str | None = None) -> list[dict]:
    """List a customer's orders, oldest first, optionally only those with one status.

    Args:
        customer_id: The customer's id, e.g. "C-1001" (see find_customer_by_email).
        status: Only orders with this status: "processing", "shipped", "delivered" or
            "cancelled". None lists all of them.

    Returns:
        One dict per order with keys id, placed_on (YYYY-MM-DD), status and total (euros).

    Raises:
        LookupError: There is no customer with this id.
        ValueError: The status is not one of the four statuses.
    """
    if status is not None and status not in ORDER_STATUSES:
        raise ValueError(f"Unknown status {status!r}; use one of {', '.join(ORDER_STATUSES)}.")
    with database(SHOP_DB) as db:
        _require_customer(db, customer_id)
        orders = fetch_all(
            db,
            "SELECT id, placed_on, status, total FROM orders WHERE customer_id = ? "
            "ORDER BY placed_on, id",
            customer_id,
        )
    return [order for order in orders if status is None or order["status"] == status]


def get_order(order_id: str) -> dict:
    """Get one order with its item lines and how much of it was refunded already.

    Args:
        order_id: The order id, e.g. "O-5002".

    Returns:
        Keys id, customer_id, placed_on, status, total, refunded (euros refunded so far) and
        items: a list of lines with keys line, sku, product, quantity, unit_price and
        line_total.

    Raises:
        LookupError: There is no order with this id.
    """
    with database(SHOP_DB) as db:
        order = _require_order(db, order_id)
        items = fetch_all(
            db,
            "SELECT line_no AS line, sku, product, quantity, unit_price, "
            "round(quantity * unit_price, 2) AS line_total FROM order_items "
            "WHERE order_id = ? ORDER BY line_no",
            order_id,
        )
        order["refunded"] = _refunded(db, order_id)
    order["items"] = items
    return order


def list_order_refunds(order_id: str) -> list[dict]:
    """List the refunds already issued for an order.

    Args:
        order_id: The order id, e.g. "O-5002".

    Returns:
        One dict per refund with keys id, order_id, amount, reason and created_at.

    Raises:
        LookupError: There is no order with this id.
    """
    with database(SHOP_DB) as db:
        _require_order(db, order_id)
        return fetch_all(db, "SELECT * FROM refunds WHERE order_id = ? ORDER BY id", order_id)


def issue_refund(order_id: str, amount: float, reason: str) -> dict:
    """Refund part or all of a shipped or delivered order to the customer's payment method.

    Args:
        order_id: The order to refund, e.g. "O-5002".
        amount: Euros to refund; at most the order total minus earlier refunds.
        reason: Why the money is returned, e.g. "damaged in transit".

    Returns:
        The refund: keys id (e.g. "R-0302"), order_id, amount, reason and created_at.

    Raises:
        LookupError: There is no order with this id.
        ValueError: The order is not shipped or delivered, the amount is not positive or more
            than is left to refund, or the reason is empty.
    """
    if not isinstance(amount, int | float) or amount <= 0:
        raise ValueError(f"The refund amount must be a positive number of euros, got {amount!r}.")
    if not str(reason).strip():
        raise ValueError("Give the reason for the refund, e.g. 'damaged in transit'.")
    with database(SHOP_DB, write=True) as db:
        order = _require_order(db, order_id)
        if order["status"] not in ("shipped", "delivered"):
            raise ValueError(
                f"Order {order_id} is {order['status']}; only shipped or delivered orders can "
                "be refunded (cancel a processing order instead)."
            )
        left = money(order["total"] - _refunded(db, order_id))
        if money(amount) > left:
            raise ValueError(f"Only {left:.2f} EUR of order {order_id} is left to refund.")
        existing = [row["id"] for row in fetch_all(db, "SELECT id FROM refunds")]
        refund = {
            "id": next_id("R-", existing, 4),
            "order_id": order_id,
            "amount": money(amount),
            "reason": str(reason).strip(),
            "created_at": datetime.now().isoformat(timespec="seconds"),
        }
        db.execute(
            "INSERT INTO refunds (id, order_id, amount, reason, created_at) "
            "VALUES (:id, :order_id, :amount, :reason, :created_at)",
            refund,
        )
    return refund


def cancel_order(order_id: str) -> dict:
    """Cancel an order that has not been shipped yet.

    Args:
        order_id: The order to cancel, e.g. "O-5007".

    Returns:
        The order's id, placed_on, status (now "cancelled") and total.

    Raises:
        LookupError: There is no order with this id.
        ValueError: The order is already shipped, delivered or cancelled.
    """
    with database(SHOP_DB, write=True) as db:
        order = _require_order(db, order_id)
        if order["status"] != "processing":
            raise ValueError(
                f"Order {order_id} is {order['status']}; only processing orders can be "
                "cancelled (refund a shipped or delivered one)."
            )
        db.execute("UPDATE orders SET status = 'cancelled' WHERE id = ?", (order_id,))
    order["status"] = "cancelled"
    return {key: order[key] for key in ("id", "placed_on", "status", "total")}


def send_customer_email(customer_id: str, subject: str, body: str) -> dict:
    """Send an e-mail to a shop customer at the address on file.

    Args:
        customer_id: The customer's id, e.g. "C-1001".
        subject: The subject line.
        body: The message text.

    Returns:
        The sent e-mail: keys id, customer_id, to (the address used), subject and sent_at.

    Raises:
        LookupError: There is no customer with this id.
        ValueError: The subject or the body is empty.
    """
    if not str(subject).strip() or not str(body).strip():
        raise ValueError("An e-mail needs both a subject and a body.")
    with database(SHOP_DB, write=True) as db:
        customer = _require_customer(db, customer_id)
        email = {
            "customer_id": customer_id,
            "to": customer["email"],
            "subject": str(subject).strip(),
            "body": str(body),
            "sent_at": datetime.now().isoformat(timespec="seconds"),
        }
        cursor = db.execute(
            "INSERT INTO emails (customer_id, recipient, subject, body, sent_at) "
            "VALUES (:customer_id, :to, :subject, :body, :sent_at)",
            email,
        )
    return {"id": cursor.lastrowid, **{k: v for k, v in email.items() if k != "body"}}


def _require_customer(db: sqlite3.Connection, customer_id: str) -> dict:
    customer = fetch_one(db, "SELECT * FROM customers WHERE id = ?", str(customer_id).strip())
    if customer is None:
        raise LookupError(f"No customer with id {customer_id!r}; customer ids look like C-1001.")
    return customer


def _require_order(db: sqlite3.Connection, order_id: str) -> dict:
    order = fetch_one(db, "SELECT * FROM orders WHERE id = ?", str(order_id).strip())
    if order is None:
        raise LookupError(f"No order with id {order_id!r}; order ids look like O-5001.")
    return order


def _refunded(db: sqlite3.Connection, order_id: str) -> float:
    row = fetch_one(
        db, "SELECT coalesce(sum(amount), 0) AS total FROM refunds WHERE order_id = ?", order_id
    )
    return money(row["total"] if row else 0)
