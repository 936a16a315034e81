"""The numpy BM25 must score exactly like bm25s' Lucene variant, the reference."""

from __future__ import annotations

import bm25s
import numpy as np

from react_repl.index._api_text import lexical_tokens, split_identifier
from react_repl.index._lexical import K1, B, LexicalIndex

DOCUMENTS = [
    "get_user_tickets(status: str) List the open support tickets of a user.",
    "sendEmail(to, subject) Send an email message; email delivery is queued.",
    "convert_currency(amount, source, target) Convert money between currencies.",
    "count_words(text) Count the words of a text.",
    "",
]


def test_scores_match_bm25s_lucene() -> None:
    tokens = [lexical_tokens(text) for text in DOCUMENTS]
    reference = bm25s.BM25(k1=K1, b=B, method="lucene")
    reference.index(tokens, show_progress=False)
    ours = LexicalIndex(tokens)
    for query in ("email the user", "tickets", "convert money money", "words text count"):
        terms = [t for t in lexical_tokens(query) if t in reference.vocab_dict]
        expected = reference.get_scores(terms)
        got = np.zeros(len(DOCUMENTS), dtype=np.float32)
        for row, score in ours.ranked(query, len(DOCUMENTS)):
            got[row] = score
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)


def test_ranking_is_best_first_and_ignores_unknown_words() -> None:
    index = LexicalIndex([lexical_tokens(text) for text in DOCUMENTS])
    assert [row for row, _ in index.ranked("send emails", 2)] == [1]
    assert index.ranked("zebra quantum", 5) == []
    assert LexicalIndex([]).ranked("anything", 5) == []


def test_identifiers_split_into_searchable_words() -> None:
    assert split_identifier("getUserID_v2") == ["get", "user", "id", "v2"]
    assert lexical_tokens("get_user_tickets for the users") == ["get", "user", "ticket", "user"]
