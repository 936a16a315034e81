"""Money as people write it: formatting, parsing, ISO 4217 currency facts, exact splitting.

Amounts are computed with decimals so cents never drift. No exchange rates are built in: the
conversion helpers take the rate as an argument.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

_CURRENCY_TABLE = """
EUR|Euro|€|2 USD|US dollar|$|2 GBP|Pound sterling|£|2 JPY|Japanese yen|¥|0 CHF|Swiss franc|CHF|2
SEK|Swedish krona|kr|2 NOK|Norwegian krone|kr|2 DKK|Danish krone|kr|2 PLN|Polish zloty|zł|2
CZK|Czech koruna|Kč|2 INR|Indian rupee|₹|2 CNY|Chinese yuan|¥|2 KRW|South Korean won|₩|0
BRL|Brazilian real|R$|2 CAD|Canadian dollar|$|2 AUD|Australian dollar|$|2 KWD|Kuwaiti dinar|KD|3
BHD|Bahraini dinar|BD|3 ZAR|South African rand|R|2 MXN|Mexican peso|$|2
"""
_CURRENCIES = {  # code -> (name, symbol, minor units)
    code: (name, symbol, int(digits))
    for code, name, symbol, digits in (
        entry.split("|") for entry in re.split(r"\s(?=[A-Z]{3}\|)", _CURRENCY_TABLE.strip())
    )
}
_NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
)
_ONES = _NUMBER_WORDS.split()
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _currency(code: str) -> tuple[str, str, int]:
    try:
        return _CURRENCIES[code.strip().upper()]
    except KeyError:
        raise LookupError(f"Unknown currency code {code!r}.") from None


def format_money(amount: float, currency: str = "EUR", style: str = "en") -> str:
    """Format an amount with its currency symbol and the separators of a writing style.

    Args:
        amount: The amount.
        currency: ISO 4217 code, e.g. "EUR".
        style: "en" (1,234.56), "de" (1.234,56), "fr" (1 234,56) or "ch" (1'234.56).

    Returns:
        The formatted amount; "en" puts the symbol first, the others after.

    Example:
        >>> format_money(1234.5, "EUR", "de")
        '1.234,50 €'
    """
    _, symbol, digits = _currency(currency)
    text = f"{abs(amount):,.{digits}f}"
    group, decimal = {"en": (",", "."), "de": (".", ","), "fr": (" ", ","), "ch": ("'", ".")}[style]
    text = text.replace(",", "\x00").replace(".", decimal).replace("\x00", group)
    sign = "-" if amount < 0 else ""
    return f"{sign}{symbol}{text}" if style == "en" else f"{sign}{text} {symbol}"


def parse_money(text: str) -> float:
    """Read an amount written with currency symbols and either separator convention.

    Args:
        text: e.g. "€1.234,50", "$1,234.50", "1 234,5 kr" or "-12.00".

    Returns:
        The amount as a number.

    Raises:
        ValueError: No number found.

    Example:
        >>> parse_money("1.234,50 €")
        1234.5
    """
    cleaned = re.sub(r"[^\d,.\-']", "", text.replace(" ", "").replace("\u00a0", ""))
    cleaned = cleaned.replace("'", "")
    if not re.search(r"\d", cleaned):
        raise ValueError(f"No amount in {text!r}.")
    last_sep = max(cleaned.rfind(","), cleaned.rfind("."))
    if last_sep != -1 and len(cleaned) - last_sep - 1 in (1, 2):
        whole, fraction = cleaned[:last_sep], cleaned[last_sep + 1 :]
        cleaned = re.sub(r"[,.]", "", whole) + "." + fraction
    else:
        cleaned = re.sub(r"[,.]", "", cleaned)
    return float(cleaned)


def currency_minor_units(currency: str) -> int:
    """Number of decimal places a currency uses (0 for yen, 3 for Kuwaiti dinar).

    Args:
        currency: ISO 4217 code.

    Returns:
        The number of minor-unit digits.

    Example:
        >>> currency_minor_units("KWD")
        3
    """
    return _currency(currency)[2]


def currency_symbol(currency: str) -> str:
    """The symbol commonly written for a currency.

    Args:
        currency: ISO 4217 code.

    Returns:
        e.g. "£".

    Example:
        >>> currency_symbol("GBP")
        '£'
    """
    return _currency(currency)[1]


def currency_name(currency: str) -> str:
    """English name of a currency.

    Args:
        currency: ISO 4217 code.

    Returns:
        e.g. "Swiss franc".

    Example:
        >>> currency_name("CHF")
        'Swiss franc'
    """
    return _currency(currency)[0]


def is_known_currency_code(code: str) -> bool:
    """Whether a code is one of the ISO 4217 currencies this module knows.

    Args:
        code: e.g. "usd".

    Returns:
        True when known.

    Example:
        >>> is_known_currency_code("usd")
        True
    """
    return code.strip().upper() in _CURRENCIES


def round_to_cash_increment(amount: float, increment: float = 0.05) -> float:
    """Round a cash total to the smallest coin in use (e.g. 0.05 in Switzerland).

    Args:
        amount: The amount.
        increment: The step, e.g. 0.05 or 0.10.

    Returns:
        The rounded amount (halves up).

    Example:
        >>> round_to_cash_increment(12.42)
        12.4
    """
    steps = (Decimal(str(amount)) / Decimal(str(increment))).quantize(Decimal(1), ROUND_HALF_UP)
    return float(steps * Decimal(str(increment)))


def allocate_by_ratios(amount: float, ratios: list[float]) -> list[float]:
    """Split an amount by ratios so the parts add up exactly (largest remainders get cents).

    Args:
        amount: The amount to split.
        ratios: Relative shares, e.g. [1, 1, 1] or [50, 30, 20].

    Returns:
        The parts, in the order of the ratios.

    Example:
        >>> allocate_by_ratios(100, [1, 1, 1])
        [33.34, 33.33, 33.33]
    """
    total_cents = round(amount * 100)
    raw = [total_cents * r / sum(ratios) for r in ratios]
    parts = [int(x) for x in raw]
    order = sorted(range(len(raw)), key=lambda i: raw[i] - parts[i], reverse=True)
    for i in order[: total_cents - sum(parts)]:
        parts[i] += 1
    return [p / 100 for p in parts]


def bankers_round(amount: float, digits: int = 2) -> float:
    """Round half to even (banker's rounding), which avoids upward bias in sums.

    Args:
        amount: The amount.
        digits: Decimal places.

    Returns:
        The rounded amount.

    Example:
        >>> bankers_round(2.345)
        2.34
    """
    return float(Decimal(str(amount)).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_EVEN))


def amount_in_words(amount: float, unit: str = "euro", subunit: str = "cent") -> str:
    """Write an amount in English words, as on a cheque.

    Args:
        amount: Below one million.
        unit: Name of the main unit.
        subunit: Name of the hundredth.

    Returns:
        e.g. "one hundred twenty-three euros and forty-five cents".

    Example:
        >>> amount_in_words(123.45)
        'one hundred twenty-three euros and forty-five cents'
    """
    whole = int(amount)
    cents = round((amount - whole) * 100)
    words = f"{_words(whole)} {unit}{'s' if whole != 1 else ''}"
    return words + (f" and {_words(cents)} {subunit}{'s' if cents != 1 else ''}" if cents else "")


def _words(number: int) -> str:
    if number < 20:
        return _ONES[number]
    if number < 100:
        tens, ones = divmod(number, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {_words(rest)}" if rest else "")
    thousands, rest = divmod(number, 1000)
    return f"{_words(thousands)} thousand" + (f" {_words(rest)}" if rest else "")


def to_minor_units(amount: float, currency: str = "EUR") -> int:
    """Convert an amount to integer minor units (cents), as payment APIs expect.

    Args:
        amount: The amount.
        currency: ISO 4217 code (decides how many decimals).

    Returns:
        The integer amount.

    Example:
        >>> to_minor_units(19.99, "USD")
        1999
    """
    return int(
        Decimal(str(amount))
        .scaleb(currency_minor_units(currency))
        .quantize(Decimal(1), ROUND_HALF_UP)
    )


def from_minor_units(minor: int, currency: str = "EUR") -> float:
    """Convert integer minor units back to an amount.

    Args:
        minor: e.g. 1999 cents.
        currency: ISO 4217 code.

    Returns:
        The amount.

    Example:
        >>> from_minor_units(1250, "KWD")
        1.25
    """
    return minor / 10 ** currency_minor_units(currency)


def convert_at_rate(amount: float, rate: float, target_currency: str = "EUR") -> float:
    """Convert an amount with a given exchange rate, rounded to the target's minor units.

    Args:
        amount: The amount in the source currency.
        rate: Units of target currency per unit of source currency.
        target_currency: ISO code of the result.

    Returns:
        The converted amount.

    Example:
        >>> convert_at_rate(100, 161.234, "JPY")
        16123.0
    """
    digits = currency_minor_units(target_currency)
    return float(Decimal(str(amount * rate)).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP))


def cross_rate(base_per_usd: float, quote_per_usd: float) -> float:
    """Exchange rate between two currencies from their rates against a common one.

    Args:
        base_per_usd: Units of the base currency per US dollar.
        quote_per_usd: Units of the quote currency per US dollar.

    Returns:
        Units of quote currency per unit of base currency, rounded to 6 decimals.

    Example:
        >>> cross_rate(0.92, 0.79)
        0.858696
    """
    return round(quote_per_usd / base_per_usd, 6)


def sum_money(amounts: list[float]) -> float:
    """Add amounts exactly (decimal arithmetic), avoiding float drift such as 0.1 + 0.2.

    Args:
        amounts: The amounts.

    Returns:
        The exact sum.

    Example:
        >>> sum_money([0.1, 0.2, 0.3])
        0.6
    """
    return float(sum((Decimal(str(a)) for a in amounts), Decimal(0)))
