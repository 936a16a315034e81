"""Bench test helpers: scripts for ScriptedServer's routed mode, a test shop suite, and the CLI
run as users run it.

Routed scripts are keyed by a part of the task text and played by the number of assistant turns
in the request: stateless, so parallel workers, retries and resumed runs get the same reply for
the same conversation, through the real openai client and a real socket.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from react_repl.llm import ScriptedReply

REPO = Path(__file__).resolve().parents[2]
SUITES = REPO / "benchmarks" / "suites"


def action(code: str, thought: str = "I take the next step.") -> str:
    return f"THOUGHT: {thought}\nACTION:\n```python\n{code}\n```"


def delayed(scripts: Mapping[str, Sequence[str]], seconds: float) -> dict[str, list[ScriptedReply]]:
    """Routes for ScriptedServer whose every reply takes `seconds`, like a slow model."""
    return {
        key: [ScriptedReply(text, delay=seconds) for text in script]
        for key, script in scripts.items()
    }


def bench_command(
    *args: str, cwd: Path, timeout: float = 600, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`react-repl bench …` in a subprocess, as a user runs it (offline, scripted key)."""
    return subprocess.run(
        [sys.executable, "-m", "react_repl", "bench", *args],
        capture_output=True, text=True, timeout=timeout, cwd=cwd,
        env={**os.environ, "OPENAI_API_KEY": "test-key", "HF_HUB_OFFLINE": "1", **(env or {})},
    )  # fmt: skip


def scripted_config(folder: Path, **agent: object) -> None:
    """A react-repl.toml in `folder` that keeps scripted runs short and plan-free."""
    values = {"techniques": '["-decompose"]', "wrap_up": "false", **agent}
    lines = ["[agent]", *(f"{key} = {value}" for key, value in values.items())]
    (folder / "react-repl.toml").write_text("\n".join(lines) + "\n")
    (folder / ".git").mkdir(exist_ok=True)  # the config search stops here


SHOP_API = '''"""A tiny shop for bench tests: orders, refunds and customers in shop.db."""

import os
import re
import sqlite3
from pathlib import Path


def _db() -> sqlite3.Connection:
    return sqlite3.connect(Path(os.environ["REACT_REPL_WORKSPACE"]) / "shop.db")


def get_order_total(order_id: int) -> float:
    """Get the total amount of an order.

    Args:
        order_id: The order number.

    Returns:
        The order's total in euros.
    """
    with _db() as db:
        return db.execute("SELECT total FROM orders WHERE id = ?", (order_id,)).fetchone()[0]


def refund_order(order_id: int) -> dict:
    """Refund an order in full.

    Args:
        order_id: The order number.

    Returns:
        The refund: keys order_id and amount.
    """
    amount = get_order_total(order_id)
    with _db() as db:
        db.execute("INSERT INTO refunds (order_id, amount) VALUES (?, ?)", (order_id, amount))
    return {"order_id": order_id, "amount": amount}


def delete_customer(customer_id: int) -> str:
    """Delete a customer record.

    Args:
        customer_id: The customer number.

    Returns:
        A confirmation.
    """
    with _db() as db:
        db.execute("DELETE FROM customers WHERE id = ?", (customer_id,))
    return "deleted"
'''

SHOP_CHECKS = """def refund_recorded(world, order_id: int, amount: float) -> None:
    rows = world.db("shop.db").execute("SELECT order_id, amount FROM refunds").fetchall()
    assert rows == [(order_id, amount)], f"refunds: {rows}"
"""


def make_shop_suite(folder: Path, tasks: str, header: str = "") -> Path:
    """A suite with its own API module, a SQLite fixture and a state check; `tasks` is TOML."""
    import sqlite3

    (folder / "apis").mkdir(parents=True)
    (folder / "apis" / "shop.py").write_text(SHOP_API)
    (folder / "checks.py").write_text(SHOP_CHECKS)
    (folder / "fixtures").mkdir()
    with sqlite3.connect(folder / "fixtures" / "shop.db") as db:
        db.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL)")
        db.execute("CREATE TABLE refunds (order_id INTEGER, amount REAL)")
        db.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO orders VALUES (7, 19.99)")
        db.execute("INSERT INTO customers VALUES (1, 'Ada Lovelace')")
    db.close()
    suite = f'[suite]\nname = "shop"\nbuiltin_apis = false\nmax_steps = 4\n{header}\n{tasks}'
    (folder / "suite.toml").write_text(suite)
    return folder


SIX_TASKS = "\n".join(
    f'[[task]]\nid = "t{n}"\ntask = "Total of order 7, please (t{n})."\nanswer = 19.99\n'
    for n in range(1, 7)
)
SIX_SCRIPTS = {
    f"(t{n})": [
        action("total = get_order_total(7)\nprint(total)"),
        action(f"print('checking {n}')"),
        action("stop(total)" if n % 3 else "stop(total * 2)"),  # t3 and t6 answer wrong
    ]
    for n in range(1, 7)
}


def table_rows(report: str) -> list[str]:
    """The seed table's rows with the log links taken out: what a reader compares."""
    rows = [line for line in report.splitlines() if re.match(r"\| t\d", line)]
    return [re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", row) for row in rows]
