"""`react-repl run --output-schema FILE.json`: the answer must match, and prints as its JSON."""

from __future__ import annotations

import json
from pathlib import Path

from test_run import react_repl, reply, workdir  # noqa: F401 (workdir is a fixture)

from react_repl.llm import ScriptedServer

SCHEMA = {
    "title": "Weather",
    "type": "object",
    "properties": {"city": {"type": "string"}, "celsius": {"type": "number"}},
    "required": ["city", "celsius"],
}


def test_the_answer_is_validated_against_the_schema_and_printed_as_json(
    workdir: Path,  # noqa: F811
) -> None:
    (workdir / "weather.json").write_text(json.dumps(SCHEMA))
    with ScriptedServer() as server:
        server.enqueue("1. Find it")
        server.enqueue(reply("Done.", 'stop({"city": "Paris", "celsius": "warm"})'))
        server.enqueue(reply("A number.", 'stop({"city": "Paris", "celsius": 21.5})'))
        process = react_repl(
            workdir, server, "Weather in Paris?", "--quiet", "--output-schema", "weather.json"
        )
        out, err = process.communicate(timeout=180)

    assert process.returncode == 0, err
    assert '"celsius":{"type":"number"}' in server.requests[0]["messages"][1]["content"]
    told = server.requests[2]["messages"][-1]["content"]
    assert "does not match Weather: at celsius: 'warm' is not of type 'number'" in told
    answer = out.splitlines()[0]
    assert json.loads(answer.removeprefix("Answer: ")) == {"city": "Paris", "celsius": 21.5}


def test_a_schema_that_is_not_one_is_refused_before_any_model_call(
    workdir: Path,  # noqa: F811
) -> None:
    (workdir / "bad.json").write_text('{"type": "objekt"}')
    with ScriptedServer() as server:
        process = react_repl(workdir, server, "Anything.", "--output-schema", "bad.json")
        _out, err = process.communicate(timeout=180)

    assert process.returncode == 2
    assert "--output-schema" in err and "not a valid JSON Schema" in err
    assert "Traceback" not in err
    assert server.requests == []
