"""Durations and clock times: h:m:s conversions, ISO 8601 durations, time codes, 12/24-hour."""

from __future__ import annotations

import re

_UNIT_SECONDS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1, "ms": 0.001}
_ISO_DURATION = re.compile(
    r"P(?:(?P<weeks>\d+)W)?(?:(?P<days>\d+)D)?"
    r"(?:T(?:(?P<hours>\d+)H)?(?:(?P<minutes>\d+)M)?(?:(?P<seconds>[\d.]+)S)?)?$"
)


def seconds_to_hms(seconds: float) -> str:
    """Format a number of seconds as H:MM:SS.

    Args:
        seconds: A non-negative duration in seconds (fractions are dropped).

    Returns:
        e.g. "1:02:03".

    Example:
        >>> seconds_to_hms(3723)
        '1:02:03'
    """
    whole = int(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def hms_to_seconds(text: str) -> int:
    """Parse "H:MM:SS" or "MM:SS" into seconds.

    Args:
        text: e.g. "1:02:03" or "45:10".

    Returns:
        The total seconds.

    Raises:
        ValueError: Not a clock-style duration.

    Example:
        >>> hms_to_seconds("1:02:03")
        3723
    """
    parts = text.strip().split(":")
    if not 1 <= len(parts) <= 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a duration like 1:02:03.")
    total = 0
    for part in parts:
        total = total * 60 + int(part)
    return total


def parse_duration(text: str) -> float:
    """Parse a human duration such as "1h 30m", "2d4h" or "90s" into seconds.

    Args:
        text: Numbers with units w, d, h, m, s or ms.

    Returns:
        Seconds.

    Raises:
        ValueError: The text contains no duration.

    Example:
        >>> parse_duration("1h 30m 15s")
        5415
    """
    parts = re.findall(r"([\d.]+)\s*(ms|w|d|h|m|s)", text.lower())
    if not parts:
        raise ValueError(f"{text!r} is not a duration like '1h 30m'.")
    total = sum(float(number) * _UNIT_SECONDS[unit] for number, unit in parts)
    return int(total) if total == int(total) else total


def format_duration_words(seconds: int) -> str:
    """Describe a duration in words, e.g. "2 hours, 5 minutes".

    Args:
        seconds: Whole seconds.

    Returns:
        The largest non-zero units, most significant first.

    Example:
        >>> format_duration_words(93784)
        '1 day, 2 hours, 3 minutes, 4 seconds'
    """
    parts = []
    for name, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count} {name}{'s' if count != 1 else ''}")
    return ", ".join(parts) or "0 seconds"


def iso8601_duration_to_seconds(duration: str) -> float:
    """Convert an ISO 8601 duration such as "PT1H30M" or "P2DT3H" to seconds.

    Args:
        duration: The ISO duration (years and months are not supported: their length varies).

    Returns:
        Seconds.

    Raises:
        ValueError: Not a supported ISO 8601 duration.

    Example:
        >>> iso8601_duration_to_seconds("P1DT2H3M4S")
        93784.0
    """
    match = _ISO_DURATION.match(duration.strip().upper())
    if not match or duration.strip().upper() in ("P", "PT"):
        raise ValueError(f"{duration!r} is not an ISO 8601 duration like PT1H30M.")
    values = {k: float(v) for k, v in match.groupdict().items() if v}
    sizes = {"weeks": 604800, "days": 86400, "hours": 3600, "minutes": 60, "seconds": 1}
    return sum(values.get(k, 0) * size for k, size in sizes.items())


