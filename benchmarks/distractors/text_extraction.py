"""Pulling structured bits out of free text: e-mail addresses, links, hashtags, numbers, money,
dates, key-value pairs and template placeholders.
"""

from __future__ import annotations

import re
from datetime import date

_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
_URL = re.compile(r"https?://[^\s<>\"')\]]+")
_MONEY = re.compile(
    r"(?P<sym>[$€£¥])\s?(?P<a>\d[\d,]*(?:\.\d+)?)"
    r"|(?P<b>\d[\d,]*(?:\.\d+)?)\s?(?P<code>[A-Z]{3})\b"
)
_NUMBER = re.compile(r"(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])-?\d+(?:\.\d+)?")


def extract_email_addresses(text: str) -> list[str]:
    """All e-mail addresses in a text, in order, without duplicates.

    Args:
        text: Any text.

    Returns:
        The addresses.

    Example:
        >>> extract_email_addresses("Write to ana@x.org or bo.li@mail.example.com, or ana@x.org.")
        ['ana@x.org', 'bo.li@mail.example.com']
    """
    return list(dict.fromkeys(_EMAIL.findall(text)))


def extract_urls(text: str) -> list[str]:
    """All http(s) links in a text, trailing punctuation trimmed.

    Args:
        text: Any text.

    Returns:
        The URLs in order.

    Example:
        >>> extract_urls("See https://x.org/a?b=1, and (http://y.io).")
        ['https://x.org/a?b=1', 'http://y.io']
    """
    return [url.rstrip(".,;:!?") for url in _URL.findall(text)]


def extract_hashtags(text: str) -> list[str]:
    """Hashtags in a social-media post, without the '#'.

    Args:
        text: The post.

    Returns:
        The tags in order.

    Example:
        >>> extract_hashtags("Sunset over #Lisbon #travel2025!")
        ['Lisbon', 'travel2025']
    """
    return re.findall(r"(?<![\w#])#(\w+)", text)


def extract_mentions(text: str) -> list[str]:
    """@-mentions in a post or chat message, without the '@' (e-mail addresses are skipped).

    Args:
        text: The message.

    Returns:
        The handles in order.

    Example:
        >>> extract_mentions("@maria thanks! cc @dev_team (mail: a@b.com)")
        ['maria', 'dev_team']
    """
    return re.findall(r"(?<![\w.@])@(\w+)", text)


def extract_numbers(text: str) -> list[float]:
    """Numbers in a text, understanding thousands separators like 1,234.5.

    Args:
        text: Any text.

    Returns:
        The numbers as floats, in order.

    Example:
        >>> extract_numbers("Sold 1,250 units at 3.5 each, -2 returns")
        [1250.0, 3.5, -2.0]
    """
    return [float(match.replace(",", "")) for match in _NUMBER.findall(text)]


def extract_money_amounts(text: str) -> list[dict]:
    """Currency amounts written with a symbol or code, e.g. "$12.50", "€ 8", "15 EUR".

    Args:
        text: Any text.

    Returns:
        One dict per amount with keys currency (symbol or code) and amount.

    Example:
        >>> extract_money_amounts("Lunch was $12.50 and the taxi 15 EUR.")
        [{'currency': '$', 'amount': 12.5}, {'currency': 'EUR', 'amount': 15.0}]
    """
    found = []
    for m in _MONEY.finditer(text):
        amount = float((m.group("a") or m.group("b")).replace(",", ""))
        found.append({"currency": m.group("sym") or m.group("code"), "amount": amount})
    return found


def extract_iso_dates(text: str) -> list[str]:
    """Dates written YYYY-MM-DD in a text (only valid calendar dates).

    Args:
        text: Any text.

    Returns:
        The dates in order.

    Example:
        >>> extract_iso_dates("Due 2025-02-30? No: 2025-03-01.")
        ['2025-03-01']
    """
    dates = []
    for candidate in re.findall(r"\b\d{4}-\d{2}-\d{2}\b", text):
        try:
            dates.append(date.fromisoformat(candidate).isoformat())
        except ValueError:
            continue
    return dates


def extract_phone_numbers(text: str) -> list[str]:
    """Phone numbers in a text, normalised to digits with an optional leading '+'.

    Args:
        text: Any text.

    Returns:
        The numbers (7 to 15 digits), in order.

    Example:
        >>> extract_phone_numbers("Call +31 (0)20 123 4567 or 555-0142-99.")
        ['+310201234567', '555014299']
    """
    numbers = []
    for match in re.findall(r"\+?\d[\d\s().-]{5,}\d", text):
        digits = re.sub(r"\D", "", match)
        if 7 <= len(digits) <= 15:
            numbers.append(("+" if match.startswith("+") else "") + digits)
    return numbers


