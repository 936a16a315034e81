"""Fixtures for bench tests."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest
from bench_helpers import Routed

from react_repl.llm import ScriptedServer


@pytest.fixture
def routed_server() -> Iterator[Any]:
    """`routed_server(scripts, delay=0)` starts a ScriptedServer answering from those scripts."""
    servers: list[ScriptedServer] = []

    def start(scripts: Mapping[str, Sequence[str]], delay: float = 0.0) -> ScriptedServer:
        server = ScriptedServer(responder=Routed(scripts, delay))
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()
