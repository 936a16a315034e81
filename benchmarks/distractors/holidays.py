"""Holiday dates: Easter and the movable feasts, and rule-based national holidays.

Each function takes a year and returns the holiday's date as YYYY-MM-DD (Gregorian calendar).
"""

from __future__ import annotations

from datetime import date, timedelta


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """weekday: Monday=0; n = -1 for the last one."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _easter(year: int) -> date:
    """Anonymous Gregorian algorithm (Meeus/Jones/Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    leap = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * leap) // 451
    month, day = divmod(h + leap - 7 * m + 114, 31)
    return date(year, month, day + 1)


def easter_sunday(year: int) -> str:
    """Date of (Western) Easter Sunday.

    Args:
        year: e.g. 2025.

    Returns:
        The date.

    Example:
        >>> easter_sunday(2025)
        '2025-04-20'
    """
    return _easter(year).isoformat()


def orthodox_easter_sunday(year: int) -> str:
    """Date of Orthodox Easter Sunday, converted to the Gregorian calendar (1900-2099).

    Args:
        year: e.g. 2024.

    Returns:
        The date.

    Example:
        >>> orthodox_easter_sunday(2024)
        '2024-05-05'
    """
    a, b, c = year % 4, year % 7, year % 19
    d = (19 * c + 15) % 30
    e = (2 * a + 4 * b - d + 34) % 7
    month, day = divmod(d + e + 114, 31)
    return (date(year, month, day + 1) + timedelta(days=13)).isoformat()


def good_friday(year: int) -> str:
    """Date of Good Friday, two days before Easter.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> good_friday(2025)
        '2025-04-18'
    """
    return (_easter(year) - timedelta(days=2)).isoformat()


def easter_monday(year: int) -> str:
    """Date of Easter Monday, a public holiday in much of Europe.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> easter_monday(2026)
        '2026-04-06'
    """
    return (_easter(year) + timedelta(days=1)).isoformat()


def ash_wednesday(year: int) -> str:
    """Date of Ash Wednesday, the start of Lent, 46 days before Easter.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> ash_wednesday(2025)
        '2025-03-05'
    """
    return (_easter(year) - timedelta(days=46)).isoformat()


def ascension_day(year: int) -> str:
    """Date of Ascension Day, 39 days after Easter (a Thursday).

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> ascension_day(2025)
        '2025-05-29'
    """
    return (_easter(year) + timedelta(days=39)).isoformat()


def pentecost_sunday(year: int) -> str:
    """Date of Pentecost (Whitsunday), 49 days after Easter.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> pentecost_sunday(2025)
        '2025-06-08'
    """
    return (_easter(year) + timedelta(days=49)).isoformat()


def corpus_christi(year: int) -> str:
    """Date of Corpus Christi, 60 days after Easter (a Thursday).

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> corpus_christi(2025)
        '2025-06-19'
    """
    return (_easter(year) + timedelta(days=60)).isoformat()


def first_sunday_of_advent(year: int) -> str:
    """Date of the first Sunday of Advent, the fourth Sunday before Christmas.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> first_sunday_of_advent(2025)
        '2025-11-30'
    """
    christmas = date(year, 12, 25)
    last_sunday = christmas - timedelta(days=(christmas.weekday() + 1) % 7 or 7)
    return (last_sunday - timedelta(weeks=3)).isoformat()


def us_thanksgiving(year: int) -> str:
    """Date of US Thanksgiving, the fourth Thursday of November.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> us_thanksgiving(2025)
        '2025-11-27'
    """
    return _nth_weekday(year, 11, 3, 4).isoformat()


def us_memorial_day(year: int) -> str:
    """Date of US Memorial Day, the last Monday of May.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> us_memorial_day(2025)
        '2025-05-26'
    """
    return _nth_weekday(year, 5, 0, -1).isoformat()


def us_labor_day(year: int) -> str:
    """Date of US Labor Day, the first Monday of September.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> us_labor_day(2025)
        '2025-09-01'
    """
    return _nth_weekday(year, 9, 0, 1).isoformat()


def martin_luther_king_day(year: int) -> str:
    """Date of Martin Luther King Jr. Day, the third Monday of January.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> martin_luther_king_day(2025)
        '2025-01-20'
    """
    return _nth_weekday(year, 1, 0, 3).isoformat()


def us_mothers_day(year: int) -> str:
    """Date of Mother's Day in the US and many other countries, the second Sunday of May.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> us_mothers_day(2025)
        '2025-05-11'
    """
    return _nth_weekday(year, 5, 6, 2).isoformat()


def uk_early_may_bank_holiday(year: int) -> str:
    """Date of the UK early May bank holiday, the first Monday of May.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> uk_early_may_bank_holiday(2025)
        '2025-05-05'
    """
    return _nth_weekday(year, 5, 0, 1).isoformat()


def uk_summer_bank_holiday(year: int) -> str:
    """Date of the August bank holiday in England and Wales, the last Monday of August.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> uk_summer_bank_holiday(2025)
        '2025-08-25'
    """
    return _nth_weekday(year, 8, 0, -1).isoformat()


def swedish_midsummer_eve(year: int) -> str:
    """Date of Midsummer Eve in Sweden, the Friday between 19 and 25 June.

    Args:
        year: The year.

    Returns:
        The date.

    Example:
        >>> swedish_midsummer_eve(2025)
        '2025-06-20'
    """
    start = date(year, 6, 19)
    return (start + timedelta(days=(4 - start.weekday()) % 7)).isoformat()


def dutch_kings_day(year: int) -> str:
    """Date of King's Day in the Netherlands: 27 April, or 26 April when that is a Sunday.

    Args:
        year: The year (2014 or later).

    Returns:
        The date.

    Example:
        >>> dutch_kings_day(2025)
        '2025-04-26'
    """
    day = date(year, 4, 27)
    return (day - timedelta(days=1) if day.weekday() == 6 else day).isoformat()


def days_until_christmas(from_date: str) -> int:
    """Days from a date until the next Christmas Day (0 on Christmas itself).

    Args:
        from_date: YYYY-MM-DD.

    Returns:
        The number of days.

    Example:
        >>> days_until_christmas("2025-12-26")
        364
    """
    today = date.fromisoformat(from_date)
    christmas = date(today.year, 12, 25)
    if today > christmas:
        christmas = date(today.year + 1, 12, 25)
    return (christmas - today).days
