"""HR records: employees, their managers, leave balances, leave requests and approvals.

The data lives in `hr.json` in the workspace. Leave is counted in working days: weekends and
the public holidays of the employee's office country do not count. A balance's remaining days
are the year's entitlement minus every approved and pending request of that type.
"""

from __future__ import annotations

from datetime import date, timedelta

from _multistep_store import folded, next_id, parse_day, read_json, write_json

__all__ = [
    "approve_leave_request",
    "count_leave_days",
    "find_employee",
    "get_employee",
    "get_leave_balance",
    "get_leave_request",
    "list_public_holidays",
    "list_team_members",
    "submit_leave_request",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "approve_leave_request",
        "submit_leave_request",
    )
}

HR_FILE = "hr.json"
LEAVE_TYPES = ("annual", "sick")


def find_employee(name: str) -> list[dict]:
    """Find employees whose name contains the text (accents and case do not matter).

    Args:
        name: The employee's name or part of it, e.g. "Tomasz Wojcik".

    Returns:
        Matching employees, each with keys id (e.g. "E-112"), name, title, team and office.
    """
    wanted = folded(name)
    return [
        {key: employee[key] for key in ("id", "name", "title", "team", "office")}
        for employee in read_json(HR_FILE)["employees"]
        if wanted in folded(employee["name"])
    ]


def get_employee(employee_id: str) -> dict:
    """Get an employee's record, including the id of their manager.

    Args:
        employee_id: The employee's id, e.g. "E-112".

    Returns:
        Keys id, name, title, team, office (country code), manager_id (None for the top of
        the organisation) and email.

    Raises:
        LookupError: There is no employee with this id.
    """
    return dict(_employee(read_json(HR_FILE), employee_id))


def list_team_members(team: str) -> list[dict]:
    """List the members of a team.

    Args:
        team: The team's name, e.g. "Platform" or "Data".

    Returns:
        One dict per member with keys id, name and title.
    """
    return [
        {key: employee[key] for key in ("id", "name", "title")}
        for employee in read_json(HR_FILE)["employees"]
        if folded(employee["team"]) == folded(team)
    ]


def get_leave_balance(employee_id: str, year: int) -> dict:
    """Get how many days of each leave type an employee has left in a year.

    Args:
        employee_id: The employee's id, e.g. "E-112".
        year: The calendar year, e.g. 2025.

    Returns:
        Keys employee_id, year, and per leave type ("annual", "sick") a dict with keys
        entitlement, approved, pending and remaining (days).

    Raises:
        LookupError: There is no employee with this id, or no entitlement for that year.
    """
    data = read_json(HR_FILE)
    employee = _employee(data, employee_id)
    entitlement = data["entitlements"].get(employee["id"], {}).get(str(year))
    if entitlement is None:
        raise LookupError(f"{employee['name']} has no leave entitlement recorded for {year}.")
    balance: dict = {"employee_id": employee["id"], "year": int(year)}
    for kind in LEAVE_TYPES:
        used = {"approved": 0, "pending": 0}
        for request in data["leave_requests"]:
            same = request["employee_id"] == employee["id"] and request["type"] == kind
            if same and request["start"][:4] == str(year) and request["status"] in used:
                used[request["status"]] += request["days"]
        remaining = entitlement[kind] - used["approved"] - used["pending"]
        balance[kind] = {"entitlement": entitlement[kind], **used, "remaining": remaining}
    return balance


def count_leave_days(employee_id: str, start_date: str, end_date: str) -> int:
    """Count the working days between two dates that leave would use for an employee.

    Args:
        employee_id: The employee's id, e.g. "E-112" (their office decides the holidays).
        start_date: First day of leave, YYYY-MM-DD.
        end_date: Last day of leave, YYYY-MM-DD (inclusive).

    Returns:
        The number of weekdays in the range that are not public holidays in the employee's
        office country.

    Raises:
        LookupError: There is no employee with this id.
        ValueError: A date is not YYYY-MM-DD or the range is reversed.
    """
    data = read_json(HR_FILE)
    employee = _employee(data, employee_id)
    return _working_days(data, employee["office"], *_range(start_date, end_date))


def list_public_holidays(country: str, year: int) -> list[str]:
    """List the public holidays of an office country in a year.

    Args:
        country: Two-letter country code of the office, e.g. "NL" or "PL".
        year: The calendar year, e.g. 2025.

    Returns:
        The holiday dates, YYYY-MM-DD, in order.

    Raises:
        LookupError: No holidays are recorded for this country.
    """
    holidays = read_json(HR_FILE)["public_holidays"].get(str(country).strip().upper())
    if holidays is None:
        raise LookupError(f"No public holidays are recorded for {country!r}.")
    return [day for day in holidays if day.startswith(str(year))]


