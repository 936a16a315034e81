"""Imports in every form, and builtins recovered through any object."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

ATTEMPTS = {
    "import_statement": "import os\nos.system('touch ' + MARKER)",
    "from_import": "from os import system\nsystem('touch ' + MARKER)",
    "import_as": "import subprocess as sp\nsp.run(['touch', MARKER])",
    "dotted_import": "import os.path\nprint(os.path)",
    "relative_import": "from . import secret_api\nprint(secret_api.SECRET)",
    "import_of_api_module": "import secret_api\nprint(secret_api.SECRET)",
    "importlib": "import importlib\nimportlib.import_module('os').system('touch ' + MARKER)",
    "ctypes_import": "import ctypes\nctypes.CDLL(None).system(('touch ' + MARKER).encode())",
    "ctypes_from_import": "from ctypes import CDLL\nCDLL(None).system(MARKER.encode())",
    "ctypes_via_loaded_modules": "getattr(help, '__globals__')['sys'].modules['ctypes']",
    "dunder_import_name": "__import__('os').system('touch ' + MARKER)",
    "builtins_name": "__builtins__['open'](MARKER, 'w')",
    "builtins_via_builtin_self": "getattr(len, '__self__').open(MARKER, 'w')",
    "builtins_via_help_globals": "getattr(help, '__globals__')['__builtins__']",
    "builtins_via_print": "getattr(print, '__self__')",
    "open_builtin": "open(MARKER, 'w').write('x')",
    "exec_builtin": "exec('import os')",
    "eval_builtin": "eval('1')",
    "compile_builtin": "compile('import os', 'x', 'exec')",
    "globals_builtin": "print(globals())",
    "vars_builtin": "print(vars(get_weather))",
    "breakpoint_builtin": "breakpoint()",
    "type_builtin": "type('X', (), {})",
    "star_import": "from math import *",
}


@pytest.mark.parametrize("code", ATTEMPTS.values(), ids=ATTEMPTS.keys())
def test_import_escape_is_blocked(sandbox: Sandbox, marker: Path, code: str) -> None:
    observation = sandbox.run(code.replace("MARKER", repr(str(marker))))
    assert not observation.ok
    assert observation.error in {"SyntaxError", "ImportError", "NameError", "AttributeError"}
    assert_contained(sandbox, observation, marker)


def test_import_points_to_method_search(sandbox: Sandbox) -> None:
    observation = sandbox.run("import requests")
    assert observation.error == "ImportError"
    assert 'method_search("what you need")' in observation.text
    assert "need no import" in observation.text


def test_importing_a_preinjected_name_is_still_refused(sandbox: Sandbox) -> None:
    observation = sandbox.run("import json")
    assert observation.error == "ImportError"
    assert "Already available without import" in observation.text and "json" in observation.text
    assert_contained(sandbox, observation)


def test_c_level_imports_of_loaded_modules_work(sandbox: Sandbox) -> None:
    """datetime's C code imports `time` and `_strptime` through the frame's `__import__`."""
    observation = sandbox.run(
        "d = datetime.strptime('2024-03-05', '%Y-%m-%d')\n"
        "print(d.strftime('%d.%m.%Y'), f'{d:%A}', date(2024, 1, 2).strftime('%b'))"
    )
    assert observation.text == "05.03.2024 Tuesday Jan", observation.text
    assert_contained(sandbox, observation)


@pytest.mark.parametrize("code", ["import time", "from time import sleep", "import _strptime"])
def test_agent_imports_of_loaded_modules_stay_refused(sandbox: Sandbox, code: str) -> None:
    observation = sandbox.run(f"{code}\nprint('imported')")
    assert observation.error in {"ImportError", "SyntaxError"}, observation.text
    assert "imported" not in observation.text
    assert_contained(sandbox, observation)
