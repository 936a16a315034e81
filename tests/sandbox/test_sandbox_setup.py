"""Constructing a Sandbox: shipping APIs by reference, options, and clear errors."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import secret_api

from react_repl.sandbox import Sandbox, SandboxError

API_SOURCE = '''
import os

def shout(text: str) -> str:
    """Upper-cases text."""
    return text.upper() + "!"
'''


def _load_as(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_api_loaded_under_a_synthetic_module_name_is_reloaded_from_its_file(tmp_path: Path) -> None:
    path = tmp_path / "loud.py"
    path.write_text(API_SOURCE)
    module = _load_as("react_repl_apis.loud_0123456789", path)
    with Sandbox({"shout": module.shout}) as box:
        assert box.run("print(shout('hi'))").text == "HI!"


def test_api_list_uses_function_names() -> None:
    with Sandbox([secret_api.get_weather]) as box:
        assert box.run("print(get_weather('Lima'))").text == "Sunny, 21 C in Lima"


def test_api_mapping_can_rename() -> None:
    with Sandbox({"forecast": secret_api.get_weather}) as box:
        assert box.run("print(forecast('Lima', unit='F'))").text == "Sunny, 21 F in Lima"


def _nested() -> Callable[[], int]:
    def inner() -> int:
        return 1

    return inner


def _renamed() -> int:
    return 1


_renamed.__qualname__ = "moved_elsewhere"


@pytest.mark.parametrize(
    ("function", "reason"),
    [
        (lambda: 1, "lambdas"),
        (_nested(), "nested functions"),
        (_renamed, "not reachable"),
        ("abc".upper, "no module"),
        (42, "not callable"),
    ],
    ids=["lambda", "closure", "renamed", "bound-builtin", "not-callable"],
)
def test_unshippable_api_raises_sandbox_error(function: Any, reason: str) -> None:
    with pytest.raises(SandboxError, match=reason):
        Sandbox({"bad": function})


@pytest.mark.parametrize(
    "apis",
    [
        {"get weather": secret_api.get_weather},
        {"_hidden": secret_api.get_weather},
        {"stop": secret_api.get_weather},
        {"class": secret_api.get_weather},
        [secret_api.get_weather, secret_api.get_weather],
    ],
    ids=["space", "underscore", "reserved", "keyword", "duplicate"],
)
def test_api_names_the_agent_cannot_use_are_refused(apis: Any) -> None:
    with pytest.raises(SandboxError):
        Sandbox(apis)


def test_host_function_name_clashing_with_an_api_is_refused() -> None:
    with pytest.raises(SandboxError, match="twice"):
        Sandbox([secret_api.get_weather], host_functions={"get_weather": str})


def test_unknown_preinject_name_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="cannot preinject os"):
        Sandbox(preinject=("math", "os"))


@pytest.mark.parametrize("option", ["timeout", "memory_mb", "max_output", "recursion_limit"])
def test_non_positive_limits_are_refused(option: str) -> None:
    with pytest.raises(ValueError, match=option):
        Sandbox(**{option: 0})


def test_too_small_memory_limit_is_explained() -> None:
    with pytest.raises(SandboxError, match="raise it"):
        Sandbox(memory_mb=8)


def test_api_whose_module_fails_in_the_worker_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "fragile.py"
    path.write_text("def ping() -> str:\n    return 'pong'\n")
    module = _load_as("react_repl_apis.fragile_0123456789", path)
    path.write_text("raise RuntimeError('broken on reload')\n")
    with pytest.raises(SandboxError, match="broken on reload"):
        Sandbox([module.ping])


def test_code_must_be_text(sandbox: Sandbox) -> None:
    with pytest.raises(TypeError):
        sandbox.run(b"print(1)")  # type: ignore[arg-type]
