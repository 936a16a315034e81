"""Length-prefixed JSON frames over a pair of pipes.

JSON and never pickle: the worker runs untrusted code, so anything it sends must be inert data
when the parent decodes it.
"""

from __future__ import annotations

import json
import os
import struct
from typing import Any

_HEADER = struct.Struct(">I")
MAX_FRAME = 16 * 1024 * 1024


class ProtocolError(Exception):
    """The other side sent something that is not a well-formed frame."""


def encode(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode("ascii")
    return _HEADER.pack(len(body)) + body


def write_frame(fd: int, message: dict[str, Any]) -> None:
    write_bytes(fd, encode(message))


def write_bytes(fd: int, frame: bytes) -> None:
    data = memoryview(frame)
    while data:
        written = os.write(fd, data)
        data = data[written:]


def _read_exactly(fd: int, size: int) -> bytes:
    chunks: list[bytes] = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            raise EOFError("the other side closed the pipe")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_frame(fd: int) -> dict[str, Any]:
    """Blocking read of one frame (used by the worker, which trusts its parent)."""
    (size,) = _HEADER.unpack(_read_exactly(fd, _HEADER.size))
    return _decode(_read_exactly(fd, size))


def _decode(body: bytes) -> dict[str, Any]:
    try:
        message = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ProtocolError(f"undecodable frame: {error}") from None
    if not isinstance(message, dict):
        raise ProtocolError("a frame must hold a JSON object")
    return message


class FrameBuffer:
    """Incremental decoder for the parent, which reads without blocking and trusts nothing."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        self._buffer += data
        messages: list[dict[str, Any]] = []
        while len(self._buffer) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self._buffer)
            if size > MAX_FRAME:
                raise ProtocolError(f"frame of {size} bytes exceeds the {MAX_FRAME} limit")
            end = _HEADER.size + size
            if len(self._buffer) < end:
                break
            messages.append(_decode(bytes(self._buffer[_HEADER.size : end])))
            del self._buffer[:end]
        return messages
