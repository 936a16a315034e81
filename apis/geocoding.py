"""Places and coordinates: the user's own location, and looking up a city via Open-Meteo.

`get_user_location` reads `REACT_REPL_LOCATION` ("City,latitude,longitude"), so it works offline
and never guesses; without it, `REACT_REPL_LOCATION_URL` names an ipinfo-style lookup service
(e.g. "https://ipinfo.io/json": JSON with city, country, "loc": "lat,lon", timezone) to ask.
Place search calls https://geocoding-api.open-meteo.com/v1/search (no key);
`REACT_REPL_GEOCODING_URL` points it elsewhere.
"""

from __future__ import annotations

from _config import setting
from _http import get_json

__all__ = ["find_locations", "get_location_coordinates", "get_user_location"]
# What each call does beyond returning a value (read by the sandbox and approvals; see
# react_repl.registry's `api` docstring).
__react_repl__ = {
    "find_locations": {"network": True},
    "get_location_coordinates": {"network": True},
}

LOCATION_ENV = "REACT_REPL_LOCATION"
LOCATION_SERVICE_ENV = "REACT_REPL_LOCATION_URL"
BASE_URL_ENV = "REACT_REPL_GEOCODING_URL"
DEFAULT_BASE_URL = "https://geocoding-api.open-meteo.com"
_COUNTRY_ALIASES = {"uk": "gb", "england": "gb", "usa": "us", "united states of america": "us"}


def get_user_location() -> dict:
    """Get the user's current location (my location): city name, latitude and longitude.

    Returns:
        Keys city, latitude and longitude (and country and timezone when a location service
        answered).

    Raises:
        LookupError: No location is configured; ask the user for a city and use
            get_location_coordinates instead.
        ConnectionError: The configured location service cannot be reached.
    """
    configured = setting(LOCATION_ENV)
    if not configured and setting(LOCATION_SERVICE_ENV):
        return _location_from_service(str(setting(LOCATION_SERVICE_ENV)))
    if not configured:
        raise LookupError(
            f"The user's location is not configured ({LOCATION_ENV}='City,latitude,longitude'). "
            "Ask for a city and use get_location_coordinates(city) instead."
        )
    parts = configured.rsplit(",", 2)
    try:
        city, latitude, longitude = parts[0].strip(), float(parts[1]), float(parts[2])
    except (IndexError, ValueError):
        city = ""
    if not city:
        raise LookupError(
            f"{LOCATION_ENV}={configured!r} is not 'City,latitude,longitude', "
            "e.g. 'Leuven,50.88,4.70'. Ask for a city and use get_location_coordinates(city)."
        )
    return {"city": city, "latitude": latitude, "longitude": longitude}


def find_locations(place: str, max_results: int = 5) -> list[dict]:
    """Search places (cities, towns) by name and get their coordinates, country and time zone.

    Args:
        place: Place name, optionally with a country or region after a comma, e.g.
            "London, UK" or "Springfield, Illinois".
        max_results: Most places to return (1 to 20), best match first.

    Returns:
        One dict per place with keys name, region, country, country_code, latitude, longitude,
        timezone and population.

    Raises:
        ValueError: The place name is empty.
        ConnectionError: The geocoding service cannot be reached (no network).
    """
    name, _, qualifier = place.partition(",")
    if not name.strip():
        raise ValueError("Give a place name, e.g. 'Paris' or 'London, UK'.")
    count = max(1, min(max_results, 20))
    url = (setting(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/") + "/v1/search"
    answer = get_json(url, {"name": name.strip(), "count": 20, "language": "en", "format": "json"})
    results = answer.get("results") if isinstance(answer, dict) else None
    places = [_place(result) for result in results or [] if isinstance(result, dict)]
    matching = [found for found in places if _matches(found, qualifier)]
    return (matching or places)[:count]


def get_location_coordinates(place: str) -> dict:
    """Get the latitude and longitude of a city or place name (geocode it).

    Args:
        place: Place name, optionally with a country after a comma, e.g. "London, UK".

    Returns:
        The best match: keys name, region, country, country_code, latitude, longitude,
        timezone and population.

    Raises:
        LookupError: No place has that name.
        ConnectionError: The geocoding service cannot be reached (no network).
    """
    found = find_locations(place, max_results=1)
    if not found:
        raise LookupError(f"No place called '{place}' was found; check the spelling.")
    return found[0]


def _location_from_service(url: str) -> dict:
    answer = get_json(url)
    answer = answer if isinstance(answer, dict) else {}
    latitude, _, longitude = str(answer.get("loc", "")).partition(",")
    try:
        coordinates = (float(latitude), float(longitude))
    except ValueError:
        coordinates = None
    if coordinates is None or not answer.get("city"):
        raise ConnectionError("The location service answered without a city and coordinates.")
    return {
        "city": str(answer["city"]),
        "latitude": coordinates[0],
        "longitude": coordinates[1],
        "country": answer.get("country"),
        "timezone": answer.get("timezone"),
    }


def _place(result: dict) -> dict:
    return {
        "name": result.get("name"),
        "region": result.get("admin1"),
        "country": result.get("country"),
        "country_code": result.get("country_code"),
        "latitude": result.get("latitude"),
        "longitude": result.get("longitude"),
        "timezone": result.get("timezone"),
        "population": result.get("population"),
    }


def _matches(place: dict, qualifier: str) -> bool:
    wanted = qualifier.strip().lower()
    if not wanted:
        return True
    wanted = _COUNTRY_ALIASES.get(wanted, wanted)
    fields = (place["country"], place["country_code"], place["region"])
    return any(str(value).lower() == wanted for value in fields if value)
