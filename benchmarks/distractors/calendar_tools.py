"""Calendar facts: leap years, month lengths, ISO weeks, quarters, ages, signs and epochs.

Dates are ISO strings, YYYY-MM-DD.
"""

from __future__ import annotations

import calendar
from datetime import UTC, date, datetime, timedelta

_ZODIAC_STARTS = (
    "1-20=Capricorn 2-19=Aquarius 3-21=Pisces 4-20=Aries 5-21=Taurus 6-21=Gemini 7-23=Cancer "
    "8-23=Leo 9-23=Virgo 10-23=Libra 11-22=Scorpio 12-22=Sagittarius 12-32=Capricorn"
)
_ZODIAC = [
    (tuple(int(x) for x in when.split("-")), sign)
    for when, sign in (item.split("=") for item in _ZODIAC_STARTS.split())
]
_ANIMAL_NAMES = "Rat Ox Tiger Rabbit Dragon Snake Horse Goat Monkey Rooster Dog Pig"
_ANIMALS = _ANIMAL_NAMES.split()


def is_leap_year(year: int) -> bool:
    """Whether a year has 29 February in the Gregorian calendar.

    Args:
        year: e.g. 2024.

    Returns:
        True for leap years.

    Example:
        >>> is_leap_year(1900)
        False
    """
    return calendar.isleap(year)


def days_in_month(year: int, month: int) -> int:
    """Number of days in a month.

    Args:
        year: The year (matters for February).
        month: 1 to 12.

    Returns:
        28 to 31.

    Example:
        >>> days_in_month(2024, 2)
        29
    """
    return calendar.monthrange(year, month)[1]


def day_of_year(day: str) -> int:
    """Ordinal day within its year (1 January is 1).

    Args:
        day: A date, YYYY-MM-DD.

    Returns:
        1 to 366.

    Example:
        >>> day_of_year("2024-03-01")
        61
    """
    return date.fromisoformat(day).timetuple().tm_yday


def iso_week_number(day: str) -> int:
    """ISO 8601 week number of a date (weeks start on Monday; week 1 holds 4 January).

    Args:
        day: A date, YYYY-MM-DD.

    Returns:
        1 to 53.

    Example:
        >>> iso_week_number("2021-01-03")
        53
    """
    return date.fromisoformat(day).isocalendar().week


def iso_week_label(day: str) -> str:
    """ISO week-date label of a date, e.g. "2025-W01-1".

    Args:
        day: A date, YYYY-MM-DD.

    Returns:
        Year-Www-weekday in ISO form.

    Example:
        >>> iso_week_label("2024-12-30")
        '2025-W01-1'
    """
    year, week, weekday = date.fromisoformat(day).isocalendar()
    return f"{year}-W{week:02d}-{weekday}"


def monday_of_iso_week(year: int, week: int) -> str:
    """The Monday that starts an ISO week.

    Args:
        year: The ISO year.
        week: The ISO week, 1 to 53.

    Returns:
        The Monday's date.

    Example:
        >>> monday_of_iso_week(2025, 1)
        '2024-12-30'
    """
    return date.fromisocalendar(year, week, 1).isoformat()


def quarter_of(day: str) -> int:
    """Calendar quarter (1-4) of a date.

    Args:
        day: A date, YYYY-MM-DD.

    Returns:
        The quarter.

    Example:
        >>> quarter_of("2025-08-15")
        3
    """
    return (date.fromisoformat(day).month - 1) // 3 + 1


def fiscal_year_of(day: str, start_month: int = 4) -> int:
    """Fiscal year a date falls in, named by the calendar year in which it ends.

    Args:
        day: A date, YYYY-MM-DD.
        start_month: First month of the fiscal year (4 = April, as in the UK and India).

    Returns:
        The fiscal year.

    Example:
        >>> fiscal_year_of("2025-02-10", start_month=4)
        2025
    """
    d = date.fromisoformat(day)
    return d.year + 1 if d.month >= start_month and start_month != 1 else d.year


def last_day_of_month(day: str) -> str:
    """The last date of the month a date falls in.

    Args:
        day: A date, YYYY-MM-DD.

    Returns:
        The month's last day.

    Example:
        >>> last_day_of_month("2023-02-10")
        '2023-02-28'
    """
    d = date.fromisoformat(day)
    return d.replace(day=calendar.monthrange(d.year, d.month)[1]).isoformat()


def nth_weekday_of_month(year: int, month: int, weekday: str, n: int) -> str:
    """Date of the n-th given weekday of a month, e.g. the 2nd Tuesday (n = -1 for the last).

    Args:
        year: The year.
        month: 1 to 12.
        weekday: English weekday name, e.g. "Tuesday".
        n: 1 to 5, or -1 for the last one.

    Returns:
        The date.

    Raises:
        ValueError: The month has no such day.

    Example:
        >>> nth_weekday_of_month(2025, 11, "Thursday", 4)
        '2025-11-27'
    """
    index = [name.lower() for name in calendar.day_name].index(weekday.strip().lower())
    month_days = calendar.Calendar().itermonthdates(year, month)
    days = [d for d in month_days if d.month == month and d.weekday() == index]
    if n == -1:
        return days[-1].isoformat()
    if not 1 <= n <= len(days):
        raise ValueError(f"There is no {n}th {weekday} in {year}-{month:02d}.")
    return days[n - 1].isoformat()