def extract_hex_colors(text: str) -> list[str]:
    """Hex colour codes (#abc or #aabbcc) in a text, lower case.

    Args:
        text: e.g. CSS.

    Returns:
        The colours in order.

    Example:
        >>> extract_hex_colors("color: #1E90FF; border: 1px solid #FFF;")
        ['#1e90ff', '#fff']
    """
    return [c.lower() for c in re.findall(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b", text)]


def extract_ipv4_addresses(text: str) -> list[str]:
    """Valid IPv4 addresses in a text (each part 0-255).

    Args:
        text: e.g. a log file.

    Returns:
        The addresses in order.

    Example:
        >>> extract_ipv4_addresses("from 10.0.0.7 to 999.1.1.1 via 192.168.1.1")
        ['10.0.0.7', '192.168.1.1']
    """
    candidates = re.findall(r"\b(?:\d{1,3}\.){3}\d{1,3}\b", text)
    return [c for c in candidates if all(int(part) <= 255 for part in c.split("."))]


def extract_quoted_phrases(text: str) -> list[str]:
    """Phrases inside double quotes (straight or curly).

    Args:
        text: Any text.

    Returns:
        The quoted phrases without the quotes.

    Example:
        >>> extract_quoted_phrases('She said "hello" and “goodbye”.')
        ['hello', 'goodbye']
    """
    return [straight or curly for straight, curly in re.findall(r'"([^"]*)"|“([^”]*)”', text)]


def parse_key_value_pairs(text: str, pair_separator: str = ",", kv_separator: str = "=") -> dict:
    """Parse "key=value" pairs such as "env=prod, region=eu-west, debug=false".

    Args:
        text: The pairs.
        pair_separator: What separates pairs.
        kv_separator: What separates a key from its value.

    Returns:
        Key -> value (strings, trimmed).

    Example:
        >>> parse_key_value_pairs("env=prod, region=eu-west, debug=false")
        {'env': 'prod', 'region': 'eu-west', 'debug': 'false'}
    """
    pairs = {}
    for part in text.split(pair_separator):
        key, sep, value = part.partition(kv_separator)
        if sep and key.strip():
            pairs[key.strip()] = value.strip()
    return pairs


def text_between(text: str, start_marker: str, end_marker: str) -> list[str]:
    """Every piece of text found between a start marker and the next end marker.

    Args:
        text: Any text.
        start_marker: e.g. "[".
        end_marker: e.g. "]".

    Returns:
        The pieces in order.

    Example:
        >>> text_between("a [one] b [two]", "[", "]")
        ['one', 'two']
    """
    return re.findall(re.escape(start_marker) + r"(.*?)" + re.escape(end_marker), text, re.S)


def fill_template(template: str, values: dict) -> str:
    """Replace {name} placeholders in a template; unknown placeholders are left as they are.

    Args:
        template: e.g. "Hello {name}, your order {order} shipped."
        values: Placeholder name -> value.

    Returns:
        The filled text.

    Example:
        >>> fill_template("Hi {name}, order {order} shipped ({eta}).", {"name": "Ana", "order": 42})
        'Hi Ana, order 42 shipped ({eta}).'
    """
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


def split_on_delimiters(text: str, delimiters: str = ",;|") -> list[str]:
    """Split text on any of several delimiter characters, trimming and dropping empties.

    Args:
        text: e.g. "red; green|blue , ,yellow".
        delimiters: The delimiter characters.

    Returns:
        The non-empty pieces.

    Example:
        >>> split_on_delimiters("red; green|blue , ,yellow")
        ['red', 'green', 'blue', 'yellow']
    """
    pieces = re.split("[" + re.escape(delimiters) + "]", text)
    return [piece.strip() for piece in pieces if piece.strip()]


def mask_digits(text: str, keep_last: int = 4, mask: str = "*") -> str:
    """Hide all digits of each long digit run except the last few (e.g. card numbers in logs).

    Args:
        text: Any text.
        keep_last: Digits left visible at the end of each run of 6 or more digits.
        mask: Replacement character.

    Returns:
        The masked text.

    Example:
        >>> mask_digits("card 4111111111111111 ok")
        'card ************1111 ok'
    """

    def hide(match: re.Match) -> str:
        digits = match.group()
        return mask * (len(digits) - keep_last) + digits[-keep_last:]

    return re.sub(r"\d{6,}", hide, text)


def count_pattern_matches(text: str, pattern: str, ignore_case: bool = True) -> int:
    """How many times a regular expression matches in a text.

    Args:
        text: Any text.
        pattern: A Python regular expression.
        ignore_case: Match without regard to case.

    Returns:
        The number of non-overlapping matches.

    Example:
        >>> count_pattern_matches("Error: x. error: y. Warning: z.", r"error")
        2
    """
    return len(re.findall(pattern, text, re.IGNORECASE if ignore_case else 0))
