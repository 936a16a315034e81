"""Approval of actions through the library callback: run, edit, reject, stop; policies."""

from pathlib import Path

import pytest
from test_loop import fenced, make_agent

from react_repl.agent import ApprovalRequest, Approver, Review, Status
from react_repl.llm import ScriptedServer


class Person:
    """A scripted person: answers each approval request in turn and remembers what it saw."""

    def __init__(self, *answers: Review) -> None:
        self.answers = list(answers)
        self.asked: list[ApprovalRequest] = []

    def __call__(self, request: ApprovalRequest) -> Review:
        self.asked.append(request)
        return self.answers.pop(0)


def run_approved(server: ScriptedServer, tmp_path: Path, approver: Approver, task: str = "Go."):
    agent = make_agent(server, tmp_path)
    agent.plugins.append(approver)
    return agent.run(task)


def test_every_action_is_asked_and_each_decision_is_honoured(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Look.", 'print(get_temperature("Paris"))'))
    server.enqueue(fenced("Send.", 'print(send_note("it is hot"))'))
    server.enqueue(fenced("Send again.", 'print(send_note("really hot"))'))
    server.enqueue(fenced("Done.", 'stop("sent")'))
    person = Person(
        Review.approve(),
        Review.edit('print(send_note("it is 21.5 C"))'),
        Review.reject("one note is enough"),
        Review.approve(),
    )
    result = run_approved(server, tmp_path, Approver(person), "Tell me the weather.")

    assert [r.action for r in person.asked] == [
        'print(get_temperature("Paris"))',
        'print(send_note("it is hot"))',
        'print(send_note("really hot"))',
        'stop("sent")',
    ]
    assert person.asked[0].reasons == ("every action needs approval",)
    assert person.asked[1].reasons == (
        "every action needs approval",
        "calls send_note(), which has side effects",
    )
    assert result.steps[1].observation.startswith("sent: it is 21.5 C")
    assert result.steps[1].proposed_action == 'print(send_note("it is hot"))'
    assert "one note is enough" in result.steps[2].observation
    assert "really hot" not in result.steps[2].observation
    assert result.status is Status.FINISHED and result.answer == "sent"
    log = result.log_path.read_text()
    assert "_Review: edit_" in log and "_Review: reject: one note is enough_" in log


def test_stop_ends_the_run_and_the_log_says_who(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Send.", 'print(send_note("x"))'))
    result = run_approved(server, tmp_path, Approver(Person(Review.stop("wrong task"))))
    assert result.status is Status.INTERRUPTED
    assert "stopped by the reviewer at step 1: wrong task" in result.log_path.read_text()


def test_a_rule_asks_only_about_matching_actions(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Look.", 'print(get_temperature("Paris"))'))
    server.enqueue(fenced("Send.", 'print(send_note("hot"))'))
    server.enqueue(fenced("Done.", "stop()"))
    person = Person(Review.reject("no notes today"))
    approver = Approver(person, policy="rules", rules=[r"send_note\("])
    result = run_approved(server, tmp_path, approver)
    assert [r.action for r in person.asked] == ['print(send_note("hot"))']
    assert person.asked[0].reasons == (r"matches the rule /send_note\(/",)
    assert result.steps[0].observation.startswith("21.5")


def test_a_bad_policy_or_rule_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="approval policy must be one of"):
        Approver(Person(), policy="some")
    with pytest.raises(ValueError, match="not a valid regular expression"):
        Approver(Person(), policy="rules", rules=["send_note("])


def test_side_effects_policy_asks_only_about_declared_apis(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Look.", 'print(get_temperature("Paris"))'))
    server.enqueue(fenced("Send.", 'print(send_note("hot"))'))
    server.enqueue(fenced("Done.", "stop()"))
    person = Person(Review.approve())
    result = run_approved(server, tmp_path, Approver(person, policy="side-effects"))
    assert [r.action for r in person.asked] == ['print(send_note("hot"))']
    assert person.asked[0].reasons == ("calls send_note(), which has side effects",)
    assert result.steps[1].observation.startswith("sent: hot")
