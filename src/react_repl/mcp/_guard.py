"""Runs one stdio MCP server and bounds what it can send us; a stand-alone script (stdlib only).

    python -I _guard.py MAX_LINE_BYTES -- COMMAND [ARG...]

The SDK's stdio client reads the server's stdout line by line with no size limit and passes its
stderr through to ours, so a server that writes one endless line would fill the agent's memory
and a chatty one would fill the user's terminal. Between the two sits this guard:

- stdin goes straight to the server (the guard never touches requests);
- stdout is copied through, and a line longer than MAX_LINE_BYTES stops the server;
- stderr is kept as a bounded tail and written out only when the server ends, with how it ended,
  so an error message can say why a server died;
- the server (in its own process group, with everything it starts) dies with the guard, and
  the guard with the process that started it.

It is byte plumbing only: it never parses a message.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import threading

TAIL_BYTES = 2048
_CHUNK = 1 << 16
_PR_SET_PDEATHSIG = 1
EXIT_TOO_LONG = 90
EXIT_NOT_FOUND = 127


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        sys.stderr.write("usage: _guard.py MAX_LINE_BYTES -- COMMAND [ARG...]\n")
        return 2
    limit, command = int(argv[1]), argv[3:]
    _parent_death_signal(signal.SIGTERM)
    try:
        server = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=lambda: _parent_death_signal(signal.SIGKILL),  # before any thread exists
        )
    except OSError as error:
        _report(f"cannot start {command[0]!r}: {error.strerror or error}")
        return EXIT_NOT_FOUND
    signal.signal(signal.SIGTERM, lambda *_: _stop(server))
    tail = bytearray()
    reader = threading.Thread(target=_keep_tail, args=(server, tail), daemon=True)
    reader.start()
    too_long = _copy_stdout(server, limit)
    if too_long:
        _stop(server)
    status = server.wait()
    reader.join(timeout=2)
    stderr = _last_lines(bytes(tail))
    if too_long:
        _report(f"the server sent a message longer than {limit} bytes; it was stopped")
        return EXIT_TOO_LONG
    ending = f"the server exited with status {status}" if status >= 0 else _signal_text(status)
    _report(ending + (f"; its last output on stderr:\n{stderr}" if stderr else ""))
    return status if status >= 0 else 1


def _copy_stdout(server: subprocess.Popen[bytes], limit: int) -> bool:
    """Copy until EOF; True when a line outgrew the limit."""
    assert server.stdout is not None
    source, line_length = server.stdout.fileno(), 0
    while chunk := os.read(source, _CHUNK):
        newline = chunk.rfind(b"\n")
        line_length = len(chunk) - newline - 1 if newline >= 0 else line_length + len(chunk)
        if line_length > limit:
            return True
        try:
            _write_all(1, chunk)
        except OSError:  # the client has gone: nothing more can be delivered
            return False
    return False


def _keep_tail(server: subprocess.Popen[bytes], tail: bytearray) -> None:
    """Read stderr to its end, keeping one more line than the last TAIL_BYTES allow."""
    assert server.stderr is not None
    while chunk := os.read(server.stderr.fileno(), _CHUNK):
        tail += chunk
        del tail[: -2 * TAIL_BYTES]


def _last_lines(data: bytes) -> str:
    """At most TAIL_BYTES of the end, starting at a line boundary ("…" marks the cut)."""
    if len(data) <= TAIL_BYTES:
        return data.decode("utf-8", "replace").strip()
    kept = data[-TAIL_BYTES:]
    return "…\n" + kept[kept.find(b"\n") + 1 :].decode("utf-8", "replace").strip()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _stop(server: subprocess.Popen[bytes]) -> None:
    """The server and anything it started: they share the server's own process group."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(server.pid, signal.SIGKILL)


def _parent_death_signal(number: int) -> None:
    """Linux sends `number` when the parent dies, even by SIGKILL: the guard gets SIGTERM (its
    handler stops the server's group), the server SIGKILL."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, number, 0, 0, 0)


def _signal_text(status: int) -> str:
    try:
        return f"the server was killed by {signal.Signals(-status).name}"
    except ValueError:
        return f"the server was killed by signal {-status}"


def _report(text: str) -> None:
    with contextlib.suppress(OSError):
        sys.stderr.write(text.strip() + "\n")
        sys.stderr.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