def seconds_to_iso8601_duration(seconds: int) -> str:
    """Write a number of seconds as an ISO 8601 duration, e.g. 5400 -> "PT1H30M".

    Args:
        seconds: Whole seconds.

    Returns:
        The ISO duration.

    Example:
        >>> seconds_to_iso8601_duration(93784)
        'P1DT2H3M4S'
    """
    days, rest = divmod(int(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    time = "".join(f"{v}{u}" for v, u in ((hours, "H"), (minutes, "M"), (secs, "S")) if v)
    result = "P" + (f"{days}D" if days else "") + (f"T{time}" if time else "")
    return result if result != "P" else "PT0S"


def minutes_to_decimal_hours(minutes: float) -> float:
    """Convert minutes to decimal hours, as timesheets use (90 -> 1.5).

    Args:
        minutes: The minutes.

    Returns:
        Hours, rounded to 2 decimals.

    Example:
        >>> minutes_to_decimal_hours(135)
        2.25
    """
    return round(minutes / 60, 2)


def decimal_hours_to_hhmm(hours: float) -> str:
    """Convert decimal hours to H:MM (1.75 -> "1:45").

    Args:
        hours: Non-negative decimal hours.

    Returns:
        Hours and minutes.

    Example:
        >>> decimal_hours_to_hhmm(7.6)
        '7:36'
    """
    total_minutes = round(hours * 60)
    return f"{total_minutes // 60}:{total_minutes % 60:02d}"


def add_minutes_to_time(clock_time: str, minutes: int) -> str:
    """Add minutes to a 24-hour clock time, wrapping past midnight.

    Args:
        clock_time: "HH:MM".
        minutes: Minutes to add (negative to subtract).

    Returns:
        The new time "HH:MM".

    Example:
        >>> add_minutes_to_time("23:30", 45)
        '00:15'
    """
    hours, mins = (int(x) for x in clock_time.split(":"))
    total = (hours * 60 + mins + minutes) % 1440
    return f"{total // 60:02d}:{total % 60:02d}"


def minutes_between_times(start: str, end: str) -> int:
    """Minutes from one clock time to a later one, crossing midnight if needed.

    Args:
        start: "HH:MM".
        end: "HH:MM".

    Returns:
        0 to 1439 minutes.

    Example:
        >>> minutes_between_times("22:15", "06:45")
        510
    """
    to_minutes = [int(h) * 60 + int(m) for h, m in (t.split(":") for t in (start, end))]
    return (to_minutes[1] - to_minutes[0]) % 1440


def round_time_to_interval(clock_time: str, interval_minutes: int = 15) -> str:
    """Round a clock time to the nearest interval (e.g. quarter hour), as billing often does.

    Args:
        clock_time: "HH:MM".
        interval_minutes: The interval.

    Returns:
        The rounded time "HH:MM".

    Example:
        >>> round_time_to_interval("09:08", 15)
        '09:15'
    """
    hours, mins = (int(x) for x in clock_time.split(":"))
    total = round((hours * 60 + mins) / interval_minutes) * interval_minutes % 1440
    return f"{total // 60:02d}:{total % 60:02d}"


def timecode_to_frames(timecode: str, fps: int = 25) -> int:
    """Convert a video time code HH:MM:SS:FF into a frame count.

    Args:
        timecode: e.g. "00:01:30:12".
        fps: Frames per second (non-drop-frame).

    Returns:
        The number of frames.

    Example:
        >>> timecode_to_frames("00:01:30:12", 25)
        2262
    """
    hours, minutes, seconds, frames = (int(x) for x in timecode.split(":"))
    return ((hours * 60 + minutes) * 60 + seconds) * fps + frames


def frames_to_timecode(frames: int, fps: int = 25) -> str:
    """Convert a frame count into a time code HH:MM:SS:FF.

    Args:
        frames: The frame count.
        fps: Frames per second (non-drop-frame).

    Returns:
        The time code.

    Example:
        >>> frames_to_timecode(2262, 25)
        '00:01:30:12'
    """
    seconds, frame = divmod(frames, fps)
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}:{frame:02d}"


def average_duration(durations: list[str]) -> str:
    """Mean of several H:MM:SS durations, e.g. lap or call times.

    Args:
        durations: Durations such as "0:41:05".

    Returns:
        The mean as H:MM:SS.

    Example:
        >>> average_duration(["0:40:00", "0:45:00", "0:50:30"])
        '0:45:10'
    """
    return seconds_to_hms(sum(hms_to_seconds(d) for d in durations) / len(durations))


def humanize_milliseconds(milliseconds: float) -> str:
    """Short human form of a duration in milliseconds: "850 ms", "2.4 s", "3 min 5 s".

    Args:
        milliseconds: The duration.

    Returns:
        The readable form.

    Example:
        >>> humanize_milliseconds(185000)
        '3 min 5 s'
    """
    if milliseconds < 1000:
        return f"{milliseconds:g} ms"
    if milliseconds < 60000:
        return f"{milliseconds / 1000:.1f} s"
    minutes, seconds = divmod(round(milliseconds / 1000), 60)
    return f"{minutes} min {seconds} s"


def is_time_between(clock_time: str, start: str, end: str) -> bool:
    """Whether a clock time falls in a window, which may cross midnight (22:00-06:00).

    Args:
        clock_time: "HH:MM".
        start: Window start "HH:MM" (inclusive).
        end: Window end "HH:MM" (exclusive).

    Returns:
        True inside the window.

    Example:
        >>> is_time_between("23:10", "22:00", "06:00")
        True
    """
    if start <= end:
        return start <= clock_time < end
    return clock_time >= start or clock_time < end


def to_24_hour_clock(clock_time: str) -> str:
    """Convert a 12-hour time such as "7:05 PM" to 24-hour "19:05".

    Args:
        clock_time: Time with AM or PM.

    Returns:
        "HH:MM".

    Raises:
        ValueError: Not a 12-hour time.

    Example:
        >>> to_24_hour_clock("12:30 am")
        '00:30'
    """
    match = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s*", clock_time.lower())
    if not match or not 1 <= int(match.group(1)) <= 12:
        raise ValueError(f"{clock_time!r} is not a 12-hour time like '7:05 PM'.")
    hour = int(match.group(1)) % 12 + (12 if match.group(3) == "p" else 0)
    return f"{hour:02d}:{match.group(2)}"


def to_12_hour_clock(clock_time: str) -> str:
    """Convert a 24-hour time "HH:MM" to 12-hour form with AM/PM.

    Args:
        clock_time: "HH:MM".

    Returns:
        e.g. "7:05 PM".

    Example:
        >>> to_12_hour_clock("00:30")
        '12:30 AM'
    """
    hours, minutes = (int(x) for x in clock_time.split(":"))
    return f"{hours % 12 or 12}:{minutes:02d} {'AM' if hours < 12 else 'PM'}"
