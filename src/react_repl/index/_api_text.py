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

import functools
import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

MAX_QUERY_CHARS = 1_000
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")
_BOILERPLATE_MODULE_SIZE = 3
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
    chunks = identifier.replace("_", " ").split()
    return [part.lower() for chunk in chunks for part in _CAMEL_BOUNDARY.split(chunk) if part]


@functools.lru_cache(maxsize=65_536)
def _stem(word: str) -> str:
    """Snowball (Porter2) English stemming: "files" meets "file", "moved" meets "move".

    Cached, because an index repeats a small vocabulary many times (the stemmer is pure Python).
    """
    return _english_stemmer().stemWord(word)


@functools.cache
def _english_stemmer() -> Any:
    """Loaded at the first search: `snowballstemmer` imports every language's stemmer (0.2 s),
    which a run would otherwise pay before its first model request."""
    import snowballstemmer

    return snowballstemmer.stemmer("english")


def lexical_tokens(text: str) -> list[str]:
    """BM25 terms: identifier parts, lower-cased, stop words dropped, stemmed."""
    words = (word for raw in _WORD.findall(text) for word in split_identifier(raw))
    return [_stem(word) for word in words if word not in _STOPWORDS]


def _name_words(name: str) -> str:
    return " ".join(split_identifier(name)) + "."


def purposes(specs: Iterable[Any]) -> dict[str, tuple[str, str]]:
    """API name -> (summary, description) without the sentences every API of its module opens
    with ("This tool belongs to the file system. ..."): shared boilerplate tells the APIs of a
    module apart no better than nothing, and as the summary it would also be all the agent reads.

    Only modules of at least three APIs are considered; every API keeps at least one sentence.
    """
    by_module: dict[str, list[Any]] = defaultdict(list)
    for spec in specs:
        by_module[spec.module].append(spec)
    result: dict[str, tuple[str, str]] = {}
    for members in by_module.values():
        sentences = {spec.name: _sentences(spec) for spec in members}
        shared = _shared_opening(list(sentences.values())) if len(members) >= 3 else 0
        for spec in members:
            if shared:
                rest = sentences[spec.name][shared:]
                result[spec.name] = (rest[0], " ".join(rest[1:]))
            else:
                result[spec.name] = (spec.summary, spec.description)
    return result


def _sentences(spec: Any) -> list[str]:
    text = " ".join(f"{spec.summary} {spec.description}".split())
    return [sentence for sentence in _SENTENCE_BREAK.split(text) if sentence]


def _shared_opening(sentence_lists: list[list[str]]) -> int:
    shared = 0
    while all(len(sentences) > shared + 1 for sentences in sentence_lists) and (
        len({sentences[shared] for sentences in sentence_lists}) == 1
    ):
        shared += 1
    return shared


def document_text(spec: Any, summary: str, description: str) -> str:
    """Name as words, signature, summary, description, then parameter docs, in that order.

    Order matters because the model truncates at 256 word pieces: what identifies the function
    comes first, the long tail of parameter docs last.
    """
    parts = [_name_words(spec.name), spec.signature + "."]
    parts += [text for text in (summary, description) if text]
    for param in spec.params:
        words = " ".join(split_identifier(param.name))
        parts.append(f"{words}: {param.description}" if param.description else words)
    return "\n".join(parts)


def embedded_texts(spec: Any, summary: str, description: str) -> tuple[str, str]:
    """The full document, and the summary view: what the function is for, without signature
    or parameter noise."""
    summary_view = "\n".join([_name_words(spec.name), *filter(None, [summary])])
    return document_text(spec, summary, description), summary_view
