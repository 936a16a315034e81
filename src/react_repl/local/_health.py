"""Talking to llama-server's own endpoints: `/health` while it loads, `/props` for its settings."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import httpx

from react_repl.local._errors import ServerStartError
from react_repl.local._state import is_llama_server, reap_if_child

_POLL_SECONDS = 0.25
_LOG_TAIL_LINES = 15


def _url(port: int, endpoint: str) -> str:
    return f"http://127.0.0.1:{port}/{endpoint}"


def is_healthy(port: int) -> bool:
    """True once the model is loaded: llama-server answers 503 while loading, 200 after."""
    try:
        return httpx.get(_url(port, "health"), timeout=2.0).status_code == 200
    except httpx.HTTPError:
        return False


def fetch_context_size(port: int) -> int | None:
    """The per-request context window (`n_ctx`) the server actually allocated."""
    try:
        props = httpx.get(_url(port, "props"), timeout=5.0).json()
        return int(props["default_generation_settings"]["n_ctx"])
    except (httpx.HTTPError, ValueError, KeyError, TypeError):
        return None


def wait_until_healthy(
    port: int,
    pid: int,
    *,
    report: Callable[[str], None],
    log: Path,
    timeout: float = 300.0,
) -> None:
    """Block until healthy; raise with the log's tail if the server dies or stalls."""
    started = time.monotonic()
    while not is_healthy(port):
        elapsed = time.monotonic() - started
        reap_if_child(pid)
        if not is_llama_server(pid):
            raise ServerStartError(f"llama-server exited while starting.\n{log_tail(log)}")
        if elapsed > timeout:
            raise ServerStartError(
                f"llama-server did not become healthy within {timeout:.0f}s.\n{log_tail(log)}"
            )
        report(f"loading the model into llama-server ({elapsed:.0f}s)")
        time.sleep(_POLL_SECONDS)


def log_tail(log: Path) -> str:
    try:
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return f"(no log at {log})"
    return f"last lines of {log}:\n" + "\n".join(lines[-_LOG_TAIL_LINES:])
