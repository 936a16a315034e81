"""A checkpoint that cannot be taken never ends the run (issue 33, family 3).

Through the real agent: the scripted model's actions build namespaces that made `snapshot()`
fail, and the run must go on to its answer with the failure written in its log.
"""

from __future__ import annotations

from pathlib import Path

from conftest import fake_method_search, model_for
from test_loop import API_FUNCTIONS, PLAIN, fenced

from react_repl.agent import Agent, Status
from react_repl.agent._continuation import read_checkpoints
from react_repl.llm import ScriptedServer


def _agent(server: ScriptedServer, tmp_path: Path, timeout: float) -> Agent:
    return Agent(
        model_for(server, max_tokens=60_000, context_window=200_000),  # a 3,000-name action
        apis=API_FUNCTIONS,
        method_search=fake_method_search,
        options=PLAIN,
        logs_dir=tmp_path / "logs",
        sandbox_settings={"timeout": timeout},
    )


def test_thousands_of_names_for_one_big_string_keep_the_run(
    server: ScriptedServer, tmp_path: Path
) -> None:
    names = " = ".join(f"a{i}" for i in range(3000))
    server.enqueue(
        fenced("Make data.", f"s = 'x' * 8_000_000\n{names} = s\nprint('made')"),
        fenced("Use it.", "print(len(a42))"),
        fenced("Done.", "stop(len(a7))"),
    )
    result = _agent(server, tmp_path, timeout=8).run("Build a big string")
    assert result.status is Status.FINISHED, result
    assert result.answer == 8_000_000
    assert result.steps[1].observation.startswith("8000000")
    namespace = read_checkpoints(result.log_path)[1].namespace
    assert "s" in namespace["values"] and "full" in namespace["lost"]["a7"]


def test_a_snapshot_that_fails_is_recorded_and_the_run_goes_on(
    server: ScriptedServer, tmp_path: Path
) -> None:
    """Two million ints take the worker longer to encode than the sandbox's timeout allows:
    the snapshot fails for real (the worker is replaced), and the checkpoint says so."""
    server.enqueue(
        fenced("Make data.", "numbers = list(range(2_000_000))\nprint('made')"),
        fenced("Done.", "stop('went on')"),
    )
    result = _agent(server, tmp_path, timeout=0.5).run("Count")
    assert result.status is Status.FINISHED, result
    assert result.answer == "went on"
    namespace = read_checkpoints(result.log_path)[1].namespace
    assert "did not answer" in namespace["error"]  # the sandbox timed it out
    assert "could not be saved" in namespace["lost"]["numbers"]
