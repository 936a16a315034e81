"""`--executor ray` runs the same attempts on a local 2-CPU Ray instance, with the same results."""

from __future__ import annotations

import json
from pathlib import Path

from bench_helpers import (
    SIX_SCRIPTS,
    SIX_TASKS,
    bench_command,
    make_shop_suite,
    scripted_config,
)

from react_repl.llm import ScriptedServer


def outcomes(out: Path) -> list[tuple]:
    lines = (out / "results.jsonl").read_text().splitlines()
    return sorted(
        (r["task"], r["outcome"], r["steps"], r["answer"]) for r in map(json.loads, lines)
    )


def test_ray_gives_the_results_of_the_local_pool(tmp_path: Path, shop_index: Path) -> None:
    suite = make_shop_suite(tmp_path / "shop", SIX_TASKS)
    scripted_config(tmp_path)
    with ScriptedServer(routes=SIX_SCRIPTS) as server:
        common = [str(suite), "--model", f"scripted@{server.base_url}", "--index", str(shop_index),
                  "--logs-dir", "logs", "--workers", "2"]  # fmt: skip
        local = bench_command(*common, "--out", "local", cwd=tmp_path)
        ray = bench_command(*common, "--out", "ray", "--executor", "ray", cwd=tmp_path)
    assert local.returncode == ray.returncode == 1, ray.stdout + ray.stderr
    assert outcomes(tmp_path / "ray") == outcomes(tmp_path / "local")
    assert len(outcomes(tmp_path / "ray")) == 6
    workers = {
        json.loads(line)["worker"]
        for line in (tmp_path / "ray" / "results.jsonl").read_text().splitlines()
    }
    local_workers = {
        json.loads(line)["worker"]
        for line in (tmp_path / "local" / "results.jsonl").read_text().splitlines()
    }
    assert workers.isdisjoint(local_workers)  # other processes: Ray's workers ran them


def test_an_unreachable_cluster_is_a_clear_error(tmp_path: Path, shop_index: Path) -> None:
    suite = make_shop_suite(tmp_path / "shop", SIX_TASKS)
    with ScriptedServer(routes=SIX_SCRIPTS) as server:
        run = bench_command(
            str(suite), "--model", f"scripted@{server.base_url}", "--executor", "ray",
            "--address", "127.0.0.1:9", "--index", str(shop_index), "--out", "out",
            cwd=tmp_path, timeout=120,
        )  # fmt: skip
    assert run.returncode == 3
    assert "cannot reach the Ray cluster at 127.0.0.1:9" in run.stderr
    assert "Traceback" not in run.stderr
