"""Letter case and identifier styles: snake_case, camelCase, kebab-case, Title Case and more.

Word boundaries are found at spaces, punctuation, underscores, dashes and lower-to-upper
changes, so "parseHTTPResponse_v2" splits into parse, HTTP, Response, v2.
"""

from __future__ import annotations

import re

_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_SMALL_WORDS = set(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "but",
        "by",
        "for",
        "in",
        "nor",
        "of",
        "on",
        "or",
        "the",
        "to",
        "up",
        "via",
        "vs",
    ]
)


def split_identifier_words(text: str) -> list[str]:
    """Split an identifier or phrase into its words.

    Args:
        text: e.g. "parseHTTPResponse_v2" or "hello world".

    Returns:
        The words, case preserved.

    Example:
        >>> split_identifier_words("parseHTTPResponse_v2")
        ['parse', 'HTTP', 'Response', 'v', '2']
    """
    return _WORDS.findall(text)


def to_snake_case(text: str) -> str:
    """Convert text or an identifier to snake_case.

    Args:
        text: e.g. "Total Amount Due" or "totalAmountDue".

    Returns:
        Lower-case words joined by underscores.

    Example:
        >>> to_snake_case("totalAmountDue")
        'total_amount_due'
    """
    return "_".join(word.lower() for word in split_identifier_words(text))


def to_camel_case(text: str) -> str:
    """Convert text or an identifier to camelCase.

    Args:
        text: e.g. "total amount due" or "total_amount_due".

    Returns:
        The first word lower case, later words capitalised, no separators.

    Example:
        >>> to_camel_case("total_amount_due")
        'totalAmountDue'
    """
    words = [word.lower() for word in split_identifier_words(text)]
    return words[0] + "".join(word.capitalize() for word in words[1:]) if words else ""


def to_pascal_case(text: str) -> str:
    """Convert text or an identifier to PascalCase (UpperCamelCase), as for class names.

    Args:
        text: e.g. "http request handler".

    Returns:
        Every word capitalised, no separators.

    Example:
        >>> to_pascal_case("http request handler")
        'HttpRequestHandler'
    """
    return "".join(word.capitalize() for word in split_identifier_words(text))


def to_kebab_case(text: str) -> str:
    """Convert text or an identifier to kebab-case, as used in URLs and CSS.

    Args:
        text: e.g. "Background Color".

    Returns:
        Lower-case words joined by dashes.

    Example:
        >>> to_kebab_case("backgroundColor")
        'background-color'
    """
    return "-".join(word.lower() for word in split_identifier_words(text))


def to_constant_case(text: str) -> str:
    """Convert text or an identifier to CONSTANT_CASE (screaming snake case).

    Args:
        text: e.g. "max retry count".

    Returns:
        Upper-case words joined by underscores.

    Example:
        >>> to_constant_case("maxRetryCount")
        'MAX_RETRY_COUNT'
    """
    return "_".join(word.upper() for word in split_identifier_words(text))


def to_dot_case(text: str) -> str:
    """Convert text or an identifier to dot.case, as in configuration keys.

    Args:
        text: e.g. "Server Port Number".

    Returns:
        Lower-case words joined by dots.

    Example:
        >>> to_dot_case("serverPortNumber")
        'server.port.number'
    """
    return ".".join(word.lower() for word in split_identifier_words(text))


def to_train_case(text: str) -> str:
    """Convert text or an identifier to Train-Case, as in HTTP header names.

    Args:
        text: e.g. "content type".

    Returns:
        Capitalised words joined by dashes.

    Example:
        >>> to_train_case("content_type")
        'Content-Type'
    """
    return "-".join(word.capitalize() for word in split_identifier_words(text))


def to_headline_case(text: str) -> str:
    """Title-case a headline, keeping short function words lower case except at the ends.

    Args:
        text: The headline.

    Returns:
        The headline in title case.

    Example:
        >>> to_headline_case("the lord of the rings")
        'The Lord of the Rings'
    """
    words = text.split()
    titled = []
    for i, word in enumerate(words):
        small = word.lower() in _SMALL_WORDS and 0 < i < len(words) - 1
        titled.append(word.lower() if small else word[:1].upper() + word[1:].lower())
    return " ".join(titled)


def to_sentence_case(text: str) -> str:
    """Lower-case a text except for its first letter.

    Args:
        text: e.g. "HELLO THERE, WORLD".

    Returns:
        The text in sentence case.

    Example:
        >>> to_sentence_case("HELLO THERE, WORLD")
        'Hello there, world'
    """
    lowered = text.lower()
    return lowered[:1].upper() + lowered[1:]


def swap_letter_case(text: str) -> str:
    """Turn upper-case letters lower case and lower-case letters upper case.

    Args:
        text: Any text.

    Returns:
        The text with each letter's case swapped.

    Example:
        >>> swap_letter_case("Hello World")
        'hELLO wORLD'
    """
    return text.swapcase()


def alternating_case(text: str) -> str:
    """Alternate lower and upper case letter by letter ("mocking" case), skipping non-letters.

    Args:
        text: Any text.

    Returns:
        The text in alternating case, starting lower case.

    Example:
        >>> alternating_case("hello world")
        'hElLo WoRlD'
    """
    result, upper = [], False
    for char in text:
        if char.isalpha():
            result.append(char.upper() if upper else char.lower())
            upper = not upper
        else:
            result.append(char)
    return "".join(result)


def is_snake_case(text: str) -> bool:
    """Whether a string is a valid lower snake_case identifier.

    Args:
        text: The string to test.

    Returns:
        True for e.g. "max_value_2".

    Example:
        >>> is_snake_case("max_value_2")
        True
    """
    return bool(re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", text))


def is_camel_case(text: str) -> bool:
    """Whether a string is a camelCase identifier (lower-case start, at least one hump).

    Args:
        text: The string to test.

    Returns:
        True for e.g. "maxValue".

    Example:
        >>> is_camel_case("maxValue")
        True
    """
    return bool(re.fullmatch(r"[a-z]+(?:[A-Z0-9][a-z0-9]*)+", text))


def count_uppercase_letters(text: str) -> int:
    """Number of upper-case letters in a text.

    Args:
        text: Any text.

    Returns:
        The count.

    Example:
        >>> count_uppercase_letters("NASA and ESA")
        7
    """
    return sum(char.isupper() for char in text)


def capitalize_first_letters(text: str) -> str:
    """Capitalise the first letter of every word, leaving the other letters as they are.

    Args:
        text: Any text.

    Returns:
        The text with word-initial capitals ("iPhone" stays "IPhone", "USA" stays "USA").

    Example:
        >>> capitalize_first_letters("visit the USA today")
        'Visit The USA Today'
    """
    return re.sub(r"\b([a-z])", lambda m: m.group(1).upper(), text)


def humanize_identifier(identifier: str) -> str:
    """Turn an identifier into a readable label, e.g. for a form field.

    Args:
        identifier: e.g. "created_at" or "userId".

    Returns:
        Words separated by spaces, first letter capitalised.

    Example:
        >>> humanize_identifier("customerEmailAddress")
        'Customer email address'
    """
    return to_sentence_case(" ".join(split_identifier_words(identifier)))


def is_all_caps(text: str) -> bool:
    """Whether every letter of a text is upper case (and it has at least one letter).

    Args:
        text: Any text.

    Returns:
        True for shouting text such as "STOP NOW!".

    Example:
        >>> is_all_caps("STOP NOW!")
        True
    """
    return any(char.isalpha() for char in text) and text == text.upper()
