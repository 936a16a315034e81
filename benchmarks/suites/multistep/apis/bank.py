"""Personal banking: accounts, booked transactions, saved payees and outgoing transfers.

The data lives in `bank.db` in the workspace. Amounts are euros; money leaving an account is a
negative amount. Dates are YYYY-MM-DD.
"""

from __future__ import annotations

import sqlite3
from datetime import date

from _multistep_store import database, fetch_all, fetch_one, folded, money, next_id, parse_day

__all__ = [
    "find_saved_payees",
    "get_account_balance",
    "list_account_transactions",
    "list_bank_accounts",
    "list_spending_categories",
    "recategorize_transaction",
    "transfer_money",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "recategorize_transaction",
        "transfer_money",
    )
}

BANK_DB = "bank.db"


def list_bank_accounts() -> list[dict]:
    """List all of the user's bank accounts with their current balances.

    Returns:
        One dict per account with keys id (e.g. "ACC-01"), name, kind ("checking", "savings"
        or "credit card"), iban, currency and balance.
    """
    with database(BANK_DB) as db:
        return fetch_all(db, "SELECT * FROM accounts ORDER BY id")


def get_account_balance(account_id: str) -> dict:
    """Get the current balance of one bank account.

    Args:
        account_id: The account's id, e.g. "ACC-01" (see list_bank_accounts).

    Returns:
        Keys account_id, name, balance and currency.

    Raises:
        LookupError: There is no account with this id.
    """
    with database(BANK_DB) as db:
        account = _require_account(db, account_id)
    return {key: account[key] for key in ("name", "balance", "currency")} | {
        "account_id": account["id"]
    }


def list_account_transactions(
    account_id: str, start_date: str, end_date: str, category: str | None = None
) -> list[dict]:
    """List the transactions booked on an account between two dates (inclusive), oldest first.

    Args:
        account_id: The account's id, e.g. "ACC-01".
        start_date: First booking day, YYYY-MM-DD.
        end_date: Last booking day, YYYY-MM-DD.
        category: Only this spending category, e.g. "groceries" or "rent"; None for all
            (see list_spending_categories).

    Returns:
        One dict per transaction with keys id, booked_on, amount (negative when money left the
        account), counterparty, category and description.

    Raises:
        LookupError: There is no account with this id.
        ValueError: A date is not YYYY-MM-DD or the range is reversed.
    """
    start, end = parse_day(start_date, "start date"), parse_day(end_date, "end date")
    if end < start:
        raise ValueError(f"The end date {end} is before the start date {start}.")
    with database(BANK_DB) as db:
        _require_account(db, account_id)
        rows = fetch_all(
            db,
            "SELECT id, booked_on, amount, counterparty, category, description FROM "
            "transactions WHERE account_id = ? AND booked_on BETWEEN ? AND ? "
            "ORDER BY booked_on, id",
            account_id,
            start.isoformat(),
            end.isoformat(),
        )
    wanted = folded(category) if category else None
    return [row for row in rows if wanted is None or folded(row["category"]) == wanted]


def list_spending_categories() -> list[str]:
    """List the categories the bank sorts transactions into, e.g. groceries, rent, salary.

    Returns:
        The category names, sorted.
    """
    with database(BANK_DB) as db:
        rows = fetch_all(db, "SELECT DISTINCT category FROM transactions ORDER BY category")
    return [row["category"] for row in rows]


def find_saved_payees(name: str) -> list[dict]:
    """Find saved payees (people and companies the user pays) whose name contains the text.

    Args:
        name: Part of the payee's name, e.g. "Vattenfall".

    Returns:
        Matching payees, each with keys id, name, iban and category.
    """
    with database(BANK_DB) as db:
        payees = fetch_all(db, "SELECT * FROM payees ORDER BY name")
    return [payee for payee in payees if folded(name) in folded(payee["name"])]


