"""State checks of the multistep suite: what each task must have changed, and nothing more.

Each check compares the task's final workspace (`world`) with the suite's original fixtures:
the rows a task should add or change must be there with the right values, and every other row
of the same file must be exactly as it was. Other files are covered by the suite's collateral
damage rule (`may_change` in suite.toml). A failed check raises AssertionError saying what is
wrong.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Callable, Iterable
from contextlib import closing
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent / "fixtures"
Key = str | Callable[[dict], Any]


# --- shop -------------------------------------------------------------------------------------


def teapot_refunded(world: Any) -> None:
    """One refund of the teapot line (38.50) on Maya Lindqvist's order of 2 March, O-5002."""
    before, after = _db_tables(world, "shop.db", unchanged=("customers", "orders", "order_items"))
    _assert_changes(
        before["refunds"],
        after["refunds"],
        "id",
        added=[{"order_id": "O-5002", "amount": 38.5, "reason": "arrived broken"}],
        what="refund",
    )


def refund_email_sent(world: Any) -> None:
    """One e-mail to Maya Lindqvist, subject 'Your refund', naming the amount refunded."""
    before, after = _db_tables(world, "shop.db", unchanged=("customers", "orders", "order_items"))
    (email,) = _assert_changes(
        before["emails"],
        after["emails"],
        "id",
        added=[{"customer_id": "C-1001", "subject": "Your refund"}],
        what="e-mail",
    )
    assert _mentions_amount(email["body"], 38.5), (
        f"the e-mail does not say 38.50: {email['body']!r}"
    )


# --- library ----------------------------------------------------------------------------------


def due_loans_renewed(world: Any) -> None:
    """Elif Demir's loans due by 2025-05-10 renewed once more each; no other loan touched."""
    before, after = _db_tables(
        world, "library.db", unchanged=("members", "books", "copies", "holds")
    )
    _assert_changes(
        before["loans"],
        after["loans"],
        "id",
        changed={
            "L-9001": {"due_on": "2025-05-24", "renewals": 1},
            "L-9002": {"due_on": "2025-05-31", "renewals": 2},
        },
        what="loan",
    )


def salt_road_hold_placed(world: Any) -> None:
    """One active hold for Bram Jacobs (M-202) on Ines Okafor's The Salt Road."""
    before, after = _db_tables(
        world, "library.db", unchanged=("members", "books", "copies", "loans")
    )
    _assert_changes(
        before["holds"],
        after["holds"],
        "id",
        added=[{"isbn": "9781903722176", "member_id": "M-202", "status": "active"}],
        what="hold",
    )


# --- travel -----------------------------------------------------------------------------------


def cheapest_flight_booked(world: Any) -> None:
    """Ana Sousa booked on SK542 (142.50, the cheapest on the day); one seat fewer on it."""
    before, after = _json_sections(world, "travel.json", unchanged=("airports",))
    _assert_changes(
        before["flights"],
        after["flights"],
        _flight_key,
        changed={("SK542", "2025-07-18"): {"seats_left": 2}},
        what="flight",
    )
    _assert_changes(
        before["bookings"],
        after["bookings"],
        "reference",
        added=[
            {
                "reference": "BK1004",
                "flight_number": "SK542",
                "date": "2025-07-18",
                "passenger": "Ana Sousa",
                "price_eur": 142.5,
                "status": "confirmed",
            }
        ],
        what="booking",
    )


# --- HR ---------------------------------------------------------------------------------------


def wojcik_leave_requested(world: Any) -> None:
    """One pending annual leave request for Tomasz Wójcik (E-112), 9 working days."""
    before, after = _json_sections(world, "hr.json", unchanged=("employees", "entitlements"))
    _assert_changes(
        before["leave_requests"],
        after["leave_requests"],
        "id",
        added=[
            {
                "employee_id": "E-112",
                "type": "annual",
                "start": "2025-08-11",
                "end": "2025-08-22",
                "days": 9,
                "status": "pending",
            }
        ],
        what="leave request",
    )


def lr0042_approved_by_manager(world: Any) -> None:
    """LR-0042 approved by Sanne Visser (E-104), Liam O'Connor's manager; nothing else."""
    before, after = _json_sections(world, "hr.json", unchanged=("employees", "entitlements"))
    _assert_changes(
        before["leave_requests"],
        after["leave_requests"],
        "id",
        changed={"LR-0042": {"status": "approved", "approved_by": "E-104"}},
        what="leave request",
    )


# --- inventory --------------------------------------------------------------------------------


