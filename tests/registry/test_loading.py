"""Modules that fail to import, synthetic names, and re-importing in a fresh process."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from react_repl.registry import ApiRegistry, synthetic_module_name
from react_repl.sandbox import Sandbox


def _discover(*paths: Path | str) -> ApiRegistry:
    return ApiRegistry.discover(list(paths), builtin=False, entry_points=False)


GOOD = '''
def ping() -> str:
    """Answer a ping."""
    return "pong"
'''


@pytest.mark.parametrize(
    ("source", "line", "message"),
    [
        ("x = 1\ndef broken(:\n    pass\n", 2, "syntax error: invalid syntax"),
        (
            "import os\nimport no_such_module_for_tests\n",
            2,
            "import failed: ModuleNotFoundError: No module named 'no_such_module_for_tests'",
        ),
        (
            "x = 1\ny = 2\nraise RuntimeError('no config')\n",
            3,
            "import failed: RuntimeError: no config",
        ),
        ("import sys\nsys.exit(3)\n", 2, "import failed: SystemExit: 3"),
    ],
)
def test_broken_module_is_reported_and_leaves_nothing_behind(
    write_module, source: str, line: int, message: str
) -> None:
    broken = write_module("broken.py", source)
    good = write_module("good.py", GOOD)
    registry = _discover(broken.parent)
    assert [str(problem) for problem in registry.problems] == [f"{broken}:{line}: {message}"]
    assert [spec.name for spec in registry] == ["ping"]
    assert synthetic_module_name(broken) not in sys.modules
    assert synthetic_module_name(good) in sys.modules


def test_failure_inside_a_helper_points_at_the_importing_line(write_module) -> None:
    write_module("_helper.py", "raise ValueError('helper is broken')\n")
    module = write_module("uses_helper.py", "import os\nfrom _helper import thing\n" + GOOD)
    registry = _discover(module)
    assert [str(problem) for problem in registry.problems] == [
        f"{module}:2: import failed: ValueError: helper is broken"
    ]
    assert "_helper" not in sys.modules


def test_private_sibling_helpers_are_importable_and_not_scanned(write_module) -> None:
    write_module("_shared_for_tests.py", "GREETING = 'hello'\n")
    module = write_module(
        "greeter.py",
        '''
        from _shared_for_tests import GREETING


        def greet_everyone() -> str:
            """Greet everybody at once."""
            return GREETING
        ''',
    )
    registry = _discover(module.parent)
    assert [spec.name for spec in registry] == ["greet_everyone"]
    assert registry.callables()["greet_everyone"]() == "hello"


def test_modules_with_private_helpers_run_inside_the_sandbox_worker(write_module) -> None:
    write_module("_greeting_for_sandbox.py", "GREETING = 'hello from a helper'\n")
    module = write_module(
        "sandboxed.py",
        '''
        from _greeting_for_sandbox import GREETING


        def greet_from_helper() -> str:
            """Greet with the helper's text."""
            return GREETING
        ''',
    )
    registry = _discover(module)
    with Sandbox(registry.callables(), timeout=20) as sandbox:
        observation = sandbox.run("print(greet_from_helper())")
    assert (observation.ok, observation.text) == (True, "hello from a helper")


def test_synthetic_names_are_stable_and_unique_per_path(tmp_path: Path) -> None:
    first = tmp_path / "a" / "weather-tools.py"
    second = tmp_path / "b" / "weather-tools.py"
    name = synthetic_module_name(first)
    assert name == synthetic_module_name(first)
    assert name != synthetic_module_name(second)
    assert name.startswith("react_repl_apis.weather_tools_")
    assert name.isascii() and all(part.isidentifier() for part in name.split("."))


def test_fresh_process_reimports_a_function_from_module_name_and_file(fixtures: Path) -> None:
    spec = _discover(fixtures / "google_style.py").get("get_weather")
    assert spec is not None
    script = textwrap.dedent(
        f"""
        import sys
        from react_repl.registry import import_api_module
        module = import_api_module({spec.module!r}, {spec.source_file!r})
        print(module.__name__ in sys.modules, getattr(module, {spec.qualname!r})("Oslo", days=2))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "True {'city': 'Oslo', 'days': 2, 'units': None}"


def test_unchanged_file_is_reused_and_changed_file_reloaded(write_module) -> None:
    path = write_module("counter.py", GOOD)
    first = _discover(path).specs[0]
    assert _discover(path).specs[0].load() is first.load()
    path.write_text(GOOD.replace('"pong"', '"PONG"'), encoding="utf-8")
    changed = _discover(path).specs[0]
    assert changed.module_hash != first.module_hash
    assert changed.load()() == "PONG"


def test_a_file_that_breaks_keeps_the_last_good_module_loaded(write_module) -> None:
    path = write_module("flaky.py", GOOD)
    good_module = sys.modules[_discover(path).specs[0].module]
    path.write_text("def ping(:\n", encoding="utf-8")
    registry = _discover(path)
    assert len(registry) == 0
    assert [str(problem) for problem in registry.problems] == [
        f"{path}:1: syntax error: invalid syntax"
    ]
    assert sys.modules[synthetic_module_name(path)] is good_module


def test_dotted_module_names_import_from_sys_path(write_module, monkeypatch) -> None:
    path = write_module("dotted_apis_for_tests.py", GOOD)
    monkeypatch.syspath_prepend(str(path.parent))
    registry = _discover("dotted_apis_for_tests")
    spec = registry.get("ping")
    assert spec is not None
    assert (spec.module, spec.source_file) == ("dotted_apis_for_tests", str(path))


def test_broken_dotted_module_is_reported_at_its_file_and_removed(
    write_module, monkeypatch
) -> None:
    path = write_module("broken_dotted_for_tests.py", "x = 1\ny = 1 / 0\n")
    monkeypatch.syspath_prepend(str(path.parent))
    registry = _discover("broken_dotted_for_tests")
    assert [str(problem) for problem in registry.problems] == [
        f"{path}:2: import failed: ZeroDivisionError: division by zero"
    ]
    assert "broken_dotted_for_tests" not in sys.modules


def test_unknown_source_is_reported() -> None:
    registry = _discover("no_such_api_module_for_tests", "/no/such/folder/", "missing.py")
    assert [str(problem) for problem in registry.problems] == [
        "no_such_api_module_for_tests: no module named 'no_such_api_module_for_tests' "
        "(nor such a file)",
        "/no/such/folder/: no such file, directory or module; "
        "expected a folder, a .py file or a module",
        "missing.py: no such file, directory or module; expected a folder, a .py file or a module",
    ]


def test_module_inside_a_package_that_fails_to_import_is_reported(
    tmp_path: Path, monkeypatch
) -> None:
    package = tmp_path / "broken_pkg_for_tests"
    package.mkdir()
    (package / "__init__.py").write_text("raise RuntimeError('package is broken')\n")
    (package / "tools.py").write_text(GOOD)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = _discover("broken_pkg_for_tests.tools")
    assert [str(problem) for problem in registry.problems] == [
        f"{package / '__init__.py'}:1: import failed: RuntimeError: package is broken"
    ]
    assert "broken_pkg_for_tests" not in sys.modules
