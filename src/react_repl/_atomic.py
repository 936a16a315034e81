"""Replacing a file so that readers see the old content or the new, never a torn mix.

The data goes to a temporary file in the same folder (so `os.replace` is a rename on one file
system), is flushed and fsync'ed, and only then renamed over the target; a failure at any point
removes the temporary file and leaves the target as it was. Shared by every module that rewrites
a file other processes may be reading (the index, registered sources, state files).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def atomic_path(target: str | Path) -> Iterator[Path]:
    """A temporary path to write (with any library) that replaces `target` when the block ends.

    Named `.<target name>.<random>.tmp`, so folder scans can tell it from finished files.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        with temporary.open("rb+") as stream:
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def write_atomically(target: str | Path, data: bytes | str) -> None:
    """Replace `target` with `data` (text is written as UTF-8)."""
    payload = data.encode() if isinstance(data, str) else data
    with atomic_path(target) as temporary:
        temporary.write_bytes(payload)
