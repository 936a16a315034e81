"""Office meeting rooms: capacity and equipment, availability and room bookings.

The data lives in `rooms.json` in the workspace. Times are HH:MM on the given day; a booking
from 14:00 to 15:00 does not clash with one starting at 15:00.
"""

from __future__ import annotations

import re

from _multistep_store import folded, next_id, parse_day, read_json, write_json

__all__ = [
    "book_meeting_room",
    "check_room_availability",
    "find_meeting_rooms",
    "list_room_bookings",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {name: {"side_effects": True} for name in ("book_meeting_room",)}

ROOMS_FILE = "rooms.json"
_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def find_meeting_rooms(min_capacity: int = 1, feature: str | None = None) -> list[dict]:
    """Find meeting rooms seating at least a number of people, optionally with some equipment.

    Args:
        min_capacity: Fewest seats the room must have.
        feature: Equipment the room must have, e.g. "projector", "whiteboard" or
            "video conferencing"; None for any room.

    Returns:
        Matching rooms, smallest first, each with keys id (e.g. "RM-203"), name, building,
        capacity and features.
    """
    wanted = folded(feature) if feature else None
    rooms = [
        room
        for room in read_json(ROOMS_FILE)["rooms"]
        if room["capacity"] >= min_capacity
        and (wanted is None or any(wanted in folded(item) for item in room["features"]))
    ]
    return sorted(rooms, key=lambda room: (room["capacity"], room["name"]))


def list_room_bookings(room_id: str, date: str) -> list[dict]:
    """List the bookings of a meeting room on one day, by start time.

    Args:
        room_id: The room's id, e.g. "RM-202".
        date: The day, YYYY-MM-DD.

    Returns:
        One dict per booking with keys id, start, end, title and organizer.

    Raises:
        LookupError: There is no room with this id.
        ValueError: The date is not YYYY-MM-DD.
    """
    day = parse_day(date, "date").isoformat()
    data = read_json(ROOMS_FILE)
    room = _room(data, room_id)
    return [
        {key: booking[key] for key in ("id", "start", "end", "title", "organizer")}
        for booking in sorted(data["bookings"], key=lambda booking: booking["start"])
        if booking["room_id"] == room["id"] and booking["date"] == day
    ]


def check_room_availability(room_id: str, date: str, start: str, end: str) -> dict:
    """Check whether a meeting room is free for a time range on a day.

    Args:
        room_id: The room's id, e.g. "RM-202".
        date: The day, YYYY-MM-DD.
        start: Start time, HH:MM.
        end: End time, HH:MM.

    Returns:
        Keys room_id, name, free (True or False) and conflicts (the bookings that overlap).

    Raises:
        LookupError: There is no room with this id.
        ValueError: A date or time is malformed, or the end is not after the start.
    """
    day, begin, finish = _slot(date, start, end)
    data = read_json(ROOMS_FILE)
    room = _room(data, room_id)
    conflicts = _conflicts(data, room["id"], day, begin, finish)
    return {
        "room_id": room["id"],
        "name": room["name"],
        "free": not conflicts,
        "conflicts": conflicts,
    }


def book_meeting_room(
    room_id: str, date: str, start: str, end: str, title: str, organizer: str
) -> dict:
    """Book a meeting room for a time range on a day.

    Args:
        room_id: The room's id, e.g. "RM-203".
        date: The day, YYYY-MM-DD.
        start: Start time, HH:MM.
        end: End time, HH:MM.
        title: The meeting's title.
        organizer: The name of the person booking.

    Returns:
        The booking: keys id (e.g. "RB-0806"), room_id, room_name, date, start, end, title
        and organizer.

    Raises:
        LookupError: There is no room with this id.
        ValueError: Bad date or times, empty title or organizer, or the room is taken then.
    """
    day, begin, finish = _slot(date, start, end)
    if not str(title).strip() or not str(organizer).strip():
        raise ValueError("A booking needs a title and an organizer.")
    data = read_json(ROOMS_FILE)
    room = _room(data, room_id)
    conflicts = _conflicts(data, room["id"], day, begin, finish)
    if conflicts:
        taken = ", ".join(f"{c['start']}-{c['end']}" for c in conflicts)
        raise ValueError(f"{room['name']} is booked {taken} on {day}.")
    booking = {
        "id": next_id("RB-", [b["id"] for b in data["bookings"]], 4),
        "room_id": room["id"],
        "date": day,
        "start": begin,
        "end": finish,
        "title": str(title).strip(),
        "organizer": str(organizer).strip(),
    }
    data["bookings"].append(booking)
    write_json(ROOMS_FILE, data)
    return {**booking, "room_name": room["name"]}


def _slot(date: str, start: str, end: str) -> tuple[str, str, str]:
    day = parse_day(date, "date").isoformat()
    times = [str(value).strip().zfill(5) for value in (start, end)]
    for value in times:
        if not _TIME.match(value):
            raise ValueError(f"Times are HH:MM on a 24-hour clock, e.g. 14:00; got {value!r}.")
    if times[1] <= times[0]:
        raise ValueError("The end time must be after the start time.")
    return day, times[0], times[1]


def _conflicts(data: dict, room_id: str, day: str, start: str, end: str) -> list[dict]:
    return [
        {key: booking[key] for key in ("id", "start", "end", "title")}
        for booking in data["bookings"]
        if booking["room_id"] == room_id
        and booking["date"] == day
        and booking["start"] < end
        and start < booking["end"]
    ]


def _room(data: dict, room_id: str) -> dict:
    for room in data["rooms"]:
        if room["id"] == str(room_id).strip().upper():
            return room
    raise LookupError(f"No meeting room with id {room_id!r}; see find_meeting_rooms().")
