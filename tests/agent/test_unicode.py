"""Text that is not valid UTF-8 reaches a run from the command line (bytes Python decodes as
`\\udcXX`) or from an API (a file name): the run, its log and its checkpoints must survive it."""

import json
from pathlib import Path

import agent_test_apis as apis
from test_loop import fenced, make_agent

from react_repl.agent import Status
from react_repl.agent._continuation import read_checkpoints
from react_repl.llm import ScriptedServer


def test_lone_surrogates_in_the_task_and_in_values_keep_the_run_and_its_log(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(
        fenced("Look.", "name = file_name()\nprint(name)"), fenced("Done.", "stop(name)")
    )
    agent = make_agent(server, tmp_path, apis={"file_name": apis.file_name})
    result = agent.run("Name the file in caf\udce9/")
    assert result.status is Status.FINISHED, result.error
    twin = result.log_path.with_suffix(".jsonl")
    records = [json.loads(line) for line in twin.read_text(encoding="utf-8").splitlines()]
    assert records[0]["task"] == "Name the file in caf\\udce9/"
    steps = [record for record in records if record["type"] == "step"]
    assert "caf\\udce9.txt" in steps[0]["observation"]
    assert read_checkpoints(result.log_path)[1].namespace
