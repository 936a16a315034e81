"""Shared fixtures for the built-in API modules.

The modules live in the checkout's top-level `apis/` folder and import their private helpers as
top-level modules (`from _http import ...`), exactly as the registry loads them: with that folder
on `sys.path`.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

APIS_DIR = Path(__file__).resolve().parents[2] / "apis"
if str(APIS_DIR) not in sys.path:
    sys.path.insert(0, str(APIS_DIR))


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "workspace"
    monkeypatch.setenv("REACT_REPL_WORKSPACE", str(root))
    monkeypatch.chdir(tmp_path)
    return root


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes


@dataclass
class CannedServer:
    """A real HTTP server on 127.0.0.1 answering from a table of canned responses by path."""

    url: str
    routes: dict[str, tuple[int, str, bytes]] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)

    def reply(self, path: str, body: object, status: int = 200, content_type: str = "") -> None:
        if isinstance(body, bytes):
            payload, kind = body, content_type or "application/octet-stream"
        elif isinstance(body, str):
            payload, kind = body.encode(), content_type or "text/plain"
        else:
            payload, kind = json.dumps(body).encode(), "application/json"
        self.routes[path] = (status, kind, payload)


@pytest.fixture(scope="session")
def _server() -> Iterator[CannedServer]:
    canned = CannedServer(url="")

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            parts = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            canned.requests.append(
                Recorded(
                    self.command,
                    parts.path,
                    parse_qs(parts.query),
                    dict(self.headers),
                    self.rfile.read(length),
                )
            )
            status, kind, payload = canned.routes.get(parts.path, (404, "text/plain", b"no route"))
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = _answer

        def log_message(self, format: str, *args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    canned.url = f"http://127.0.0.1:{server.server_address[1]}"
    yield canned
    server.shutdown()
    server.server_close()


@pytest.fixture
def server(_server: CannedServer) -> CannedServer:
    _server.routes.clear()
    _server.requests.clear()
    return _server


@pytest.fixture
def unreachable_url() -> str:
    """A port nothing listens on: connecting is refused at once, like a machine without network."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"
