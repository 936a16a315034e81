"""The current date and time anywhere: clock readings and time-zone conversion.

Time zones are IANA names ("Europe/London", "America/New_York", "UTC"); `find_timezones` finds the
name for a city. Without a zone, "now" is the computer's local time.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

__all__ = [
    "convert_timezone",
    "find_timezones",
    "get_current_date",
    "get_current_datetime",
    "get_current_time",
]


def get_current_date(timezone: str | None = None) -> date:
    """Get today's date, optionally in a given time zone.

    Args:
        timezone: IANA time zone name such as "Asia/Tokyo"; None uses the computer's local zone.

    Returns:
        Today's date.

    Raises:
        ValueError: The time zone name is unknown.
    """
    return get_current_datetime(timezone).date()


def get_current_datetime(timezone: str | None = None) -> datetime:
    """Get the current date and time (now), optionally in a given time zone.

    Args:
        timezone: IANA time zone name such as "Europe/Paris"; None uses the computer's local zone.

    Returns:
        The current date and time, time-zone aware.

    Raises:
        ValueError: The time zone name is unknown.
    """
    if timezone is None:
        return datetime.now().astimezone()
    return datetime.now(_zone(timezone))


def get_current_time(timezone: str | None = None) -> str:
    """Get the current clock time as "HH:MM:SS", optionally in a given time zone.

    Args:
        timezone: IANA time zone name such as "America/New_York"; None uses the local zone.

    Returns:
        The current time of day, e.g. "14:05:09".

    Raises:
        ValueError: The time zone name is unknown.
    """
    return get_current_datetime(timezone).strftime("%H:%M:%S")


def convert_timezone(
    value: str | datetime, to_timezone: str, from_timezone: str | None = None
) -> datetime:
    """Convert a date and time from one time zone to another.

    Args:
        value: The moment to convert, a datetime or text like "2024-05-01 09:30".
        to_timezone: IANA name of the target time zone, e.g. "Asia/Tokyo".
        from_timezone: IANA name of the zone `value` is in when it carries no zone itself;
            None means UTC.

    Returns:
        The same moment expressed in the target time zone.

    Raises:
        ValueError: A time zone name is unknown or the text is not a date and time.
    """
    moment = _as_datetime(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_zone(from_timezone or "UTC"))
    return moment.astimezone(_zone(to_timezone))


def find_timezones(search: str) -> list[str]:
    """Find IANA time zone names that contain a city or region name.

    Args:
        search: Part of the name, e.g. "london", "new_york" or "Australia".

    Returns:
        Matching names such as ["Europe/London"], sorted; empty if none match.
    """
    needle = search.strip().lower().replace(" ", "_")
    return sorted(name for name in available_timezones() if needle in name.lower())


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        pass
    raise ValueError(
        f"Unknown time zone '{name}'. Use an IANA name such as 'Europe/London' or 'UTC'; "
        "find_timezones('london') lists matching names."
    )


def _as_datetime(value: str | datetime) -> datetime:
    if isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value).strip())
    except ValueError:
        pass
    raise ValueError(f"'{value}' is not a date and time; write it like '2024-05-01 09:30'.")
