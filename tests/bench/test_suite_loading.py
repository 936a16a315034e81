"""Suites load from folders; every mistake in one is reported at load time, precisely."""

from pathlib import Path

import pytest

from react_repl.bench import SuiteError, load_suite

SUITES = Path(__file__).resolve().parents[2] / "benchmarks" / "suites"


def test_the_shipped_suites_load() -> None:
    seed = load_suite(SUITES / "seed_a_f")
    assert [task.id for task in seed.tasks] == ["A", "B", "C", "D", "E", "F"]
    assert seed.services == ("weather", "geocoding", "location", "apod", "stocks")
    assert not seed.network and seed.builtin_apis
    assert all(task.state for task in seed.tasks[1:])
    offline = load_suite(SUITES / "offline" / "suite.toml")
    assert [task.id for task in offline.tasks] == [
        "current-date", "days-between", "fahrenheit", "file-round-trip", "weekday-slack",
        "ask-which-city",
    ]  # fmt: skip
    assert offline.tasks[-1].user_answers == ("Lisbon",)
    assert offline.tasks[0].user_answers is None
    assert offline.tasks[0].fixtures == (SUITES / "offline" / "fixtures",)


def make_suite(folder: Path, toml: str, checks: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "suite.toml").write_text(toml)
    if checks is not None:
        (folder / "checks.py").write_text(checks)
    return folder


def test_a_full_task_entry(tmp_path: Path) -> None:
    (tmp_path / "fixtures" / "orders").mkdir(parents=True)
    make_suite(
        tmp_path,
        """
[suite]
name = "shop"
max_steps = 9
builtin_apis = false
may_change = ["outbox.db"]

[[task]]
id = "t1"
task = "Refund order {today}"
fixtures = "fixtures/orders"
answer = [1, "two"]
abs_tol = 0.5
unordered = true
answer_regex = "x"
state = ["ok", { check = "posted", channel = "#a" }]
may_change = ["db:shop.db:refunds"]

[[task]]
id = "t2"
task = "x"
max_steps = 3
answer = 0
""",
        "def ok(world):\n    pass\n\n"
        "def posted(world, channel):\n    pass\n\n"
        "def _helper():\n    pass\n",
    )
    suite = load_suite(tmp_path)
    first, second = suite.tasks
    assert suite.name == "shop" and not suite.builtin_apis
    assert first.max_steps == 9 and second.max_steps == 3
    assert first.fixtures == (tmp_path / "fixtures" / "orders",)
    assert first.answer == [1, "two"] and first.abs_tol == 0.5 and first.unordered
    assert [ref.label() for ref in first.state] == ["ok", "posted(channel='#a')"]
    assert first.may_change == ("outbox.db", "db:shop.db:refunds")
    assert second.has_answer and second.answer == 0  # a falsy answer is still an answer
    assert second.fixtures == (tmp_path / "fixtures",)  # the suite's fixtures/ by default


T = "[[task]]\nid = 'a'\ntask = 'x'\n"


@pytest.mark.parametrize(
    ("toml", "checks", "message"),
    [
        ("", None, "no [[task]] entries"),
        ("[[task]]\nid = 'a'\n", None, "'task' must be a non-empty string"),
        (T + "", None, "needs at least one check"),
        (T + "check.output_contains = 'y'\n", None, "old check.* format"),
        (T + "answer = 1\nanwser_regex = 'y'\n", None, "unknown key"),
        ((T + "answer = 1\n") * 2, None, "repeated: ['a']"),
        (T + "state = ['nope']\n", "def ok(world):\n    pass\n",
         "state check 'nope' is not in checks.py (found: ok)"),
        (T + "state = ['ok']\n", None, "no checks.py"),
        (T + "answer = '{today+2y}'\n", None, "cannot read the placeholder"),
        (T + "answer = 1\nmax_steps = 0\n", None, "at least 1"),
        (T + "answer = 1\nfixtures = '../..'\n", None, "not a folder inside"),
        ("[suite]\nservices = ['email']\n" + T + "answer = 1\n", None,
         "unknown ['email']"),
        ("[suite]\nnetwork = 'no'\n" + T + "answer = 1\n", None,
         "network must be bool"),
        ("not toml [", None, "cannot read"),
        (T + "state = ['ok']\n", "import nowhere_to_be_found\n",
         "failed to import: ModuleNotFoundError"),
    ],
)  # fmt: skip
def test_bad_suites_are_rejected_clearly(
    tmp_path: Path, toml: str, checks: str | None, message: str
) -> None:
    make_suite(tmp_path, toml, checks)
    with pytest.raises((SuiteError, ValueError)) as raised:
        load_suite(tmp_path)
    assert message in str(raised.value)
    assert str(tmp_path) in str(raised.value)


def test_a_folder_without_suite_toml(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r"has no suite\.toml"):
        load_suite(tmp_path)


def test_the_digest_changes_with_any_file_of_the_suite(tmp_path: Path) -> None:
    make_suite(tmp_path, T + "answer = 1\n")
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "data.json").write_text("[1]")
    before = load_suite(tmp_path).digest()
    (tmp_path / "fixtures" / "data.json").write_text("[2]")
    assert load_suite(tmp_path).digest() != before
