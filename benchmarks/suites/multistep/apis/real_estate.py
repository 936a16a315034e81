"""Homes for sale: listings, the estate agents selling them, viewings and mortgage estimates.

The data lives in `realestate.json` in the workspace. Prices are euros, living areas square
metres. Viewings are booked on the hour or half hour between 09:00 and 18:00.
"""

from __future__ import annotations

import re

from _multistep_store import folded, money, next_id, parse_day, read_json, write_json

__all__ = [
    "book_viewing",
    "estimate_monthly_mortgage",
    "get_estate_agent",
    "get_listing",
    "list_viewings",
    "search_listings",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {name: {"side_effects": True} for name in ("book_viewing",)}

REALESTATE_FILE = "realestate.json"
_TIME = re.compile(r"^(?P<hour>\d{1,2}):(?P<minute>00|30)$")


def search_listings(
    city: str, max_price: float | None = None, min_bedrooms: int | None = None
) -> list[dict]:
    """Search the homes for sale in a city, optionally within a budget and a bedroom count.

    Args:
        city: The city, e.g. "Leiden".
        max_price: Highest asking price in euros; None for no limit.
        min_bedrooms: Fewest bedrooms; None for any.

    Returns:
        One dict per home for sale, cheapest first, with keys id (e.g. "LD-2203"), address,
        city, price_eur and bedrooms. get_listing gives the full details.
    """
    found = [
        {key: listing[key] for key in ("id", "address", "city", "price_eur", "bedrooms")}
        for listing in read_json(REALESTATE_FILE)["listings"]
        if listing["status"] == "for sale"
        and folded(listing["city"]) == folded(city)
        and (max_price is None or listing["price_eur"] <= max_price)
        and (min_bedrooms is None or listing["bedrooms"] >= min_bedrooms)
    ]
    return sorted(found, key=lambda listing: listing["price_eur"])


def get_listing(listing_id: str) -> dict:
    """Get the full details of a home listing, including its living area and its agent.

    Args:
        listing_id: The listing's id, e.g. "LD-2207".

    Returns:
        Keys id, address, city, price_eur, living_area_m2, bedrooms, energy_label,
        year_built, status ("for sale" or "sold") and agent_id.

    Raises:
        LookupError: There is no listing with this id.
    """
    return dict(_listing(read_json(REALESTATE_FILE), listing_id))


def get_estate_agent(agent_id: str) -> dict:
    """Get the contact details of an estate agent.

    Args:
        agent_id: The agent's id, e.g. "AG-03" (each listing names its agent_id).

    Returns:
        Keys id, name, agency, phone and email.

    Raises:
        LookupError: There is no agent with this id.
    """
    for agent in read_json(REALESTATE_FILE)["agents"]:
        if agent["id"] == str(agent_id).strip().upper():
            return agent
    raise LookupError(f"No estate agent with id {agent_id!r}; agent ids look like AG-01.")


def book_viewing(listing_id: str, date: str, time: str, visitor_name: str) -> dict:
    """Book a viewing of a home for sale.

    Args:
        listing_id: The listing's id, e.g. "LD-2207".
        date: The day, YYYY-MM-DD.
        time: The start time, HH:MM on the hour or half hour, 09:00 to 18:00.
        visitor_name: Who will come to the viewing.

    Returns:
        The viewing: keys id (e.g. "VW-0404"), listing_id, address, date, time and visitor.

    Raises:
        LookupError: There is no listing with this id.
        ValueError: The home is sold, the date or time is invalid, the name is empty, or
            the time is already booked.
    """
    day = parse_day(date, "viewing date").isoformat()
    match = _TIME.match(str(time).strip())
    if match is None or not 9 <= int(match["hour"]) <= 18 or str(time).strip() > "18:00":
        raise ValueError(f"Viewings start on the hour or half hour, 09:00 to 18:00; got {time!r}.")
    start = f"{int(match['hour']):02d}:{match['minute']}"
    if not str(visitor_name).strip():
        raise ValueError("Give the visitor's name.")
    data = read_json(REALESTATE_FILE)
    listing = _listing(data, listing_id)
    if listing["status"] != "for sale":
        raise ValueError(f"{listing['address']} is {listing['status']}.")
    for viewing in data["viewings"]:
        if (viewing["listing_id"], viewing["date"], viewing["time"]) == (listing["id"], day, start):
            raise ValueError(f"{start} on {day} is already booked for {listing['address']}.")
    viewing = {
        "id": next_id("VW-", [v["id"] for v in data["viewings"]], 4),
        "listing_id": listing["id"],
        "date": day,
        "time": start,
        "visitor": " ".join(str(visitor_name).split()),
    }
    data["viewings"].append(viewing)
    write_json(REALESTATE_FILE, data)
    return {**viewing, "address": listing["address"]}


def list_viewings(listing_id: str) -> list[dict]:
    """List the viewings booked for a home.

    Args:
        listing_id: The listing's id, e.g. "LD-2207".

    Returns:
        One dict per viewing with keys id, date, time and visitor.

    Raises:
        LookupError: There is no listing with this id.
    """
    data = read_json(REALESTATE_FILE)
    listing = _listing(data, listing_id)
    return [
        {key: viewing[key] for key in ("id", "date", "time", "visitor")}
        for viewing in data["viewings"]
        if viewing["listing_id"] == listing["id"]
    ]


def estimate_monthly_mortgage(loan_amount: float, annual_interest_rate: float, years: int) -> dict:
    """Estimate the fixed monthly payment of an annuity mortgage.

    Args:
        loan_amount: The amount borrowed in euros (the price minus the deposit).
        annual_interest_rate: Yearly interest in percent, e.g. 3.9 for 3.9%.
        years: The mortgage term in years, e.g. 30.

    Returns:
        Keys monthly_payment_eur and total_interest_eur, rounded to cents.

    Raises:
        ValueError: The loan or the term is not positive, or the rate is negative or looks
            like a fraction (0.039) instead of a percentage (3.9).
    """
    if (
        isinstance(loan_amount, bool)
        or not isinstance(loan_amount, int | float)
        or loan_amount <= 0
    ):
        raise ValueError(f"loan_amount must be a positive number of euros, got {loan_amount!r}.")
    if isinstance(years, bool) or not isinstance(years, int) or years <= 0:
        raise ValueError(f"years must be a positive whole number, got {years!r}.")
    if not isinstance(annual_interest_rate, int | float) or annual_interest_rate < 0:
        raise ValueError(
            f"The rate must be a percentage such as 3.9, got {annual_interest_rate!r}."
        )
    if 0 < annual_interest_rate < 0.2:
        raise ValueError(
            f"{annual_interest_rate} looks like a fraction; give the rate in percent, e.g. 3.9."
        )
    months = years * 12
    rate = annual_interest_rate / 100 / 12
    payment = (
        loan_amount / months if rate == 0 else loan_amount * rate / (1 - (1 + rate) ** -months)
    )
    return {
        "monthly_payment_eur": money(payment),
        "total_interest_eur": money(payment * months - loan_amount),
    }


def _listing(data: dict, listing_id: str) -> dict:
    for listing in data["listings"]:
        if listing["id"] == str(listing_id).strip().upper():
            return listing
    raise LookupError(f"No listing with id {listing_id!r}; see search_listings().")
