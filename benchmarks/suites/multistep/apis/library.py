"""Public library circulation: members, the catalogue, loans, renewals and holds.

The library's data lives in `library.db` in the workspace. A loan runs 21 days and can be
renewed twice, each renewal adding 21 days to the due date, unless another member has a hold
on the book. Dates are YYYY-MM-DD.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import date, timedelta

from _multistep_store import database, fetch_all, fetch_one, folded, next_id

__all__ = [
    "check_book_availability",
    "find_member_by_card",
    "list_member_holds",
    "list_member_loans",
    "place_hold",
    "renew_loan",
    "return_loan",
    "search_catalog",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "place_hold",
        "renew_loan",
        "return_loan",
    )
}

LIBRARY_DB = "library.db"
RENEWAL_DAYS = 21
MAX_RENEWALS = 2
_LOAN_COLUMNS = (
    "SELECT l.id AS loan_id, l.member_id, l.copy_id, b.isbn, b.title, b.author, l.loaned_on, "
    "l.due_on, l.returned_on, l.renewals FROM loans l JOIN copies c ON c.copy_id = l.copy_id "
    "JOIN books b ON b.isbn = c.isbn"
)


def find_member_by_card(card_number: str) -> dict:
    """Find a library member by the number on their library card.

    Args:
        card_number: The card number, e.g. "2290-4471" (spaces or no dash are fine too).

    Returns:
        The member: keys id (e.g. "M-201"), name, card_number, email and joined_on.

    Raises:
        LookupError: No member has this card number.
    """
    digits = re.sub(r"\D", "", str(card_number))
    with database(LIBRARY_DB) as db:
        members = fetch_all(db, "SELECT * FROM members")
    for member in members:
        if re.sub(r"\D", "", member["card_number"]) == digits:
            return member
    raise LookupError(f"No library member has card number {card_number!r}.")


def list_member_loans(member_id: str, include_returned: bool = False) -> list[dict]:
    """List the books a library member has on loan, soonest due first.

    Args:
        member_id: The member's id, e.g. "M-201" (see find_member_by_card).
        include_returned: Also list loans already returned.

    Returns:
        One dict per loan with keys loan_id, member_id, copy_id, isbn, title, author,
        loaned_on, due_on, returned_on (None while on loan) and renewals (renewals used so
        far, at most 2).

    Raises:
        LookupError: There is no member with this id.
    """
    with database(LIBRARY_DB) as db:
        _require_member(db, member_id)
        loans = fetch_all(
            db, _LOAN_COLUMNS + " WHERE l.member_id = ? ORDER BY l.due_on, l.id", member_id
        )
    return [loan for loan in loans if include_returned or loan["returned_on"] is None]


def renew_loan(loan_id: str) -> dict:
    """Renew a library loan, moving its due date 21 days later.

    Args:
        loan_id: The loan to renew, e.g. "L-9001" (see list_member_loans).

    Returns:
        The renewed loan: keys loan_id, title, due_on (the new due date) and renewals.

    Raises:
        LookupError: There is no loan with this id.
        ValueError: The loan was returned, was renewed twice already, or another member has a
            hold on the book.
    """
    with database(LIBRARY_DB, write=True) as db:
        loan = fetch_one(db, _LOAN_COLUMNS + " WHERE l.id = ?", str(loan_id).strip())
        if loan is None:
            raise LookupError(f"No loan with id {loan_id!r}; loan ids look like L-9001.")
        if loan["returned_on"] is not None:
            raise ValueError(f"Loan {loan_id} was returned on {loan['returned_on']}.")
        if loan["renewals"] >= MAX_RENEWALS:
            raise ValueError(f"Loan {loan_id} was already renewed {MAX_RENEWALS} times.")
        waiting = fetch_one(
            db,
            "SELECT count(*) AS n FROM holds WHERE isbn = ? AND status = 'active' "
            "AND member_id != ?",
            loan["isbn"],
            loan["member_id"],
        )
        if waiting and waiting["n"]:
            raise ValueError(f"'{loan['title']}' cannot be renewed: another member has a hold.")
        due = date.fromisoformat(loan["due_on"]) + timedelta(days=RENEWAL_DAYS)
        db.execute(
            "UPDATE loans SET due_on = ?, renewals = renewals + 1 WHERE id = ?",
            (due.isoformat(), loan["loan_id"]),
        )
    return {
        "loan_id": loan["loan_id"],
        "title": loan["title"],
        "due_on": due.isoformat(),
        "renewals": loan["renewals"] + 1,
    }


def return_loan(loan_id: str) -> dict:
    """Check a borrowed book back in, ending the loan today.

    Args:
        loan_id: The loan to end, e.g. "L-9001".

    Returns:
        Keys loan_id, title and returned_on (today's date).

    Raises:
        LookupError: There is no loan with this id.
        ValueError: The loan was already returned.
    """
    with database(LIBRARY_DB, write=True) as db:
        loan = fetch_one(db, _LOAN_COLUMNS + " WHERE l.id = ?", str(loan_id).strip())
        if loan is None:
            raise LookupError(f"No loan with id {loan_id!r}; loan ids look like L-9001.")
        if loan["returned_on"] is not None:
            raise ValueError(f"Loan {loan_id} was already returned on {loan['returned_on']}.")
        today = date.today().isoformat()
        db.execute("UPDATE loans SET returned_on = ? WHERE id = ?", (today, loan["loan_id"]))
    return {"loan_id": loan["loan_id"], "title": loan["title"], "returned_on": today}


def search_catalog(text: str) -> list[dict]:
    """Search the library catalogue for books whose title or author contains the text.

    Args:
        text: Part of a title or an author's name, e.g. "salt road" (case and accents do not
            matter).

    Returns:
        Matching books, each with keys isbn, title, author and year.
    """
    wanted = folded(text)
    with database(LIBRARY_DB) as db:
        books = fetch_all(db, "SELECT * FROM books ORDER BY title, year")
    return [b for b in books if wanted in folded(b["title"]) or wanted in folded(b["author"])]


def check_book_availability(isbn: str) -> dict:
    """See which copies of a book are on the shelf, at which branch, and how many holds wait.

    Args:
        isbn: The book's ISBN-13, with or without dashes.

    Returns:
        Keys isbn, title, active_holds and copies: a list of dicts with keys copy_id, branch
        and available (True when not on loan).

    Raises:
        LookupError: The catalogue has no book with this ISBN.
    """
    with database(LIBRARY_DB) as db:
        book = _require_book(db, isbn)
        copies = fetch_all(
            db,
            "SELECT c.copy_id, c.branch, NOT EXISTS (SELECT 1 FROM loans l WHERE "
            "l.copy_id = c.copy_id AND l.returned_on IS NULL) AS available FROM copies c "
            "WHERE c.isbn = ? ORDER BY c.copy_id",
            book["isbn"],
        )
        holds = fetch_one(
            db,
            "SELECT count(*) AS n FROM holds WHERE isbn = ? AND status = 'active'",
            book["isbn"],
        )
    for copy in copies:
        copy["available"] = bool(copy["available"])
    return {
        "isbn": book["isbn"],
        "title": book["title"],
        "active_holds": holds["n"] if holds else 0,
        "copies": copies,
    }


def place_hold(isbn: str, member_id: str) -> dict:
    """Place a hold (reservation) on a book for a member, joining the queue for it.

    Args:
        isbn: The book's ISBN-13, with or without dashes (see search_catalog).
        member_id: The member's id, e.g. "M-202".

    Returns:
        The hold: keys hold_id, isbn, title, member_id, placed_on and position (1 = next in
        line for the book).

    Raises:
        LookupError: There is no such book or member.
        ValueError: The member already has an active hold on this book.
    """
    with database(LIBRARY_DB, write=True) as db:
        book = _require_book(db, isbn)
        _require_member(db, member_id)
        queue = fetch_all(
            db,
            "SELECT id, member_id FROM holds WHERE isbn = ? AND status = 'active' "
            "ORDER BY placed_on, id",
            book["isbn"],
        )
        if any(hold["member_id"] == member_id for hold in queue):
            raise ValueError(f"Member {member_id} already has a hold on '{book['title']}'.")
        existing = [row["id"] for row in fetch_all(db, "SELECT id FROM holds")]
        hold = {
            "hold_id": next_id("H-", existing, 4),
            "isbn": book["isbn"],
            "title": book["title"],
            "member_id": member_id,
            "placed_on": date.today().isoformat(),
            "position": len(queue) + 1,
        }
        db.execute(
            "INSERT INTO holds (id, isbn, member_id, placed_on, status) "
            "VALUES (:hold_id, :isbn, :member_id, :placed_on, 'active')",
            hold,
        )
    return hold


def list_member_holds(member_id: str) -> list[dict]:
    """List a member's active holds with their current place in each book's queue.

    Args:
        member_id: The member's id, e.g. "M-201".

    Returns:
        One dict per hold with keys hold_id, isbn, title, placed_on and position.

    Raises:
        LookupError: There is no member with this id.
    """
    with database(LIBRARY_DB) as db:
        _require_member(db, member_id)
        holds = fetch_all(
            db,
            "SELECT h.id AS hold_id, h.isbn, b.title, h.placed_on, (SELECT count(*) FROM holds "
            "o WHERE o.isbn = h.isbn AND o.status = 'active' AND (o.placed_on < h.placed_on OR "
            "(o.placed_on = h.placed_on AND o.id <= h.id))) AS position FROM holds h JOIN books "
            "b ON b.isbn = h.isbn WHERE h.member_id = ? AND h.status = 'active' ORDER BY h.id",
            member_id,
        )
    return holds


def _require_member(db: sqlite3.Connection, member_id: str) -> dict:
    member = fetch_one(db, "SELECT * FROM members WHERE id = ?", str(member_id).strip())
    if member is None:
        raise LookupError(f"No library member with id {member_id!r}; ids look like M-201.")
    return member


def _require_book(db: sqlite3.Connection, isbn: str) -> dict:
    digits = re.sub(r"[^0-9Xx]", "", str(isbn))
    book = fetch_one(db, "SELECT * FROM books WHERE isbn = ?", digits)
    if book is None:
        raise LookupError(f"The catalogue has no book with ISBN {isbn!r}.")
    return book
