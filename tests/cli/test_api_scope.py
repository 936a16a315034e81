"""Which APIs a run has in scope (`--only-apis`, `--no-builtin-apis`, `--api-set`), through the
real CLI: what method_search finds and what an action can call."""

from __future__ import annotations

import sys
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


def _run(
    workdir: Path, *args: str, script: list[str] = SEARCH_THEN_CALL, env: dict | None = None
) -> tuple[str, str]:
    config = workdir / "react-repl.toml"
    if not config.exists():
        config.write_text("[agent]\ntechniques = ['-decompose']\n")
    with ScriptedServer() as server:
        server.enqueue(*script)
        process = react_repl(workdir, server, "Anything.", "--max-steps", "3", *args, env=env)
        _, err = process.communicate(timeout=180)
    assert process.returncode == 0, err
    log = next((workdir / "logs").rglob("*.md")).read_text()
    observations = [part.split("\n## ")[0] for part in log.split("### Observation")[1:]]
    return observations[0], observations[1]


def _refused(workdir: Path, *args: str, env: dict | None = None) -> str:
    """The run's one-line error; the model was never asked anything."""
    with ScriptedServer() as server:
        server.enqueue(*SEARCH_THEN_CALL)
        process = react_repl(workdir, server, "Anything.", *args, env=env)
        out, err = process.communicate(timeout=180)
        asked = server.requests
    assert process.returncode == 1, out + err
    assert asked == [] and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


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
        '[agent]\ntechniques = ["-decompose"]\n\n[api_sets]\nweather = ["myapis"]\n'
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


SHOP_MODULE = '''
def get_basket_total(basket_id: str) -> float:
    """Return the total price of a shopping basket in euros.

    Args:
        basket_id: The basket's id.
    """
    return 42.0
'''


def test_apis_takes_a_module_name(workdir: Path) -> None:
    (workdir / "pkgmods").mkdir()
    (workdir / "pkgmods" / "shopmod.py").write_text(SHOP_MODULE)
    script = [
        reply("Look.", 'method_search("total price of a shopping basket")'),
        reply("Call it.", 'print(get_basket_total("b1"))'),
        reply("Done.", "stop(1)"),
    ]
    found, called = _run(workdir, "--apis", "shopmod", "--only-apis", script=script,
                         env={"PYTHONPATH": str(workdir / "pkgmods")})  # fmt: skip
    assert "get_basket_total(basket_id: str) -> float" in found
    assert "42.0" in called


def test_apis_takes_an_mcp_source_whose_tools_the_action_calls(workdir: Path) -> None:
    source = f"mcp:time={sys.executable} -m mcp_server_time"
    script = [
        reply("Look.", 'method_search("current time in a time zone")'),
        reply("Call it.", 'now = get_current_time("Asia/Tokyo")\nprint(now["timezone"])'),
        reply("Done.", 'stop(now["timezone"])'),
    ]
    found, called = _run(workdir, "--apis", source, "--only-apis", script=script)
    assert "get_current_time(timezone: str)" in found
    assert "NameError" not in called  # found by method_search, and callable too
    assert called.split("```")[1].strip() == "Asia/Tokyo"
    log = next((workdir / "logs").rglob("*.md")).read_text()
    assert source in log  # api_sources records it as given


@pytest.mark.parametrize(
    ("entries", "flags", "scope"),
    [
        ('["myapis", "@builtin"]', ["--no-builtin-apis"], "set both, 2 own source(s)"),
        ('["myapis", "@builtin", "@shared"]', ["--only-apis"], "set both, 2 own source(s)"),
        ('["myapis"]', ["--builtin-apis"], "set both, built-in, 2 own source(s)"),
    ],
)
def test_a_flag_given_for_the_run_wins_over_the_api_set(
    workdir: Path, entries: str, flags: list[str], scope: str
) -> None:
    (workdir / "react-repl.toml").write_text(
        f"[agent]\ntechniques = ['-decompose']\n\n[api_sets]\nboth = {entries}\n"
    )
    found, called = _run(workdir, "--api-set", "both", *flags)
    wants_builtin = "--builtin-apis" in flags
    assert "get_city_temperature(" in found
    assert ("get_current_date(" in found) is wants_builtin
    assert ("NameError" in called) is not wants_builtin
    log = next((workdir / "logs").rglob("*.md")).read_text()
    assert f"| api_scope | {scope} |" in log  # 2 own: the set's and --apis


@pytest.mark.parametrize(
    ("files", "source", "message"),
    [
        ({"bad.py": "def f(:\n    pass\n"}, "{w}/broken/bad.py",
         "Error: --apis: {w}/broken/bad.py:1: syntax error: invalid syntax"),
        ({"boom.py": "raise RuntimeError('boom at import')\n"}, "{w}/broken",
         "Error: --apis: {w}/broken/boom.py:1: import failed: RuntimeError: boom at import"),
        ({}, "{w}/nowhere", "Error: --apis: {w}/nowhere: no such file, folder or module"),
        ({}, "no_such_api_module", "Error: --apis: no_such_api_module: no module named"),
        ({}, "mcp:", "Error: --apis: 'mcp:': expected mcp:[NAME=]COMMAND"),
        ({}, "mcp:ghost=no-such-mcp-server-7f3a",
         "Error: --apis: MCP server 'ghost': cannot list its tools"),
    ],
)  # fmt: skip
def test_an_apis_source_that_cannot_load_stops_the_run(
    workdir: Path, files: dict[str, str], source: str, message: str
) -> None:
    (workdir / "broken").mkdir()
    for name, text in files.items():
        (workdir / "broken" / name).write_text(text)
    error = _refused(workdir, "--apis", source.format(w=workdir))
    assert error.startswith(message.format(w=workdir))


def test_a_typo_in_an_api_set_stops_the_run(workdir: Path) -> None:
    (workdir / "react-repl.toml").write_text('[api_sets]\nshop = ["myapis", "apis/shpo"]\n')
    error = _refused(workdir, "--api-set", "shop")
    assert error == f"Error: [api_sets] shop: {workdir}/apis/shpo: no such file, folder or module"


def test_a_configured_mcp_server_that_cannot_start_stops_the_run(workdir: Path) -> None:
    (workdir / "react-repl.toml").write_text(
        '[mcp.servers.ghost]\ncommand = "no-such-mcp-server-7f3a"\n'
    )
    error = _refused(workdir)
    assert error.startswith("Error: [mcp.servers.ghost]: MCP server 'ghost': cannot list its tools")


def test_a_run_with_no_apis_in_scope_says_so_and_runs(workdir: Path) -> None:
    (workdir / "react-repl.toml").write_text("[agent]\ntechniques = ['-decompose']\n")
    (workdir / "myapis" / "weather_station.py").unlink()  # --apis names an empty folder
    with ScriptedServer() as server:
        server.enqueue(*SEARCH_THEN_CALL)
        process = react_repl(workdir, server, "Anything.", "--max-steps", "3", "--only-apis")
        _, err = process.communicate(timeout=180)
    assert process.returncode == 0, err
    assert "warning: no APIs are in scope for this run" in err
    empty = workdir / "myapis"
    assert f"warning: --apis: {empty} holds no Python module (*.py), so it adds no API" in err
    log = next((workdir / "logs").rglob("*.md")).read_text()
    assert "No APIs are in scope for this run" in log
    assert "No APIs are indexed" not in log
