"""Event ticketing: concerts, shows and plays, seating sections, ticket orders and sales.

The data lives in `events.json` in the workspace. Prices are euros per ticket; every ticket
also costs a booking fee (2.50 EUR) that a cancellation does not refund. Dates are YYYY-MM-DD.
"""

from __future__ import annotations

import re

from _multistep_store import folded, money, next_id, parse_day, read_json, write_json

__all__ = [
    "buy_tickets",
    "cancel_ticket_order",
    "get_event_sales_report",
    "get_event_seating",
    "list_ticket_orders",
    "search_events",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "buy_tickets",
        "cancel_ticket_order",
    )
}

EVENTS_FILE = "events.json"
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def search_events(
    text: str | None = None,
    city: str | None = None,
    venue: str | None = None,
    date_from: str | None = None,
    date_to: str | None = None,
) -> list[dict]:
    """Search upcoming and past events by name, city, venue and date range, by date.

    Args:
        text: Part of the event's name or category, e.g. "Nordic Strings" or "jazz".
        city: Only events in this city, e.g. "Ghent".
        venue: Only events at this venue, e.g. "De Roma".
        date_from: Only events on or after this day, YYYY-MM-DD.
        date_to: Only events on or before this day, YYYY-MM-DD.

    Returns:
        One dict per event with keys id (e.g. "EV-301"), name, category, venue, city, date and
        starts (HH:MM).

    Raises:
        ValueError: A date is not YYYY-MM-DD.
    """
    low = parse_day(date_from, "start date").isoformat() if date_from else "0000"
    high = parse_day(date_to, "end date").isoformat() if date_to else "9999"
    found = []
    for event in read_json(EVENTS_FILE)["events"]:
        wanted = [
            (text, f"{event['name']} {event['category']}"),
            (city, event["city"]),
            (venue, event["venue"]),
        ]
        matches = all(value is None or folded(value) in folded(field) for value, field in wanted)
        if matches and low <= event["date"] <= high:
            found.append({key: value for key, value in event.items() if key != "sections"})
    return sorted(found, key=lambda event: (event["date"], event["starts"]))


def get_event_seating(event_id: str) -> dict:
    """Get an event's seating sections with their prices and free seats.

    Args:
        event_id: The event's id, e.g. "EV-301" (see search_events).

    Returns:
        Keys event_id, name, date, venue and sections: a list of dicts with keys name,
        price_eur (per ticket, before the booking fee), capacity, sold and available.

    Raises:
        LookupError: There is no event with this id.
    """
    event = _event(read_json(EVENTS_FILE), event_id)
    sections = [
        {**section, "available": section["capacity"] - section["sold"]}
        for section in event["sections"]
    ]
    return {
        "event_id": event["id"],
        "name": event["name"],
        "date": event["date"],
        "venue": event["venue"],
        "sections": sections,
    }


def get_event_sales_report(event_id: str) -> dict:
    """Get how many tickets an event has sold and the ticket revenue (fees excluded).

    Args:
        event_id: The event's id, e.g. "EV-310".

    Returns:
        Keys event_id, name, date, tickets_sold, capacity and revenue_eur.

    Raises:
        LookupError: There is no event with this id.
    """
    event = _event(read_json(EVENTS_FILE), event_id)
    sections = event["sections"]
    return {
        "event_id": event["id"],
        "name": event["name"],
        "date": event["date"],
        "tickets_sold": sum(section["sold"] for section in sections),
        "capacity": sum(section["capacity"] for section in sections),
        "revenue_eur": money(sum(section["sold"] * section["price_eur"] for section in sections)),
    }


def buy_tickets(event_id: str, section: str, quantity: int, buyer_email: str) -> dict:
    """Buy tickets for one seating section of an event.

    Args:
        event_id: The event's id, e.g. "EV-301".
        section: The section's name, e.g. "Balcony" (see get_event_seating).
        quantity: Number of tickets, 1 to 10.
        buyer_email: The e-mail address the tickets are sent to.

    Returns:
        The order: keys id (e.g. "TO-5504"), event_id, section, quantity, buyer_email,
        unit_price_eur, fee_eur (booking fees) and total_eur (what was paid).

    Raises:
        LookupError: There is no such event or section.
        ValueError: The quantity is not 1 to 10, the e-mail address is invalid, or the section
            has fewer seats left.
    """
    if isinstance(quantity, bool) or not isinstance(quantity, int) or not 1 <= quantity <= 10:
        raise ValueError(f"quantity must be a whole number from 1 to 10, got {quantity!r}.")
    if not _EMAIL.match(str(buyer_email).strip()):
        raise ValueError(f"{buyer_email!r} is not an e-mail address.")
    data = read_json(EVENTS_FILE)
    event = _event(data, event_id)
    chosen = next((s for s in event["sections"] if folded(s["name"]) == folded(section)), None)
    if chosen is None:
        names = ", ".join(s["name"] for s in event["sections"])
        raise LookupError(f"{event['name']} has no section {section!r}; it has {names}.")
    left = chosen["capacity"] - chosen["sold"]
    if left < quantity:
        raise ValueError(f"Only {left} seat(s) left in {chosen['name']}.")
    chosen["sold"] += quantity
    fee = money(data["booking_fee_per_ticket_eur"] * quantity)
    order = {
        "id": next_id("TO-", [o["id"] for o in data["orders"]], 4),
        "event_id": event["id"],
        "section": chosen["name"],
        "quantity": quantity,
        "buyer_email": str(buyer_email).strip().lower(),
        "unit_price_eur": chosen["price_eur"],
        "fee_eur": fee,
        "total_eur": money(chosen["price_eur"] * quantity + fee),
    }
    data["orders"].append(order)
    write_json(EVENTS_FILE, data)
    return dict(order)


def list_ticket_orders(buyer_email: str) -> list[dict]:
    """List the ticket orders placed with an e-mail address.

    Args:
        buyer_email: The buyer's e-mail address.

    Returns:
        One dict per order with keys id, event_id, section, quantity, buyer_email,
        unit_price_eur, fee_eur and total_eur.
    """
    wanted = str(buyer_email).strip().lower()
    return [order for order in read_json(EVENTS_FILE)["orders"] if order["buyer_email"] == wanted]


def cancel_ticket_order(order_id: str) -> dict:
    """Cancel a ticket order; the ticket price is refunded, the booking fees are not.

    Args:
        order_id: The order's id, e.g. "TO-5502".

    Returns:
        Keys order_id, status ("cancelled") and refund_eur.

    Raises:
        LookupError: There is no order with this id.
    """
    data = read_json(EVENTS_FILE)
    order = next((o for o in data["orders"] if o["id"] == str(order_id).strip().upper()), None)
    if order is None:
        raise LookupError(f"No ticket order with id {order_id!r}.")
    event = _event(data, order["event_id"])
    for section in event["sections"]:
        if section["name"] == order["section"]:
            section["sold"] -= order["quantity"]
    data["orders"].remove(order)
    write_json(EVENTS_FILE, data)
    refund = money(order["total_eur"] - order["fee_eur"])
    return {"order_id": order["id"], "status": "cancelled", "refund_eur": refund}


def _event(data: dict, event_id: str) -> dict:
    for event in data["events"]:
        if event["id"] == str(event_id).strip().upper():
            return event
    raise LookupError(f"No event with id {event_id!r}; see search_events().")