def rotterdam_restocked(world: Any) -> None:
    """Open orders to Rotterdam: 78 headlamps from SUP-01 and 144 pairs of socks from SUP-03."""
    unchanged = ("suppliers", "products", "stock", "transfers")
    before, after = _db_tables(world, "inventory.db", unchanged=unchanged)
    _assert_changes(
        before["purchase_orders"],
        after["purchase_orders"],
        "id",
        added=[
            {
                "supplier_id": "SUP-01",
                "sku": "HDL-150",
                "quantity": 78,
                "warehouse": "Rotterdam",
                "status": "open",
            },
            {
                "supplier_id": "SUP-03",
                "sku": "SOX-W",
                "quantity": 144,
                "warehouse": "Rotterdam",
                "status": "open",
            },
        ],
        what="purchase order",
    )


def lanterns_moved(world: Any) -> None:
    """40 Trail Lantern 300 (LAN-300, not the Pro) moved from Hamburg (88) to Rotterdam (55)."""
    unchanged = ("suppliers", "products", "purchase_orders")
    before, after = _db_tables(world, "inventory.db", unchanged=unchanged)
    _assert_changes(
        before["stock"],
        after["stock"],
        lambda row: (row["sku"], row["warehouse"]),
        changed={
            ("LAN-300", "Hamburg"): {"quantity": 48},
            ("LAN-300", "Rotterdam"): {"quantity": 95},
        },
        what="stock row",
    )
    _assert_changes(
        before["transfers"],
        after["transfers"],
        "id",
        added=[
            {
                "sku": "LAN-300",
                "from_warehouse": "Hamburg",
                "to_warehouse": "Rotterdam",
                "quantity": 40,
            }
        ],
        what="transfer",
    )


# --- school and recipes -----------------------------------------------------------------------


def amira_final_recorded(world: Any) -> None:
    """Amira Haddad's (S-02) Final exam of MATH-101 recorded as 88."""
    before, after = _json_sections(
        world, "school.json", unchanged=("students", "courses", "assessments", "enrolments")
    )
    _assert_changes(
        before["scores"],
        after["scores"],
        lambda row: (row["student_id"], row["course"], row["assessment"]),
        added=[
            {"student_id": "S-02", "course": "MATH-101", "assessment": "Final exam", "score": 88}
        ],
        what="score",
    )


def curry_planned(world: Any) -> None:
    """Dinner on 2025-04-09: the chickpea and spinach curry (R-011), 3 servings."""
    before, after = _json_sections(world, "recipes.json", unchanged=("ingredients", "recipes"))
    _assert_changes(
        before["meal_plan"],
        after["meal_plan"],
        lambda row: (row["date"], row["meal"]),
        added=[{"date": "2025-04-09", "meal": "dinner", "recipe_id": "R-011", "servings": 3}],
        what="planned meal",
    )


# --- fitness and bank -------------------------------------------------------------------------


def ride_logged(world: Any) -> None:
    """One cycling workout on 2025-06-14: 42.5 km in 95 minutes."""
    before, after = _json_sections(world, "fitness.json", unchanged=("weekly_goals",))
    _assert_changes(
        before["workouts"],
        after["workouts"],
        "id",
        added=[
            {"date": "2025-06-14", "activity": "cycling", "distance_km": 42.5, "duration_min": 95}
        ],
        what="workout",
    )


def july_rent_paid(world: Any) -> None:
    """1185.00 (June's rent) paid from checking to Henrik Aalto, reference 'Rent July 2025'."""
    before, after = _db_tables(world, "bank.db", unchanged=("payees",))
    _assert_changes(
        before["transactions"],
        after["transactions"],
        "id",
        added=[
            {
                "account_id": "ACC-01",
                "amount": -1185.0,
                "counterparty": "Henrik Aalto",
                "description": "Rent July 2025",
            }
        ],
        what="transaction",
    )
    _assert_changes(
        before["accounts"],
        after["accounts"],
        "id",
        changed={"ACC-01": {"balance": 2297.17}},
        what="account",
    )


# --- parcels, events, clinic, energy ----------------------------------------------------------


def parcel_redirected(world: Any) -> None:
    """3SYQ88120078 (12.4 kg) sent to PP-102, the nearest point taking over 10 kg."""
    unchanged = ("depots", "postcodes", "pickup_points")
    before, after = _json_sections(world, "parcels.json", unchanged=unchanged)
    original = {p["tracking_number"]: p for p in before["parcels"]}["3SYQ88120078"]
    final = {p["tracking_number"]: p for p in after["parcels"]}.get("3SYQ88120078", {})
    assert final.get("events", [])[: len(original["events"])] == original["events"], (
        "the parcel's earlier scan events were changed"
    )
    _assert_changes(
        before["parcels"],
        after["parcels"],
        "tracking_number",
        changed={
            "3SYQ88120078": {
                "status": "redirected to pickup point",
                "pickup_point_id": "PP-102",
                "events": final.get("events"),
            }
        },
        what="parcel",
    )


