"""Docstrings (Google, NumPy, reST, Epydoc) split into the parts the index and the agent use."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

import docstring_parser

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9`(\"'])")
_ABBREVIATION = re.compile(r"(?:\b[A-Za-z]\.|\b(?:vs|approx|cf|incl|resp|no)\.)$", re.IGNORECASE)


@dataclass(frozen=True)
class DocSections:
    summary: str
    description: str
    params: dict[str, tuple[str | None, str]]
    """Documented parameter name (without `*`) -> (type from the docstring, description)."""
    returns: str
    raises: tuple[str, ...]


def parse_docstring(text: str) -> DocSections:
    """Parse with the style that matches best; plain prose when no style matches.

    The registry and every agent read the same docstrings (about 0.3 ms each with
    docstring_parser, 20 ms for the 66 built-in APIs on the way to a run's first request), so
    each text is parsed once; every caller gets its own `params` to keep or change."""
    parsed = _parsed(text)
    return replace(parsed, params=dict(parsed.params))


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> DocSections:
    try:
        parsed = docstring_parser.parse(text)
    except docstring_parser.ParseError:
        return DocSections(*_split_summary(text), {}, "", ())
    summary, description = _split_summary(parsed.description or "")
    return DocSections(
        summary=summary,
        description=description,
        params=_params(parsed.params),
        returns=_returns(parsed.returns),
        raises=tuple(_join(item.type_name, item.description) for item in parsed.raises),
    )


def _split_summary(text: str) -> tuple[str, str]:
    """The first sentence of the first paragraph is the summary; the rest is the description."""
    paragraphs = [part.strip() for part in re.split(r"\n\s*\n", text.strip()) if part.strip()]
    if not paragraphs:
        return "", ""
    first = " ".join(paragraphs[0].split())
    end = _first_sentence_end(first)
    rest = [first[end:].strip()] if end < len(first) else []
    return first[:end].strip(), "\n\n".join(rest + paragraphs[1:])


def _first_sentence_end(text: str) -> int:
    """Where the first sentence stops; "e.g. 5" or "approx. 3" do not end one."""
    for match in _SENTENCE_END.finditer(text):
        if not _ABBREVIATION.search(text[: match.start()]):
            return match.start()
    return len(text)


def _params(items: list[docstring_parser.DocstringParam]) -> dict[str, tuple[str | None, str]]:
    documented: dict[str, tuple[str | None, str]] = {}
    for item in items:
        for name in item.arg_name.split(","):
            documented[name.strip().lstrip("*")] = (item.type_name, _one_line(item.description))
    return documented


def _returns(item: docstring_parser.DocstringReturns | None) -> str:
    if item is None:
        return ""
    return _one_line(item.description or item.type_name)


def _join(kind: str | None, text: str | None) -> str:
    return ": ".join(part for part in (kind, _one_line(text)) if part)


def _one_line(text: str | None) -> str:
    """Section entries wrap in the source only to fit the line length; they are one sentence."""
    return " ".join((text or "").split())
