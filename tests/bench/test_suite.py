from datetime import date
from pathlib import Path

import pytest

from react_repl.bench import Evidence, load_suite

SUITE = Path(__file__).parents[2] / "benchmarks" / "tasks" / "offline.toml"


def evidence(tmp_path: Path, output: str = "", outbox: tuple[str, ...] = ()) -> Evidence:
    return Evidence(output=output, workspace=tmp_path, outbox=outbox)


def test_the_shipped_offline_suite_loads() -> None:
    tasks = load_suite(SUITE)
    assert [t.id for t in tasks] == [
        "current-date", "days-between", "fahrenheit", "file-round-trip", "weekday-slack",
    ]  # fmt: skip


def test_today_placeholder_is_expanded(tmp_path: Path) -> None:
    task = load_suite(SUITE)[0]
    assert task.failed_checks(evidence(tmp_path, f"Today is {date.today().isoformat()}")) == []
    assert task.failed_checks(evidence(tmp_path, "Today is 1999-01-01")) != []


def test_regex_check(tmp_path: Path) -> None:
    task = {t.id: t for t in load_suite(SUITE)}["fahrenheit"]
    assert task.failed_checks(evidence(tmp_path, "37.77777777777778")) == []
    assert task.failed_checks(evidence(tmp_path, "212")) == [
        "output_matches: no match for /37[.,][78]/"
    ]


def test_file_and_output_checks_both_apply(tmp_path: Path) -> None:
    task = {t.id: t for t in load_suite(SUITE)}["file-round-trip"]
    assert len(task.failed_checks(evidence(tmp_path, "hello agent"))) == 1
    (tmp_path / "greeting.txt").write_text("hello agent")
    assert task.failed_checks(evidence(tmp_path, "hello agent")) == []


def test_outbox_check(tmp_path: Path) -> None:
    task = {t.id: t for t in load_suite(SUITE)}["weekday-slack"]
    assert task.failed_checks(evidence(tmp_path, outbox=("It is Thursday",))) == []
    assert task.failed_checks(evidence(tmp_path, output="Thursday")) != []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "no [[task]] entries"),
        ('[[task]]\nid = "a"\n', "lacks ['task']"),
        ('[[task]]\nid = "a"\ntask = "x"\n', "needs checks"),
        ('[[task]]\nid = "a"\ntask = "x"\ncheck.smell = "y"\n', "needs checks"),
        ('[[task]]\nid = "a"\ntask = "x"\ncheck.output_contains = "y"\n' * 2, "unique"),
        ("not toml [", "cannot read task suite"),
    ],
)
def test_bad_suites_are_rejected_clearly(tmp_path: Path, content: str, message: str) -> None:
    suite = tmp_path / "suite.toml"
    suite.write_text(content)
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_suite(suite)
