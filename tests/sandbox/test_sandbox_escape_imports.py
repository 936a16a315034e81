"""Imports in every form, and builtins recovered through any object."""

from __future__ import annotations

from collections.abc import Iterator
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


IMPORTS_OF_AVAILABLE_NAMES = {
    "from datetime import datetime, timedelta\nprint(datetime(2024, 1, 1) + timedelta(days=1))":
        "2024-01-02 00:00:00",
    "import datetime\nprint(datetime.date(2024, 1, 2))": "2024-01-02",
    "import json\nprint(json.dumps([1]))": "[1]",
    "import json as j\nprint(j.loads('[2]'))": "[2]",
    "import math\nprint(math.sqrt(9))": "3.0",
}  # fmt: skip


@pytest.fixture
def default_sandbox() -> Iterator[Sandbox]:
    """Imports rebind names (`import datetime` replaces the class), so each case starts afresh."""
    with Sandbox() as box:
        yield box


@pytest.mark.parametrize(("code", "printed"), IMPORTS_OF_AVAILABLE_NAMES.items())
def test_importing_a_preinjected_name_binds_what_is_already_there(
    default_sandbox: Sandbox, code: str, printed: str
) -> None:
    observation = default_sandbox.run(code)
    assert observation.text == printed, observation.text
    assert_contained(default_sandbox, observation)


@pytest.mark.parametrize(
    "code",
    [
        "from datetime import sys",
        "from datetime import tzinfo",  # in the datetime module, but not preinjected
        "import datetime\nprint(datetime.sys)",
        "from json import codecs",
        "import json.decoder",
        "from collections import Counter",  # collections is not preinjected by default
    ],
)
def test_imports_never_reach_beyond_the_preinjected_values(
    default_sandbox: Sandbox, code: str
) -> None:
    observation = default_sandbox.run(code)
    assert observation.error in {"ImportError", "AttributeError"}, observation.text
    assert_contained(default_sandbox, observation)


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
