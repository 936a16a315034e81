"""What a run cost: tokens times the model's price, one formula for runs, logs and the bench.

Prices are USD per million tokens, (prompt, completion). A run records its model's price among
its settings (`prompt_price`, `completion_price`), so its log, `logs list` and `logs show`
compute the same cost from the same numbers; a run without a recorded price has an unknown
cost, never a cost of zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from react_repl._paths import read_toml

Price = tuple[float, float]  # USD per million tokens: (prompt, completion)
Prices = Mapping[str, Price]  # model name (or bench label) -> its price


def cost(price: Price | None, prompt_tokens: int, completion_tokens: int) -> float | None:
    if price is None:
        return None
    return (prompt_tokens * price[0] + completion_tokens * price[1]) / 1e6


def cost_text(value: float | None) -> str:
    return "unknown" if value is None else f"${value:.4f}"


def price_settings(price: Price | None) -> dict[str, float]:
    """The settings a run records its price in; none for an unknown price."""
    return {} if price is None else {"prompt_price": price[0], "completion_price": price[1]}


def recorded_price(settings: Mapping[str, Any]) -> Price | None:
    prompt, completion = settings.get("prompt_price"), settings.get("completion_price")
    if not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in (prompt, completion)
    ):
        return None
    return float(prompt), float(completion)  # type: ignore[arg-type]


def price_pair(model: str, entry: Any) -> Price:
    """A misspelt key (`completoin`), a missing or a negative price would make every cost
    quietly wrong, so each is refused."""
    if not isinstance(entry, Mapping):
        raise ValueError(f"{model}: write {{ prompt = 2.5, completion = 10 }}")
    unknown = sorted(set(entry) - {"prompt", "completion"})
    if unknown:
        raise ValueError(f"{model}: unknown key(s) {', '.join(unknown)} (use prompt, completion)")
    missing = sorted({"prompt", "completion"} - set(entry))
    if missing:
        raise ValueError(f"{model}: no {' or '.join(missing)} price (USD per million tokens)")
    pair = (float(entry["prompt"]), float(entry["completion"]))
    if min(pair) < 0:
        raise ValueError(f"{model}: a price cannot be negative")
    return pair


def read_prices(file: Path) -> Prices:
    """A TOML table of USD per million tokens: `MODEL = { prompt = 2.5, completion = 10 }`."""
    try:
        data = read_toml(file)
        return {str(model): price_pair(str(model), entry) for model, entry in data.items()}
    except (OSError, AttributeError, TypeError, ValueError) as error:  # TOMLDecodeError too
        raise ValueError(
            f"cannot read prices from {file}: {error}; "
            "write MODEL = { prompt = 2.5, completion = 10 }"
        ) from None
