"""Each hook of react_repl.hookspecs, exercised through a real run against the scripted server."""

from pathlib import Path

from test_loop import fenced, make_agent

from react_repl.agent import Answer, Proposal, Review, RunContext, Status, Verdict
from react_repl.hookspecs import hookimpl
from react_repl.llm import ScriptedServer


class Reviewer:
    """Answers each proposed action from a list of decisions, recording what it was shown."""

    def __init__(self, *decisions: Review | None) -> None:
        self.decisions = list(decisions)
        self.seen: list[str] = []

    @hookimpl
    def review_action(self, run: RunContext, proposal: Proposal) -> Review | None:
        self.seen.append(proposal.action)
        return self.decisions.pop(0) if self.decisions else None


def run_with(server: ScriptedServer, tmp_path: Path, *plugins: object, task: str = "Go."):
    agent = make_agent(server, tmp_path)
    agent.plugins.extend(plugins)
    return agent.run(task)


def test_an_edited_action_runs_instead_and_the_log_keeps_both(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Send.", 'print(send_note("hello"))'))
    server.enqueue(fenced("Done.", 'stop("sent")'))
    reviewer = Reviewer(Review.edit('print(send_note("hello, edited"))'), Review.approve())
    result = run_with(server, tmp_path, reviewer)

    first = result.steps[0]
    assert first.action == 'print(send_note("hello, edited"))'
    assert first.proposed_action == 'print(send_note("hello"))'
    assert first.observation.startswith("sent: hello, edited")
    log = result.log_path.read_text()
    assert "### Proposed action 1" in log and "_Review: edit_" in log
    assert 'send_note("hello, edited")' in server.requests[1]["messages"][-2]["content"] or (
        "sent: hello, edited" in server.requests[1]["messages"][-1]["content"]
    )


def test_a_rejected_action_does_not_run_and_the_reason_is_the_observation(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Send.", 'print(send_note("spam"))'))
    server.enqueue(fenced("Done.", 'stop("not sent")'))
    reviewer = Reviewer(Review.reject("do not send spam"))
    result = run_with(server, tmp_path, reviewer)

    first = result.steps[0]
    assert first.action == ""
    assert "do not send spam" in first.observation
    assert "sent: spam" not in first.observation
    assert "do not send spam" in server.requests[1]["messages"][-1]["content"]
    assert result.status is Status.FINISHED


def test_a_reviewer_can_stop_the_run(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Send.", 'print(send_note("x"))'))
    result = run_with(server, tmp_path, Reviewer(Review.stop("enough")))
    assert result.status is Status.INTERRUPTED
    assert "stopped by the reviewer at step 1: enough" in (result.error or "")
    assert len(server.requests) == 1


class Critic:
    def __init__(self, *verdicts: Verdict) -> None:
        self.verdicts = list(verdicts)
        self.answers: list[object] = []

    @hookimpl
    def review_answer(self, run: RunContext, answer: Answer) -> Verdict | None:
        self.answers.append(answer.value)
        return self.verdicts.pop(0) if self.verdicts else None


def test_a_rejected_answer_becomes_an_observation_and_the_run_goes_on(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Guess.", 'stop("maybe 20")'))
    server.enqueue(fenced("Check.", 'print(get_temperature("Paris"))'))
    server.enqueue(fenced("Done.", 'stop("21.5")'))
    critic = Critic(Verdict(False, "The task asks for the measured temperature, not a guess."))
    result = run_with(server, tmp_path, critic, task="Temperature in Paris?")

    assert result.status is Status.FINISHED
    assert result.answer == "21.5"
    assert critic.answers == ["maybe 20", "21.5"]
    assert "not a guess" in result.steps[0].observation
    assert "not a guess" in server.requests[1]["messages"][-1]["content"]


class Notes:
    @hookimpl
    def prompt_notes(self, run: RunContext) -> str:
        return f"NOTE for step {run.step + 1}"


def test_prompt_notes_go_to_the_latest_turn_only(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("one", "print(1)"))
    server.enqueue(fenced("two", "print(2)"))
    server.enqueue(fenced("done", "stop()"))
    run_with(server, tmp_path, Notes())

    third = server.requests[2]["messages"]
    assert third[-1]["content"].endswith("NOTE for step 3")
    assert not any("NOTE for step" in m["content"] for m in third[:-1])


class Helpers:
    def __init__(self) -> None:
        self.questions: list[str] = []

    @hookimpl
    def host_functions(self, run: RunContext) -> dict:
        def favourite_colour(question: str) -> dict:
            """The user's favourite colours, best first."""
            self.questions.append(question)
            return {"colours": ["teal", "ochre"], "sure": True}

        return {"favourite_colour": favourite_colour}


def test_plugins_offer_host_functions_to_actions(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Ask.", 'liked = favourite_colour("Which colour?")\nprint(liked)'))
    server.enqueue(fenced("Done.", 'stop(liked["colours"][0])'))
    helpers = Helpers()
    result = run_with(server, tmp_path, helpers)
    assert helpers.questions == ["Which colour?"]
    assert result.steps[0].observation.startswith("{'colours': ['teal', 'ochre'], 'sure': True}")
    assert result.answer == "teal"
