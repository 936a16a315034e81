"""IT support desk: tickets in the network and desktop queues, technicians and their workload.

The data lives in `helpdesk.json` in the workspace. A ticket is open or closed; an open ticket
may be unassigned. Times are local, written YYYY-MM-DDTHH:MM.
"""

from __future__ import annotations

from _multistep_store import folded, read_json, write_json

__all__ = [
    "assign_support_ticket",
    "close_support_ticket",
    "get_support_ticket",
    "list_support_technicians",
    "list_support_tickets",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "assign_support_ticket",
        "close_support_ticket",
    )
}

HELPDESK_FILE = "helpdesk.json"
QUEUES = ("network", "desktop")


def list_support_tickets(
    queue: str | None = None,
    status: str = "open",
    unassigned_only: bool = False,
    assignee_id: str | None = None,
) -> list[dict]:
    """List IT support tickets, oldest first, filtered by queue, status and assignee.

    Args:
        queue: "network" or "desktop"; None for both.
        status: "open", "closed" or "all".
        unassigned_only: Only tickets nobody is assigned to.
        assignee_id: Only tickets assigned to this technician, e.g. "T-02".

    Returns:
        One dict per ticket with keys id (e.g. "HD-4406"), queue, subject, opened_at,
        priority, status, assignee_id (None when unassigned) and resolution.

    Raises:
        ValueError: Unknown queue or status.
    """
    if queue is not None and folded(queue) not in QUEUES:
        raise ValueError(f"Unknown queue {queue!r}; use 'network' or 'desktop'.")
    if status not in ("open", "closed", "all"):
        raise ValueError(f"Unknown status {status!r}; use 'open', 'closed' or 'all'.")
    tickets = [
        dict(ticket)
        for ticket in read_json(HELPDESK_FILE)["tickets"]
        if (queue is None or ticket["queue"] == folded(queue))
        and status in ("all", ticket["status"])
        and not (unassigned_only and ticket["assignee_id"])
        and (assignee_id is None or ticket["assignee_id"] == str(assignee_id).strip().upper())
    ]
    return sorted(tickets, key=lambda ticket: ticket["opened_at"])


def get_support_ticket(ticket_id: str) -> dict:
    """Get one support ticket.

    Args:
        ticket_id: The ticket's id, e.g. "HD-4403".

    Returns:
        Keys id, queue, subject, opened_at, priority, status, assignee_id and resolution.

    Raises:
        LookupError: There is no ticket with this id.
    """
    return dict(_ticket(read_json(HELPDESK_FILE), ticket_id))


def list_support_technicians(team: str | None = None) -> list[dict]:
    """List the support technicians with how many open tickets each one has.

    Args:
        team: "network" or "desktop"; None for everyone.

    Returns:
        One dict per technician with keys id (e.g. "T-03"), name, team and open_tickets.
    """
    data = read_json(HELPDESK_FILE)
    return [
        {
            **technician,
            "open_tickets": sum(
                t["assignee_id"] == technician["id"] and t["status"] == "open"
                for t in data["tickets"]
            ),
        }
        for technician in data["technicians"]
        if team is None or technician["team"] == folded(team)
    ]


def assign_support_ticket(ticket_id: str, technician_id: str) -> dict:
    """Assign (or reassign) an open support ticket to a technician.

    Args:
        ticket_id: The ticket's id, e.g. "HD-4406".
        technician_id: The technician's id, e.g. "T-03" (see list_support_technicians).

    Returns:
        The updated ticket.

    Raises:
        LookupError: There is no such ticket or technician.
        ValueError: The ticket is closed.
    """
    data = read_json(HELPDESK_FILE)
    ticket = _ticket(data, ticket_id)
    wanted = str(technician_id).strip().upper()
    if not any(technician["id"] == wanted for technician in data["technicians"]):
        raise LookupError(f"No technician with id {technician_id!r}; ids look like T-01.")
    if ticket["status"] != "open":
        raise ValueError(f"Ticket {ticket['id']} is closed.")
    ticket["assignee_id"] = wanted
    write_json(HELPDESK_FILE, data)
    return dict(ticket)


def close_support_ticket(ticket_id: str, resolution: str) -> dict:
    """Close an open support ticket, recording how it was resolved.

    Args:
        ticket_id: The ticket's id, e.g. "HD-4403".
        resolution: What was done, e.g. "Replaced the faulty switch port".

    Returns:
        The closed ticket, including its assignee_id.

    Raises:
        LookupError: There is no ticket with this id.
        ValueError: The ticket is already closed or the resolution is empty.
    """
    if not str(resolution).strip():
        raise ValueError("Say how the ticket was resolved.")
    data = read_json(HELPDESK_FILE)
    ticket = _ticket(data, ticket_id)
    if ticket["status"] != "open":
        raise ValueError(f"Ticket {ticket['id']} is already closed.")
    ticket["status"], ticket["resolution"] = "closed", str(resolution).strip()
    write_json(HELPDESK_FILE, data)
    return dict(ticket)


def _ticket(data: dict, ticket_id: str) -> dict:
    for ticket in data["tickets"]:
        if ticket["id"] == str(ticket_id).strip().upper():
            return ticket
    raise LookupError(f"No support ticket with id {ticket_id!r}; ids look like HD-4401.")