def submit_leave_request(employee_id: str, leave_type: str, start_date: str, end_date: str) -> dict:
    """Submit a leave request for an employee; it waits for their manager's approval.

    Args:
        employee_id: The employee's id, e.g. "E-112".
        leave_type: "annual" or "sick".
        start_date: First day of leave, YYYY-MM-DD.
        end_date: Last day of leave, YYYY-MM-DD (inclusive).

    Returns:
        The request: keys id (e.g. "LR-0045"), employee_id, type, start, end, days (working
        days it uses), status ("pending") and approved_by (None).

    Raises:
        LookupError: There is no employee with this id.
        ValueError: Unknown leave type, bad or reversed dates, a range spanning two years,
            no working days in the range, overlap with another request, or too few days left.
    """
    kind = str(leave_type).strip().lower()
    if kind not in LEAVE_TYPES:
        raise ValueError(f"Unknown leave type {leave_type!r}; use 'annual' or 'sick'.")
    start, end = _range(start_date, end_date)
    if start.year != end.year:
        raise ValueError("Split leave that spans two calendar years into one request per year.")
    data = read_json(HR_FILE)
    employee = _employee(data, employee_id)
    days = _working_days(data, employee["office"], start, end)
    if days == 0:
        raise ValueError("The range has no working days, so there is nothing to request.")
    for other in data["leave_requests"]:
        overlaps = other["start"] <= end.isoformat() and start.isoformat() <= other["end"]
        if other["employee_id"] == employee["id"] and other["status"] != "rejected" and overlaps:
            raise ValueError(f"The range overlaps request {other['id']} ({other['status']}).")
    remaining = get_leave_balance(employee["id"], start.year)[kind]["remaining"]
    if days > remaining:
        raise ValueError(f"The request needs {days} days but only {remaining} are left.")
    request = {
        "id": next_id("LR-", [r["id"] for r in data["leave_requests"]], 4),
        "employee_id": employee["id"],
        "type": kind,
        "start": start.isoformat(),
        "end": end.isoformat(),
        "days": days,
        "status": "pending",
        "approved_by": None,
    }
    data["leave_requests"].append(request)
    write_json(HR_FILE, data)
    return request


def get_leave_request(request_id: str) -> dict:
    """Get a leave request: whose it is, the dates, the days it uses and its status.

    Args:
        request_id: The request's id, e.g. "LR-0042".

    Returns:
        Keys id, employee_id, type, start, end, days, status ("pending", "approved" or
        "rejected") and approved_by (the approver's employee id, or None).

    Raises:
        LookupError: There is no request with this id.
    """
    return dict(_request(read_json(HR_FILE), request_id))


def approve_leave_request(request_id: str, approver_id: str) -> dict:
    """Approve a pending leave request; only the requesting employee's manager may do so.

    Args:
        request_id: The request's id, e.g. "LR-0042".
        approver_id: The employee id of the approving manager, e.g. "E-104".

    Returns:
        The request with status "approved" and approved_by set.

    Raises:
        LookupError: There is no such request or approver.
        PermissionError: The approver is not the employee's manager.
        ValueError: The request is not pending.
    """
    data = read_json(HR_FILE)
    request = _request(data, request_id)
    approver = _employee(data, approver_id)
    employee = _employee(data, request["employee_id"])
    if employee["manager_id"] != approver["id"]:
        raise PermissionError(
            f"{approver['name']} ({approver['id']}) is not the manager of {employee['name']}; "
            "only their manager can approve the request."
        )
    if request["status"] != "pending":
        raise ValueError(f"Request {request['id']} is already {request['status']}.")
    request["status"], request["approved_by"] = "approved", approver["id"]
    write_json(HR_FILE, data)
    return dict(request)


def _employee(data: dict, employee_id: str) -> dict:
    for employee in data["employees"]:
        if employee["id"] == str(employee_id).strip().upper():
            return employee
    raise LookupError(f"No employee with id {employee_id!r}; see find_employee().")


def _request(data: dict, request_id: str) -> dict:
    for request in data["leave_requests"]:
        if request["id"] == str(request_id).strip().upper():
            return request
    raise LookupError(f"No leave request with id {request_id!r}.")


def _range(start_date: str, end_date: str) -> tuple[date, date]:
    start, end = parse_day(start_date, "start date"), parse_day(end_date, "end date")
    if end < start:
        raise ValueError(f"The end date {end} is before the start date {start}.")
    return start, end


def _working_days(data: dict, country: str, start: date, end: date) -> int:
    holidays = set(data["public_holidays"].get(country, []))
    days = (start + timedelta(days=offset) for offset in range((end - start).days + 1))
    return sum(1 for day in days if day.weekday() < 5 and day.isoformat() not in holidays)
