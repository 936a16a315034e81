"""Current weather and daily forecasts for coordinates, from Open-Meteo (no API key needed).

Calls https://api.open-meteo.com/v1/forecast; `REACT_REPL_OPEN_METEO_URL` points it elsewhere.
Weather codes are turned into words so the agent can describe the weather (and pick an emoji).
"""

from __future__ import annotations

from _config import setting
from _http import get_json

__all__ = ["get_current_weather", "get_weather_forecast"]
# What each call does beyond returning a value (read by the sandbox and approvals; see
# react_repl.registry's `api` docstring).
__react_repl__ = {
    "get_current_weather": {"network": True},
    "get_weather_forecast": {"network": True},
}

BASE_URL_ENV = "REACT_REPL_OPEN_METEO_URL"
DEFAULT_BASE_URL = "https://api.open-meteo.com"
MAX_FORECAST_DAYS = 16
_CURRENT = {
    "temperature_2m": "temperature_c",
    "apparent_temperature": "feels_like_c",
    "relative_humidity_2m": "humidity_percent",
    "precipitation": "precipitation_mm",
    "wind_speed_10m": "wind_speed_kmh",
    "weather_code": "weather_code",
}
_DAILY = {
    "temperature_2m_max": "temperature_max_c",
    "temperature_2m_min": "temperature_min_c",
    "precipitation_sum": "precipitation_mm",
    "precipitation_probability_max": "precipitation_probability_percent",
    "wind_speed_10m_max": "wind_speed_max_kmh",
    "weather_code": "weather_code",
}
_WMO_CODES = {
    0: "clear sky",
    1: "mainly clear",
    2: "partly cloudy",
    3: "overcast",
    45: "fog",
    48: "depositing rime fog",
    51: "light drizzle",
    53: "moderate drizzle",
    55: "dense drizzle",
    56: "light freezing drizzle",
    57: "dense freezing drizzle",
    61: "slight rain",
    63: "moderate rain",
    65: "heavy rain",
    66: "light freezing rain",
    67: "heavy freezing rain",
    71: "slight snow fall",
    73: "moderate snow fall",
    75: "heavy snow fall",
    77: "snow grains",
    80: "slight rain showers",
    81: "moderate rain showers",
    82: "violent rain showers",
    85: "slight snow showers",
    86: "heavy snow showers",
    95: "thunderstorm",
    96: "thunderstorm with slight hail",
    99: "thunderstorm with heavy hail",
}


def get_current_weather(latitude: float, longitude: float) -> dict:
    """Get the current weather (temperature, wind, rain, conditions) at a latitude and longitude.

    Args:
        latitude: Latitude in degrees, -90 to 90 (from get_location_coordinates or
            get_user_location).
        longitude: Longitude in degrees, -180 to 180.

    Returns:
        Keys time (local), timezone, temperature_c, feels_like_c, humidity_percent,
        precipitation_mm, wind_speed_kmh, weather_code and description (e.g. "partly cloudy").

    Raises:
        ValueError: The coordinates are out of range.
        ConnectionError: Open-Meteo cannot be reached (no network) or answered unexpectedly.
    """
    answer = _forecast(latitude, longitude, {"current": ",".join(_CURRENT)})
    current = _section(answer, "current")
    weather = {"time": current.get("time"), "timezone": answer.get("timezone")}
    weather |= {ours: current.get(theirs) for theirs, ours in _CURRENT.items()}
    weather["description"] = _describe(weather["weather_code"])
    return weather


def get_weather_forecast(latitude: float, longitude: float, days: int = 7) -> list[dict]:
    """Get the daily weather forecast for the next days at a latitude and longitude.

    Args:
        latitude: Latitude in degrees, -90 to 90.
        longitude: Longitude in degrees, -180 to 180.
        days: Number of days including today, 1 to 16.

    Returns:
        One dict per day with keys date, description, weather_code, temperature_max_c,
        temperature_min_c, precipitation_mm, precipitation_probability_percent and
        wind_speed_max_kmh.

    Raises:
        ValueError: The coordinates or the number of days are out of range.
        ConnectionError: Open-Meteo cannot be reached (no network) or answered unexpectedly.
    """
    if not 1 <= days <= MAX_FORECAST_DAYS:
        raise ValueError(f"days must be between 1 and {MAX_FORECAST_DAYS}, got {days}.")
    extra = {"daily": ",".join(_DAILY), "forecast_days": days}
    daily = _section(_forecast(latitude, longitude, extra), "daily")
    forecast = []
    for index, day in enumerate(daily.get("time") or []):
        values = {ours: _at(daily.get(theirs), index) for theirs, ours in _DAILY.items()}
        forecast.append({"date": day, "description": _describe(values["weather_code"])} | values)
    return forecast


def _forecast(latitude: float, longitude: float, extra: dict) -> dict:
    if not -90 <= latitude <= 90 or not -180 <= longitude <= 180:
        raise ValueError(
            f"({latitude}, {longitude}) are not valid coordinates; latitude is -90..90 and "
            "longitude -180..180. Use get_location_coordinates to find them."
        )
    url = (setting(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/") + "/v1/forecast"
    params = {"latitude": latitude, "longitude": longitude, "timezone": "auto"} | extra
    return get_json(url, params)


def _section(answer: object, key: str) -> dict:
    section = answer.get(key) if isinstance(answer, dict) else None
    if not isinstance(section, dict):
        raise ConnectionError(f"Open-Meteo answered without '{key}' data; try again later.")
    return section


def _at(values: object, index: int) -> object:
    return values[index] if isinstance(values, list) and index < len(values) else None


def _describe(code: object) -> str:
    return _WMO_CODES.get(code, "unknown") if isinstance(code, int) else "unknown"
