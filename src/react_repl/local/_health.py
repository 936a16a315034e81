"""Talking to llama-server's own endpoints: `/health` while it loads, `/props` for its settings."""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from react_repl.local._errors import ServerStartError

_POLL_SECONDS = 0.25
_LOG_TAIL_LINES = 15
# Long enough that the prompt is evaluated as a batch (the matrix kernels that crashed on
# AMX-advertising VMs), short enough to cost well under a second on one core.
_PROBE_PROMPT = "def add(a, b):\n    return a + b\n\n" * 6

ExitCode = Callable[[], int | None]


class ServerExitedError(ServerStartError):
    """llama-server ended while starting; `signal` is set when a signal killed it.

    `variant` is the CPU variant it had loaded, when the caller saw one.
    """

    def __init__(self, message: str, *, returncode: int) -> None:
        super().__init__(message)
        self.returncode = returncode
        self.signal = _signal_of(returncode)
        self.variant: str | None = None


def _signal_of(returncode: int) -> signal.Signals | None:
    with contextlib.suppress(ValueError):
        return signal.Signals(-returncode) if returncode < 0 else None
    return None


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
    exit_code: ExitCode,
    *,
    report: Callable[[str], None],
    log: Path,
    timeout: float = 300.0,
) -> None:
    """Block until healthy; raise with the log's tail if the server dies or stalls.

    `exit_code` returns None while the server runs, else how it ended (negative: the signal).
    """
    started = time.monotonic()
    while not is_healthy(port):
        elapsed = time.monotonic() - started
        _raise_if_exited(exit_code, log, "while starting")
        if elapsed > timeout:
            raise ServerStartError(
                f"llama-server did not become healthy within {timeout:.0f}s.\n{log_tail(log)}"
            )
        report(f"loading the model into llama-server ({elapsed:.0f}s)")
        time.sleep(_POLL_SECONDS)


def answer_probe(port: int, exit_code: ExitCode, *, log: Path, timeout: float = 120.0) -> None:
    """One tiny completion: a start is only trusted once the model has really computed."""
    try:
        httpx.post(
            _url(port, "v1/completions"),
            json={"prompt": _PROBE_PROMPT, "max_tokens": 2, "temperature": 0},
            timeout=timeout,
        )
    except httpx.HTTPError as error:
        _raise_if_exited(exit_code, log, "answering its first request", wait=2.0)
        raise ServerStartError(
            f"llama-server did not answer its first request ({error}).\n{log_tail(log)}"
        ) from error
    _raise_if_exited(exit_code, log, "answering its first request", wait=0.2)


def _raise_if_exited(exit_code: ExitCode, log: Path, during: str, wait: float = 0.0) -> None:
    deadline = time.monotonic() + wait
    while (code := exit_code()) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if code is None:
        return
    how = _describe_exit(code)
    raise ServerExitedError(f"llama-server {how} {during}.\n{log_tail(log)}", returncode=code)


def _describe_exit(code: int) -> str:
    if code < 0:
        killer = _signal_of(code)
        return f"was killed by {killer.name if killer else f'signal {-code}'}"
    return f"exited with status {code}" if code else "exited"


def log_tail(log: Path) -> str:
    try:
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return f"(no log at {log})"
    return f"last lines of {log}:\n" + "\n".join(lines[-_LOG_TAIL_LINES:])
