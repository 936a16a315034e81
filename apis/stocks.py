"""Stock prices (daily, weekly or monthly open/high/low/close/volume) from Stooq.

Stooq serves free CSV price histories without an API key:
https://stooq.com/q/d/l/?s=msft.us&d1=20240101&d2=20240331&i=d. US tickers get the ".us" suffix
automatically ("MSFT" → "msft.us"); other markets need theirs ("sap.de", "7203.jp").
`REACT_REPL_STOOQ_URL` points the module elsewhere. Stooq limits downloads per day per address.
"""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta

from _config import setting
from _http import get_text

__all__ = ["get_latest_stock_price", "get_stock_price_history"]
# What each call does beyond returning a value (read by the sandbox and approvals; see
# react_repl.registry's `api` docstring).
__react_repl__ = {
    "get_stock_price_history": {"network": True},
    "get_latest_stock_price": {"network": True},
}

BASE_URL_ENV = "REACT_REPL_STOOQ_URL"
DEFAULT_BASE_URL = "https://stooq.com"
DEFAULT_HISTORY_DAYS = 92
_INTERVALS = {"daily": "d", "weekly": "w", "monthly": "m"}
_COLUMNS = ("Date", "Open", "High", "Low", "Close")


def get_stock_price_history(
    symbol: str,
    start_date: str | None = None,
    end_date: str | None = None,
    interval: str = "daily",
) -> list[dict]:
    """Get the historical stock prices (open, high, low, close, volume) of a ticker symbol.

    Args:
        symbol: Ticker, e.g. "MSFT" (US) or "sap.de" (other markets need their suffix).
        start_date: First date as "YYYY-MM-DD"; None for about three months ago.
        end_date: Last date as "YYYY-MM-DD"; None for today.
        interval: "daily", "weekly" (one row per week) or "monthly".

    Returns:
        One dict per trading period, oldest first, with keys date, open, high, low, close and
        volume (None when Stooq has none, e.g. for indices).

    Raises:
        ValueError: A date or the interval is invalid, or Stooq has no data for the symbol.
        ConnectionError: stooq.com cannot be reached (no network) or refused the download.
    """
    last = _day(end_date, "end_date") if end_date else date.today()
    first = _day(start_date, "start_date") if start_date else last - timedelta(DEFAULT_HISTORY_DAYS)
    if first > last:
        raise ValueError(f"start_date {first} is after end_date {last}; swap them.")
    if interval not in _INTERVALS:
        raise ValueError(f"interval must be one of {', '.join(_INTERVALS)}, got '{interval}'.")
    params = {
        "s": _stooq_symbol(symbol),
        "d1": first.strftime("%Y%m%d"),
        "d2": last.strftime("%Y%m%d"),
        "i": _INTERVALS[interval],
    }
    url = (setting(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/") + "/q/d/l/"
    return _parse_prices(get_text(url, params), symbol)


def get_latest_stock_price(symbol: str) -> dict:
    """Get the latest (current) closing stock price of a ticker symbol such as MSFT.

    Args:
        symbol: Ticker, e.g. "AAPL" or "MSFT" (US) or "sap.de".

    Returns:
        The latest trading day: keys date, open, high, low, close and volume.

    Raises:
        ValueError: Stooq has no recent data for the symbol.
        ConnectionError: stooq.com cannot be reached (no network) or refused the download.
    """
    start = (date.today() - timedelta(days=14)).isoformat()
    return get_stock_price_history(symbol, start_date=start)[-1]


def _stooq_symbol(symbol: str) -> str:
    cleaned = str(symbol).strip().lower()
    if not cleaned or any(character.isspace() for character in cleaned):
        raise ValueError(f"'{symbol}' is not a ticker symbol; use one like 'MSFT'.")
    return cleaned if "." in cleaned or cleaned.startswith("^") else f"{cleaned}.us"


def _day(text: str, name: str) -> date:
    try:
        return date.fromisoformat(str(text).strip())
    except ValueError:
        pass
    raise ValueError(f"{name} '{text}' is not a date written as YYYY-MM-DD.")


def _parse_prices(text: str, symbol: str) -> list[dict]:
    reader = csv.DictReader(io.StringIO(text.strip()))
    if not reader.fieldnames or not set(_COLUMNS) <= set(reader.fieldnames):
        snippet = " ".join(text.split())[:120]
        if not snippet or snippet.lower().startswith("no data"):
            raise ValueError(
                f"Stooq has no prices for '{symbol}' in that period; check the symbol "
                "(US tickers like 'MSFT', others with a suffix like 'sap.de') and the dates."
            )
        raise ConnectionError(f"Stooq did not send price data (it answered: {snippet!r}).")
    rows = []
    for row in reader:
        try:
            rows.append(_price_row(row))
        except (TypeError, ValueError):
            continue
    if not rows:
        raise ValueError(f"Stooq has no prices for '{symbol}' in that period.")
    return rows


def _price_row(row: dict) -> dict:
    volume = row.get("Volume")
    return {
        "date": date.fromisoformat(row["Date"]).isoformat(),
        "open": float(row["Open"]),
        "high": float(row["High"]),
        "low": float(row["Low"]),
        "close": float(row["Close"]),
        "volume": int(float(volume)) if volume else None,
    }
