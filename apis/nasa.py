"""NASA's Astronomy Picture of the Day (APOD).

Calls https://api.nasa.gov/planetary/apod with the key from `NASA_API_KEY` (environment or
react-repl.toml; default "DEMO_KEY", which NASA rate-limits to a few dozen calls an hour).
`REACT_REPL_NASA_URL` points it elsewhere.
"""

from __future__ import annotations

from datetime import date

from _config import setting
from _http import get_json

__all__ = ["get_nasa_astronomy_picture_of_the_day"]
# What each call does beyond returning a value (read by the sandbox and approvals; see
# react_repl.registry's `api` docstring).
__react_repl__ = {
    "get_nasa_astronomy_picture_of_the_day": {"network": True},
}

BASE_URL_ENV = "REACT_REPL_NASA_URL"
DEFAULT_BASE_URL = "https://api.nasa.gov"
KEY_ENV = "NASA_API_KEY"
FIRST_APOD = date(1995, 6, 16)


def get_nasa_astronomy_picture_of_the_day(day: str | None = None) -> dict:
    """Get NASA's astronomy picture of the day (APOD): title, explanation and image URL.

    Args:
        day: Date as "YYYY-MM-DD" for an earlier picture (from 1995-06-16); None for today's.

    Returns:
        Keys date, title, explanation, url (the image; pass it to download_image), hd_url,
        media_type ("image" or "video") and copyright.

    Raises:
        ValueError: The date is not YYYY-MM-DD or is outside the APOD archive.
        PermissionError: NASA refused the API key.
        ConnectionError: api.nasa.gov cannot be reached (no network) or is rate-limited.
    """
    params = {"api_key": setting(KEY_ENV, "DEMO_KEY")}
    if day is not None:
        params["date"] = _checked_day(day)
    url = (setting(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/") + "/planetary/apod"
    answer = get_json(url, params)
    if not isinstance(answer, dict) or "url" not in answer:
        raise ConnectionError("NASA answered without a picture; try again later.")
    return {
        "date": answer.get("date"),
        "title": answer.get("title"),
        "explanation": answer.get("explanation"),
        "url": answer.get("url"),
        "hd_url": answer.get("hdurl"),
        "media_type": answer.get("media_type"),
        "copyright": (answer.get("copyright") or "").strip() or None,
    }


def _checked_day(day: str) -> str:
    try:
        wanted = date.fromisoformat(str(day).strip())
    except ValueError:
        wanted = None
    if wanted is None or not FIRST_APOD <= wanted <= date.today():
        raise ValueError(
            f"'{day}' is not a date between {FIRST_APOD} and today written as YYYY-MM-DD."
        )
    return wanted.isoformat()
