"""`react-repl apis list/show/add`, run through the real click entry point."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from react_repl.cli import main
from react_repl.index import MethodIndex

FIXTURES = Path(__file__).parents[1] / "registry" / "fixtures"


@pytest.fixture
def index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An isolated project: no built-in apis/, its own index folder."""
    monkeypatch.setenv("REACT_REPL_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("REACT_REPL_BUILTIN_APIS", "")
    monkeypatch.setenv("REACT_REPL_INDEX", str(tmp_path / "index"))
    monkeypatch.setenv("COLUMNS", "200")
    return tmp_path / "index"


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, ["apis", *args], catch_exceptions=False)


def test_list_json_has_every_field_and_problems_go_to_stderr(index: Path) -> None:
    result = _run("list", "--apis", str(FIXTURES / "undocumented.py"), "--json")
    assert result.exit_code == 0
    [item] = json.loads(result.stdout)
    assert item["name"] == "documented"
    assert item["signature"] == "documented(value: int) -> str"
    assert item["summary"] == "Render a number as JSON."
    assert item["params"] == [
        {"name": "value", "annotation": "int", "default": None, "description": ""}
    ]
    assert item["source_file"] == str(FIXTURES / "undocumented.py")
    assert {"module", "line", "returns", "raises", "tags", "module_hash"} <= set(item)
    assert f"{FIXTURES / 'undocumented.py'}:11: public function 'undocumented'" in result.stderr


def test_list_table_shows_names_and_summaries(index: Path) -> None:
    result = _run("list", "--apis", str(FIXTURES / "rest_style.py"))
    assert result.exit_code == 0
    assert "1 APIs" in result.stdout
    assert "shout(text: str, times: int = 1) -> str" in result.stdout
    assert "Turn text into upper case and repeat it." in result.stdout
    assert "rest_style.py" in result.stdout
    assert result.stderr == ""


