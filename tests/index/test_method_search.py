"""The sandbox's `method_search` and the hit formatting the agent reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from react_repl.index import MethodIndex, SearchHit, format_hits, method_search_function


def test_format_hits_prints_signature_then_summary() -> None:
    hits = [
        SearchHit("add", "add(a: int, b: int) -> int", "Add two numbers.", 0.9, "m"),
        SearchHit("noop", "noop() -> None", "", 0.1, "m"),
    ]
    assert format_hits(hits) == "`add(a: int, b: int) -> int`: Add two numbers.\n`noop() -> None`"
    assert format_hits([]) == ""


def test_method_search_lists_matching_signatures(
    tmp_path: Path, api_dir: Path, encoder, discover
) -> None:
    index = MethodIndex.open(tmp_path / "index", encoder=encoder)
    index.build(discover(api_dir))
    method_search = method_search_function(index, max_k=3)
    text = method_search("exchange dollars into yen", k=2)
    lines = text.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("`convert_currency(amount: float, source: str, target: str)")
    assert len(method_search("anything", k=99).splitlines()) == 3
    assert len(method_search("anything", k=0).splitlines()) == 1


def test_method_search_turns_bad_input_into_advice(tmp_path: Path, encoder) -> None:
    empty = method_search_function(MethodIndex.open(tmp_path / "none", encoder=encoder))
    assert "No APIs are indexed" in empty("weather")
    assert "react-repl index build" in empty("weather")
    assert "needs a description" in empty("")
    assert "needs a description" in empty(None)  # type: ignore[arg-type]
    assert "k must be a whole number" in empty("weather", k="5")  # type: ignore[arg-type]


def test_method_search_explains_an_unusable_index(
    tmp_path: Path, api_dir: Path, encoder, discover
) -> None:
    folder = tmp_path / "index"
    MethodIndex.open(folder, encoder=encoder).build(discover(api_dir))
    (folder / "manifest.json").write_text("[]")
    with pytest.warns(UserWarning):
        index = MethodIndex.open(folder, encoder=encoder)
    text = method_search_function(index)("send an email")
    assert "cannot be used" in text and "react-repl index build" in text


def test_a_huge_description_is_cut_to_its_first_thousand_characters(
    tmp_path: Path, api_dir: Path, encoder, discover
) -> None:
    index = MethodIndex.open(tmp_path / "index", encoder=encoder)
    index.build(discover(api_dir))
    description = "exchange dollars into yen " + "and then some more words " * 400_000
    encoder.texts.clear()
    text = method_search_function(index)(description, k=1)
    assert text.startswith("`convert_currency(")
    # The request and its clauses, all from the first 1,000 characters, at most 1 + 4 texts.
    assert encoder.texts[0] == description[:1000] and len(encoder.texts) <= 5
    assert all(part in description[:1000] for part in encoder.texts)
    encoder.texts.clear()
    assert index.search(description, k=1)[0].name == "convert_currency"
    assert encoder.texts[0] == description[:1000] and len(encoder.texts) <= 5
