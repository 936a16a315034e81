from datetime import date, datetime, timedelta

import dates
import pytest


@pytest.mark.parametrize(
    "text",
    ["2024-05-01", "2024/05/01", "01/05/2024", "1 May 2024", "May 1, 2024", "20240501"],
)
def test_parse_date_accepts_common_spellings(text: str) -> None:
    assert dates.parse_date(text) == date(2024, 5, 1)


def test_parse_date_with_format_and_relative_words() -> None:
    assert dates.parse_date("05/01/2024", format="%m/%d/%Y") == date(2024, 5, 1)
    assert dates.parse_date("tomorrow") == date.today() + timedelta(days=1)
    with pytest.raises(ValueError, match="does not match"):
        dates.parse_date("2024-05-01", format="%d/%m/%Y")
    with pytest.raises(ValueError, match="2024-05-01"):
        dates.parse_date("the day after the party")


def test_add_days_and_weeks_cross_month_and_year() -> None:
    assert dates.add_days_to_date("2024-02-28", 2) == date(2024, 3, 1)
    assert dates.add_days_to_date(date(2024, 1, 1), -1) == date(2023, 12, 31)
    assert dates.add_weeks_to_date("2024-05-01", 2) == date(2024, 5, 15)
    assert dates.add_weeks_to_date(datetime(2024, 5, 1, 23, 0), -1) == date(2024, 4, 24)


def test_days_between_and_day_of_week() -> None:
    assert dates.days_between_dates("2024-01-01", "2024-12-31") == 365
    assert dates.days_between_dates("2024-03-10", "2024-03-01") == -9
    assert dates.get_day_of_week("2024-05-01") == "Wednesday"


def test_format_date_keeps_time_of_datetimes() -> None:
    assert dates.format_date("2024-05-01", "%d %B %Y") == "01 May 2024"
    assert dates.format_date(datetime(2024, 5, 1, 9, 30), "%H:%M") == "09:30"


def test_list_dates_in_range_inclusive_with_steps() -> None:
    assert dates.list_dates_in_range("2024-02-27", "2024-03-01") == [
        date(2024, 2, 27),
        date(2024, 2, 28),
        date(2024, 2, 29),
        date(2024, 3, 1),
    ]
    weekly = dates.list_dates_in_range("2024-01-01", "2024-01-31", step_days=7)
    assert [day.day for day in weekly] == [1, 8, 15, 22, 29]


@pytest.mark.parametrize(
    ("start", "end", "step", "message"),
    [
        ("2024-02-01", "2024-01-01", 1, "before the start"),
        ("2024-01-01", "2024-02-01", 0, "step_days"),
        ("1900-01-01", "2024-01-01", 1, "shorter"),
    ],
)
def test_list_dates_in_range_rejects_bad_ranges(
    start: str, end: str, step: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        dates.list_dates_in_range(start, end, step)
