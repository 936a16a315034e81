"""Calendar arithmetic: parse, shift, compare, name and format dates, and list date ranges.

Every function accepts dates either as `date`/`datetime` objects or as text such as "2024-05-01",
"01/05/2024", "May 1, 2024", "today" or "tomorrow", so the agent can pass values straight from a
task or an observation.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

__all__ = [
    "add_days_to_date",
    "add_weeks_to_date",
    "days_between_dates",
    "format_date",
    "get_day_of_week",
    "list_dates_in_range",
    "parse_date",
]

_DATE_FORMATS = (
    "%Y-%m-%d",
    "%Y/%m/%d",
    "%d/%m/%Y",
    "%d-%m-%Y",
    "%d.%m.%Y",
    "%B %d, %Y",
    "%b %d, %Y",
    "%B %d %Y",
    "%d %B %Y",
    "%d %b %Y",
    "%Y%m%d",
)
_RELATIVE_DAYS = {"today": 0, "now": 0, "tomorrow": 1, "yesterday": -1}
_MAX_RANGE_DAYS = 3700


def parse_date(text: str, format: str | None = None) -> date:
    """Parse a date written as text into a date.

    Args:
        text: The date, e.g. "2024-05-01", "1 May 2024", "May 1, 2024", "01/05/2024"
            (day first) or "today"/"tomorrow"/"yesterday".
        format: Optional strftime format such as "%m/%d/%Y" when the text is ambiguous.

    Returns:
        The date.

    Raises:
        ValueError: The text is not a recognisable date.
    """
    if format:
        try:
            return datetime.strptime(text.strip(), format).date()
        except ValueError:
            pass
        raise ValueError(f"'{text}' does not match the format '{format}'.")
    return _as_date(text)


def add_days_to_date(value: str | date, days: int) -> date:
    """Add (or subtract, with a negative number) a number of days to a date.

    Args:
        value: The starting date, e.g. "2024-05-01".
        days: Days to add; negative to go back in time.

    Returns:
        The resulting date.

    Raises:
        ValueError: The date text is not recognisable.
    """
    return _as_date(value) + timedelta(days=days)


def add_weeks_to_date(value: str | date, weeks: int) -> date:
    """Add (or subtract, with a negative number) a number of weeks to a date.

    Args:
        value: The starting date, e.g. "2024-05-01".
        weeks: Weeks to add; negative to go back in time.

    Returns:
        The resulting date.

    Raises:
        ValueError: The date text is not recognisable.
    """
    return _as_date(value) + timedelta(weeks=weeks)


def days_between_dates(start: str | date, end: str | date) -> int:
    """Count the number of days between two dates (difference in days).

    Args:
        start: The first date.
        end: The second date.

    Returns:
        Days from start to end; negative when end is before start.

    Raises:
        ValueError: A date text is not recognisable.
    """
    return (_as_date(end) - _as_date(start)).days


def get_day_of_week(value: str | date) -> str:
    """Get the day of the week of a date as its name, like "Monday".

    Args:
        value: The date, e.g. "2024-05-01".

    Returns:
        The English weekday name.

    Raises:
        ValueError: The date text is not recognisable.
    """
    return _as_date(value).strftime("%A")


def format_date(value: str | date, format: str = "%Y-%m-%d") -> str:
    """Format a date or datetime as text with a strftime pattern.

    Args:
        value: The date or datetime (or date text) to format.
        format: strftime pattern, e.g. "%d %B %Y" gives "01 May 2024", "%A" the weekday.

    Returns:
        The formatted text.

    Raises:
        ValueError: The date text is not recognisable.
    """
    moment = value if isinstance(value, datetime) else _as_date(value)
    return moment.strftime(format)


def list_dates_in_range(start: str | date, end: str | date, step_days: int = 1) -> list[date]:
    """List every date from a start date to an end date, both included.

    Args:
        start: The first date.
        end: The last date (included); must not be before start.
        step_days: Distance between consecutive dates, e.g. 7 for one date per week.

    Returns:
        The dates in order.

    Raises:
        ValueError: A date is not recognisable, end is before start, the step is not positive,
            or the range is longer than about ten years.
    """
    first, last = _as_date(start), _as_date(end)
    if step_days < 1:
        raise ValueError("step_days must be 1 or more.")
    if last < first:
        raise ValueError(f"The end date {last} is before the start date {first}; swap them.")
    if (last - first).days > _MAX_RANGE_DAYS:
        raise ValueError(f"The range is longer than {_MAX_RANGE_DAYS} days; use a shorter one.")
    count = (last - first).days // step_days + 1
    return [first + timedelta(days=index * step_days) for index in range(count)]


def _as_date(value: str | date) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = str(value).strip()
    if text.lower() in _RELATIVE_DAYS:
        return date.today() + timedelta(days=_RELATIVE_DAYS[text.lower()])
    for pattern in _DATE_FORMATS:
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    try:
        return datetime.fromisoformat(text).date()
    except ValueError:
        pass
    raise ValueError(f"'{value}' is not a date I can read; write it like '2024-05-01'.")
