"""The seed's techniques, turned on by name (critic, plan/re-plan, loop detection, API hints,
progress validation), each exercised through a real run: the scripted server plays the model,
including the critic's and planner's own calls, in the order the agent makes them."""

from dataclasses import replace
from pathlib import Path

import agent_test_apis
import agent_test_future_apis
import pytest
from test_loop import PLAIN, fenced, make_agent

from react_repl.agent import Agent, AgentOptions, Status, profile_for
from react_repl.context import DEFAULT_TECHNIQUES
from react_repl.llm import ChatModel, ModelSettings, ScriptedServer


def test_the_model_critic_rejects_then_accepts(server: ScriptedServer, tmp_path: Path) -> None:
    options = PLAIN.with_values({"techniques": ["+critic"]})
    server.enqueue(fenced("Answer.", 'stop("The temperature is 21.5 degrees.")'))
    server.enqueue("REJECT: the task asks for the number only.")
    server.enqueue(fenced("Fix.", "stop(21.5)"))
    server.enqueue("ACCEPT")
    result = make_agent(server, tmp_path, options).run("Temperature in Paris? Number only.")

    assert result.status is Status.FINISHED
    assert [(s.kind, s.index) for s in result.steps] == [
        ("critic", 1), ("step", 1), ("critic", 2), ("step", 2)
    ]  # fmt: skip
    critic_prompt = server.requests[1]["messages"][-1]["content"]
    assert "PROPOSED ANSWER (str): The temperature is 21.5 degrees." in critic_prompt
    assert "the number only" in result.steps[1].observation
    assert "the number only" in server.requests[2]["messages"][-1]["content"]
    assert result.usage.prompt_tokens == sum(s.prompt_tokens for s in result.steps)


def test_the_critic_gives_way_after_its_budget(server: ScriptedServer, tmp_path: Path) -> None:
    options = replace(PLAIN, max_answer_reviews=1).with_values({"techniques": ["+critic"]})
    server.enqueue(fenced("Answer.", 'stop("a")'))
    server.enqueue("REJECT: no.")
    server.enqueue(fenced("Again.", 'stop("a")'))
    result = make_agent(server, tmp_path, options).run("Say a.")
    assert result.status is Status.FINISHED
    assert result.answer == "a"
    assert len(server.requests) == 3  # the second answer needed no critic call


def test_an_unreadable_critic_reply_accepts(server: ScriptedServer, tmp_path: Path) -> None:
    options = PLAIN.with_values({"techniques": ["+critic"]})
    server.enqueue(fenced("Answer.", 'stop("a")'))
    server.enqueue("I think it might be fine?")
    assert make_agent(server, tmp_path, options).run("Say a.").status is Status.FINISHED


def test_the_write_critic_checks_a_write_before_it_runs(
    server: ScriptedServer, tmp_path: Path
) -> None:
    options = PLAIN.with_values({"techniques": ["+critic", "+write_critic"]})
    server.enqueue(fenced("Read.", 't = get_temperature("Paris")\nprint(t)'))
    server.enqueue(fenced("Send.", 'send_note("Paris: 99")'))
    server.enqueue("REJECT: the note must carry the observed 21.5, not 99.")
    server.enqueue(fenced("Send the right one.", 'send_note(f"Paris: {t}")'))
    server.enqueue("ACCEPT")
    server.enqueue(fenced("Done.", "stop(21.5)"))
    server.enqueue("ACCEPT")
    result = make_agent(server, tmp_path, options).run("Send me a note with the temperature.")

    kinds = [(s.kind, s.index) for s in result.steps]
    assert kinds == [
        ("step", 1), ("critic", 2), ("step", 2), ("critic", 3), ("step", 3), ("critic", 4),
        ("step", 4),
    ], kinds  # fmt: skip
    critic_prompt = server.requests[2]["messages"][-1]["content"]
    assert 'PROPOSED ACTION:\nsend_note("Paris: 99")' in critic_prompt
    assert "21.5" in critic_prompt  # the observation the critic judges by
    assert "was not run" in result.steps[2].observation
    assert "the observed 21.5, not 99" in result.steps[2].observation
    assert result.steps[4].observation == "'sent: Paris: 21.5'"
    assert result.answer == 21.5


