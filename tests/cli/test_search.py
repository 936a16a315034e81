"""`react-repl search`, run as a real subprocess against a real index."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_process import react_repl

APIS = '''
def get_weather_forecast(city: str, days: int = 1) -> dict:
    """Get the weather forecast for a city.

    Args:
        city: Name of the city.
        days: How many days ahead.
    """


def send_email(to: str, subject: str, body: str) -> None:
    """Send an email message to a recipient."""


def count_words(text: str) -> int:
    """Count how many words a piece of text contains."""
'''


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with three built-in APIs, indexed once for every test here."""
    root = tmp_path_factory.mktemp("project")
    (root / "apis").mkdir()
    (root / "apis" / "assistant.py").write_text(APIS)
    built = react_repl("index", "build", home=root)
    assert built.returncode == 0, built.stderr
    return root


def test_json_lists_hits_best_first_with_the_contract_fields(home: Path) -> None:
    result = react_repl("search", "will it rain tomorrow", "--json", "--k", "2", home=home)
    assert result.returncode == 0, result.stderr
    hits = json.loads(result.stdout)
    assert len(hits) == 2
    assert {"name", "signature", "summary", "score"} <= hits[0].keys()
    assert hits[0]["name"] == "get_weather_forecast"
    assert hits[0]["signature"] == "get_weather_forecast(city: str, days: int = 1) -> dict"
    assert hits[0]["score"] >= hits[1]["score"]


def test_text_output_is_what_method_search_prints(home: Path) -> None:
    result = react_repl("search", "mail someone", "--k", "1", home=home)
    assert result.stdout == (
        "`send_email(to: str, subject: str, body: str) -> None`: "
        "Send an email message to a recipient.\n"
    )


def test_stdin_mode_answers_each_line_in_order(home: Path) -> None:
    queries = "how many words are in this\n\nweather in Oslo\nwrite to my boss\n"
    result = react_repl("search", "-", "--json", "--k", "1", home=home, stdin=queries)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [[hit["name"] for hit in hits] for hits in lines] == [
        ["count_words"],
        [],
        ["get_weather_forecast"],
        ["send_email"],
    ]


def test_a_missing_index_is_built_on_first_use(tmp_path: Path) -> None:
    (tmp_path / "apis").mkdir()
    (tmp_path / "apis" / "assistant.py").write_text(APIS)
    index = tmp_path / "fresh"
    result = react_repl("search", "mail someone", "--k", "1", "--index", str(index), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"Building the search index at {index} (first use)" in result.stderr
    assert result.stdout.startswith("`send_email(")
    again = react_repl("search", "mail someone", "--k", "1", "--index", str(index), home=tmp_path)
    assert again.stderr == "" and again.stdout == result.stdout


def test_search_never_imports_torch(home: Path) -> None:
    probe = (
        "import sys\n"
        "from react_repl.cli import main\n"
        "try:\n"
        "    main(['search', 'weather', '--k', '1'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "assert 'torch' not in sys.modules and 'sentence_transformers' not in sys.modules\n"
    )
    env = os.environ | {"REACT_REPL_HOME": str(home), "HF_HUB_OFFLINE": "1",
                        "REACT_REPL_BUILTIN_APIS": str(home / "apis")}  # fmt: skip
    env.pop("REACT_REPL_INDEX", None)
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "get_weather_forecast" in result.stdout


def test_a_configured_sentence_transformers_model_builds_and_searches(tmp_path: Path) -> None:
    """Another model (here the MiniLM folder itself, loaded through sentence-transformers) is
    recorded in the index, and searching with the default model afterwards asks for a rebuild."""
    from react_repl.index._minilm_weights import find_weights

    (tmp_path / "apis").mkdir()
    (tmp_path / "apis" / "assistant.py").write_text(APIS)
    configured = {"REACT_REPL_EMBEDDING_MODEL": str(find_weights())}
    built = react_repl("index", "build", home=tmp_path, env=configured)
    assert built.returncode == 0, built.stderr
    manifest = json.loads((tmp_path / "index" / "manifest.json").read_text())
    assert manifest["model"] == str(find_weights())
    found = react_repl(
        "search", "what will the weather be", "--k", "1", home=tmp_path, env=configured
    )
    assert found.returncode == 0, found.stderr
    assert found.stdout.startswith("`get_weather_forecast(")
    default = react_repl("search", "weather", home=tmp_path)
    assert default.returncode == 2 and "react-repl index build" in default.stderr


def test_an_unloadable_configured_model_is_a_clear_error(home: Path) -> None:
    broken = {"REACT_REPL_EMBEDDING_MODEL": str(home / "no-such-model")}
    result = react_repl("search", "weather", home=home, env=broken)
    assert result.returncode == 2
    assert "cannot load embedding model" in result.stderr and "Traceback" not in result.stderr
