"""Typed answers: `run(task, output_type=T)` shows T's schema, validates stop()'s value in the
host, sends a misfit back, and returns an instance of T."""

import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel
from test_loop import fenced, make_agent
from typing_extensions import TypedDict  # pydantic needs it before Python 3.12

from react_repl.agent import Status
from react_repl.llm import ScriptedServer


class City(BaseModel):
    name: str
    temperature: float


@dataclass
class Reading:
    city: str
    celsius: float


class Note(TypedDict):
    text: str
    urgent: bool


def test_a_valid_answer_comes_back_as_the_model_instance(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(
        fenced("Done.", 'stop({"name": "Paris", "temperature": get_temperature("Paris")})')
    )
    result = make_agent(server, tmp_path).run("Weather in Paris?", output_type=City)

    assert result.status is Status.FINISHED
    assert result.answer == City(name="Paris", temperature=21.5)
    task_prompt = server.requests[0]["messages"][1]["content"]
    assert '"temperature":{"type":"number"}' in task_prompt
    assert '"title"' not in task_prompt  # the brief schema drops pydantic's titles
    log = result.log_path.with_suffix(".jsonl").read_text()
    end = json.loads(log.splitlines()[-1])
    assert end["answer_value"] == {"name": "Paris", "temperature": 21.5}
    assert end["answer_type"] == "City"


def test_a_misfit_goes_back_with_what_is_wrong_and_the_fix_is_returned(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Done.", 'stop({"name": "Paris"})'))
    server.enqueue(fenced("Add it.", 'stop({"name": "Paris", "temperature": 21.5})'))
    result = make_agent(server, tmp_path).run("Weather in Paris?", output_type=City)

    assert result.status is Status.FINISHED
    assert isinstance(result.answer, City) and result.answer.temperature == 21.5
    told = server.requests[1]["messages"][-1]["content"]
    assert "does not match City" in told and "at temperature: Field required" in told


def test_dataclass_typeddict_and_plain_types_share_the_path(
    server: ScriptedServer, tmp_path: Path
) -> None:
    agent = make_agent(server, tmp_path)
    server.enqueue(fenced("Done.", 'stop({"city": "Oslo", "celsius": 10})'))
    assert agent.run("Oslo?", output_type=Reading).answer == Reading("Oslo", 10.0)
    server.enqueue(fenced("Done.", 'stop({"text": "hi", "urgent": False})'))
    assert agent.run("Note?", output_type=Note).answer == {"text": "hi", "urgent": False}
    server.enqueue(fenced("Done.", 'stop(["a", 2])'))
    server.enqueue(fenced("Strings.", 'stop(["a", "2"])'))
    assert agent.run("Names?", output_type=list[str]).answer == ["a", "2"]
    assert "at 1: Input should be a valid string" in server.requests[-1]["messages"][-1]["content"]
    server.enqueue(fenced("Done.", 'stop("Paris")'))
    assert agent.run("City?", output_type=str).answer_text == "Paris"


def test_an_answer_that_never_validates_ends_the_run_with_an_error(
    server: ScriptedServer, tmp_path: Path
) -> None:
    for _ in range(3):  # max_answer_reviews = 2: two sent back, the third ends the run
        server.enqueue(fenced("Done.", 'stop("twenty-one")'))
    result = make_agent(server, tmp_path).run("Temperature?", output_type=float)

    assert result.status is Status.ERROR
    assert len(result.steps) == 3 and result.answer is None
    assert "the answer never validated: it does not match float" in (result.error or "")
    assert "- Status: **error**" in result.log_path.read_text()
