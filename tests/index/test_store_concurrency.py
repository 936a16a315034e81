"""The on-disk store under concurrent writers and readers, with generations large enough (tens of
megabytes) that a write or a read takes long enough for the races to happen."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

_COMMON = """
import sys
from pathlib import Path
import numpy as np
from react_repl.index._store import IndexedApi, IndexState, load_state, save_state, writer_lock
ROWS, DIM, MODEL = 12_000, 384, "test-model"
folder = Path(sys.argv[1])
"""

_WRITER = """
marker = int(sys.argv[2])
for round_number in range(int(sys.argv[3])):
    value = marker * 100 + round_number
    rows = [IndexedApi(f"api_{value}_{i}", "f()", "", "m", str(i), (), False) for i in range(ROWS)]
    state = IndexState(rows, np.full((ROWS, DIM), value, dtype=np.float32), {"m": str(value)})
    with writer_lock(folder):
        save_state(folder, state, MODEL)
"""

_READER = """
reads = 0
while not Path(sys.argv[2]).exists():
    state, _ = load_state(folder, MODEL, DIM)
    value = int(state.embeddings[0, 0])
    # One generation: every row, every vector and the module hash carry the same value.
    assert state.rows[-1].name == f"api_{value}_{ROWS - 1}", (state.rows[-1].name, value)
    assert (state.embeddings == value).all() and state.modules == {"m": str(value)}
    reads += 1
print(reads)
"""


def _python(script: str, *args: str) -> subprocess.Popen:
    source = textwrap.dedent(_COMMON) + textwrap.dedent(script)
    return subprocess.Popen(
        [sys.executable, "-c", source, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_concurrent_writers_and_a_reader_see_only_whole_generations(tmp_path: Path) -> None:
    folder = tmp_path / "index"
    first = _python(_WRITER, str(folder), "1", "1")
    _, first_errors = first.communicate(timeout=120)
    assert first.returncode == 0, first_errors
    stop = tmp_path / "stop"
    reader = _python(_READER, str(folder), str(stop))
    writers = [_python(_WRITER, str(folder), marker, "6") for marker in ("2", "3")]
    errors = [w.communicate(timeout=240)[1] for w in writers]
    stop.touch()
    reads, reader_errors = reader.communicate(timeout=120)
    assert [w.returncode for w in writers] == [0, 0], errors
    assert reader.returncode == 0, reader_errors
    assert int(reads) > 0
    leftovers = {p.name for p in folder.iterdir()} - {"manifest.json", ".build.lock"}
    assert len(leftovers) == 2, leftovers  # one generation: its API list and its embeddings
