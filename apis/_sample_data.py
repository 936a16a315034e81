"""The demo sales database: the AGENTS / CUSTOMER / ORDERS schema of the SQL-agent tutorial.

Generated from a fixed seed so every machine gets the same rows, and answers such as "how many
orders were there in Q1 2024?" can be checked.
"""

from __future__ import annotations

import random
import sqlite3
from datetime import date, timedelta

SCHEMA = """
CREATE TABLE AGENTS (
    AGENT_CODE TEXT PRIMARY KEY, AGENT_NAME TEXT NOT NULL, WORKING_AREA TEXT NOT NULL,
    COMMISSION REAL NOT NULL, PHONE_NO TEXT, COUNTRY TEXT NOT NULL
);
CREATE TABLE CUSTOMER (
    CUST_CODE TEXT PRIMARY KEY, CUST_NAME TEXT NOT NULL, CUST_CITY TEXT NOT NULL,
    CUST_COUNTRY TEXT NOT NULL, GRADE INTEGER NOT NULL, OUTSTANDING_AMT REAL NOT NULL,
    AGENT_CODE TEXT NOT NULL REFERENCES AGENTS(AGENT_CODE)
);
CREATE TABLE ORDERS (
    ORD_NUM INTEGER PRIMARY KEY, ORD_AMOUNT REAL NOT NULL, ADVANCE_AMOUNT REAL NOT NULL,
    ORD_DATE TEXT NOT NULL, CUST_CODE TEXT NOT NULL REFERENCES CUSTOMER(CUST_CODE),
    AGENT_CODE TEXT NOT NULL REFERENCES AGENTS(AGENT_CODE), ORD_DESCRIPTION TEXT NOT NULL
);
"""

AGENTS = [
    ("A001", "Subbarao", "Bangalore", 0.14, "077-12346674", "India"),
    ("A002", "Mukesh", "Mumbai", 0.11, "029-12358964", "India"),
    ("A003", "Alex", "London", 0.13, "075-12458969", "UK"),
    ("A004", "Ivan", "Toronto", 0.15, "008-22544166", "Canada"),
    ("A005", "Anderson", "Brisbane", 0.13, "045-21447739", "Australia"),
    ("A006", "McDen", "London", 0.15, "078-22255588", "UK"),
]
CITIES = {
    "A001": ("Bangalore", "India"),
    "A002": ("Mumbai", "India"),
    "A003": ("London", "UK"),
    "A004": ("Toronto", "Canada"),
    "A005": ("Brisbane", "Australia"),
    "A006": ("London", "UK"),
}
CUSTOMER_NAMES = [
    "Holmes", "Micheal", "Albert", "Ravindran", "Cook", "Stuart",
    "Bolt", "Fleming", "Jacks", "Yearannaidu", "Sasikant", "Ramanathan",
]  # fmt: skip
PRODUCTS = ["office chairs", "laptops", "printer paper", "desk lamps", "monitors", "headsets"]
ORDER_COUNT = 120
FIRST_ORDER_DAY = date(2024, 1, 1)
ORDER_SPAN_DAYS = 365


def create_sample_tables(connection: sqlite3.Connection) -> dict[str, int]:
    """Fill an empty database; returns the row count per table so the caller can report it."""
    rng = random.Random(2024)
    customers = _customers(rng)
    orders = _orders(rng, customers)
    connection.executescript(SCHEMA)
    connection.executemany("INSERT INTO AGENTS VALUES (?, ?, ?, ?, ?, ?)", AGENTS)
    connection.executemany("INSERT INTO CUSTOMER VALUES (?, ?, ?, ?, ?, ?, ?)", customers)
    connection.executemany("INSERT INTO ORDERS VALUES (?, ?, ?, ?, ?, ?, ?)", orders)
    return {"AGENTS": len(AGENTS), "CUSTOMER": len(customers), "ORDERS": len(orders)}


def _customers(rng: random.Random) -> list[tuple]:
    rows = []
    for index, name in enumerate(CUSTOMER_NAMES, start=1):
        agent = AGENTS[(index - 1) % len(AGENTS)][0]
        city, country = CITIES[agent]
        outstanding = round(rng.uniform(1000, 12000), 2)
        rows.append((f"C{index:05d}", name, city, country, rng.randint(1, 3), outstanding, agent))
    return rows


def _orders(rng: random.Random, customers: list[tuple]) -> list[tuple]:
    rows = []
    for number in range(200100, 200100 + ORDER_COUNT):
        customer = rng.choice(customers)
        amount = float(rng.randrange(500, 5000, 50))
        advance = float(rng.randrange(0, int(amount) // 2 + 1, 50))
        day = FIRST_ORDER_DAY + timedelta(days=rng.randrange(ORDER_SPAN_DAYS))
        description = f"{rng.randint(1, 20)} {rng.choice(PRODUCTS)}"
        rows.append(
            (number, amount, advance, day.isoformat(), customer[0], customer[6], description)
        )
    return rows
