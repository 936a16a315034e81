"""Every test talks to a real ScriptedServer on 127.0.0.1 through the real openai client."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from react_repl.llm import ChatModel, ModelSettings, ScriptedServer

ModelFactory = Callable[..., ChatModel]


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as running:
        yield running


@pytest.fixture
def model_for() -> ModelFactory:
    """A ChatModel for a server, with back-off short enough to keep retry tests fast."""

    def make(server: ScriptedServer, **overrides: Any) -> ChatModel:
        options: dict[str, Any] = {
            "model": "scripted",
            "base_url": server.base_url,
            "retry_base_delay": 0.01,
            **overrides,
        }
        return ChatModel(ModelSettings(**options))

    return make
