"""Household energy metering: electricity and gas meters, readings, tariffs and costs.

The data lives in `energy.json` in the workspace. Electricity is metered in kWh and gas in
cubic metres (m3); readings are cumulative meter values taken on a day. A tariff charges a
price per unit plus a standing charge per day.
"""

from __future__ import annotations

from _multistep_store import folded, money, parse_day, read_json, write_json

__all__ = [
    "calculate_energy_cost",
    "find_meters",
    "get_consumption",
    "get_tariff",
    "list_meter_readings",
    "submit_meter_reading",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {name: {"side_effects": True} for name in ("submit_meter_reading",)}

ENERGY_FILE = "energy.json"


def find_meters(address: str) -> list[dict]:
    """Find the electricity and gas meters installed at an address.

    Args:
        address: The street address or part of it, e.g. "Keizersgracht 112".

    Returns:
        One dict per meter with keys id (e.g. "M-E-4410"), address, kind ("electricity" or
        "gas"), unit ("kWh" or "m3") and tariff_code.
    """
    wanted = folded(address).replace(",", "")
    return [
        meter
        for meter in read_json(ENERGY_FILE)["meters"]
        if wanted in folded(meter["address"]).replace(",", "")
    ]


def list_meter_readings(meter_id: str) -> list[dict]:
    """List all readings taken from a meter, oldest first.

    Args:
        meter_id: The meter's id, e.g. "M-E-4410" (see find_meters).

    Returns:
        One dict per reading with keys date (YYYY-MM-DD) and value (the meter's cumulative
        value in its unit).

    Raises:
        LookupError: There is no meter with this id.
    """
    data = read_json(ENERGY_FILE)
    meter = _meter(data, meter_id)
    return _readings(data, meter["id"])


def get_consumption(meter_id: str, start_date: str, end_date: str) -> dict:
    """Get how much energy a meter recorded between two of its readings.

    Args:
        meter_id: The meter's id, e.g. "M-E-4410".
        start_date: Day of the earlier reading, YYYY-MM-DD.
        end_date: Day of the later reading, YYYY-MM-DD.

    Returns:
        Keys meter_id, unit, start_date, end_date, days (between the two readings) and usage
        (the difference of the readings, in the meter's unit).

    Raises:
        LookupError: There is no such meter, or no reading on one of the days.
        ValueError: A date is not YYYY-MM-DD or the end is not after the start.
    """
    start, end = parse_day(start_date, "start date"), parse_day(end_date, "end date")
    if end <= start:
        raise ValueError("The end date must be after the start date.")
    data = read_json(ENERGY_FILE)
    meter = _meter(data, meter_id)
    values = {reading["date"]: reading["value"] for reading in _readings(data, meter["id"])}
    for day in (start, end):
        if day.isoformat() not in values:
            taken = ", ".join(values) or "none"
            raise LookupError(f"Meter {meter['id']} has no reading on {day}; readings: {taken}.")
    return {
        "meter_id": meter["id"],
        "unit": meter["unit"],
        "start_date": start.isoformat(),
        "end_date": end.isoformat(),
        "days": (end - start).days,
        "usage": round(values[end.isoformat()] - values[start.isoformat()], 3),
    }


def get_tariff(tariff_code: str) -> dict:
    """Get an energy tariff's price per unit and its daily standing charge.

    Args:
        tariff_code: The tariff's code, e.g. "E-FLEX-25" (each meter names its tariff_code).

    Returns:
        Keys code, kind, unit_price_eur and standing_charge_eur_per_day.

    Raises:
        LookupError: There is no tariff with this code.
    """
    return dict(_tariff(read_json(ENERGY_FILE), tariff_code))


def calculate_energy_cost(usage: float, tariff_code: str, days: int) -> dict:
    """Calculate what an amount of energy used over a number of days costs on a tariff.

    Args:
        usage: Energy used, in the tariff's unit (kWh or m3), e.g. from get_consumption.
        tariff_code: The tariff's code, e.g. "E-FLEX-25".
        days: Number of days the standing charge applies for.

    Returns:
        Keys usage_cost_eur (usage times unit price), standing_charge_eur (days times the
        daily charge) and total_eur, rounded to cents.

    Raises:
        LookupError: There is no tariff with this code.
        ValueError: The usage is negative or the days are not a positive whole number.
    """
    if isinstance(usage, bool) or not isinstance(usage, int | float) or usage < 0:
        raise ValueError(f"usage must be a non-negative number, got {usage!r}.")
    if isinstance(days, bool) or not isinstance(days, int) or days <= 0:
        raise ValueError(f"days must be a positive whole number, got {days!r}.")
    tariff = _tariff(read_json(ENERGY_FILE), tariff_code)
    usage_cost = usage * tariff["unit_price_eur"]
    standing = days * tariff["standing_charge_eur_per_day"]
    return {
        "usage_cost_eur": money(usage_cost),
        "standing_charge_eur": money(standing),
        "total_eur": money(usage_cost + standing),
    }


def submit_meter_reading(meter_id: str, reading_date: str, value: float) -> dict:
    """Submit a new meter reading and see how much was used since the previous one.

    Args:
        meter_id: The meter's id, e.g. "M-G-4411".
        reading_date: The day the meter was read, YYYY-MM-DD; after the last reading.
        value: The value on the meter's display, in its unit.

    Returns:
        Keys meter_id, date, value, unit, previous_date, previous_value and
        used_since_previous.

    Raises:
        LookupError: There is no meter with this id.
        ValueError: The date is bad or not after the last reading, or the value is lower
            than the last reading.
    """
    day = parse_day(reading_date, "reading date").isoformat()
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"value must be a number, got {value!r}.")
    data = read_json(ENERGY_FILE)
    meter = _meter(data, meter_id)
    last = _readings(data, meter["id"])[-1]
    if day <= last["date"]:
        raise ValueError(f"The last reading is from {last['date']}; a new one must be later.")
    if value < last["value"]:
        raise ValueError(f"The value is below the last reading ({last['value']}); check it.")
    data["readings"].append({"meter_id": meter["id"], "date": day, "value": value})
    write_json(ENERGY_FILE, data)
    return {
        "meter_id": meter["id"],
        "date": day,
        "value": value,
        "unit": meter["unit"],
        "previous_date": last["date"],
        "previous_value": last["value"],
        "used_since_previous": round(value - last["value"], 3),
    }


def _meter(data: dict, meter_id: str) -> dict:
    for meter in data["meters"]:
        if meter["id"] == str(meter_id).strip().upper():
            return meter
    raise LookupError(f"No meter with id {meter_id!r}; see find_meters().")


def _tariff(data: dict, code: str) -> dict:
    for tariff in data["tariffs"]:
        if tariff["code"] == str(code).strip().upper():
            return tariff
    raise LookupError(f"No tariff with code {code!r}.")


def _readings(data: dict, meter_id: str) -> list[dict]:
    readings = [r for r in data["readings"] if r["meter_id"] == meter_id]
    return [
        {"date": r["date"], "value": r["value"]} for r in sorted(readings, key=lambda r: r["date"])
    ]
