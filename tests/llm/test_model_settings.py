"""Configuration: where the file is found and which source wins for each value."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from react_repl.config import (
    Config,
    ConfigError,
    find_config_file,
    model_settings,
    uses_local_model,
)
from react_repl.llm import ModelSettings

FILE = {
    "model": {
        "model": "from-file",
        "base_url": "http://file/v1",
        "api_key": "file-key",
        "timeout": 30,
        "max_tokens": 256,
    }
}


def resolve(
    flags: dict[str, Any] | None = None,
    config: dict[str, Any] | None = None,
    env: dict[str, str] | None = None,
) -> ModelSettings:
    return model_settings(Config.from_mapping(config or {}), flags or {}, env or {})[0]


def load_config_file(start: Path) -> dict[str, Any]:
    return Config.load(start=start).as_data()


def test_flags_beat_environment_beat_file() -> None:
    env = {"OPENAI_BASE_URL": "http://env/v1", "REACT_REPL_MODEL": "from-env"}
    flags = {"model": "from-flag", "base_url": None, "temperature": 0.7}
    settings = resolve(flags, FILE, env)
    assert settings.model == "from-flag"
    assert settings.base_url == "http://env/v1"
    assert settings.api_key == "file-key"
    assert (settings.timeout, settings.max_tokens, settings.temperature) == (30.0, 256, 0.7)
    assert settings.max_retries == 4


def test_react_repl_model_beats_openai_model() -> None:
    env = {"OPENAI_MODEL": "generic", "REACT_REPL_MODEL": "ours"}
    assert resolve(env=env).model == "ours"
    assert resolve(env={"OPENAI_MODEL": "generic"}).model == "generic"


def test_nothing_configured_means_the_local_model() -> None:
    settings = resolve()
    assert uses_local_model(settings)
    assert settings.model == ""


def test_a_key_alone_means_openai_with_a_default_model() -> None:
    settings = resolve(env={"OPENAI_API_KEY": "sk-test"})
    assert not uses_local_model(settings)
    assert settings.model == "gpt-4o-mini"


def test_a_url_alone_uses_the_servers_model() -> None:
    settings = resolve(flags={"base_url": "http://localhost:11434/v1"})
    assert not uses_local_model(settings)
    assert settings.model == ""


@pytest.mark.parametrize(
    ("table", "needle"),
    [
        ({"max_tokens": "many"}, "[model] max_tokens: input should be a valid integer"),
        ({"timeout": -1}, "[model] timeout: input should be greater than 0"),
        ({"temperature": True}, "[model] temperature: input should be a valid number"),
        ({"modle": "typo"}, "unknown key `modle` in [model] (did you mean `model`?)"),
    ],
)
def test_bad_model_table_names_the_key(table: dict, needle: str) -> None:
    with pytest.raises(ConfigError) as caught:
        resolve(config={"model": table})
    assert needle in str(caught.value)


def test_model_must_be_a_table() -> None:
    with pytest.raises(ConfigError, match="must be a table"):
        resolve(config={"model": "gpt-4o"})


def test_own_file_is_found_from_a_subfolder(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "react-repl.toml").write_text('[model]\nmodel = "m"\n[sandbox]\nmemory_mb = 512\n')
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert load_config_file(deep) == {"model": {"model": "m"}, "sandbox": {"memory_mb": 512}}
    assert find_config_file(deep) == tmp_path / "react-repl.toml"


def test_pyproject_tool_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.react-repl.model]\nmodel = "qwen"\n')
    assert load_config_file(tmp_path) == {"model": {"model": "qwen"}}


def test_own_file_beats_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.react-repl.model]\nmodel = "py"\n')
    (tmp_path / "react-repl.toml").write_text('[model]\nmodel = "own"\n')
    assert load_config_file(tmp_path)["model"]["model"] == "own"


def test_pyproject_without_our_table_is_passed_over(tmp_path: Path) -> None:
    (tmp_path / "react-repl.toml").write_text('[model]\nmodel = "outer"\n')
    inner = tmp_path / "pkg"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "pkg"\n')
    assert load_config_file(inner)["model"]["model"] == "outer"


def test_search_stops_at_the_repository_root(tmp_path: Path) -> None:
    (tmp_path / "react-repl.toml").write_text('[model]\nmodel = "stranger"\n')
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert load_config_file(repo) == {}
    assert find_config_file(repo) is None


def test_malformed_file_names_the_path(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    broken = tmp_path / "react-repl.toml"
    broken.write_text("[model\nmodel = 'x'\n")
    with pytest.raises(ConfigError) as caught:
        load_config_file(tmp_path)
    assert str(broken) in str(caught.value)
    assert "line 1" in str(caught.value)


def test_streaming_and_hang_limits_come_from_the_file() -> None:
    table = {"stream": False, "first_token_timeout": 120, "idle_timeout": 30.5, "hang_retries": 0}
    settings = resolve(config={"model": table})
    assert settings.stream is False
    assert (settings.first_token_timeout, settings.idle_timeout) == (120.0, 30.5)
    assert settings.hang_retries == 0
    with pytest.raises(ConfigError, match=r"\[model\] stream: input should be a valid boolean"):
        resolve(config={"model": {"stream": 1}})
    with pytest.raises(ConfigError, match="idle_timeout: input should be greater than 0"):
        resolve(config={"model": {"idle_timeout": 0}})
