"""Text that can be encoded: what every writer (a log, an HTTP request, SQLite) needs."""

from __future__ import annotations


def valid_unicode(text: str) -> str:
    """Lone surrogates (`print('\\ud800')`, or bytes that are not UTF-8 in a command line or a
    file name, which Python decodes as `\\udcff`) survive JSON but make every later `.encode()`
    raise: in the log writer, in the HTTP request to the model, in SQLite. They are spelled out
    instead."""
    return text if text.isascii() else text.encode("utf-8", "backslashreplace").decode("utf-8")
