from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from react_repl.agent import Agent, AgentOptions
from react_repl.index import MethodIndex, method_search_function
from react_repl.llm import ChatModel, ModelSettings, ScriptedServer
from react_repl.registry import ApiRegistry


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as scripted:
        yield scripted


def model_for(server: ScriptedServer, **overrides: object) -> ChatModel:
    values: dict[str, object] = {
        "model": "scripted",
        "base_url": server.base_url,
        "api_key": "test-key",
        "retry_base_delay": 0.01,
        "retry_max_delay": 0.05,
        "timeout": 5.0,
        "context_window": 8192,
    }
    values.update(overrides)
    return ChatModel(ModelSettings(**values))  # type: ignore[arg-type]


def fake_method_search(description: str, k: int = 5) -> str:
    """A host-side search over two known functions, so loop tests need no embedding model."""
    lines = {
        "get_temperature": "`get_temperature(city: str) -> float`: Return the current temperature.",
        "send_note": "`send_note(text: str) -> str`: Send a short note to the user's outbox.",
    }
    ranked = sorted(lines, key=lambda name: name.split("_")[1] not in description.lower())
    return "\n".join(lines[name] for name in ranked[:k])


def indexed_agent(
    server: ScriptedServer,
    tmp_path: Path,
    registry: ApiRegistry,
    options: AgentOptions,
    **agent: Any,
) -> Agent:
    """An agent whose method_search is the real one: FAISS and the embedding model over
    `registry`, indexed in `tmp_path`."""
    index = MethodIndex.open(tmp_path / "index")
    index.build(registry)
    return Agent(
        model_for(server),
        apis=registry.callables(),
        method_search=method_search_function(index),
        options=options,
        logs_dir=tmp_path / "logs",
        **agent,
    )
