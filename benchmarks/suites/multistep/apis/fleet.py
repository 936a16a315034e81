"""Company vehicle fleet: vans and cars, trip and fuel logs, driver assignments, servicing.

The data lives in `fleet.json` in the workspace. Number plates look like "KX-482-B".
Distances are kilometres, fuel litres; a vehicle is assigned to one driver for a whole day.
"""

from __future__ import annotations

from _multistep_store import folded, parse_day, read_json, write_json

__all__ = [
    "assign_vehicle_to_driver",
    "find_driver",
    "find_vehicle_by_plate",
    "list_available_vehicles",
    "list_vehicle_trips",
    "list_vehicles",
    "schedule_vehicle_service",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "assign_vehicle_to_driver",
        "schedule_vehicle_service",
    )
}

FLEET_FILE = "fleet.json"
VEHICLE_KINDS = ("van", "car")


def find_vehicle_by_plate(plate: str) -> dict:
    """Find a fleet vehicle by its number plate.

    Args:
        plate: The number plate, e.g. "KX-482-B" (dashes and case do not matter).

    Returns:
        The vehicle: keys id (e.g. "V-01"), plate, model, kind ("van" or "car"), fuel,
        odometer_km and next_service_km.

    Raises:
        LookupError: No vehicle has this plate.
    """
    wanted = _plate(plate)
    for vehicle in read_json(FLEET_FILE)["vehicles"]:
        if _plate(vehicle["plate"]) == wanted:
            return vehicle
    raise LookupError(f"No fleet vehicle has the plate {plate!r}.")


def list_vehicles(kind: str | None = None) -> list[dict]:
    """List the fleet's vehicles, optionally only vans or only cars.

    Args:
        kind: "van" or "car"; None for all.

    Returns:
        One dict per vehicle with keys id, plate, model, kind, fuel, odometer_km and
        next_service_km.

    Raises:
        ValueError: The kind is not "van" or "car".
    """
    wanted = _kind(kind)
    return [v for v in read_json(FLEET_FILE)["vehicles"] if wanted in (None, v["kind"])]


def list_available_vehicles(date: str, kind: str | None = None) -> list[dict]:
    """List the vehicles not assigned to anyone and not in the garage on a day.

    Args:
        date: The day, YYYY-MM-DD.
        kind: "van" or "car"; None for both.

    Returns:
        One dict per free vehicle with keys id, plate, model, kind, fuel, odometer_km and
        next_service_km.

    Raises:
        ValueError: The date is not YYYY-MM-DD or the kind is unknown.
    """
    day = parse_day(date, "date").isoformat()
    data = read_json(FLEET_FILE)
    busy = {a["vehicle_id"] for a in data["assignments"] if a["date"] == day}
    busy |= {s["vehicle_id"] for s in data["services"] if s["date"] == day}
    return [v for v in list_vehicles(kind) if v["id"] not in busy]


def list_vehicle_trips(vehicle_id: str, start_date: str, end_date: str) -> list[dict]:
    """List a vehicle's logged trips between two dates (inclusive), with fuel used.

    Args:
        vehicle_id: The vehicle's id, e.g. "V-01" (see find_vehicle_by_plate).
        start_date: First day, YYYY-MM-DD.
        end_date: Last day, YYYY-MM-DD.

    Returns:
        One dict per trip with keys date, distance_km and fuel_litres.

    Raises:
        LookupError: There is no vehicle with this id.
        ValueError: A date is not YYYY-MM-DD or the range is reversed.
    """
    start, end = parse_day(start_date, "start date"), parse_day(end_date, "end date")
    if end < start:
        raise ValueError(f"The end date {end} is before the start date {start}.")
    data = read_json(FLEET_FILE)
    vehicle = _vehicle(data, vehicle_id)
    return [
        {key: trip[key] for key in ("date", "distance_km", "fuel_litres")}
        for trip in sorted(data["trips"], key=lambda trip: trip["date"])
        if trip["vehicle_id"] == vehicle["id"]
        and start.isoformat() <= trip["date"] <= end.isoformat()
    ]


