"""What each API looks like to the two retrievers.

The dense side sees words, not identifiers: `get_user_tickets` embeds better as "get user tickets".
The lexical side needs the parts of an identifier as separate terms so that "user tickets"
matches `get_user_tickets` and `getUserTickets` alike. The chosen document layout (see
docs/method_search.md) won a measurement on both retrieval dev sets.

Each API is embedded twice: the full document and a short "what it does" view (name words and
summary). In the full text the summary is diluted by signature and parameter docs; the short
view keeps the function's purpose in focus (see `_vectors.blend_views`).
"""

from __future__ import annotations

import re
from typing import Any

MAX_QUERY_CHARS = 1_000
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD = re.compile(r"[A-Za-z0-9]+")
_STOPWORD_TEXT = (
    "a an and are as at be by can could do for from has have i if in into is it its me my of on "
    "or please so that the their them then there these this to was we what when which will with "
    "would you your"
)
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())


def split_identifier(identifier: str) -> list[str]:
    """`getUserID_v2` -> ["get", "user", "id", "v2"]."""
    words: list[str] = []
    for chunk in identifier.replace("_", " ").split():
        words.extend(part.lower() for part in _CAMEL_BOUNDARY.split(chunk) if part)
    return words


def _stem(word: str) -> str:
    """A light plural/tense folding; "files" must meet "file" and "moved" meet "move"."""
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + keep
    return word


def lexical_tokens(text: str) -> list[str]:
    """BM25 terms: identifier parts, lower-cased, stop words dropped, lightly stemmed."""
    tokens: list[str] = []
    for raw in _WORD.findall(text):
        for word in split_identifier(raw):
            if word not in _STOPWORDS:
                tokens.append(_stem(word))
    return tokens


def _param_line(param: Any) -> str:
    words = " ".join(split_identifier(param.name))
    return f"{words}: {param.description}" if param.description else words


def _name_words(name: str) -> str:
    return " ".join(split_identifier(name)) + "."


def summary_text(spec: Any) -> str:
    """The short dense view: what the function is for, without signature or parameter noise."""
    return "\n".join([_name_words(spec.name), *([spec.summary] if spec.summary else [])])


def document_text(spec: Any) -> str:
    """Name as words, signature, summary, description, then parameter docs, in that order.

    Order matters because the model truncates at 256 word pieces: what identifies the function
    comes first, the long tail of parameter docs last.
    """
    parts = [_name_words(spec.name), spec.signature + "."]
    parts += [text for text in (spec.summary, spec.description) if text]
    parts += [_param_line(param) for param in spec.params]
    return "\n".join(parts)
