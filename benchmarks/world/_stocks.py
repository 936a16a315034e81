"""Stock prices the local world serves in Stooq's CSV shape: a random walk with one clear dip.

Every symbol's history is a pure function of the seed and the symbol. In the last three months
one week sits clearly below every other day of the period, so "which week had the lowest
closing price" has one right answer whether a model reads daily or weekly rows, and the check
can hold it to that answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

HISTORY_DAYS = 400
DIP_WINDOW_DAYS = 92  # what stocks.py asks for by default: "about three months"
_DIP_MARGIN = 0.96  # every close in the dip week is below 96% of any other close in the window


@dataclass(frozen=True)
class PriceRow:
    day: date
    open: float
    high: float
    low: float
    close: float
    volume: int


class StockModel:
    def __init__(self, seed: int, today: date) -> None:
        self.seed = seed
        self.today = today
        self._cache: dict[str, list[PriceRow]] = {}

    def daily(self, symbol: str) -> list[PriceRow]:
        """Trading days (weekdays) from HISTORY_DAYS ago through today, oldest first.

        "MSFT" and Stooq's "msft.us" are the same stock, as on Stooq.
        """
        key = symbol.strip().lower()
        key = key if "." in key or key.startswith("^") else f"{key}.us"
        if key not in self._cache:
            self._cache[key] = self._generate(key)
        return self._cache[key]

    def dip_week(self, symbol: str) -> date:
        """The Monday of the week whose closes are the lowest of the last three months."""
        start = self.today - timedelta(days=DIP_WINDOW_DAYS)
        lowest = min((r for r in self.daily(symbol) if r.day >= start), key=lambda r: r.close)
        return lowest.day - timedelta(days=lowest.day.weekday())

    def _generate(self, symbol: str) -> list[PriceRow]:
        rng = random.Random(f"{self.seed}:stock:{symbol}")
        price = rng.uniform(40.0, 480.0)
        closes: list[tuple[date, float]] = []
        day = self.today - timedelta(days=HISTORY_DAYS)
        while day <= self.today:
            if day.weekday() < 5:
                price *= 1.0 + rng.gauss(0.0004, 0.012)
                closes.append((day, price))
            day += timedelta(days=1)
        closes = self._with_dip(closes, rng)
        return [_row(day, close, rng) for day, close in closes]

    def _with_dip(
        self, closes: list[tuple[date, float]], rng: random.Random
    ) -> list[tuple[date, float]]:
        """Lower one week, 3 to 10 weeks back, below every other close of the window."""
        weeks_back = rng.randint(3, 10)
        monday = self.today - timedelta(days=self.today.weekday() + 7 * weeks_back)
        dip_days = {monday + timedelta(days=i) for i in range(5)}
        start = self.today - timedelta(days=DIP_WINDOW_DAYS)
        others = [close for day, close in closes if day >= start and day not in dip_days]
        ceiling = min(others) * _DIP_MARGIN
        dip = [close for day, close in closes if day in dip_days]
        factor = ceiling / max(dip) * rng.uniform(0.93, 0.99)
        return [(day, close * factor if day in dip_days else close) for day, close in closes]


def aggregate(rows: list[PriceRow], interval: str) -> list[PriceRow]:
    """Stooq's weekly/monthly rows: dated by the period's last trading day."""
    if interval == "d":
        return rows
    groups: dict[tuple[int, int], list[PriceRow]] = {}
    for row in rows:
        key = row.day.isocalendar()[:2] if interval == "w" else (row.day.year, row.day.month)
        groups.setdefault(key, []).append(row)
    return [
        PriceRow(
            day=group[-1].day,
            open=group[0].open,
            high=max(row.high for row in group),
            low=min(row.low for row in group),
            close=group[-1].close,
            volume=sum(row.volume for row in group),
        )
        for group in groups.values()
    ]


def to_csv(rows: list[PriceRow]) -> str:
    lines = ["Date,Open,High,Low,Close,Volume"]
    lines += [
        f"{r.day.isoformat()},{r.open:.2f},{r.high:.2f},{r.low:.2f},{r.close:.2f},{r.volume}"
        for r in rows
    ]
    return "\n".join(lines) + "\n"


def _row(day: date, close: float, rng: random.Random) -> PriceRow:
    close = round(close, 2)
    open_ = round(close * (1.0 + rng.gauss(0.0, 0.006)), 2)
    high = round(max(open_, close) * (1.0 + abs(rng.gauss(0.0, 0.005))), 2)
    low = round(min(open_, close) * (1.0 - abs(rng.gauss(0.0, 0.005))), 2)
    return PriceRow(day, open_, high, low, close, rng.randint(12_000_000, 45_000_000))
