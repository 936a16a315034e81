"""Cleaning up text: whitespace, accents, quotes, HTML, line endings, wrapping and trimming."""

from __future__ import annotations

import html
import re
import textwrap
import unicodedata

_QUOTES = str.maketrans(
    {
        "‘": "'",
        "’": "'",
        "‚": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "«": '"',
        "»": '"',
        "–": "-",
        "—": "-",
    }
)


def strip_accents(text: str) -> str:
    """Remove accents and other diacritics, keeping the base letters.

    Args:
        text: e.g. "Crème brûlée à Zürich".

    Returns:
        The text without diacritics.

    Example:
        >>> strip_accents("Crème brûlée à Zürich")
        'Creme brulee a Zurich'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def collapse_whitespace(text: str) -> str:
    """Replace every run of whitespace with one space and trim the ends.

    Args:
        text: Any text.

    Returns:
        The tidied text.

    Example:
        >>> collapse_whitespace("  too   many\\n\\tspaces ")
        'too many spaces'
    """
    return " ".join(text.split())


def slugify(text: str, separator: str = "-") -> str:
    """Turn a title into a URL slug: lower case ASCII words joined by dashes.

    Args:
        text: e.g. "Héllo, World! 2024 Edition".
        separator: What joins the words.

    Returns:
        The slug.

    Example:
        >>> slugify("Héllo, World! 2024 Edition")
        'hello-world-2024-edition'
    """
    words = re.findall(r"[a-z0-9]+", strip_accents(text).lower())
    return separator.join(words)


def truncate_text(text: str, max_length: int, ellipsis: str = "…") -> str:
    """Shorten text to a maximum length at a word boundary, adding an ellipsis.

    Args:
        text: Any text.
        max_length: Longest result allowed, ellipsis included.
        ellipsis: What marks the cut.

    Returns:
        The text unchanged if short enough, else cut.

    Example:
        >>> truncate_text("The quick brown fox jumps", 16)
        'The quick brown…'
    """
    if len(text) <= max_length:
        return text
    room = max_length - len(ellipsis)
    cut = text[:room]
    if " " in cut and text[room : room + 1] != " ":
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip() + ellipsis


def remove_punctuation(text: str) -> str:
    """Remove punctuation characters, keeping letters, digits and whitespace.

    Args:
        text: Any text.

    Returns:
        The text without punctuation.

    Example:
        >>> remove_punctuation("Hello, world! (Again?)")
        'Hello world Again'
    """
    return "".join(c for c in text if not unicodedata.category(c).startswith("P"))


def straighten_quotes(text: str) -> str:
    """Replace typographic quotes and dashes with plain ASCII ones.

    Args:
        text: e.g. text pasted from a word processor.

    Returns:
        The text with ' " and - only.

    Example:
        >>> straighten_quotes("“Don’t” – she said")
        '"Don\\'t" - she said'
    """
    return text.translate(_QUOTES)


def strip_html_tags(markup: str) -> str:
    """Remove HTML tags and decode entities, leaving the visible text.

    Args:
        markup: An HTML fragment.

    Returns:
        The text content with whitespace collapsed.

    Example:
        >>> strip_html_tags("<p>Fish &amp; <b>chips</b></p>")
        'Fish & chips'
    """
    without_scripts = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", markup)
    return collapse_whitespace(html.unescape(re.sub(r"<[^>]+>", " ", without_scripts)))


def escape_html_text(text: str) -> str:
    """Escape text for safe inclusion in HTML (& < > " ').

    Args:
        text: Any text.

    Returns:
        The escaped text.

    Example:
        >>> escape_html_text('<a href="x">')
        '&lt;a href=&quot;x&quot;&gt;'
    """
    return html.escape(text)


def unescape_html_entities(text: str) -> str:
    """Decode HTML character references such as &amp;, &eacute; and &#8364;.

    Args:
        text: Text containing entities.

    Returns:
        The decoded text.

    Example:
        >>> unescape_html_entities("caf&eacute; &#8364;5")
        'café €5'
    """
    return html.unescape(text)


def wrap_text(text: str, width: int = 70) -> str:
    """Re-wrap text into lines of at most `width` characters, breaking between words.

    Args:
        text: Any text.
        width: Maximum line length.

    Returns:
        The wrapped text, lines joined by newlines.

    Example:
        >>> print(wrap_text("one two three four five", 9))
        one two
        three
        four five
    """
    return "\n".join(textwrap.wrap(text, width))


def indent_lines(text: str, prefix: str = "    ") -> str:
    """Add a prefix to every non-empty line, e.g. to quote or indent a block.

    Args:
        text: Multi-line text.
        prefix: What to put in front of each line.

    Returns:
        The indented text.

    Example:
        >>> indent_lines("a\\nb", "> ")
        '> a\\n> b'
    """
    return textwrap.indent(text, prefix)


def dedent_lines(text: str) -> str:
    """Remove the indentation that all lines of a block share.

    Args:
        text: Multi-line text.

    Returns:
        The text shifted left.

    Example:
        >>> dedent_lines("    a\\n      b")
        'a\\n  b'
    """
    return textwrap.dedent(text)


def remove_blank_lines(text: str) -> str:
    """Drop lines that are empty or hold only whitespace.

    Args:
        text: Multi-line text.

    Returns:
        The text without blank lines.

    Example:
        >>> remove_blank_lines("a\\n\\n  \\nb")
        'a\\nb'
    """
    return "\n".join(line for line in text.splitlines() if line.strip())


def remove_duplicate_lines(text: str) -> str:
    """Keep only the first occurrence of each line, preserving order.

    Args:
        text: Multi-line text.

    Returns:
        The de-duplicated text.

    Example:
        >>> remove_duplicate_lines("a\\nb\\na\\nc\\nb")
        'a\\nb\\nc'
    """
    return "\n".join(dict.fromkeys(text.splitlines()))


def normalize_line_endings(text: str, ending: str = "\n") -> str:
    """Convert Windows (CRLF) and old Mac (CR) line endings to one style.

    Args:
        text: Any text.
        ending: The line ending to use, e.g. "\\n" or "\\r\\n".

    Returns:
        The text with uniform line endings.

    Example:
        >>> normalize_line_endings("a\\r\\nb\\rc")
        'a\\nb\\nc'
    """
    return re.sub(r"\r\n|\r|\n", ending, text)


def expand_tabs(text: str, tab_size: int = 4) -> str:
    """Replace tab characters with spaces up to the next tab stop.

    Args:
        text: Any text.
        tab_size: Columns between tab stops.

    Returns:
        The text without tabs.

    Example:
        >>> expand_tabs("a\\tb", 4)
        'a   b'
    """
    return "\n".join(line.expandtabs(tab_size) for line in text.split("\n"))


def remove_control_characters(text: str) -> str:
    """Delete invisible control characters, keeping newlines and tabs.

    Args:
        text: Any text.

    Returns:
        The cleaned text.

    Example:
        >>> remove_control_characters("bell\\x07 and null\\x00")
        'bell and null'
    """
    return "".join(c for c in text if c in "\n\t" or unicodedata.category(c)[0] != "C")


def remove_emoji(text: str) -> str:
    """Remove emoji and pictographic symbols.

    Args:
        text: Any text.

    Returns:
        The text without emoji (surrounding spaces are kept).

    Example:
        >>> remove_emoji("Great job 👍🎉!")
        'Great job !'
    """
    return "".join(
        c for c in text if unicodedata.category(c) != "So" and not 0x1F000 <= ord(c) <= 0x1FAFF
    )


def center_text(text: str, width: int, fill: str = " ") -> str:
    """Center text in a field of a given width.

    Args:
        text: The text.
        width: Total width of the result.
        fill: The padding character.

    Returns:
        The padded text.

    Example:
        >>> center_text("hi", 6, "*")
        '**hi**'
    """
    return text.center(width, fill)
