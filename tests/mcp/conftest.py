"""Fixtures: the toolbox server over streamable HTTP, and a secret planted in our environment."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from mcp_fixtures import PLANTED_SECRET, TOOLBOX, free_port, wait_for_port


@pytest.fixture(scope="module")
def http_toolbox() -> Iterator[str]:
    """The toolbox server over streamable HTTP on a free local port; yields its URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(TOOLBOX), "--http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def planted_secret(monkeypatch: pytest.MonkeyPatch) -> str:
    """A secret in our environment, as API keys are, that no server may see unless given."""
    monkeypatch.setenv("REACT_REPL_TEST_SECRET", PLANTED_SECRET)
    monkeypatch.setenv("OPENAI_API_KEY", PLANTED_SECRET)
    return PLANTED_SECRET
