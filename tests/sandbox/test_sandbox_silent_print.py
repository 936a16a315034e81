"""An action that calls print() but printed nothing is told why, not told to use print()."""

from __future__ import annotations

import pytest

from react_repl.sandbox import Sandbox

USE_PRINT = "(no output: the action printed nothing. Use print() to see values.)"


def test_a_loop_over_an_empty_result_names_the_call_that_gave_it(sandbox: Sandbox) -> None:
    text = sandbox.run("found = echo([])\nfor item in found:\n    total = 1\n    print(item)").text
    assert text == (
        "(no output: print() never ran: `found` is empty, so `for item in found:` went through "
        "nothing. It came from `echo([])`. Find out why it is empty before going on: other "
        "arguments, or another function.)"
    )


def test_a_loop_straight_over_a_call_names_the_call(sandbox: Sandbox) -> None:
    text = sandbox.run("for item in echo(()):\n    print(item)").text
    assert "`echo(())` gave nothing, so `for item in echo(()):` went through nothing" in text


@pytest.mark.parametrize(
    ("code", "where"),
    [
        (
            "rows = [{'status': 'open'}]\nfor row in rows:\n"
            "    if row['status'] == 'delivered':\n        print(row)",
            "`for row in rows:` › `if row['status'] == 'delivered':`",
        ),
        ("size = 3\nif size > 5:\n    print(size)", "`if size > 5:`"),
        ("size = 9\nif size > 5:\n    big = 1\nelse:\n    print(size)", "`else: of if size > 5:`"),
        ("try:\n    ok = 1\nexcept KeyError:\n    print('missing')", "`except KeyError:`"),
        ("n = 0\nwhile n > 0:\n    print(n)", "`while n > 0:`"),
    ],
)
def test_a_print_in_a_branch_not_taken_names_the_branch(
    sandbox: Sandbox, code: str, where: str
) -> None:
    text = sandbox.run(code).text
    assert text == (
        f"(no output: print() never ran: it is inside {where}, and that path was never taken. "
        "Print the values those lines test to see why.)"
    )


def test_a_list_the_loop_emptied_is_not_called_empty(sandbox: Sandbox) -> None:
    text = sandbox.run(
        "queue = [1, 2]\nfor item in queue:\n"
        "    queue.clear()\n    if item > 5:\n        print(item)"
    ).text
    assert "is empty" not in text and "`for item in queue:` › `if item > 5:`" in text


def test_emptiness_is_never_asked_of_an_agent_object(sandbox: Sandbox) -> None:
    code = (
        "class Hollow:\n"
        "    def __iter__(self):\n        return iter(())\n"
        "    def __len__(self):\n        print('len ran')\n        return 0\n"
        "hollow = Hollow()\n"
        "for item in hollow:\n    print(item)"
    )
    text = sandbox.run(code).text
    assert "len ran" not in text
    assert "`hollow` gave nothing, so `for item in hollow:` went through nothing" in text


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("def show():\n    print(1)\nready = 2", USE_PRINT),
        ("total = 2 + 3", USE_PRINT),
        ("def show():\n    print(1)", "(no output)"),
        ("print('', end='')", "(no output)"),
    ],
)
def test_prints_that_could_not_have_run_keep_the_plain_notes(
    sandbox: Sandbox, code: str, text: str
) -> None:
    assert sandbox.run(code).text == text


def test_a_comprehension_over_an_empty_result_is_explained_too(sandbox: Sandbox) -> None:
    text = sandbox.run("found = echo([])\nshown = [print(item) for item in found]").text
    assert text.startswith(
        "(no output: print() never ran: `found` is empty, so `for item in found` went through "
        "nothing. It came from `echo([])`."
    )


def test_a_filtered_comprehension_is_not_said_to_have_had_nothing(sandbox: Sandbox) -> None:
    text = sandbox.run("shown = [print(item) for item in echo([1, 2]) if item > 3]").text
    assert "gave nothing" not in text
    assert "it is inside `for item in echo([1, 2])`, and that path was never taken" in text