def find_driver(name: str) -> list[dict]:
    """Find company drivers whose name contains the text.

    Args:
        name: The driver's name or part of it, e.g. "Marta".

    Returns:
        Matching drivers, each with keys id (e.g. "D-07"), name and licence.
    """
    wanted = folded(name)
    return [d for d in read_json(FLEET_FILE)["drivers"] if wanted in folded(d["name"])]


def assign_vehicle_to_driver(vehicle_id: str, driver_id: str, date: str) -> dict:
    """Assign a vehicle to a driver for one day.

    Args:
        vehicle_id: The vehicle's id, e.g. "V-04".
        driver_id: The driver's id, e.g. "D-07" (see find_driver).
        date: The day, YYYY-MM-DD.

    Returns:
        The assignment: keys vehicle_id, plate, driver_id, driver_name and date.

    Raises:
        LookupError: There is no such vehicle or driver.
        ValueError: The date is bad, the vehicle is taken or in the garage that day, or the
            driver already has a vehicle that day.
    """
    day = parse_day(date, "date").isoformat()
    data = read_json(FLEET_FILE)
    vehicle = _vehicle(data, vehicle_id)
    driver = next((d for d in data["drivers"] if d["id"] == str(driver_id).strip().upper()), None)
    if driver is None:
        raise LookupError(f"No driver with id {driver_id!r}; see find_driver().")
    for assignment in data["assignments"]:
        if assignment["date"] != day:
            continue
        if assignment["vehicle_id"] == vehicle["id"]:
            raise ValueError(f"{vehicle['plate']} is already assigned on {day}.")
        if assignment["driver_id"] == driver["id"]:
            raise ValueError(f"{driver['name']} already has a vehicle on {day}.")
    if any(s["vehicle_id"] == vehicle["id"] and s["date"] == day for s in data["services"]):
        raise ValueError(f"{vehicle['plate']} is booked in for service on {day}.")
    data["assignments"].append(
        {"vehicle_id": vehicle["id"], "driver_id": driver["id"], "date": day}
    )
    write_json(FLEET_FILE, data)
    return {
        "vehicle_id": vehicle["id"],
        "plate": vehicle["plate"],
        "driver_id": driver["id"],
        "driver_name": driver["name"],
        "date": day,
    }


def schedule_vehicle_service(vehicle_id: str, date: str, garage: str) -> dict:
    """Book a vehicle into a garage for servicing on a day.

    Args:
        vehicle_id: The vehicle's id, e.g. "V-07".
        date: The day, YYYY-MM-DD.
        garage: The garage's name.

    Returns:
        Keys vehicle_id, plate, date and garage.

    Raises:
        LookupError: There is no vehicle with this id.
        ValueError: The date is bad, the garage is empty, or the vehicle is assigned to a
            driver that day.
    """
    day = parse_day(date, "date").isoformat()
    if not str(garage).strip():
        raise ValueError("Give the garage's name.")
    data = read_json(FLEET_FILE)
    vehicle = _vehicle(data, vehicle_id)
    if any(a["vehicle_id"] == vehicle["id"] and a["date"] == day for a in data["assignments"]):
        raise ValueError(f"{vehicle['plate']} is assigned to a driver on {day}.")
    service = {"vehicle_id": vehicle["id"], "date": day, "garage": str(garage).strip()}
    data["services"].append(service)
    write_json(FLEET_FILE, data)
    return {**service, "plate": vehicle["plate"]}


def _vehicle(data: dict, vehicle_id: str) -> dict:
    for vehicle in data["vehicles"]:
        if vehicle["id"] == str(vehicle_id).strip().upper():
            return vehicle
    raise LookupError(f"No vehicle with id {vehicle_id!r}; see find_vehicle_by_plate().")


def _plate(text: str) -> str:
    return "".join(char for char in str(text).upper() if char.isalnum())


def _kind(kind: str | None) -> str | None:
    if kind is None:
        return None
    wanted = folded(kind).rstrip("s")
    if wanted not in VEHICLE_KINDS:
        raise ValueError(f"Unknown vehicle kind {kind!r}; use 'van' or 'car'.")
    return wanted
