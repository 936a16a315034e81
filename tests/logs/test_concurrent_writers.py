"""Several processes writing runs at once (as bench workers do) while another lists and searches:
nothing fails, and the index ends up exactly what the files say."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import react_repl
from react_repl.logs import RunCatalog, SyncReport

WRITERS = 4
RUNS_EACH = 12
STEPS = 4

_WRITER = textwrap.dedent(
    """
    import sys, warnings
    from pathlib import Path
    from react_repl.logs import RunLog, StepRecord

    warnings.simplefilter("error")  # a writer that could not update the index fails the test
    logs, worker = Path(sys.argv[1]), sys.argv[2]
    for run in range(int(sys.argv[3])):
        log = RunLog.create(logs, task=f"Worker {worker} run {run}", model=f"model-{worker}",
                            settings={"worker": worker}, bench_run="bench-1")
        for step in range(1, int(sys.argv[4]) + 1):
            word = f"w{worker}r{run}s{step}"
            log.write_step(StepRecord(step, "step", "thinking", f"print('{word}')", word,
                                      10, 1, 0.0))
        log.finish(status="finished", answer=f"answer{worker}x{run}", prompt_tokens=40,
                   completion_tokens=4)
    """
)


def test_concurrent_writers_and_a_reader(tmp_path: Path) -> None:
    env = os.environ | {"PYTHONPATH": str(Path(react_repl.__file__).parents[1])}
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(tmp_path), str(worker), str(RUNS_EACH), str(STEPS)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for worker in range(WRITERS)
    ]
    listings = 0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        while any(writer.poll() is None for writer in writers):
            with RunCatalog(tmp_path) as catalog:
                page = catalog.select(text="thinking")
                assert all(run.steps <= STEPS for run in page.runs)
            listings += 1
    assert [str(warning.message) for warning in caught] == []  # half-written runs are not "bad"
    outcomes = [(writer.wait(), writer.communicate()[1]) for writer in writers]  # closes pipes
    failures = [stderr for code, stderr in outcomes if code != 0]
    assert failures == []
    assert listings > 1

    with RunCatalog(tmp_path) as catalog:
        assert catalog.last_sync == SyncReport(0, 0)  # the writers left nothing to re-read
        indexed = _contents(catalog)
        assert len(indexed) == WRITERS * RUNS_EACH
        assert {(status, steps) for _, status, steps, _ in indexed} == {("finished", STEPS)}
        for worker, run, step in ((0, 0, 1), (WRITERS - 1, RUNS_EACH - 1, STEPS)):
            [found] = catalog.select(text=f"w{worker}r{run}s{step}").runs
            assert found.task == f"Worker {worker} run {run}"
        rebuilt = catalog.rebuild()
        assert rebuilt == SyncReport(WRITERS * RUNS_EACH, 0)
        assert _contents(catalog) == indexed


def _contents(catalog: RunCatalog) -> list[tuple[str, str, int, str | None]]:
    return sorted((run.id, run.status, run.steps, run.answer) for run in catalog.select().runs)
