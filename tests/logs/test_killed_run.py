"""A run killed with SIGKILL (no chance to clean up) must keep every step it finished, and be
told apart from a run whose writer is still alive."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import react_repl
from react_repl.logs import find_run, list_runs

_SCRIPT = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from react_repl.logs import RunLog, StepRecord

    log = RunLog.create(Path(sys.argv[1]), task="Killed task", model="m", settings={"max_steps": 9})
    for index in (1, 2):
        log.write_step(StepRecord(index, "step", f"thought {index}", f"x = {index}",
                                  f"observed {index}", 10, 2, 0.1))
    print("ready", flush=True)
    sys.stdin.readline()
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def test_sigkilled_run_keeps_both_steps_and_lists_as_incomplete(tmp_path: Path) -> None:
    source_root = str(Path(react_repl.__file__).parents[1])
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([source_root, os.environ.get("PYTHONPATH", "")]),
    }
    process = subprocess.Popen(
        [sys.executable, "-c", _SCRIPT, str(tmp_path)],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
        [live] = list_runs(tmp_path)
        assert (live.status, live.steps) == ("running", 2)
        _, stderr = process.communicate("go\n", timeout=60)
    finally:
        process.kill()
    assert process.returncode == -signal.SIGKILL, stderr

    [run] = list_runs(tmp_path)
    assert (run.status, run.steps, run.answer) == ("incomplete", 2, None)
    assert (run.prompt_tokens, run.completion_tokens) == (20, 4)
    markdown = find_run(tmp_path, run.id).path.read_text()
    for index in (1, 2):
        assert f"## Step {index}\n" in markdown
        assert f"```\nobserved {index}\n```" in markdown
    assert markdown.endswith("_Tokens: 10 prompt, 2 completion · 0.10 s_\n")
    assert "## Result" not in markdown