def test_the_write_critic_leaves_reads_alone_and_gives_way(
    server: ScriptedServer, tmp_path: Path
) -> None:
    options = PLAIN.with_values({"techniques": ["+critic", "+write_critic"]})
    server.enqueue(fenced("Read.", 'print(get_temperature("Paris"))'))
    for _ in range(2):
        server.enqueue(fenced("Send.", 'send_note("hi")'))
        server.enqueue("REJECT: no.")
    server.enqueue(fenced("Send anyway.", 'send_note("hi")'))
    server.enqueue(fenced("Done.", "stop()"))
    server.enqueue("ACCEPT")
    result = make_agent(server, tmp_path, options).run("Say hi.")

    critics = [s.index for s in result.steps if s.kind == "critic"]
    assert critics == [2, 3, 5]  # none for the read; none for the third send; one for stop()
    steps = [s for s in result.steps if s.kind == "step"]
    assert [s.observation for s in steps[3:]] == ["'sent: hi'", "(stopped)"]


def test_the_worked_example_copied_as_the_answer_is_rejected_without_a_model_call(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Done.", 'stop("0 days are left until Christmas 2031.")'))
    server.enqueue(fenced("Real answer.", "stop(4)"))
    result = make_agent(server, tmp_path).run("How many tickets are open?")
    assert "worked example" in result.steps[0].observation
    assert result.answer == "4" or result.answer == 4
    assert len(server.requests) == 2


def test_the_example_check_leaves_tasks_about_the_example_alone(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Done.", 'stop("24 days are left until Christmas 2031.")'))
    result = make_agent(server, tmp_path).run("How many days until Christmas 2031?")
    assert result.status is Status.FINISHED and len(result.steps) == 1


def test_a_plan_is_made_first_and_shown_at_the_end_of_each_prompt(
    server: ScriptedServer, tmp_path: Path
) -> None:
    options = PLAIN.with_values({"techniques": ["+plan"]})
    server.enqueue("1. Find a temperature function\n2. Call it for Paris\n3. stop() with it\nOK")
    server.enqueue(fenced("Search.", 'method_search("temperature")'))
    server.enqueue(fenced("Done.", "stop(21.5)"))
    result = make_agent(server, tmp_path, options).run("Temperature in Paris?")

    assert result.steps[0].kind == "plan"
    assert "TASK: Temperature in Paris?" in server.requests[0]["messages"][-1]["content"]
    for request in server.requests[1:]:
        last = request["messages"][-1]["content"]
        assert last.endswith("PLAN:\n1. Find a temperature function\n2. Call it for Paris\n"
                             "3. stop() with it")  # fmt: skip
    assert "OK" not in server.requests[1]["messages"][-1]["content"].split("PLAN:")[1]


def test_failed_steps_trigger_a_new_plan(server: ScriptedServer, tmp_path: Path) -> None:
    options = replace(PLAIN, replan_after_failures=2).with_values(
        {"techniques": ["+plan", "-loop_detection"]}
    )
    server.enqueue("1. Call the weather function")
    server.enqueue(fenced("Try.", "weather()"))
    server.enqueue(fenced("Try again.", "weather_now()"))
    server.enqueue("1. Search for a temperature function first\n2. Call it")
    server.enqueue(fenced("Search.", 'method_search("temperature")'))
    server.enqueue(fenced("Done.", "stop()"))
    result = make_agent(server, tmp_path, options).run("Temperature in Paris?")

    assert [s.kind for s in result.steps] == ["plan", "step", "step", "plan", "step", "step"]
    replan_prompt = server.requests[3]["messages"][-1]["content"]
    assert "the last 2 steps failed" in replan_prompt and "weather_now()" in replan_prompt
    assert (
        "PLAN (revised):\n1. Search for a temperature function first"
        in (server.requests[4]["messages"][-1]["content"])
    )


def test_a_loop_that_goes_on_gets_one_new_plan_per_cooldown(
    server: ScriptedServer, tmp_path: Path
) -> None:
    """Round 4: a persisting loop re-planned at every step, each time the same plan, at a model
    call per step; a new plan needs a few steps to show whether it works."""
    options = replace(PLAIN, replan_after_failures=3, max_steps=8).with_values(
        {"techniques": ["+plan"]}
    )
    server.enqueue("1. Search for the temperature")
    for step in range(1, 9):
        server.enqueue(fenced("Again.", 'method_search("temperature")'))
        if step in (4, 7):
            server.enqueue("1. Search for a weather report instead")
    result = make_agent(server, tmp_path, options).run("Temperature in Paris?")

    assert [s.index for s in result.steps if s.kind == "plan"] == [1, 5, 8]
    replan = server.requests[5]["messages"][-1]["content"]
    assert "going in circles" in replan


def test_a_two_step_cycle_is_noticed(server: ScriptedServer, tmp_path: Path) -> None:
    for _ in range(2):
        server.enqueue(fenced("A.", 'method_search("temperature")'))
        server.enqueue(fenced("B.", 'print("nothing yet")'))
    server.enqueue(fenced("Done.", "stop()"))
    result = make_agent(server, tmp_path).run("Go.")
    notes = ["going in circles" in step.observation for step in result.steps]
    assert notes == [False, False, False, True, False]
    assert "last 2 steps repeat the 2 steps before them" in result.steps[3].observation


def test_a_streak_of_the_same_error_is_noticed(server: ScriptedServer, tmp_path: Path) -> None:
    options = PLAIN.with_values({"techniques": ["-name_error_search"]})
    for name in ("a", "b", "c"):
        server.enqueue(fenced("Try.", f"print(1 / 0 + len('{name}'))"))
    server.enqueue(fenced("Done.", "stop()"))
    result = make_agent(server, tmp_path, options).run("Go.")
    assert "the last 3 steps all failed with ZeroDivisionError" in result.steps[2].observation
    assert "going in circles" not in result.steps[1].observation


def test_loop_detection_can_be_switched_off(server: ScriptedServer, tmp_path: Path) -> None:
    options = PLAIN.with_values({"techniques": ["-loop_detection", "-name_error_search"]})
    for name in ("a", "b", "c"):
        server.enqueue(fenced("Try.", f"print(1 / 0 + len('{name}'))"))
    server.enqueue(fenced("Done.", "stop()"))
    result = make_agent(server, tmp_path, options).run("Go.")
    assert not any("going in circles" in step.observation for step in result.steps)


def test_an_api_error_shows_the_documented_raises(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Look up.", 'print(risky_lookup("ZZ"))'))
    server.enqueue(fenced("Done.", "stop()"))
    agent = Agent(
        make_agent(server, tmp_path).model,
        apis={"risky_lookup": agent_test_apis.risky_lookup},
        options=AgentOptions().with_values({"techniques": ["-decompose"]}),
        logs_dir=tmp_path / "logs",
    )
    observation = agent.run("Look up ZZ.").steps[0].observation
    assert "KeyError" in observation
    assert "[documented: `risky_lookup` raises KeyError: The code is unknown; list_products()" in (
        observation
    )


@pytest.mark.parametrize(
    ("action", "documented"),
    [
        ('print(find_book("123"))', "`find_book` raises BookNotFound: No book has this ISBN"),
        ("print(count_pages(9780000000001))", "`count_pages` raises TypeError: The ISBN was not"),
        ('print(read_manual("x"))', "`read_manual` raises OSError: The manual cannot be read"),
        ('print(find_author("x"))', "`find_author` raises LookupError: Nobody of that name"),
    ],
    ids=["own_exception_class", "type_error_from_the_body", "builtin_subclass", "own_subclass"],
)
def test_the_documented_raises_is_found_for_every_kind_of_api_error(
    server: ScriptedServer, tmp_path: Path, action: str, documented: str
) -> None:
    server.enqueue(fenced("Look up.", action))
    server.enqueue(fenced("Done.", "stop()"))
    names = ("find_book", "count_pages", "read_manual", "find_author")
    apis = {name: getattr(agent_test_apis, name) for name in names}
    agent = make_agent(server, tmp_path, replace(PLAIN, few_shot=False), apis=apis)
    assert f"[documented: {documented}" in agent.run("Look up the book.").steps[0].observation


def test_a_call_that_does_not_fit_the_signature_gets_the_signature_not_the_raises(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Count.", "print(count_pages())"))
    server.enqueue(fenced("Done.", "stop()"))
    apis = {"count_pages": agent_test_apis.count_pages}
    agent = make_agent(server, tmp_path, replace(PLAIN, few_shot=False), apis=apis)
    observation = agent.run("Count the pages.").steps[0].observation
    assert "the signature is count_pages(isbn: str) -> int" in observation
    assert "[documented:" not in observation


def test_hints_write_a_signature_as_method_search_does_for_postponed_annotations(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Look.", "print(find_room(99))"))
    server.enqueue(fenced("Done.", "stop()"))
    apis = {"find_room": agent_test_future_apis.find_room}
    agent = make_agent(server, tmp_path, replace(PLAIN, few_shot=False), apis=apis)
    observation = agent.run("Find a free room on floor 99.").steps[0].observation
    shown = "find_room(floor: int, wing: Optional[str] = None) -> list[dict]"
    assert f"[`{shown}` wants: floor: The floor number, e.g. 3." in observation


@pytest.mark.parametrize(
    ("model", "local", "profile"),
    [
        ("qwen2.5-coder-1.5b", True, "small-local"),
        ("Qwen2.5-Coder-3B-Instruct", False, "small-local"),
        ("llama-3.1-70b-instruct", False, "hosted"),
        ("gpt-4o-mini", False, "hosted"),
        ("phi-3.5-mini", True, "small-local"),
        ("Qwen3-30B-A3B", False, "hosted"),
        ("SmolLM2-360M-Instruct", False, "small-local"),
        ("smollm2:135m", False, "small-local"),
        ("llama3.1:8b", False, "hosted"),
        ("qwen2.5:3b", False, "small-local"),
        ("gemma-2-2b-it", False, "small-local"),
    ],
)
def test_the_profile_follows_the_model(model: str, local: bool, profile: str) -> None:
    assert profile_for(model, local=local).name == profile


def test_profile_defaults_yield_to_explicit_options() -> None:
    options = profile_for("qwen2.5-coder-1.5b", local=True).agent_options({"max_steps": 7})
    assert options.profile == "small-local" and options.max_steps == 7
    assert options.describe()["profile"] == "small-local"
    assert not options.uses("decompose") and options.search_focus
    hosted = profile_for("gpt-4o", local=False).agent_options()
    assert hosted.techniques == DEFAULT_TECHNIQUES and not hosted.search_focus
    with pytest.raises(ValueError, match="unknown model profile"):
        profile_for("x", local=False, requested="tiny")


def test_a_profile_s_techniques_are_edited_not_replaced_by_plus_and_minus() -> None:
    small = profile_for("qwen2.5-coder-1.5b", local=True)
    edited = small.agent_options({"techniques": ["+plan", "-loop_detection"]})
    assert edited.uses("plan") and not edited.uses("loop_detection") and edited.uses("api_hints")
    replaced = small.agent_options({"techniques": ["critic"]})
    assert replaced.techniques == ("critic",)
    with pytest.raises(ValueError, match="either name them all"):
        small.agent_options({"techniques": ["critic", "-plan"]})


@pytest.mark.parametrize(
    ("old", "message"),
    [
        ("loop_detection", "now the technique 'loop_detection'"),
        ("decompose_first_step", "now the technique 'decompose'"),
        ("hold_repeated_writes", "was removed: it measured no gain"),
        ("show_assigned", "was removed: it measured no gain"),
        ("task_reminder", "was removed: it measured no gain"),
        ("constrained_replies", "was removed: it measured no gain"),
        ("max_stpes", "unknown agent option 'max_stpes'"),
    ],
)
def test_an_old_or_wrong_option_name_says_what_to_write_instead(old: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AgentOptions().with_values({old: True})


def test_an_old_checkpoint_resumes_without_what_was_removed() -> None:
    saved = {"techniques": ["plan", "grounded_ids"], "show_assigned": True, "max_steps": 4}
    options = AgentOptions.from_json(saved)
    assert options.techniques == ("plan",) and options.max_steps == 4


def test_an_unknown_technique_is_refused_before_a_run(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"unknown technique.*'telepathy'"):
        Agent(ChatModel(ModelSettings(model="m", base_url="http://127.0.0.1:9/v1")),
              options=AgentOptions(techniques=("telepathy",)))  # fmt: skip


def test_the_top_search_hit_shows_what_its_parameters_want_and_what_it_returns(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Search.", 'method_search("temperature in a city")'))
    server.enqueue(fenced("Done.", "stop()"))
    lines = make_agent(server, tmp_path).run("Go.").steps[0].observation.splitlines()
    assert lines[0].startswith("`get_temperature(city: str) -> float`")
    assert lines[1] == '    city: Name of the city, for example "Paris".'
    assert lines[2] == "    returns: The temperature in degrees Celsius."
    assert lines[3].startswith("`send_note(")  # only the top hit is explained


def test_a_failing_api_call_shows_what_its_parameters_want(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Look up.", 'print(risky_lookup("ZZ"))'))
    server.enqueue(fenced("Done.", "stop()"))
    agent = Agent(
        make_agent(server, tmp_path).model,
        apis={"risky_lookup": agent_test_apis.risky_lookup},
        options=AgentOptions().with_values({"techniques": ["-decompose"]}),
        logs_dir=tmp_path / "logs",
    )
    observation = agent.run("Look up ZZ.").steps[0].observation
    assert '[`risky_lookup(code: str) -> str` wants: code: The product code, e.g. "AB-12".]' in (
        observation
    )


VALIDATING = replace(PLAIN, validate_every=2, max_steps=6).with_values(
    {"techniques": ["+validation", "-repeat_warning", "-loop_detection"]}
)


def test_progress_is_validated_every_n_steps_and_an_off_track_verdict_redirects(
    server: ScriptedServer, tmp_path: Path
) -> None:
    """Seed 004's periodic validation: after step 2 a separate call judges the trajectory; its
    advice reaches the agent's next prompt once, and the check is a step of its own in the log."""
    server.enqueue(fenced("Search.", 'method_search("weather")'))
    server.enqueue(fenced("Search again.", 'method_search("weather report")'))
    server.enqueue("OFF TRACK: two searches found get_temperature; call it for Paris now.")
    server.enqueue(fenced("Call it.", 't = get_temperature("Paris")\nprint(t)'))
    server.enqueue(fenced("Done.", "stop(t)"))
    result = make_agent(server, tmp_path, VALIDATING).run("Temperature in Paris?")

    assert result.status is Status.FINISHED and result.answer == 21.5
    check = server.requests[2]["messages"]
    assert "TASK: Temperature in Paris?" in check[-1]["content"]
    assert 'method_search("weather report")' in check[-1]["content"]
    advice = "[progress check after step 2: off track. two searches found get_temperature"
    assert advice in server.requests[3]["messages"][-1]["content"]
    assert advice not in server.requests[4]["messages"][-1]["content"]  # shown once
    assert [step.kind for step in result.steps] == ["step", "step", "validation", "step", "step"]


def test_an_on_track_verdict_adds_nothing_and_done_says_stop(
    server: ScriptedServer, tmp_path: Path
) -> None:
    for step in range(1, 3):
        server.enqueue(fenced("Read.", f'print(get_temperature("Paris"), {step})'))
    server.enqueue("ON TRACK")
    for step in range(3, 5):
        server.enqueue(fenced("Read.", f'print(get_temperature("Oslo"), {step})'))
    server.enqueue("DONE: 21.5 for Paris")
    server.enqueue(fenced("Done.", "stop(21.5)"))
    make_agent(server, tmp_path, VALIDATING).run("Temperature in Paris?")

    after_on_track = server.requests[3]["messages"][-1]["content"]
    assert "progress check" not in after_on_track
    after_done = server.requests[6]["messages"][-1]["content"]
    assert "the task looks complete (21.5 for Paris)" in after_done
    assert "call stop() with the answer now" in after_done


def test_validation_is_off_by_default_and_checks_each_boundary_once_after_a_resume(
    server: ScriptedServer, tmp_path: Path
) -> None:
    assert "validation" not in AgentOptions().techniques
    for step in range(1, 3):
        server.enqueue(fenced("Read.", f"print({step})"))
    short = replace(VALIDATING, max_steps=2, wrap_up=False)
    first = make_agent(server, tmp_path, short).run("Count.")
    assert first.status is Status.MAX_STEPS and len(server.requests) == 2  # step 2 just ended
    server.enqueue("ON TRACK")  # the boundary after step 2 is checked when the run goes on
    server.enqueue(fenced("Done.", "stop(2)"))
    resumed = make_agent(server, tmp_path, VALIDATING).resume(first.log_path)
    assert resumed.status is Status.FINISHED
    kinds = [step.kind for step in resumed.steps]
    assert kinds.count("validation") == 1
