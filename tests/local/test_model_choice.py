"""Local model names win over a stray key, and a running server's own name is a valid choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from react_repl.compose import choose_model, start_model
from react_repl.local import ModelNotFoundError, ensure_server, list_servers, stop_server


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_BASE_URL", "OPENAI_MODEL", "REACT_REPL_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-the-environment")


def test_a_known_local_model_is_local_even_with_a_key() -> None:
    choice = choose_model({}, {"model": "qwen2.5-coder-0.5b"})

    assert choice.local == "qwen2.5-coder-0.5b"


def test_a_gguf_file_is_served_locally_and_leased(
    fake_gguf: Path, fake_runtime: Path, isolated_cache: Path
) -> None:
    choice = choose_model({}, {"model": str(fake_gguf)})
    try:
        settings, server = start_model(choice)

        assert server is not None
        assert settings.base_url == server.base_url and settings.model == "tiny"
        assert [len(info.users) for info in list_servers()] == [1]
    finally:
        stop_server(force=True)


def test_the_name_of_a_running_local_server_is_accepted(
    fake_gguf: Path, fake_runtime: Path, isolated_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(ModelNotFoundError, match="'tiny' is not a local model"):
        choose_model({}, {"model": "tiny"})
    ensure_server(fake_gguf, keep=True).release()
    try:
        assert choose_model({}, {"model": "tiny"}).local == fake_gguf.resolve()
    finally:
        stop_server()
