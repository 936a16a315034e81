"""MethodIndex over real registry specs, the real MiniLM and real FAISS."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from react_repl.index import MethodIndex
from react_repl.registry import ApiRegistry

PARAPHRASES = {
    "will it rain in Berlin this weekend": "get_weather_forecast",
    "how much is 100 dollars in euros": "convert_currency",
    "reserve a seat on a plane to Tokyo": "book_flight",
    "mail my boss a message": "send_email",
    "number of words in this paragraph": "count_words",
    "make the photo smaller": "resize_image",
}


@pytest.fixture
def built(tmp_path: Path, api_dir: Path, encoder, discover) -> MethodIndex:
    index = MethodIndex.open(tmp_path / "index", encoder=encoder)
    index.build(discover(api_dir))
    return index


@pytest.mark.parametrize(("query", "expected"), PARAPHRASES.items())
def test_paraphrased_query_finds_the_function(built: MethodIndex, query: str, expected: str):
    assert built.search(query, k=1)[0].name == expected


def test_hits_are_unique_best_first_and_capped(built: MethodIndex) -> None:
    hits = built.search("send a message", k=1000)
    assert len(hits) == len(built) == 6
    assert len({hit.name for hit in hits}) == len(hits)
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)
    assert hits[0].signature == "send_email(to: str, subject: str, body: str) -> None"
    assert hits[0].summary == "Send an email message to a recipient."
    assert built.search("   ") == []


def test_reopened_index_answers_without_embedding_documents(
    built: MethodIndex, encoder, tmp_path: Path
) -> None:
    encoder.texts.clear()
    reopened = MethodIndex.open(tmp_path / "index", encoder=encoder)
    assert len(reopened) == 6 and reopened.rebuild_reason is None
    assert reopened.search("currency exchange", k=1)[0].name == "convert_currency"
    assert encoder.texts == ["currency exchange"]


def test_rebuild_embeds_only_what_changed(
    built: MethodIndex, api_dir: Path, encoder, discover: Callable[[Path], ApiRegistry]
) -> None:
    unchanged = built.build(discover(api_dir))
    assert (unchanged.embedded, unchanged.reused, unchanged.modules_changed) == (0, 6, ())

    office = api_dir / "office.py"
    office.write_text(office.read_text().replace("Count how many words", "Count the words"))
    encoder.texts.clear()
    report = built.build(discover(api_dir))
    assert report.embedded == 1 and report.reused == 5 and report.removed == 0
    assert len(encoder.texts) == 2  # the full document and the summary view
    assert all("Count the words" in text for text in encoder.texts)
    assert len(report.modules_changed) == 1 and "office" in report.modules_changed[0]

    (api_dir / "travel.py").unlink()
    encoder.texts.clear()
    report = built.build(discover(api_dir))
    assert (report.embedded, report.reused, report.removed) == (0, 3, 3)
    assert encoder.texts == []
    assert {hit.name for hit in built.search("flight", k=10)} == {
        "send_email",
        "count_words",
        "resize_image",
    }


def test_add_embeds_only_the_new_module(
    built: MethodIndex, tmp_path: Path, encoder, discover
) -> None:
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "music.py").write_text(
        'def play_song(title: str) -> None:\n    """Play a song on the speaker.\n\n'
        '    Args:\n        title: Song title.\n    """\n'
    )
    encoder.texts.clear()
    report = built.add(discover(extra).specs)
    assert (report.embedded, report.reused, len(built)) == (1, 6, 7)
    assert encoder.texts[1::2] == ["play song.\nPlay a song on the speaker."]
    assert built.search("listen to some music", k=1)[0].name == "play_song"
    assert len(MethodIndex.open(built.path, encoder=encoder)) == 7