def nordic_tickets_bought(world: Any) -> None:
    """2 Balcony tickets for EV-301 (Standing has 1 seat left) for lena.v@example.com: 69.00."""
    before, after = _json_sections(world, "events.json", unchanged=("booking_fee_per_ticket_eur",))
    sold = [dict(s, sold=72) if s["name"] == "Balcony" else s for s in _event(before, "EV-301")]
    _assert_changes(
        before["events"],
        after["events"],
        "id",
        changed={"EV-301": {"sections": sold}},
        what="event",
    )
    _assert_changes(
        before["orders"],
        after["orders"],
        "id",
        added=[
            {
                "event_id": "EV-301",
                "section": "Balcony",
                "quantity": 2,
                "buyer_email": "lena.v@example.com",
                "total_eur": 69.0,
            }
        ],
        what="ticket order",
    )


def dermatology_booked(world: Any) -> None:
    """Oskar Berg born 1987 (P-301) booked into S-9006, Dr Alvarez at 08:45, for a skin rash."""
    unchanged = ("patients", "doctors", "slots")
    before, after = _db_tables(world, "clinic.db", unchanged=unchanged)
    _assert_changes(
        before["appointments"],
        after["appointments"],
        "id",
        added=[
            {"patient_id": "P-301", "slot_id": "S-9006", "reason": "skin rash", "status": "booked"}
        ],
        what="appointment",
    )


def priya_next_cancelled(world: Any) -> None:
    """A-7002 (Dr Mensah, 2025-09-04) cancelled; the other appointments untouched."""
    unchanged = ("patients", "doctors", "slots")
    before, after = _db_tables(world, "clinic.db", unchanged=unchanged)
    _assert_changes(
        before["appointments"],
        after["appointments"],
        "id",
        changed={"A-7002": {"status": "cancelled"}},
        what="appointment",
    )


def gas_reading_submitted(world: Any) -> None:
    """Reading 4471.2 on 2025-03-01 for the gas meter M-G-4411 (not the electricity meter)."""
    before, after = _json_sections(world, "energy.json", unchanged=("meters", "tariffs"))
    _assert_changes(
        before["readings"],
        after["readings"],
        lambda row: (row["meter_id"], row["date"]),
        added=[{"meter_id": "M-G-4411", "date": "2025-03-01", "value": 4471.2}],
        what="meter reading",
    )


# --- fleet, real estate, helpdesk, meeting rooms ----------------------------------------------


def marta_assigned_van(world: Any) -> None:
    """Marta Kowalczyk (D-07, not Marta Kowalska) gets V-04 NB-117-K on 2025-10-06."""
    before, after = _json_sections(
        world, "fleet.json", unchanged=("vehicles", "drivers", "trips", "services")
    )
    _assert_changes(
        before["assignments"],
        after["assignments"],
        lambda row: (row["vehicle_id"], row["date"]),
        added=[{"vehicle_id": "V-04", "driver_id": "D-07", "date": "2025-10-06"}],
        what="assignment",
    )


def noor_viewing_booked(world: Any) -> None:
    """A viewing of LD-2207 on 2025-05-17 at 11:00 for Noor de Vries."""
    before, after = _json_sections(world, "realestate.json", unchanged=("listings", "agents"))
    _assert_changes(
        before["viewings"],
        after["viewings"],
        "id",
        added=[
            {
                "listing_id": "LD-2207",
                "date": "2025-05-17",
                "time": "11:00",
                "visitor": "Noor de Vries",
            }
        ],
        what="viewing",
    )


def oldest_network_ticket_assigned(world: Any) -> None:
    """HD-4406 (oldest unassigned network ticket) assigned to Ben Carter (T-03)."""
    before, after = _json_sections(world, "helpdesk.json", unchanged=("technicians",))
    _assert_changes(
        before["tickets"],
        after["tickets"],
        "id",
        changed={"HD-4406": {"assignee_id": "T-03"}},
        what="ticket",
    )


def hd4403_closed(world: Any) -> None:
    """HD-4403 closed with the resolution 'Replaced faulty switch port', still Olga's."""
    before, after = _json_sections(world, "helpdesk.json", unchanged=("technicians",))
    _assert_changes(
        before["tickets"],
        after["tickets"],
        "id",
        changed={"HD-4403": {"status": "closed", "resolution": "Replaced faulty switch port"}},
        what="ticket",
    )


