"""Which APIs a run has in scope (`--only-apis`, `--no-builtin-apis`, `--api-set`), through the
real CLI: what method_search finds and what an action can call."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_run import WEATHER_MODULE, react_repl, reply

from react_repl.llm import ScriptedServer


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "myapis").mkdir()
    (tmp_path / "myapis" / "weather_station.py").write_text(WEATHER_MODULE)
    return tmp_path


SEARCH_THEN_CALL = [
    reply("Look.", 'method_search("today\'s date and temperature of a city", k=10)'),
    reply("Call a built-in.", "print(get_current_date())"),
    reply("Done.", "stop(1)"),
]


def _run(workdir: Path, *args: str) -> tuple[str, str]:
    config = workdir / "react-repl.toml"
    if not config.exists():
        config.write_text("[agent]\ndecompose_first_step = false\n")
    with ScriptedServer() as server:
        server.enqueue(*SEARCH_THEN_CALL)
        process = react_repl(workdir, server, "Anything.", "--max-steps", "3", *args)
        _, err = process.communicate(timeout=180)
    assert process.returncode == 0, err
    log = next((workdir / "logs").rglob("*.md")).read_text()
    observations = [part.split("\n## ")[0] for part in log.split("### Observation")[1:]]
    return observations[0], observations[1]


def test_by_default_the_built_in_apis_are_in_scope(workdir: Path) -> None:
    found, called = _run(workdir)
    assert "get_city_temperature(" in found and "get_current_date(" in found
    assert "NameError" not in called


def test_only_apis_leaves_out_everything_but_the_runs_own(workdir: Path) -> None:
    found, called = _run(workdir, "--only-apis")
    assert "get_city_temperature(" in found and "get_current_date(" not in found
    assert "NameError: name 'get_current_date' is not defined" in called


def test_no_builtin_apis(workdir: Path) -> None:
    found, called = _run(workdir, "--no-builtin-apis")
    assert "get_current_date(" not in found and "NameError" in called


def test_a_named_api_set_from_the_config_file(workdir: Path) -> None:
    (workdir / "react-repl.toml").write_text(
        '[agent]\ndecompose_first_step = false\n\n[api_sets]\nweather = ["myapis"]\n'
    )
    found, _ = _run(workdir, "--api-set", "weather")
    assert "get_city_temperature(" in found and "get_current_date(" not in found
    log = next((workdir / "logs").rglob("*.md")).read_text()
    assert "| api_scope | set weather, 2 own source(s) |" in log  # the set's and --apis


def test_an_unknown_api_set_is_a_clear_error(workdir: Path) -> None:
    with ScriptedServer() as server:
        process = react_repl(workdir, server, "Anything.", "--api-set", "nope")
        _, err = process.communicate(timeout=180)
    assert process.returncode == 1
    assert "unknown API set 'nope'" in err and "Traceback" not in err
