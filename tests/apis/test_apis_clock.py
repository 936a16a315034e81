from datetime import UTC, datetime, timedelta, timezone

import clock
import pytest


def test_current_date_and_datetime_agree_with_the_clock() -> None:
    now = clock.get_current_datetime("UTC")
    assert now.tzinfo is not None
    assert abs(now - datetime.now(UTC)) < timedelta(seconds=5)
    assert clock.get_current_date("UTC") == datetime.now(UTC).date()
    assert clock.get_current_datetime().utcoffset() is not None


def test_current_time_in_a_zone_is_formatted() -> None:
    text = clock.get_current_time("Asia/Tokyo")
    tokyo = datetime.now(timezone(timedelta(hours=9)))
    hours, minutes, seconds = (int(part) for part in text.split(":"))
    assert hours in (tokyo.hour, (tokyo.hour - 1) % 24)
    assert 0 <= minutes < 60 and 0 <= seconds < 60


def test_convert_timezone_from_naive_text_and_aware_value() -> None:
    tokyo = clock.convert_timezone("2024-05-01 09:30", "Asia/Tokyo", "Europe/London")
    assert (tokyo.hour, tokyo.minute, tokyo.day) == (17, 30, 1)
    utc_noon = datetime(2024, 1, 15, 12, tzinfo=UTC)
    assert clock.convert_timezone(utc_noon, "America/New_York").hour == 7
    assert clock.convert_timezone("2024-01-15T12:00", "UTC").hour == 12


def test_unknown_time_zone_names_the_fix() -> None:
    with pytest.raises(ValueError, match="find_timezones"):
        clock.get_current_date("Mars/Olympus")
    with pytest.raises(ValueError, match="Unknown time zone"):
        clock.convert_timezone("2024-01-01 10:00", "../../etc/passwd")


def test_find_timezones_by_city() -> None:
    assert "Europe/London" in clock.find_timezones("london")
    assert "America/New_York" in clock.find_timezones("new york")
    assert clock.find_timezones("atlantis") == []