def week_start(day: str, first_weekday: str = "Monday") -> str:
    """The first day of the week containing a date.

    Args:
        day: A date, YYYY-MM-DD.
        first_weekday: "Monday" (ISO) or "Sunday" (US).

    Returns:
        The week's first day.

    Example:
        >>> week_start("2025-06-12", "Sunday")
        '2025-06-08'
    """
    d = date.fromisoformat(day)
    offset = (d.weekday() + (1 if first_weekday.lower() == "sunday" else 0)) % 7
    return (d - timedelta(days=offset)).isoformat()


def month_calendar_grid(year: int, month: int) -> list[list[int]]:
    """The month as weeks (Monday first), with 0 for days outside the month.

    Args:
        year: The year.
        month: 1 to 12.

    Returns:
        One list of 7 day numbers per week.

    Example:
        >>> month_calendar_grid(2025, 2)[0]
        [0, 0, 0, 0, 0, 1, 2]
    """
    return calendar.monthcalendar(year, month)


def age_on_date(birth_date: str, on_date: str) -> int:
    """Age in completed years on a given date.

    Args:
        birth_date: YYYY-MM-DD.
        on_date: YYYY-MM-DD.

    Returns:
        The age in years.

    Example:
        >>> age_on_date("1990-08-20", "2025-08-19")
        34
    """
    born, on = date.fromisoformat(birth_date), date.fromisoformat(on_date)
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def western_zodiac_sign(birth_date: str) -> str:
    """Western (tropical) zodiac sign of a birth date.

    Args:
        birth_date: YYYY-MM-DD.

    Returns:
        e.g. "Leo".

    Example:
        >>> western_zodiac_sign("1990-08-20")
        'Leo'
    """
    d = date.fromisoformat(birth_date)
    return next(sign for (month, day), sign in _ZODIAC if (d.month, d.day) < (month, day))


def chinese_zodiac_animal(year: int) -> str:
    """Animal of the Chinese zodiac for a (lunar) year.

    Args:
        year: e.g. 2024.

    Returns:
        e.g. "Dragon".

    Example:
        >>> chinese_zodiac_animal(2024)
        'Dragon'
    """
    return _ANIMALS[(year - 2020) % 12]


def unix_timestamp_to_iso(timestamp: float) -> str:
    """Convert a Unix timestamp (seconds since 1970-01-01 UTC) to ISO 8601 UTC.

    Args:
        timestamp: Seconds since the epoch.

    Returns:
        e.g. "2009-02-13T23:31:30+00:00".

    Example:
        >>> unix_timestamp_to_iso(1234567890)
        '2009-02-13T23:31:30+00:00'
    """
    return datetime.fromtimestamp(timestamp, tz=UTC).isoformat()


def iso_to_unix_timestamp(moment: str) -> int:
    """Convert an ISO 8601 date-time to a Unix timestamp (naive times count as UTC).

    Args:
        moment: e.g. "2009-02-13T23:31:30Z".

    Returns:
        Seconds since the epoch.

    Example:
        >>> iso_to_unix_timestamp("2009-02-13T23:31:30Z")
        1234567890
    """
    parsed = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return int(parsed.timestamp())


def meteorological_season(day: str, hemisphere: str = "north") -> str:
    """Meteorological season of a date (whole months: Dec-Feb is northern winter).

    Args:
        day: A date, YYYY-MM-DD.
        hemisphere: "north" or "south".

    Returns:
        "winter", "spring", "summer" or "autumn".

    Example:
        >>> meteorological_season("2025-01-15", "south")
        'summer'
    """
    seasons = ["winter", "spring", "summer", "autumn"]
    index = date.fromisoformat(day).month % 12 // 3
    return seasons[(index + (2 if hemisphere.lower() == "south" else 0)) % 4]


def weekdays_in_month(year: int, month: int, weekday: str) -> list[str]:
    """Every date in a month that falls on a given weekday.

    Args:
        year: The year.
        month: 1 to 12.
        weekday: English weekday name.

    Returns:
        The dates.

    Example:
        >>> weekdays_in_month(2025, 2, "Friday")
        ['2025-02-07', '2025-02-14', '2025-02-21', '2025-02-28']
    """
    index = [name.lower() for name in calendar.day_name].index(weekday.strip().lower())
    days = (date(year, month, d) for d in range(1, days_in_month(year, month) + 1))
    return [d.isoformat() for d in days if d.weekday() == index]
