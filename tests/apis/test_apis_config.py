"""Credentials and endpoints come from the environment or the project's config file."""

from pathlib import Path

import pytest
from _config import setting


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("NASA_API_KEY", raising=False)
    (tmp_path / ".git").mkdir()
    nested = tmp_path / "src" / "deep"
    nested.mkdir(parents=True)
    monkeypatch.chdir(nested)
    return tmp_path


def test_default_when_nothing_is_configured(project: Path) -> None:
    assert setting("NASA_API_KEY", "DEMO_KEY") == "DEMO_KEY"
    assert setting("NASA_API_KEY") is None


def test_react_repl_toml_found_upward(project: Path) -> None:
    (project / "react-repl.toml").write_text('[model]\nmodel = "x"\n[apis]\nNASA_API_KEY = "abc"\n')
    assert setting("NASA_API_KEY", "DEMO_KEY") == "abc"


def test_environment_overrides_the_file(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "react-repl.toml").write_text('[apis]\nNASA_API_KEY = "from-file"\n')
    monkeypatch.setenv("NASA_API_KEY", "from-env")
    assert setting("NASA_API_KEY") == "from-env"


def test_pyproject_tool_table(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.react-repl.apis]\nNASA_API_KEY = "py"\n')
    assert setting("NASA_API_KEY") == "py"


def test_search_stops_at_the_repository_root(project: Path) -> None:
    (project.parent / "react-repl.toml").write_text('[apis]\nNASA_API_KEY = "stranger"\n')
    try:
        assert setting("NASA_API_KEY") is None
    finally:
        (project.parent / "react-repl.toml").unlink()


def test_malformed_file_is_named(project: Path) -> None:
    (project / "react-repl.toml").write_text("[apis\n")
    with pytest.raises(ValueError, match=r"react-repl\.toml is not valid TOML"):
        setting("NASA_API_KEY")