def q4_planning_booked(world: Any) -> None:
    """Kestrel (RM-203, 8 seats) booked 14:00-15:00 on 2025-11-04; Heron (6) was taken."""
    before, after = _json_sections(world, "rooms.json", unchanged=("rooms",))
    _assert_changes(
        before["bookings"],
        after["bookings"],
        "id",
        added=[
            {
                "room_id": "RM-203",
                "date": "2025-11-04",
                "start": "14:00",
                "end": "15:00",
                "title": "Q4 planning",
                "organizer": "Iris Chen",
            }
        ],
        what="room booking",
    )


# --- comparison helpers -----------------------------------------------------------------------


def _assert_changes(
    before: list[dict],
    after: list[dict],
    key: Key,
    *,
    changed: dict[Any, dict] | None = None,
    added: Iterable[dict] = (),
    what: str = "row",
) -> list[dict]:
    """Exactly these changes: rows in `changed` differ in just those fields, `added` rows are
    new (their listed fields must match, in any order), every other row is as it was.

    Returns the new rows.
    """
    key_of = key if callable(key) else (lambda row: row[key])
    old = {key_of(row): row for row in before}
    kept = {key_of(row): row for row in after if key_of(row) in old}
    new = [row for row in after if key_of(row) not in old]
    removed = [k for k in old if k not in kept]
    assert not removed, f"{what}(s) removed: {removed}"
    for row_key, row in old.items():
        expected = {**row, **(changed or {}).get(row_key, {})}
        mismatch = _mismatch(kept[row_key], expected)
        assert not mismatch, f"{what} {row_key}: {mismatch}"
    wanted = list(added)
    assert len(new) == len(wanted), f"expected {len(wanted)} new {what}(s), found {len(new)}: {new}"
    unmatched = list(new)
    for item in wanted:
        match = next((row for row in unmatched if not _mismatch(row, item, subset=True)), None)
        if match is None:
            closest = _mismatch(unmatched[0], item, subset=True)
            raise AssertionError(f"no new {what} matches {item} ({closest})")
        unmatched.remove(match)
    return new


def _mismatch(actual: dict, expected: dict, *, subset: bool = False) -> str:
    fields = expected if subset else set(actual) | set(expected)
    for field in fields:
        if not _same(actual.get(field), expected.get(field)):
            return f"{field} is {actual.get(field)!r}, expected {expected.get(field)!r}"
    return ""


def _same(actual: Any, expected: Any) -> bool:
    """Cents for money, case and spacing for text a person typed; everything else exact."""
    if isinstance(expected, float) or isinstance(actual, float):
        numbers = all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in (actual, expected)
        )
        return numbers and math.isclose(actual, expected, abs_tol=0.005)
    if isinstance(expected, str) and isinstance(actual, str):
        return " ".join(actual.split()).casefold() == " ".join(expected.split()).casefold()
    if isinstance(expected, list) and isinstance(actual, list):
        return len(actual) == len(expected) and all(map(_same, actual, expected))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return not _mismatch(actual, expected)
    return actual == expected


def _db_tables(
    world: Any, name: str, *, unchanged: Iterable[str]
) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
    """Every table before and after; the `unchanged` ones are asserted identical on the way."""
    with closing(sqlite3.connect(f"{(FIXTURES / name).as_uri()}?mode=ro", uri=True)) as original:
        before = {table: _rows(original, table) for table in _table_names(original)}
    final = world.db(name)
    after = {table: _rows(final, table) for table in _table_names(final)}
    assert set(after) == set(before), f"{name}: tables added or removed: {sorted(after)}"
    for table in unchanged:
        assert after[table] == before[table], f"{name}: table {table} was changed"
    return before, after


def _json_sections(world: Any, name: str, *, unchanged: Iterable[str]) -> tuple[dict, dict]:
    before = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    after = world.json(name)
    assert set(after) == set(before), f"{name}: sections added or removed: {sorted(after)}"
    for section in unchanged:
        assert after[section] == before[section], f"{name}: {section} was changed"
    return before, after


def _table_names(connection: sqlite3.Connection) -> list[str]:
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return sorted(name for (name,) in rows if not name.startswith("sqlite_"))


def _rows(connection: sqlite3.Connection, table: str) -> list[dict]:
    cursor = connection.execute(f'SELECT * FROM "{table}" ORDER BY rowid')
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _flight_key(flight: dict) -> tuple[str, str]:
    return flight["number"], flight["date"]


def _event(data: dict, event_id: str) -> list[dict]:
    return next(event for event in data["events"] if event["id"] == event_id)["sections"]


def _mentions_amount(text: str, amount: float) -> bool:
    """38.5 may be written 38.50, 38,50 or 38.5 (with or without a currency sign)."""
    for match in re.finditer(r"\d+(?:[.,]\d+)?", text):
        if math.isclose(float(match.group().replace(",", ".")), amount, abs_tol=0.005):
            return True
    return False