def transfer_money(from_account_id: str, to_iban: str, amount: float, reference: str) -> dict:
    """Transfer money from one of the user's accounts to an IBAN, booked today.

    Args:
        from_account_id: The paying account's id, e.g. "ACC-01" (not the credit card).
        to_iban: The receiving IBAN, e.g. "NL12TRIO0198765432" (spaces allowed).
        amount: Euros to send, a positive number.
        reference: The payment reference the receiver sees, e.g. "Invoice 2025-114".

    Returns:
        The booked transaction: keys transaction_id, from_account_id, to_iban, counterparty
        (the saved payee's name when the IBAN is saved), amount (negative), reference,
        booked_on and new_balance (the paying account's balance afterwards).

    Raises:
        LookupError: There is no account with this id.
        ValueError: The IBAN is invalid, the amount is not positive, the reference is empty,
            the account is a credit card, or the balance is too low.
    """
    iban = _valid_iban(to_iban)
    if not isinstance(amount, int | float) or amount <= 0:
        raise ValueError(f"The amount must be a positive number of euros, got {amount!r}.")
    if not str(reference).strip():
        raise ValueError("Give a payment reference, e.g. 'Rent July 2025'.")
    with database(BANK_DB, write=True) as db:
        account = _require_account(db, from_account_id)
        if account["kind"] == "credit card":
            raise ValueError("Transfers cannot be made from the credit card account.")
        if money(amount) > account["balance"]:
            raise ValueError(f"{account['name']} holds only {account['balance']:.2f} EUR.")
        payee = fetch_one(db, "SELECT * FROM payees WHERE iban = ?", iban)
        own = fetch_one(db, "SELECT * FROM accounts WHERE iban = ?", iban)
        counterparty = (payee or own or {"name": iban})["name"]
        category = payee["category"] if payee else ("savings" if own else "transfer")
        today = date.today().isoformat()
        booked = _book(db, account, -money(amount), counterparty, category, reference, today)
        if own is not None:
            _book(db, own, money(amount), account["name"], category, reference, today)
    return {
        "transaction_id": booked,
        "from_account_id": account["id"],
        "to_iban": iban,
        "counterparty": counterparty,
        "amount": -money(amount),
        "reference": str(reference).strip(),
        "booked_on": today,
        "new_balance": money(account["balance"] - amount),
    }


def recategorize_transaction(transaction_id: str, category: str) -> dict:
    """Move a booked transaction to another spending category.

    Args:
        transaction_id: The transaction's id, e.g. "T-0503".
        category: The new category name, e.g. "groceries".

    Returns:
        Keys id, booked_on, amount, counterparty, category (the new one) and description.

    Raises:
        LookupError: There is no transaction with this id.
        ValueError: The category is empty.
    """
    if not str(category).strip():
        raise ValueError("Give the new category, e.g. 'groceries'.")
    with database(BANK_DB, write=True) as db:
        row = fetch_one(
            db,
            "SELECT id, booked_on, amount, counterparty, category, description FROM "
            "transactions WHERE id = ?",
            str(transaction_id).strip(),
        )
        if row is None:
            raise LookupError(f"No transaction with id {transaction_id!r}.")
        row["category"] = str(category).strip().lower()
        db.execute(
            "UPDATE transactions SET category = ? WHERE id = ?", (row["category"], row["id"])
        )
    return row


def _book(
    db: sqlite3.Connection,
    account: dict,
    amount: float,
    counterparty: str,
    category: str,
    reference: str,
    day: str,
) -> str:
    existing = [row["id"] for row in fetch_all(db, "SELECT id FROM transactions")]
    transaction_id = next_id("T-", existing, 4)
    db.execute(
        "INSERT INTO transactions VALUES (?, ?, ?, ?, ?, ?, ?)",
        (transaction_id, account["id"], day, amount, counterparty, category, reference.strip()),
    )
    db.execute(
        "UPDATE accounts SET balance = round(balance + ?, 2) WHERE id = ?", (amount, account["id"])
    )
    return transaction_id


def _require_account(db: sqlite3.Connection, account_id: str) -> dict:
    account = fetch_one(db, "SELECT * FROM accounts WHERE id = ?", str(account_id).strip())
    if account is None:
        raise LookupError(f"No bank account with id {account_id!r}; see list_bank_accounts().")
    return account


def _valid_iban(text: str) -> str:
    """The mod-97 check every bank runs, so a mistyped IBAN is refused before money moves."""
    iban = "".join(str(text).split()).upper()
    if len(iban) < 15 or not iban[:2].isalpha() or not iban.isalnum():
        raise ValueError(f"{text!r} is not an IBAN (e.g. NL91ABNA0417164300).")
    number = "".join(str(int(char, 36)) for char in iban[4:] + iban[:4])
    if int(number) % 97 != 1:
        raise ValueError(f"{text!r} is not a valid IBAN: its check digits do not match.")
    return iban
