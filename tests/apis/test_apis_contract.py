"""Every built-in API module imports on its own and documents every API the agent can find."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import docstring_parser
import pytest

APIS_DIR = Path(__file__).resolve().parents[2] / "apis"
EXPECTED_MODULES = {
    "arithmetic",
    "clock",
    "dates",
    "geocoding",
    "images",
    "messages",
    "nasa",
    "sql_database",
    "stats",
    "stocks",
    "units",
    "weather",
    "workspace_files",
}
MODULE_NAMES = sorted(path.stem for path in APIS_DIR.glob("*.py") if not path.stem.startswith("_"))


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def _public_functions(module: ModuleType) -> dict[str, object]:
    return {
        name: value
        for name, value in vars(module).items()
        if inspect.isfunction(value)
        and value.__module__ == module.__name__
        and not name.startswith("_")
    }


def test_the_expected_modules_exist() -> None:
    assert set(MODULE_NAMES) >= EXPECTED_MODULES


@pytest.mark.parametrize("name", MODULE_NAMES)
def test_module_imports_cleanly_in_a_fresh_process(name: str) -> None:
    code = f"import sys; sys.path.insert(0, {str(APIS_DIR)!r}); import {name}"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""


@pytest.mark.parametrize("name", MODULE_NAMES)
def test_all_lists_exactly_the_public_functions(name: str) -> None:
    module = _module(name)
    assert sorted(module.__all__) == sorted(_public_functions(module))


@pytest.mark.parametrize("name", MODULE_NAMES)
def test_every_api_is_fully_typed_and_documented(name: str) -> None:
    for api_name in _module(name).__all__:
        function = getattr(_module(name), api_name)
        signature = inspect.signature(function)
        where = f"{name}.{api_name}"
        assert signature.return_annotation is not inspect.Signature.empty, where
        doc = docstring_parser.parse(function.__doc__ or "")
        assert doc.short_description and doc.short_description.endswith("."), where
        assert ". " not in doc.short_description, f"{where}: one sentence, no 'e.g.'"
        assert len(doc.short_description) <= 100, where
        documented = [param.arg_name for param in doc.params]
        assert documented == list(signature.parameters), where
        for parameter in signature.parameters.values():
            assert parameter.annotation is not inspect.Parameter.empty, (where, parameter.name)
        for param in doc.params:
            assert param.description, (where, param.arg_name)
        assert doc.returns and doc.returns.description, where


def test_api_names_are_unique_across_modules() -> None:
    seen: dict[str, str] = {}
    for name in MODULE_NAMES:
        for api_name in _module(name).__all__:
            assert api_name not in seen, f"{api_name} in both {seen.get(api_name)} and {name}"
            seen[api_name] = name


def test_the_project_registry_accepts_every_module_without_problems() -> None:
    from react_repl.registry import ApiRegistry

    registry = ApiRegistry.discover(paths=[APIS_DIR], builtin=False, entry_points=False)
    assert registry.problems == ()
    expected = {api for name in MODULE_NAMES for api in _module(name).__all__}
    assert {spec.name for spec in registry} == expected