def test_show_prints_sections_and_location(index: Path) -> None:
    result = _run("show", "get_weather", "--apis", str(FIXTURES / "google_style.py"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "get_weather(city: str, days: int = 1, units: str | None = None) -> dict[str, Any]"
    )
    assert lines[1] == "Fetch the weather forecast for a city."
    assert "  days: int = 1  How many days to forecast." in lines
    assert "  ValueError: If days is smaller than 1." in lines
    assert any(line.startswith(f"{FIXTURES / 'google_style.py'}:8  (") for line in lines)


def test_show_unknown_name_suggests_and_explains(index: Path) -> None:
    result = _run("show", "undocumentd", "--apis", str(FIXTURES / "undocumented.py"))
    assert result.exit_code == 1
    assert "no API named 'undocumentd'; did you mean documented?" in result.stderr
    skipped = _run("show", "undocumented", "--apis", str(FIXTURES / "undocumented.py"))
    assert skipped.exit_code == 1
    assert "'undocumented' has no docstring" in skipped.stderr


def test_add_refuses_a_source_without_any_api(index: Path, tmp_path: Path) -> None:
    module = tmp_path / "nothing.py"
    module.write_text("def helper(x):\n    return x\n")
    result = _run("add", str(module))
    assert result.exit_code == 1
    assert f"{module}:1: public function 'helper' has no docstring" in result.stderr
    assert f"{module} defines no API; nothing was recorded" in result.stderr
    assert not (index / "sources.json").exists()


def test_add_keeps_a_corrupt_sources_file_untouched(index: Path) -> None:
    index.mkdir()
    (index / "sources.json").write_text("{oops")
    result = _run("add", str(FIXTURES / "rest_style.py"))
    assert result.exit_code == 1
    assert "sources.json: not valid JSON" in result.stderr
    assert (index / "sources.json").read_text() == "{oops"


def test_add_records_the_absolute_path_and_list_then_includes_it(
    index: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(FIXTURES / "missing_params.py", tmp_path / "money.py")
    monkeypatch.chdir(tmp_path)
    result = _run("add", "money.py", "--index", str(index))
    assert result.exit_code == 0, result.output
    assert "Registered 1 API(s) from" in result.stdout
    assert "'convert' documents parameter 'rate'" in result.stderr
    sources = json.loads((index / "sources.json").read_text())["sources"]
    assert sources == [str(tmp_path / "money.py")]
    listed = json.loads(_run("list", "--json").stdout)
    assert [item["name"] for item in listed] == ["convert"]


def test_add_updates_the_search_index_incrementally(index: Path, tmp_path: Path) -> None:
    first = _run("add", str(FIXTURES / "missing_params.py"))
    assert "updated: 1 embedded, 0 reused, 0 removed" in first.stdout
    second = _run("add", str(FIXTURES / "rest_style.py"))
    assert "updated: 1 embedded, 1 reused, 0 removed" in second.stdout
    hits = MethodIndex.open(index).search("change an amount of money into another currency", k=2)
    assert [hit.name for hit in hits] == ["convert", "shout"]

    again = _run("add", str(FIXTURES / "rest_style.py"))
    assert again.exit_code == 0
    assert "is already registered; refreshing the index." in again.stdout
    assert "updated: 0 embedded, 2 reused, 0 removed" in again.stdout


def test_add_refuses_a_source_whose_every_api_name_is_taken(index: Path, tmp_path: Path) -> None:
    _run("add", str(FIXTURES / "rest_style.py"))
    copy = tmp_path / "shout_again.py"
    shutil.copy(FIXTURES / "rest_style.py", copy)
    result = _run("add", str(copy))
    assert result.exit_code == 1
    assert f"every API in {copy} already exists under the same name elsewhere" in result.stderr
    sources = json.loads((index / "sources.json").read_text())["sources"]
    assert sources == [str(FIXTURES / "rest_style.py")]


def test_remove_forgets_a_deleted_source_and_drops_it_from_the_index(
    index: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _run("add", str(FIXTURES / "rest_style.py"))
    module = tmp_path / "money.py"
    shutil.copy(FIXTURES / "missing_params.py", module)
    _run("add", str(module))
    module.unlink()
    monkeypatch.chdir(tmp_path)
    result = _run("remove", "money.py")
    assert result.exit_code == 0, result.output
    assert f"Removed {module}." in result.stdout
    assert "updated: 0 embedded, 1 reused, 1 removed" in result.stdout
    assert json.loads((index / "sources.json").read_text()) == {
        "sources": [str(FIXTURES / "rest_style.py")]
    }
    unknown = _run("remove", "money.py")
    assert unknown.exit_code == 1
    assert f"money.py is not registered in {index}" in unknown.stderr


def test_add_refuses_an_empty_source_instead_of_importing_the_current_folder(
    index: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`apis add "$UNSET"` once read "" as the current folder and ran every script in it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cleanup_script.py").write_text(
        "from pathlib import Path\nPath('ran.marker').write_text('x')\n"
    )
    result = _run("add", "")
    assert result.exit_code == 2 and "is empty" in result.output
    assert not (tmp_path / "ran.marker").exists()


def test_a_module_that_prints_when_imported_leaves_stdout_to_the_command(
    index: Path, tmp_path: Path
) -> None:
    """Its print went to stdout, before `apis list --json`'s JSON, which then did not parse."""
    module = tmp_path / "chatty.py"
    module.write_text(
        'print("loading chatty")\n\n'
        'def greet(name: str) -> str:\n    """Say hello to someone."""\n    return name\n'
    )
    for source in (str(module), str(tmp_path)):  # a file, and a folder of modules
        result = _run("list", "--apis", source, "--json")
        assert result.exit_code == 0, result.output
        assert [item["name"] for item in json.loads(result.stdout)] == ["greet"]
        assert "loading chatty" in result.stderr or source == str(tmp_path)


def test_list_table_prints_brackets_as_written(index: Path, tmp_path: Path) -> None:
    """A summary or a file name with `[red]` in it is text, not rich markup to swallow."""
    module = tmp_path / "tags[red]x.py"
    module.write_text(
        'def tagged(text: str) -> str:\n    """Wrap text in [bold] tags like [b]this[/b]."""\n'
        "    return text\n"
    )
    result = _run("list", "--apis", str(module))
    assert result.exit_code == 0, result.output
    assert "Wrap text in [bold] tags like [b]this[/b]." in result.stdout
    assert "tags[red]x.py" in result.stdout
