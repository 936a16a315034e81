"""The ReAct loop against a real HTTP server playing scripted replies, via the openai client."""

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import agent_test_apis as apis
import pytest
from conftest import fake_method_search, model_for

from react_repl.agent import Agent, AgentOptions, Status, StepEnded
from react_repl.llm import ScriptedReply, ScriptedServer

API_FUNCTIONS = {"get_temperature": apis.get_temperature, "send_note": apis.send_note}
PLAIN = AgentOptions(max_steps=6).with_values({"techniques": ["-decompose"]})


def fenced(thought: str, code: str) -> str:
    return f"THOUGHT: {thought}\nACTION:\n```python\n{code}\n```"


def make_agent(
    server: ScriptedServer,
    tmp_path: Path,
    options: AgentOptions = PLAIN,
    *,
    apis: Mapping[str, Callable[..., Any]] = API_FUNCTIONS,
    method_search: Callable[..., str] = fake_method_search,
    **model: Any,
) -> Agent:
    return Agent(
        model_for(server, **model),
        apis=apis,
        method_search=method_search,
        options=options,
        logs_dir=tmp_path / "logs",
    )


def test_search_call_print_stop(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Find a weather function.", 'method_search("temperature in a city")'))
    server.enqueue(fenced("Call it.", 't = get_temperature("Paris")\nprint(t)'))
    server.enqueue(fenced("Done.", 'stop(f"It is {t} C in Paris")'))
    result = make_agent(server, tmp_path).run("What is the temperature in Paris?")

    assert result.status is Status.FINISHED
    assert result.answer == "It is 21.5 C in Paris"
    assert [s.observation.splitlines()[0] for s in result.steps[:2]] == [
        "`get_temperature(city: str) -> float`: Return the current temperature.",
        "21.5",
    ]
    assert result.usage.prompt_tokens == sum(s.prompt_tokens for s in result.steps) > 0
    second_request = server.requests[1]["messages"]
    assert second_request[-1]["content"].startswith("OBSERVATION 1:\n`get_temperature")
    assert (
        'Begin the thought with "Based on previous observations,"' in second_request[-1]["content"]
    )
    assert "stop" not in server.requests[0]  # stops are cut by the client, outside code only


def test_log_is_written_line_by_line(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Search.", 'method_search("temperature")'))
    server.enqueue(fenced("Call.", 'print(get_temperature("London"))'))
    server.enqueue(fenced("Finish.", 'stop("17.0")'))
    result = make_agent(server, tmp_path).run("Temperature in London?")
    assert result.log_path is not None
    assert result.log_path.relative_to(tmp_path / "logs").parts[0] == "scripted"
    assert result.log_path.name.startswith("temperature-in-london__scripted__")
    lines = result.log_path.read_text().splitlines()

    assert lines[0] == "# Temperature in London?"
    assert "| task | Temperature in London? |" in lines
    assert "| model | scripted |" in lines
    assert any(line.startswith("| techniques | name_error_search, api_hints,") for line in lines)
    step2 = lines.index("## Step 2")
    assert lines[step2 + 1 : step2 + 14] == [
        "",
        "### Thought 2",
        "",
        "> Call.",
        "",
        "### Action 2",
        "",
        "```python",
        'print(get_temperature("London"))',
        "```",
        "",
        "### Observation 2",
        "",
    ]
    assert lines[step2 + 14 : step2 + 17] == ["```", "17.0", "```"]
    assert lines[step2 + 18].startswith("_Tokens: ")
    assert "- Status: **finished**" in lines
    answer = lines.index("### Answer")
    assert lines[answer + 2 : answer + 5] == ["```", "17.0", "```"]
    records = [
        json.loads(line) for line in result.log_path.with_suffix(".jsonl").read_text().splitlines()
    ]
    assert [r.get("type", r.get("kind")) for r in records][-1] in {"end", "run_end"}


@pytest.mark.parametrize(
    "malformed",
    [
        "I will now look for the weather function.",  # no action at all
        "ACTION:\nI would call the weather function next.",  # label, prose, no code
    ],  # an empty reply is retried by the client (tests/llm/test_faults.py)
)
def test_malformed_reply_gets_a_reminder_then_recovers(
    server: ScriptedServer, tmp_path: Path, malformed: str
) -> None:
    server.enqueue(malformed)
    server.enqueue(fenced("Now properly.", 'stop("ok")'))
    result = make_agent(server, tmp_path).run("Say ok.")
    assert result.status is Status.FINISHED
    assert [s.kind for s in result.steps] == ["reminder", "step"]
    reminder = server.requests[1]["messages"][-1]["content"]
    assert "no ACTION" in reminder and "```python" in reminder


@pytest.mark.parametrize(
    "reply",
    [
        "THOUGHT 1: ok\nACTION 1:\n```Python\nstop('ok')\n```",
        "THOUGHT 1: ok\nACTION 1:\nstop('ok')",
        "THOUGHT 1: ok\n```python\nstop('ok')\n```\nI have stopped, as the task is done.",
        "```python\nstop('ok')\n```\n```python\nprint('never')\n```",
        "THOUGHT 1: ok\n```python\nstop('ok')\n```\nOBSERVATION 1:\nok\nTHOUGHT 2: invented",
    ],
)
def test_format_variants_all_finish(server: ScriptedServer, tmp_path: Path, reply: str) -> None:
    server.enqueue(reply)
    result = make_agent(server, tmp_path).run("Say ok.")
    assert (result.status, result.answer) == (Status.FINISHED, "ok")
    assert "never" not in result.steps[0].observation


def test_too_many_malformed_replies_end_with_an_error(
    server: ScriptedServer, tmp_path: Path
) -> None:
    for _ in range(3):
        server.enqueue("no code here")
    result = make_agent(server, tmp_path).run("Say ok.")
    assert result.status is Status.ERROR
    assert "no action in 3 consecutive replies" in (result.error or "")
    assert len(server.requests) == 3


def test_server_errors_are_retried(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(ScriptedReply(status=500, error_message="boom"))
    server.enqueue(
        ScriptedReply(status=429, error_message="slow down", headers={"Retry-After": "0"})
    )
    server.enqueue(fenced("ok", "stop('ok')"))
    result = make_agent(server, tmp_path).run("Say ok.")
    assert result.status is Status.FINISHED
    assert len(server.requests) == 3


def test_a_timeout_is_retried(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(ScriptedReply(text=fenced("late", "stop('late')"), delay=30.0))
    server.enqueue(fenced("ok", "stop('ok')"))
    result = make_agent(server, tmp_path, first_token_timeout=1.5).run("Say ok.")
    assert (result.status, result.answer) == (Status.FINISHED, "ok")


def test_unrecoverable_model_error_is_a_logged_error(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(ScriptedReply(status=401, error_message="bad key"))
    result = make_agent(server, tmp_path).run("Say ok.")
    assert result.status is Status.ERROR
    assert "401" in (result.error or "") or "key" in (result.error or "").lower()
    assert "- Status: **error**" in result.log_path.read_text()


def test_max_steps_ends_with_status_and_wrap_up(server: ScriptedServer, tmp_path: Path) -> None:
    options = AgentOptions(max_steps=2).with_values({"techniques": ["-decompose"]})
    server.enqueue(fenced("one", "print(1)"))
    server.enqueue(fenced("two", "print(2)"))
    server.enqueue("THOUGHT 3: I printed 1 and 2 but did not finish.")
    result = make_agent(server, tmp_path, options).run("Count forever.")
    assert result.status is Status.MAX_STEPS
    assert [s.kind for s in result.steps] == ["step", "step", "wrap_up"]
    assert result.summary == "I printed 1 and 2 but did not finish."
    assert "step limit (2)" in server.requests[2]["messages"][-1]["content"]
    assert "- Status: **max_steps**" in result.log_path.read_text()


@pytest.mark.parametrize(
    ("wrap_up", "summary"),
    [
        ("Observation 2 showed 2; I did not finish.", "Observation 2 showed 2; I did not finish."),
        (fenced("Two was the last count.", "stop(2)"), "Two was the last count."),
        ("ACTION:\n```python\nstop(2)\n```", "stop(2)"),
        (fenced("Two.", "stop(2)") + "\nOBSERVATION 3:\n2\nTHOUGHT: made up", "Two."),
    ],
    ids=["opens_with_observation", "thought_and_stop", "only_code", "made_up_turns_after"],
)
def test_the_wrap_up_summary_keeps_what_the_model_concluded(
    server: ScriptedServer, tmp_path: Path, wrap_up: str, summary: str
) -> None:
    options = AgentOptions(max_steps=2).with_values({"techniques": ["-decompose"]})
    server.enqueue(fenced("one", "print(1)"))
    server.enqueue(fenced("two", "print(2)"))
    server.enqueue(wrap_up)
    result = make_agent(server, tmp_path, options).run("Count forever.")
    assert (result.status, result.summary) == (Status.MAX_STEPS, summary)


def test_a_failed_wrap_up_call_still_ends_at_max_steps(
    server: ScriptedServer, tmp_path: Path
) -> None:
    options = AgentOptions(max_steps=1).with_values({"techniques": ["-decompose"]})
    server.enqueue(fenced("one", "print(1)"))
    server.enqueue(ScriptedReply(status=401, error_message="bad key"))
    result = make_agent(server, tmp_path, options).run("Count forever.")
    assert result.status is Status.MAX_STEPS
    assert result.summary is None
    assert "reached max_steps=1; the wrap-up call failed" in (result.error or "")
    assert [s.kind for s in result.steps] == ["step"]
    assert "- Status: **max_steps**" in result.log_path.read_text()


def test_decomposition_runs_method_search_for_the_first_substep(
    server: ScriptedServer, tmp_path: Path
) -> None:
    options = AgentOptions(max_steps=5).with_values({"techniques": ["+decompose"]})
    server.enqueue("1. Send a note saying hello\n2. Stop")
    server.enqueue(fenced("Send it.", 'print(send_note("hello"))\nstop()'))
    result = make_agent(server, tmp_path, options).run("Send a note saying hello.")
    assert result.status is Status.FINISHED
    plan = result.steps[0]
    assert plan.kind == "decompose"
    assert plan.action == "method_search('Send a note saying hello')"
    assert plan.observation.startswith("`send_note(text: str)")
    assert "stop" not in server.requests[0]  # stops are cut by the client, outside code only
    assert result.steps[1].observation.startswith("sent: hello")


def test_decomposition_searches_several_substeps_in_one_step(
    server: ScriptedServer, tmp_path: Path
) -> None:
    options = AgentOptions(decompose_searches=2, max_steps=5).with_values(
        {"techniques": ["+decompose"]}
    )
    server.enqueue("1. Read the temperature in Paris\n2. Send a note with it\n3. Stop")
    calls = 't = get_temperature("Paris")\nsend_note(str(t))\nstop(t)'
    server.enqueue(fenced("Both found.", calls))
    result = make_agent(server, tmp_path, options).run("Send me the temperature in Paris.")

    plan = result.steps[0]
    assert plan.action.splitlines() == [
        "method_search('Read the temperature in Paris', k=3)",
        "method_search('Send a note with it', k=3)",
    ]
    assert plan.observation.splitlines()[0].startswith("`get_temperature(city: str)")
    assert any(line.startswith("`send_note(text: str)") for line in plan.observation.splitlines())
    assert "method_search('Send a note with it', k=3)" in json.dumps(server.requests[1])
    assert result.status is Status.FINISHED
    assert result.answer == 21.5
    assert len(result.steps) == 2


def test_printed_output_before_stop_is_kept(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("print then stop", 'print("2031-12-01")\nstop()'))
    result = make_agent(server, tmp_path).run("Print the date.")
    assert result.status is Status.FINISHED
    assert result.answer is None
    assert "2031-12-01" in result.steps[0].observation


def test_context_budget_elides_old_observations(server: ScriptedServer, tmp_path: Path) -> None:
    options = AgentOptions(max_steps=8, keep_recent_steps=1).with_values(
        {"techniques": ["-decompose"]}
    )
    server.enqueue(fenced("search", 'method_search("temperature")'))
    for i in range(4):
        server.enqueue(fenced(f"big {i}", f'print("{i}" * 3000)'))
    server.enqueue(fenced("use it", 'print(get_temperature("Paris"))'))
    server.enqueue(fenced("done", "stop('ok')"))
    result = make_agent(server, tmp_path, options, context_window=4000, max_tokens=256).run("Go.")
    assert result.status is Status.FINISHED
    assert all(step.prompt_tokens <= 4000 - 256 for step in result.steps)
    last = server.requests[-1]["messages"]
    joined = "\n".join(m["content"] for m in last)
    assert "[observation elided to fit the context window]" in joined
    assert "TASK: Go." in joined
    assert "`get_temperature(city: str) -> float`" in joined  # a search result still in use
    assert "3" * 3000 in joined  # the latest big observation is intact


def test_eliding_keeps_the_prompt_prefix_the_server_has_cached(
    server: ScriptedServer, tmp_path: Path
) -> None:
    """A local server reuses the prompt's unchanged prefix; eliding one more old step at every
    step changed an early message each time and made every later step reprocess the prompt."""
    options = AgentOptions(max_steps=20, keep_recent_steps=2).with_values(
        {"techniques": ["-decompose"]}
    )
    for i in range(19):
        server.enqueue(fenced(f"read part {i}", f'print("{i % 10}" * 1200)'))
    server.enqueue(fenced("done", "stop('ok')"))
    result = make_agent(server, tmp_path, options, context_window=4000, max_tokens=256).run("Go.")
    assert result.status is Status.FINISHED

    prompts = [request["messages"] for request in server.requests]
    elided = [any("elided to fit" in m["content"] for m in p) for p in prompts]
    after = [i for i in range(1, len(prompts)) if elided[i - 1]]
    kept = [i for i in after if prompts[i][: len(prompts[i - 1]) - 1] == prompts[i - 1][:-1]]
    assert len(after) >= 6
    assert len(kept) >= len(after) * 2 // 3, (len(kept), len(after))


def test_context_too_small_for_even_the_task_is_an_error(
    server: ScriptedServer, tmp_path: Path
) -> None:
    result = make_agent(server, tmp_path, context_window=300, max_tokens=256).run("Go.")
    assert result.status is Status.ERROR
    assert "context window" in (result.error or "")
    assert server.requests == []


def test_a_repeated_action_gets_a_note_to_move_on(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("search", 'method_search("temperature")'))
    server.enqueue(fenced("search again", "method_search('temperature')"))
    server.enqueue(fenced("print", "print(1)"))
    server.enqueue(fenced("print again", "print(1)"))
    server.enqueue(fenced("done", "stop()"))
    result = make_agent(server, tmp_path).run("Go.")
    first, second, third, fourth = (step.observation for step in result.steps[:4])
    assert "same action" not in first and "same action" not in third
    assert "same action as step 1" in second and "If none fits, search with other words" in second
    assert "same action as step 3" in fourth and "Do something different" in fourth


def test_decomposition_keeps_only_the_plan(server: ScriptedServer, tmp_path: Path) -> None:
    options = AgentOptions(max_steps=3).with_values({"techniques": ["+decompose"]})
    server.enqueue("1. Send a note\n2. Stop\nTHOUGHT 2: I will now do everything at once")
    server.enqueue(fenced("done", "stop()"))
    result = make_agent(server, tmp_path, options).run("Send a note.")
    assert result.steps[0].thought == "Sub-steps:\n1. Send a note\n2. Stop"


def test_an_invented_function_name_is_searched_for(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("send it", 'note_sender("hi")'))
    server.enqueue(fenced("done", "stop()"))
    result = make_agent(server, tmp_path).run("Send hi.")
    observation = result.steps[0].observation
    assert "NameError: name 'note_sender' is not defined" in observation
    assert 'method_search("note sender") found these' in observation
    assert "`send_note(text: str) -> str`" in observation


def test_a_name_used_as_a_value_is_to_be_assigned_not_searched(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("read it", "print(get_temperature(city))"))
    server.enqueue(fenced("done", "stop()"))
    observation = make_agent(server, tmp_path).run("Temperature?").steps[0].observation
    assert "NameError: name 'city' is not defined" in observation
    assert "`city` has no value yet" in observation and "never make a value up" in observation
    assert "found these" not in observation


@pytest.mark.parametrize("code", ["print(type(21.5))", "f = open('notes.txt')"])
def test_a_builtin_the_sandbox_leaves_out_is_not_searched_for(
    server: ScriptedServer, tmp_path: Path, code: str
) -> None:
    server.enqueue(fenced("check", code))
    server.enqueue(fenced("done", "stop()"))
    observation = make_agent(server, tmp_path).run("Temperature?").steps[0].observation
    assert "is not defined" in observation
    assert "found these" not in observation


def test_no_search_up_front_by_default(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("done", "stop()"))
    make_agent(server, tmp_path).run("Send a note to Bo.")
    assert "send_note" not in server.requests[0]["messages"][-1]["content"]


def test_name_error_search_can_be_switched_off(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("print", "print(undefined_thing())"))
    server.enqueue(fenced("done", "stop()"))
    options = PLAIN.with_values({"techniques": ["-name_error_search"]})
    agent = make_agent(server, tmp_path, options)
    assert "found these" not in agent.run("x").steps[0].observation


def test_an_unexpected_failure_still_ends_the_log(server: ScriptedServer, tmp_path: Path) -> None:
    def failing_callback(event: object) -> None:
        if isinstance(event, StepEnded):
            raise RuntimeError("display broke")

    server.enqueue(fenced("one", "print(1)"))
    agent = make_agent(server, tmp_path)
    with pytest.raises(RuntimeError, match="display broke"):
        agent.run("Print one.", on_event=failing_callback)
    log = next((tmp_path / "logs").rglob("*.md")).read_text()
    assert "- Status: **error**" in log
    assert "RuntimeError: display broke" in log


@pytest.mark.parametrize(
    ("code", "value", "text"),
    [
        ("stop(21.5)", 21.5, "21.5"),
        ("stop(7)", 7, "7"),
        ('stop(["Ann", "Bo"])', ["Ann", "Bo"], '["Ann","Bo"]'),
        ('stop({"city": "Paris", "t": 21.5})', {"city": "Paris", "t": 21.5}, None),
        ('stop("  Paris ")', "  Paris ", "  Paris "),
        ("stop(date(2025, 12, 25))", date(2025, 12, 25), "2025-12-25"),
        ("stop({3, 1, 2})", {1, 2, 3}, "[1,2,3]"),
        ("stop()", None, None),
    ],
)
def test_the_answer_keeps_its_type(
    server: ScriptedServer, tmp_path: Path, code: str, value: object, text: str | None
) -> None:
    server.enqueue(fenced("Done.", code))
    result = make_agent(server, tmp_path).run("Answer.")
    assert result.status is Status.FINISHED
    assert result.answer == value and type(result.answer) is type(value)
    if text is not None:
        assert result.answer_text == text
    end = json.loads(result.log_path.with_suffix(".jsonl").read_text().splitlines()[-1])
    assert end["answer"] == result.answer_text
    if isinstance(value, date | set):  # JSON has no date or set: the log names the type
        assert end["answer_type"] == type(value).__name__
    else:
        assert end["answer_value"] == (None if isinstance(value, str) else value)


def test_the_log_header_records_what_reproduces_the_run(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Done.", "stop(1)"))
    agent = make_agent(server, tmp_path, temperature=0.3, max_tokens=300, seed=7)
    agent.bench_run = "bench-42"
    result = agent.run("One.")
    header = json.loads(result.log_path.with_suffix(".jsonl").read_text().splitlines()[0])
    assert (header["temperature"], header["max_tokens"], header["seed"]) == (0.3, 300, 7)
    assert header["bench_run"] == "bench-42"
    assert header["react_repl_version"]
    assert len(header["prompts_hash"]) == 64
    assert header["settings"]["profile"] == "(none)"
    assert "network refused" in header["settings"]["sandbox"]  # what the OS layer holds
    other = tmp_path / "prompts"
    other.mkdir()
    (other / "reminder.jinja2").write_text("Reply with an ACTION.")
    server.enqueue(fenced("Done.", "stop(1)"))
    overridden = make_agent(server, tmp_path, replace(PLAIN, prompts_dir=other)).run("One.")
    second = json.loads(overridden.log_path.with_suffix(".jsonl").read_text().splitlines()[0])
    assert second["prompts_hash"] != header["prompts_hash"]


def test_actions_that_use_observation_names_run_whole(
    server: ScriptedServer, tmp_path: Path
) -> None:
    code = (
        "observations = []\n"
        "observation_count = 2\n"
        "for i in range(observation_count):\n"
        "    observations.append(i)\n"
        'print("OBSERVATION:", observations)\n'
        "Observation = len(observations)"
    )
    invented = "\nOBSERVATION 1:\n[0, 1]\nTHOUGHT 2: made up"
    server.enqueue(fenced("Collect.", code) + invented)
    server.enqueue(fenced("Done.", "stop(Observation)"))
    result = make_agent(server, tmp_path).run("Count to two.")

    first = result.steps[0]
    assert first.action == code
    assert first.observation.startswith("OBSERVATION: [0, 1]")
    assert "made up" not in server.requests[1]["messages"][-2]["content"]
    assert result.answer == 2
    assert all(step.kind == "step" for step in result.steps)  # no reminder: nothing was cut


@pytest.mark.parametrize("stream", [True, False])
def test_a_crlf_reply_with_prose_after_the_fence_runs_only_the_code(
    server: ScriptedServer, tmp_path: Path, stream: bool
) -> None:
    reply = (
        "THOUGHT: x\r\nACTION:\r\n```python\r\nprint(get_temperature('Paris'))\r\n```\r\n"
        "This prints it.\r\n"
    )
    server.enqueue(reply, fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path, stream=stream).run("Temperature in Paris?")
    assert result.steps[0].action == "print(get_temperature('Paris'))"
    assert result.steps[0].observation == "21.5"
    assert (result.status, result.answer) == (Status.FINISHED, "ok")


@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize(
    "thought",
    [
        "The last OBSERVATION: said 21.5, so I print it.",
        "As the Observation shows 21.5, I print it.",
        "The observation was 21.5; I print it.",
    ],
)
def test_observation_inside_a_thought_line_is_prose(
    server: ScriptedServer, tmp_path: Path, thought: str, stream: bool
) -> None:
    server.enqueue(fenced(thought, "print(21.5)"), fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path, stream=stream).run("Print it.")
    assert [s.kind for s in result.steps] == ["step", "step"]
    assert (result.steps[0].thought, result.steps[0].observation) == (thought, "21.5")


def test_a_reply_that_opens_with_its_own_observation_is_cut(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue("OBSERVATION 1: 21.5\n" + fenced("invented", "stop(21.5)"))
    server.enqueue(fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path).run("Say ok.")
    assert [s.kind for s in result.steps] == ["reminder", "step"]
    assert "invented" not in json.dumps(server.requests[1]["messages"])


_UNCLOSED_ACTION = (
    "THOUGHT: all cities at once.\nACTION:\n```python\nsend_note('first')\n"
    + "".join(f"print(get_temperature('City {n}'))\n" for n in range(20))
)


@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize(
    "reply",
    [
        _UNCLOSED_ACTION,  # the server cuts it at max_tokens, inside the block
        _UNCLOSED_ACTION.replace("```python\n", ""),  # no fence at all: the action runs to the end
    ],
)
def test_an_action_cut_at_the_token_limit_is_not_run(
    server: ScriptedServer, tmp_path: Path, reply: str, stream: bool
) -> None:
    server.enqueue(reply, fenced("Shorter.", "stop('ok')"))
    result = make_agent(server, tmp_path, stream=stream, max_tokens=40).run("Temperatures?")

    first = result.steps[0]
    assert first.action == "" and first.proposed_action.startswith("send_note('first')")
    assert "sent: first" not in first.observation
    assert "token limit (40 tokens)" in first.observation and "shorter" in first.observation
    assert "token limit" in first.review
    assert first.observation in server.requests[1]["messages"][-1]["content"]
    assert (result.status, result.answer) == (Status.FINISHED, "ok")


def test_an_action_closed_before_the_token_limit_runs(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(
        ScriptedReply(fenced("Note it.", "print(send_note('first'))") + "\nThen I will" * 30),
        fenced("Done.", "stop('ok')"),
    )
    result = make_agent(server, tmp_path, max_tokens=40).run("Send a note.")
    assert result.steps[0].observation == "sent: first"
    assert result.status is Status.FINISHED


def test_a_scripted_length_finish_with_an_open_block_is_not_run(
    server: ScriptedServer, tmp_path: Path
) -> None:
    cut = "THOUGHT: x\n```python\nprint(send_note('first'))\nfor city in ['Paris', 'London']:\n"
    server.enqueue(ScriptedReply(cut, finish_reason="length"), fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path).run("Send a note.")
    assert result.steps[0].action == ""
    assert "token limit (512 tokens)" in result.steps[0].observation


@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize(
    ("reply", "observation"),
    [
        (
            "THOUGHT: x\n````python\nprint(get_temperature('Paris'))\n````\n"
            "OBSERVATION 1: 99\nTHOUGHT 2: invented",
            "21.5",
        ),
        (
            "THOUGHT: x\nACTION:\n~~~python\nobservations = [get_temperature('Paris')]\n"
            "print(observations)\n~~~\nObservation 1: [99]\nTHOUGHT 2: invented",
            "[21.5]",
        ),
        (
            "THOUGHT: x\n~~~~python\nobservation = '''\n~~~\n```\n'''\n"
            "print(len(observation), get_temperature('Paris'))\n~~~~\n"
            "OBSERVATION 1: 99\nTHOUGHT 2: invented",
            "9 21.5",
        ),
        (
            "THOUGHT: the docs say\n````markdown\n```python\nprint('quoted')\n```\n"
            "OBSERVATION: quoted\n````\nACTION:\n```python\nprint(get_temperature('Paris'))\n```\n"
            "OBSERVATION 1: 99\nTHOUGHT 2: invented",
            "21.5",
        ),
        (
            "THOUGHT: x\n```python\nnote = '''\n```\nOBSERVATION: quoted\n```\n'''\n"
            "print(len(note.splitlines()), get_temperature('Paris'))\n```\n"
            "OBSERVATION 1: 99\nTHOUGHT 2: invented",
            "4 21.5",
        ),
    ],
    ids=[
        "four-backticks",
        "tildes",
        "long-tildes-hold-shorter-fences",
        "quoted-block-first",
        "fence-inside-a-python-string",
    ],
)
def test_longer_and_tilde_fences_close_like_commonmark(
    server: ScriptedServer, tmp_path: Path, reply: str, observation: str, stream: bool
) -> None:
    server.enqueue(reply, fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path, stream=stream).run("Temperature in Paris?")
    assert result.steps[0].observation == observation
    assert "invented" not in server.requests[1]["messages"][-2]["content"]
    assert (result.status, result.answer) == (Status.FINISHED, "ok")


@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize(
    ("fence", "closing"),
    [("```", "```"), ("```text", "```"), ("~~~", "~~~"), ("````output", "````")],
)
def test_an_observation_the_model_fences_after_its_action_is_cut(
    server: ScriptedServer, tmp_path: Path, fence: str, closing: str, stream: bool
) -> None:
    invented = f"\n{fence}\nOBSERVATION 1:\n99\n{closing}\nTHOUGHT 2: invented"
    server.enqueue(fenced("Look.", "print(get_temperature('Paris'))") + invented)
    server.enqueue(fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path, stream=stream).run("Temperature in Paris?")

    assert result.steps[0].observation == "21.5"  # no "[only the first code block ran ...]"
    kept = server.requests[1]["messages"][-2]["content"]
    assert kept.endswith("print(get_temperature('Paris'))\n```")
    assert result.status is Status.FINISHED


def test_a_quoted_observation_before_the_action_stays(
    server: ScriptedServer, tmp_path: Path
) -> None:
    quoted = "THOUGHT: The last result was\n```text\nOBSERVATION 1:\n21.5\n```\nso I answer it.\n"
    server.enqueue(quoted + "ACTION:\n```python\nstop(21.5)\n```")
    result = make_agent(server, tmp_path).run("Temperature in Paris?")
    assert (result.status, result.answer) == (Status.FINISHED, 21.5)
    assert "OBSERVATION 1:\n21.5" in result.steps[0].thought


@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize(
    "reasoning",
    [
        "<think>\nMaybe:\n```python\nsend_note('draft')\n```\nNo, check first.\n</think>\n",
        "<think>\nObservation 1 is not there yet,\nobservation shows nothing.\n</think>\n",
        "Maybe:\n```python\nsend_note('draft')\n```\nNo, check first.\n</think>\n",
    ],
    ids=["draft_code", "observation_lines", "prefilled_draft_code"],
)
def test_a_reasoning_models_think_part_is_neither_run_nor_cut(
    server: ScriptedServer, tmp_path: Path, reasoning: str, stream: bool
) -> None:
    server.enqueue(reasoning + fenced("Check.", "print(get_temperature('Paris'))"))
    server.enqueue(fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path, stream=stream).run("Temperature in Paris?")
    first = result.steps[0]
    assert (first.kind, first.action, first.observation) == (
        "step",
        "print(get_temperature('Paris'))",
        "21.5",
    )
    assert "think>" not in server.requests[1]["messages"][-2]["content"]


def test_a_prefilled_think_part_is_not_cut_once_it_has_closed(
    server: ScriptedServer, tmp_path: Path
) -> None:
    """A template that opens `<think>` itself leaves only `</think>` in the reply; a streamed
    reply is cut at an observation line before that tag arrives (nothing tells reasoning from
    reply until then), but a whole reply keeps its reasoning out of the action and the prompt."""
    reasoning = "Observation 1 is not there yet,\nobservation shows nothing.\n</think>\n"
    server.enqueue(reasoning + fenced("Check.", "print(get_temperature('Paris'))"))
    server.enqueue(fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path, stream=False).run("Temperature in Paris?")
    assert (result.steps[0].action, result.steps[0].observation) == (
        "print(get_temperature('Paris'))",
        "21.5",
    )
    assert "think>" not in server.requests[1]["messages"][-2]["content"]


@pytest.mark.parametrize("stream", [True, False])
def test_a_quoted_block_before_the_action_label_is_not_the_action(
    server: ScriptedServer, tmp_path: Path, stream: bool
) -> None:
    quote = "THOUGHT: It printed\n```\nsend_note('old')\n```\nso now:\n"
    server.enqueue(quote + "ACTION:\n```python\nobservation = get_temperature('Paris')\n"
                   "print(observation)\n```")  # fmt: skip
    server.enqueue(fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path, stream=stream).run("Temperature in Paris?")
    assert result.steps[0].action == "observation = get_temperature('Paris')\nprint(observation)"
    assert result.steps[0].observation == "21.5\n[one code block ran; 1 more ignored: one per step]"


@pytest.mark.parametrize("tag", ["<think>", "</think>"])
def test_a_think_tag_inside_the_action_is_code(
    server: ScriptedServer, tmp_path: Path, tag: str
) -> None:
    code = f'tag = "{tag}"\nprint(tag, get_temperature("Paris"))'
    server.enqueue(fenced("Print it.", code), fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path).run("Temperature in Paris?")
    assert (result.steps[0].action, result.steps[0].observation) == (code, f"{tag} 21.5")


@pytest.mark.parametrize(
    "reply",
    [
        "THOUGHT: label text\n```python\nt = '''\nACTION:\n'''\nprint(get_temperature('Paris'))\n"
        "```\nor else\n```python\nsend_note('no')\n```",
        "I look it up.\n```python\nprint(get_temperature('Paris'))\n```\nTHOUGHT 2: now send\n"
        "ACTION 2:\n```python\nsend_note('no')\n```",
    ],
    ids=["label_inside_the_code", "label_in_a_made_up_turn"],
)
def test_the_first_block_runs_when_no_label_comes_before_it(
    server: ScriptedServer, tmp_path: Path, reply: str
) -> None:
    server.enqueue(reply, fenced("Done.", "stop('ok')"))
    result = make_agent(server, tmp_path).run("Temperature in Paris?")
    first = result.steps[0]
    assert first.action is not None and "get_temperature" in first.action
    assert first.observation == "21.5\n[one code block ran; 1 more ignored: one per step]"


def test_the_wrap_up_summary_leaves_out_the_reasoning(
    server: ScriptedServer, tmp_path: Path
) -> None:
    options = AgentOptions(max_steps=1).with_values({"techniques": ["-decompose"]})
    server.enqueue(fenced("one", "print(1)"))
    server.enqueue("<think>\nlong reasoning\n```python\nstop(9)\n```\n</think>\nTHOUGHT: It was 1.")
    result = make_agent(server, tmp_path, options).run("Count forever.")
    assert result.summary == "It was 1."
