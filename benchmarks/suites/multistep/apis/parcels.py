"""Parcel delivery: tracking, depots and their opening hours, pickup points and redirection.

The data lives in `parcels.json` in the workspace. Tracking numbers look like "3SYQ88120045".
Dutch postcodes are written "1017 CT". Distances are straight-line kilometres.
"""

from __future__ import annotations

import math
from datetime import date, datetime

from _multistep_store import parse_day, read_json, write_json

__all__ = [
    "find_pickup_points",
    "get_depot",
    "redirect_parcel_to_pickup_point",
    "reschedule_parcel_delivery",
    "track_parcel",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "redirect_parcel_to_pickup_point",
        "reschedule_parcel_delivery",
    )
}

PARCELS_FILE = "parcels.json"
EARTH_RADIUS_KM = 6371.0


def track_parcel(tracking_number: str) -> dict:
    """Track a parcel: its status, where it is now and its history of scan events.

    Args:
        tracking_number: The parcel's tracking number, e.g. "3SYQ88120045".

    Returns:
        Keys tracking_number, sender, weight_kg, status (e.g. "in transit", "awaiting
        collection", "delivered"), location_depot_id (the depot holding it, or None),
        delivery_postcode, delivery_date, pickup_point_id and events (list of dicts with keys
        time, place and description, oldest first).

    Raises:
        LookupError: No parcel has this tracking number.
    """
    return dict(_parcel(read_json(PARCELS_FILE), tracking_number))


def get_depot(depot_id: str) -> dict:
    """Get a parcel depot's address and opening hours.

    Args:
        depot_id: The depot's id, e.g. "D-NWG" (track_parcel gives it as location_depot_id).

    Returns:
        Keys id, name, address, city and opening_hours (a dict of weekday name, e.g.
        "saturday", -> "HH:MM-HH:MM" or "closed").

    Raises:
        LookupError: There is no depot with this id.
    """
    for depot in read_json(PARCELS_FILE)["depots"]:
        if depot["id"] == str(depot_id).strip().upper():
            return depot
    raise LookupError(f"No depot with id {depot_id!r}; depot ids look like D-NWG.")


def find_pickup_points(postcode: str, limit: int = 5) -> list[dict]:
    """Find the parcel pickup points nearest to a postcode, nearest first.

    Args:
        postcode: A Dutch postcode, e.g. "1017 CT" (the space is optional).
        limit: How many pickup points to return at most.

    Returns:
        One dict per pickup point with keys id (e.g. "PP-102"), name, address, distance_km
        and max_weight_kg (the heaviest parcel it accepts).

    Raises:
        LookupError: The postcode is not known.
    """
    data = read_json(PARCELS_FILE)
    origin = data["postcodes"].get(_postcode(postcode))
    if origin is None:
        raise LookupError(f"Unknown postcode {postcode!r}; write it like '1017 CT'.")
    points = [
        {
            "id": point["id"],
            "name": point["name"],
            "address": point["address"],
            "distance_km": round(_distance_km(origin, (point["lat"], point["lon"])), 2),
            "max_weight_kg": point["max_weight_kg"],
        }
        for point in data["pickup_points"]
    ]
    return sorted(points, key=lambda point: point["distance_km"])[: max(1, int(limit))]


def redirect_parcel_to_pickup_point(tracking_number: str, pickup_point_id: str) -> dict:
    """Have a parcel that is not delivered yet sent to a pickup point instead of the address.

    Args:
        tracking_number: The parcel's tracking number, e.g. "3SYQ88120078".
        pickup_point_id: The pickup point's id, e.g. "PP-102" (see find_pickup_points).

    Returns:
        Keys tracking_number, status ("redirected to pickup point"), pickup_point_id and
        pickup_point_name.

    Raises:
        LookupError: There is no such parcel or pickup point.
        ValueError: The parcel is delivered or already redirected, or it is heavier than the
            pickup point accepts.
    """
    data = read_json(PARCELS_FILE)
    parcel = _parcel(data, tracking_number)
    point = next(
        (p for p in data["pickup_points"] if p["id"] == str(pickup_point_id).strip()), None
    )
    if point is None:
        raise LookupError(f"No pickup point with id {pickup_point_id!r}.")
    if parcel["status"] not in ("in transit", "awaiting collection"):
        raise ValueError(f"Parcel {parcel['tracking_number']} is {parcel['status']}.")
    if parcel["weight_kg"] > point["max_weight_kg"]:
        raise ValueError(
            f"{point['name']} accepts parcels up to {point['max_weight_kg']} kg; this parcel "
            f"weighs {parcel['weight_kg']} kg."
        )
    parcel["status"], parcel["pickup_point_id"] = "redirected to pickup point", point["id"]
    parcel["events"].append(
        {
            "time": datetime.now().isoformat(timespec="minutes"),
            "place": point["name"],
            "description": "Redirected to pickup point at the recipient's request",
        }
    )
    write_json(PARCELS_FILE, data)
    return {
        "tracking_number": parcel["tracking_number"],
        "status": parcel["status"],
        "pickup_point_id": point["id"],
        "pickup_point_name": point["name"],
    }


def reschedule_parcel_delivery(tracking_number: str, new_date: str) -> dict:
    """Move the home delivery of a parcel in transit to another day.

    Args:
        tracking_number: The parcel's tracking number.
        new_date: The new delivery day, YYYY-MM-DD; not a Sunday.

    Returns:
        Keys tracking_number, status and delivery_date (the new day).

    Raises:
        LookupError: No parcel has this tracking number.
        ValueError: The parcel is not in transit, or the date is bad or a Sunday.
    """
    day: date = parse_day(new_date, "delivery date")
    if day.weekday() == 6:
        raise ValueError("There are no deliveries on Sundays; pick another day.")
    data = read_json(PARCELS_FILE)
    parcel = _parcel(data, tracking_number)
    if parcel["status"] != "in transit":
        raise ValueError(f"Only parcels in transit can be rescheduled, not {parcel['status']}.")
    parcel["delivery_date"] = day.isoformat()
    write_json(PARCELS_FILE, data)
    return {key: parcel[key] for key in ("tracking_number", "status", "delivery_date")}


def _parcel(data: dict, tracking_number: str) -> dict:
    wanted = "".join(str(tracking_number).split()).upper()
    for parcel in data["parcels"]:
        if parcel["tracking_number"] == wanted:
            return parcel
    raise LookupError(f"No parcel has tracking number {tracking_number!r}.")


def _postcode(text: str) -> str:
    compact = "".join(str(text).split()).upper()
    return f"{compact[:4]} {compact[4:]}"


def _distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle (haversine) distance: the postcode and the point are given as lat/lon."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))
