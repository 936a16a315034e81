"""`react-repl bench` with a bundled local model name: the server is started for it and stopped
after. Slow (the real 0.5B model): run alone with `pytest -m slow`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bench_helpers import SUITES, bench_command

from react_repl.local import fetch_model


@pytest.mark.slow
def test_a_local_model_name_starts_its_server_and_runs_the_attempt(
    tmp_path: Path, builtin_index: Path
) -> None:
    model = fetch_model("qwen2.5-coder-0.5b")
    cache = tmp_path / "cache"  # our own server, never the machine's shared one
    (cache / "models").mkdir(parents=True)
    (cache / "models" / model.name).symlink_to(model)
    for sidecar in model.parent.glob(model.name + ".sha256"):
        shutil.copy(sidecar, cache / "models" / sidecar.name)
    env = {"REACT_REPL_CACHE": str(cache)}
    try:
        run = bench_command(
            str(SUITES / "seed_a_f"), "--model", "qwen2.5-coder-0.5b", "--only", "A",
            "--set", "max_steps=3", "--index", str(builtin_index), "--logs-dir", "logs",
            "--out", "out", cwd=tmp_path, env=env, timeout=1200,
        )  # fmt: skip
    finally:
        subprocess.run(
            [sys.executable, "-m", "react_repl", "model", "stop"],
            env={**os.environ, **env}, capture_output=True, timeout=60,
        )  # fmt: skip
    assert run.returncode in (0, 1), run.stdout + run.stderr  # the model may fail; never crash
    [record] = map(json.loads, (tmp_path / "out" / "results.jsonl").read_text().splitlines())
    assert record["model"] == "qwen2.5-coder-0.5b" and record["status"] in ("finished", "max_steps")
    assert record["prompt_tokens"] > 0 and record["completion_tokens"] > 0
    assert Path(record["log_path"]).is_file()
    assert "| A | [" in (tmp_path / "out" / "report.md").read_text()
