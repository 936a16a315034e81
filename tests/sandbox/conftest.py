"""Shared fixtures: one dangerous API module, planted secrets, and sandboxes reused per session."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import secret_api

from react_repl.sandbox import PREINJECTABLE, Observation, Sandbox, prints_result

ENV_SECRET = "planted-env-secret-51d0e2"
os.environ["REACT_REPL_PLANTED_SECRET"] = ENV_SECRET
os.environ["OPENAI_API_KEY"] = ENV_SECRET

API_FUNCTIONS = [
    secret_api.get_weather,
    secret_api.fail_upstream,
    secret_api.fail_value,
    secret_api.sleep_for,
    secret_api.remember,
    secret_api.recall,
    secret_api.give_module,
    secret_api.print_inside,
    secret_api.crash_worker,
    secret_api.read_env,
    secret_api.make_picture,
    secret_api.make_album,
    secret_api.picture_width,
    secret_api.echo,
    secret_api.fill_album,
    secret_api.apply_to_picture,
    secret_api.stash,
    secret_api.stash_inside,
    secret_api.stash_later,
    secret_api.fill_made,
    secret_api.store_then_call,
    secret_api.look_up_missing,
    secret_api.made_by,
    secret_api.poison_factory,
    secret_api.rich_views,
    secret_api.aware_moments,
    secret_api.plain_aware_moments,
    secret_api.feed_generator,
    secret_api.feed_inside,
]
SECRETS = (secret_api.SECRET, ENV_SECRET)
EVERY_PREINJECT = tuple(PREINJECTABLE)


@prints_result
def method_search(description: str, k: int = 5) -> str:
    """Stands in for the real index: runs in the parent and prints, as the agent's does."""
    if not description:
        raise ValueError("description must not be empty")
    return f"{k} results for {description!r}"


@pytest.fixture(scope="session")
def sandbox() -> Iterator[Sandbox]:
    with Sandbox(
        API_FUNCTIONS, host_functions={"method_search": method_search}, preinject=EVERY_PREINJECT
    ) as box:
        yield box


@pytest.fixture(scope="session")
def strict_sandbox() -> Iterator[Sandbox]:
    """Short limits for denial-of-service cases, so each kill costs about a second."""
    with Sandbox(API_FUNCTIONS, timeout=1.0, memory_mb=384, max_output=500) as box:
        yield box


@pytest.fixture
def marker(tmp_path: Path) -> Path:
    return tmp_path / "escaped.marker"


def assert_contained(box: Sandbox, observation: Observation, marker: Path | None = None) -> None:
    """Nothing happened outside, no secret leaked, and the same sandbox still works."""
    if marker is not None:
        assert not marker.exists(), f"escape created {marker}: {observation.text}"
    for secret in SECRETS:
        assert secret not in observation.text
    assert box.run("print(6*7)").text == "42"
