"""Personal training log: workouts (running, cycling, swimming), weekly goals and records.

The data lives in `fitness.json` in the workspace. Distances are kilometres, durations minutes,
speeds km/h. Activity names accept everyday words: "run", "ride", "bike", "swim".
"""

from __future__ import annotations

from _multistep_store import folded, next_id, parse_day, read_json, write_json

__all__ = [
    "delete_workout",
    "get_personal_bests",
    "get_weekly_goal",
    "list_workouts",
    "log_workout",
    "set_weekly_goal",
    "summarize_workouts",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "delete_workout",
        "log_workout",
        "set_weekly_goal",
    )
}

FITNESS_FILE = "fitness.json"
_ACTIVITY_WORDS = {
    "running": ("running", "run", "runs", "jog", "jogging"),
    "cycling": ("cycling", "cycle", "ride", "rides", "bike", "biking"),
    "swimming": ("swimming", "swim", "swims"),
}
_ACTIVITIES = {word: kind for kind, words in _ACTIVITY_WORDS.items() for word in words}


def list_workouts(start_date: str, end_date: str, activity: str | None = None) -> list[dict]:
    """List logged workouts between two dates (inclusive), oldest first.

    Args:
        start_date: First day, YYYY-MM-DD.
        end_date: Last day, YYYY-MM-DD.
        activity: Only "running", "cycling" or "swimming"; None for all.

    Returns:
        One dict per workout with keys id, date, activity, distance_km, duration_min and
        avg_heart_rate.

    Raises:
        ValueError: A date is not YYYY-MM-DD, the range is reversed, or the activity is
            unknown.
    """
    start, end = parse_day(start_date, "start date"), parse_day(end_date, "end date")
    if end < start:
        raise ValueError(f"The end date {end} is before the start date {start}.")
    kind = _activity(activity) if activity is not None else None
    found = [
        dict(workout)
        for workout in read_json(FITNESS_FILE)["workouts"]
        if start.isoformat() <= workout["date"] <= end.isoformat()
        and kind in (None, workout["activity"])
    ]
    return sorted(found, key=lambda workout: (workout["date"], workout["id"]))


def summarize_workouts(start_date: str, end_date: str, activity: str | None = None) -> dict:
    """Total distance, time and overall average speed of the workouts between two dates.

    Args:
        start_date: First day, YYYY-MM-DD.
        end_date: Last day, YYYY-MM-DD (inclusive).
        activity: Only "running", "cycling" or "swimming"; None for all together.

    Returns:
        Keys activity, workouts (count), total_km, total_minutes and avg_speed_kmh (total
        distance divided by total time; None when there is no workout).

    Raises:
        ValueError: A date is not YYYY-MM-DD, the range is reversed, or the activity is
            unknown.
    """
    workouts = list_workouts(start_date, end_date, activity)
    km = sum(workout["distance_km"] for workout in workouts)
    minutes = sum(workout["duration_min"] for workout in workouts)
    return {
        "activity": _activity(activity) if activity is not None else "all",
        "workouts": len(workouts),
        "total_km": round(km, 2),
        "total_minutes": minutes,
        "avg_speed_kmh": round(km / (minutes / 60), 2) if minutes else None,
    }


def log_workout(
    date: str,
    activity: str,
    distance_km: float,
    duration_min: float,
    avg_heart_rate: int | None = None,
) -> dict:
    """Add a workout to the training log.

    Args:
        date: The day of the workout, YYYY-MM-DD.
        activity: "running", "cycling" or "swimming" (or "run", "ride", "swim").
        distance_km: Distance covered in kilometres.
        duration_min: Moving time in minutes.
        avg_heart_rate: Average heart rate in beats per minute, if known.

    Returns:
        The logged workout: keys id (e.g. "W-613"), date, activity, distance_km, duration_min
        and avg_heart_rate.

    Raises:
        ValueError: Bad date or activity, or a distance or duration that is not positive.
    """
    for name, value in (("distance_km", distance_km), ("duration_min", duration_min)):
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise ValueError(f"{name} must be a positive number, got {value!r}.")
    data = read_json(FITNESS_FILE)
    workout = {
        "id": next_id("W-", [w["id"] for w in data["workouts"]], 3),
        "date": parse_day(date, "date").isoformat(),
        "activity": _activity(activity),
        "distance_km": distance_km,
        "duration_min": duration_min,
        "avg_heart_rate": avg_heart_rate,
    }
    data["workouts"].append(workout)
    write_json(FITNESS_FILE, data)
    return dict(workout)


def delete_workout(workout_id: str) -> dict:
    """Remove a workout from the log, e.g. one logged twice by mistake.

    Args:
        workout_id: The workout's id, e.g. "W-605".

    Returns:
        The removed workout.

    Raises:
        LookupError: There is no workout with this id.
    """
    data = read_json(FITNESS_FILE)
    for index, workout in enumerate(data["workouts"]):
        if workout["id"] == str(workout_id).strip().upper():
            del data["workouts"][index]
            write_json(FITNESS_FILE, data)
            return workout
    raise LookupError(f"No workout with id {workout_id!r}.")


def get_weekly_goal(activity: str) -> dict:
    """Get the weekly distance goal set for an activity.

    Args:
        activity: "running", "cycling" or "swimming".

    Returns:
        Keys activity and weekly_km (the distance to cover each Monday-to-Sunday week).

    Raises:
        ValueError: The activity is unknown.
        LookupError: No goal is set for the activity.
    """
    kind = _activity(activity)
    goal = read_json(FITNESS_FILE)["weekly_goals"].get(kind)
    if goal is None:
        raise LookupError(f"No weekly goal is set for {kind}.")
    return {"activity": kind, "weekly_km": goal}


def set_weekly_goal(activity: str, weekly_km: float) -> dict:
    """Set the weekly distance goal for an activity.

    Args:
        activity: "running", "cycling" or "swimming".
        weekly_km: Kilometres to cover each week.

    Returns:
        Keys activity and weekly_km.

    Raises:
        ValueError: The activity is unknown or the distance is not positive.
    """
    kind = _activity(activity)
    if isinstance(weekly_km, bool) or not isinstance(weekly_km, int | float) or weekly_km <= 0:
        raise ValueError(f"weekly_km must be a positive number, got {weekly_km!r}.")
    data = read_json(FITNESS_FILE)
    data["weekly_goals"][kind] = weekly_km
    write_json(FITNESS_FILE, data)
    return {"activity": kind, "weekly_km": weekly_km}


def get_personal_bests(activity: str) -> dict:
    """Get the longest and the fastest logged workout of an activity.

    Args:
        activity: "running", "cycling" or "swimming".

    Returns:
        Keys activity, longest (the workout with the greatest distance) and fastest (the one
        with the highest average speed, with its speed_kmh added); None when nothing is logged.

    Raises:
        ValueError: The activity is unknown.
    """
    kind = _activity(activity)
    workouts = [w for w in read_json(FITNESS_FILE)["workouts"] if w["activity"] == kind]
    if not workouts:
        return {"activity": kind, "longest": None, "fastest": None}
    fastest = max(workouts, key=lambda w: w["distance_km"] / w["duration_min"])
    speed = round(fastest["distance_km"] / (fastest["duration_min"] / 60), 2)
    return {
        "activity": kind,
        "longest": max(workouts, key=lambda w: w["distance_km"]),
        "fastest": {**fastest, "speed_kmh": speed},
    }


def _activity(name: str | None) -> str:
    kind = _ACTIVITIES.get(folded(name or ""))
    if kind is None:
        raise ValueError(f"Unknown activity {name!r}; use 'running', 'cycling' or 'swimming'.")
    return kind
