"""Flight booking: airports, scheduled flights with fares and seats, and passenger bookings.

The data lives in `travel.json` in the workspace. Airports are named by their three-letter IATA
codes; times are local at the airport concerned, written HH:MM; fares are euros per passenger.
"""

from __future__ import annotations

from _multistep_store import folded, money, next_id, parse_day, read_json, write_json

__all__ = [
    "book_flight",
    "cancel_flight_booking",
    "find_airports",
    "get_flight_booking",
    "search_flights",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "book_flight",
        "cancel_flight_booking",
    )
}

TRAVEL_FILE = "travel.json"
CANCELLATION_FEE_EUR = 45.0


def find_airports(city: str) -> list[dict]:
    """Find airports and their three-letter IATA codes by city or airport name.

    Args:
        city: A city or airport name, e.g. "Lisbon" or "Schiphol".

    Returns:
        Matching airports, each with keys code (e.g. "LIS"), name, city and country.
    """
    wanted = folded(city)
    return [
        airport
        for airport in read_json(TRAVEL_FILE)["airports"]
        if wanted in folded(airport["city"])
        or wanted in folded(airport["name"])
        or wanted == folded(airport["code"])
    ]


def search_flights(origin: str, destination: str, date: str) -> list[dict]:
    """Search the flights with free seats between two airports on one day, by departure time.

    Args:
        origin: IATA code of the departure airport, e.g. "LIS" (see find_airports).
        destination: IATA code of the arrival airport, e.g. "CPH".
        date: The day of departure, YYYY-MM-DD.

    Returns:
        One dict per flight with keys number, airline, origin, destination, date, departs,
        arrives (local times, HH:MM), price_eur and seats_left.

    Raises:
        ValueError: An airport code is unknown or the date is not YYYY-MM-DD.
    """
    data = read_json(TRAVEL_FILE)
    codes = {airport["code"] for airport in data["airports"]}
    origin, destination = _code(origin, codes), _code(destination, codes)
    day = parse_day(date, "departure date").isoformat()
    found = [
        flight
        for flight in data["flights"]
        if (flight["origin"], flight["destination"], flight["date"]) == (origin, destination, day)
        and flight["seats_left"] > 0
    ]
    return sorted(found, key=lambda flight: flight["departs"])


def book_flight(flight_number: str, date: str, passenger_name: str) -> dict:
    """Book one seat on a flight for a passenger, paying the current fare.

    Args:
        flight_number: The flight, e.g. "SK542" (see search_flights).
        date: The day the flight departs, YYYY-MM-DD.
        passenger_name: The passenger's full name as on their passport.

    Returns:
        The booking: keys reference (e.g. "BK1004"), flight_number, date, origin, destination,
        departs, arrives, passenger, price_eur and status ("confirmed").

    Raises:
        LookupError: No such flight departs on that day.
        ValueError: The flight is full, the date is not YYYY-MM-DD or the name is empty.
    """
    if not str(passenger_name).strip():
        raise ValueError("Give the passenger's full name.")
    data = read_json(TRAVEL_FILE)
    flight = _flight(data, flight_number, parse_day(date, "departure date").isoformat())
    if flight["seats_left"] <= 0:
        raise ValueError(f"Flight {flight['number']} on {flight['date']} is full.")
    flight["seats_left"] -= 1
    booking = {
        "reference": next_id("BK", [b["reference"] for b in data["bookings"]], 4),
        "flight_number": flight["number"],
        "date": flight["date"],
        "passenger": " ".join(str(passenger_name).split()),
        "price_eur": flight["price_eur"],
        "status": "confirmed",
    }
    data["bookings"].append(booking)
    write_json(TRAVEL_FILE, data)
    return _described(booking, flight)


def get_flight_booking(reference: str) -> dict:
    """Look up a flight booking by its booking reference.

    Args:
        reference: The booking reference, e.g. "BK1002".

    Returns:
        Keys reference, flight_number, date, origin, destination, departs, arrives, passenger,
        price_eur and status ("confirmed" or "cancelled").

    Raises:
        LookupError: There is no booking with this reference.
    """
    data = read_json(TRAVEL_FILE)
    booking = _booking(data, reference)
    return _described(booking, _flight(data, booking["flight_number"], booking["date"]))


def cancel_flight_booking(reference: str) -> dict:
    """Cancel a flight booking; the fare is refunded minus a 45 EUR cancellation fee.

    Args:
        reference: The booking reference, e.g. "BK1002".

    Returns:
        Keys reference, status ("cancelled") and refund_eur.

    Raises:
        LookupError: There is no booking with this reference.
        ValueError: The booking is already cancelled.
    """
    data = read_json(TRAVEL_FILE)
    booking = _booking(data, reference)
    if booking["status"] == "cancelled":
        raise ValueError(f"Booking {booking['reference']} is already cancelled.")
    booking["status"] = "cancelled"
    _flight(data, booking["flight_number"], booking["date"])["seats_left"] += 1
    write_json(TRAVEL_FILE, data)
    refund = money(max(0.0, booking["price_eur"] - CANCELLATION_FEE_EUR))
    return {"reference": booking["reference"], "status": "cancelled", "refund_eur": refund}


def _code(text: str, codes: set[str]) -> str:
    code = str(text).strip().upper()
    if code not in codes:
        raise ValueError(
            f"Unknown airport code {text!r}; use the three-letter IATA code (find_airports "
            "gives it for a city)."
        )
    return code


def _flight(data: dict, number: str, day: str) -> dict:
    wanted = str(number).replace(" ", "").upper()
    for flight in data["flights"]:
        if flight["number"] == wanted and flight["date"] == day:
            return flight
    raise LookupError(f"No flight {number} departs on {day}; see search_flights().")


def _booking(data: dict, reference: str) -> dict:
    wanted = str(reference).strip().upper()
    for booking in data["bookings"]:
        if booking["reference"] == wanted:
            return booking
    raise LookupError(f"No booking with reference {reference!r}.")


def _described(booking: dict, flight: dict) -> dict:
    route = {key: flight[key] for key in ("origin", "destination", "departs", "arrives")}
    return {
        "reference": booking["reference"],
        "flight_number": booking["flight_number"],
        "date": booking["date"],
        **route,
        "passenger": booking["passenger"],
        "price_eur": booking["price_eur"],
        "status": booking["status"],
    }
