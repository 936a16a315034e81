"""Resume and rewind through the library: checkpoints in the log, namespace data restored."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from test_loop import PLAIN, fenced, make_agent

from react_repl.agent import Status
from react_repl.agent._continuation import ContinuationError, read_checkpoints
from react_repl.llm import ScriptedServer

SCRIPT = [
    fenced("Look.", 't = get_temperature("Paris")\nprint(t)'),
    fenced("Remember a function.", "double = lambda x: x * 2\nprint(double(t))"),
    fenced("Note it.", 'receipt = send_note(f"Paris is {t} C")\nprint(receipt)'),
    fenced("Done.", "stop(t)"),
]


def test_every_step_leaves_a_checkpoint(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(*SCRIPT)
    result = make_agent(server, tmp_path).run("Temperature in Paris?")
    checkpoints = read_checkpoints(result.log_path)
    assert [c.step for c in checkpoints] == [0, 1, 2, 3]
    assert checkpoints[1].namespace  # t is in it
    assert checkpoints[2].run_state().transcript.exchanges[-1].action.startswith("double")


def test_a_run_out_of_steps_resumes_with_more_steps(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(*SCRIPT[:3], "THOUGHT: I ran out of steps.")
    first = make_agent(server, tmp_path, replace(PLAIN, max_steps=3)).run("Temperature?")
    assert first.status is Status.MAX_STEPS

    server.enqueue(SCRIPT[3])
    resumed = make_agent(server, tmp_path).resume(first.log_path, more_steps=2)

    assert resumed.status is Status.FINISHED and resumed.answer == 21.5  # t came back
    assert [s.index for s in resumed.steps] == [4]
    prompt = server.requests[-1]["messages"]
    assert prompt[1]["content"].startswith("TASK: Temperature?")
    assert 'send_note(f"Paris is {t} C")' in prompt[-2]["content"]
    assert "could not be restored" in prompt[-1]["content"] and "double" in prompt[-1]["content"]
    assert "step limit" not in prompt[-1]["content"]  # the wrap-up turn is not carried over
    header = json.loads(resumed.log_path.with_suffix(".jsonl").read_text().splitlines()[0])
    assert header["settings"]["resumed_from"] == first.log_path.stem
    assert header["settings"]["max_steps"] == 5
    assert f"Resumed at step 4 as [{resumed.log_path.stem}]" in first.log_path.read_text()


def test_rewind_with_an_edited_action_forks_the_run(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(*SCRIPT)
    parent = make_agent(server, tmp_path).run("Temperature in Paris?")
    requests_before = len(server.requests)

    server.enqueue(fenced("Done.", "stop(receipt)"))
    fork = make_agent(server, tmp_path).rewind(
        parent.log_path, to_step=3, edit='receipt = send_note("edited")\nprint(receipt)'
    )

    assert fork.answer == "sent: edited"
    assert [s.index for s in fork.steps] == [3, 4]
    assert fork.steps[0].observation.startswith("sent: edited")
    assert len(server.requests) == requests_before + 1  # step 3 came from the edit, not the model
    assert f"Forked at step 3 as [{fork.log_path.stem}]" in parent.log_path.read_text()
    fork_header = json.loads(fork.log_path.with_suffix(".jsonl").read_text().splitlines()[0])
    assert fork_header["settings"]["forked_from"] == parent.log_path.stem


def test_rewind_with_a_hint_asks_the_model_again(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(*SCRIPT)
    parent = make_agent(server, tmp_path).run("Temperature in Paris?")
    before = len(server.requests)
    server.enqueue(fenced("Look again.", "print(t)"), fenced("Done.", "stop(t * 10)"))
    fork = make_agent(server, tmp_path).rewind(parent.log_path, to_step=2, say="answer in dC")
    assert fork.answer == 215.0
    hint = "[A hint from the user: answer in dC]"
    later = server.requests[before:]
    assert len(later) == 2  # the hint is in every request from the fork on, not the first only
    assert all(hint in "".join(m["content"] for m in r["messages"]) for r in later)
    assert hint in later[0]["messages"][-1]["content"]


def test_a_hint_at_the_first_step_stays_with_the_task(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(*SCRIPT)
    parent = make_agent(server, tmp_path).run("Temperature in Paris?")
    before = len(server.requests)
    server.enqueue(fenced("Read.", 't = get_temperature("Paris")'), fenced("Done.", "stop(t)"))
    make_agent(server, tmp_path).rewind(parent.log_path, to_step=1, say="Paris, France")
    for request in server.requests[before:]:
        assert "[A hint from the user: Paris, France]" in request["messages"][1]["content"]


def test_rewinding_past_the_end_is_a_clear_error(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(*SCRIPT)
    parent = make_agent(server, tmp_path).run("Temperature in Paris?")
    with pytest.raises(ContinuationError, match="checkpoints cover steps 1 to 4"):
        make_agent(server, tmp_path).rewind(parent.log_path, to_step=9)


def test_a_finished_run_is_not_resumed(server: ScriptedServer, tmp_path: Path) -> None:
    """Resuming it ran its last step again (a note sent twice); rewind is the way to redo one."""
    server.enqueue(*SCRIPT)
    finished = make_agent(server, tmp_path).run("Temperature in Paris?")
    requests = len(server.requests)
    with pytest.raises(ContinuationError, match=r"finished with an answer.*rewind"):
        make_agent(server, tmp_path).resume(finished.log_path)
    assert len(server.requests) == requests


@pytest.mark.parametrize(
    ("field", "value"), [("step", "x"), ("state", "text"), ("namespace", None)]
)
def test_a_damaged_checkpoint_is_a_clear_error(
    server: ScriptedServer, tmp_path: Path, field: str, value: object
) -> None:
    server.enqueue(*SCRIPT[:3], "THOUGHT: I ran out of steps.")
    run = make_agent(server, tmp_path, replace(PLAIN, max_steps=3)).run("Temperature?")
    twin = run.log_path.with_suffix(".jsonl")
    records = [json.loads(line) for line in twin.read_text().splitlines()]
    for record in records:
        if record.get("type") == "checkpoint":
            record[field] = value
    twin.write_text("".join(json.dumps(record) + "\n" for record in records))
    with pytest.raises(ContinuationError, match=r"checkpoint record .* is damaged"):
        make_agent(server, tmp_path).resume(run.log_path)
