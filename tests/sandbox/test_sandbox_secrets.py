"""No secret an API holds reaches what the model is shown (issue 33, family 1).

Generated: an API module is written for every way an API can hold a secret (a default read from
the environment, a module constant, a literal under a private or credential-like name, a
closure's value, a `functools.wraps` decorator's closure, a keyword-only default) and every
function raises, on request, an error whose message quotes its secret in a URL as an HTTP
client would. Each surface the model sees is then read through `Sandbox.run`: the repr, `help()`
in its three forms, the signature hint after a typo'd keyword and after too many arguments,
the API's own error, `dir()`, format strings, and the real method_search (registry, FAISS index,
embedding model) in both its plain and its agent form. None may contain a secret.
"""

from __future__ import annotations

import importlib.util
import inspect
import re
import secrets
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from react_repl._secrets import Redactor, shown_signature
from react_repl.agent._search import agent_method_search
from react_repl.context import api_docs
from react_repl.index import MethodIndex, method_search_function
from react_repl.registry import ApiRegistry
from react_repl.sandbox import Sandbox
from react_repl.sandbox._guards import Guards
from react_repl.sandbox._namespace import _dir

HEAP_ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
ENV_NAME = "REACT_REPL_TEST_WEATHER_CREDENTIAL"


@dataclass(frozen=True)
class Holder:
    """One way an API can hold a secret: module-level lines and the function's parameter."""

    kind: str
    module_lines: str
    parameter: str
    secret: str


def _token(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(12)}"


def _holders(env_name: str, env_secret: str) -> list[Holder]:
    literal, private, closure, wrapped, constant, kwonly = (
        _token(kind) for kind in ("lit", "audit", "clo", "wrap", "const", "kw")
    )
    return [
        Holder("env_default", "", f'api_key: str = os.environ["{env_name}"]', env_secret),
        Holder("env_constant", f'WEATHER_KEY = os.environ["{env_name}"]',
               "key: str = WEATHER_KEY", env_secret),
        Holder("constant", f'SERVICE_TOKEN = "{constant}"', "token: str = SERVICE_TOKEN", constant),
        Holder("innocent_constant", f'_SETTINGS = {{"auth": "{literal}"}}',
               'region: str = _SETTINGS["auth"]', literal),
        Holder("private_literal", "", f'_audit_token: str = "{private}"', private),
        Holder("keyword_only", f'_CRED = "{kwonly}"', "*, credentials: str = _CRED", kwonly),
        Holder("closure", f'_CLOSED = "{closure}"', "", closure),
        Holder("wrapped", f'_WRAPPED = "{wrapped}"', "", wrapped),
    ]  # fmt: skip


def _function_source(index: int, holder: Holder) -> str:
    name = f"lookup_{holder.kind}"
    doc = f'"""Weather lookup number {index} for a city ({holder.kind.replace("_", " ")})."""'
    fail = (
        "    if city == 'fail':\n"
        "        raise ConnectionError("
        "f'GET https://api.example.com/v1/weather?city={city}&key={SECRET} refused')\n"
        "    return f'Sunny in {city}'\n"
    )
    if holder.kind == "closure":
        return (
            f"def _make_{index}(value):\n"
            f"    def {name}(city: str, unit: str = 'C', secret: str = value) -> str:\n"
            f"        {doc}\n"
            + textwrap.indent(fail.replace("SECRET", "value"), "    ")
            + f"    {name}.__qualname__ = {name!r}\n"
            f"    return {name}\n\n"
            f"{name} = _make_{index}(_CLOSED)\n"
        )
    if holder.kind == "wrapped":
        return (
            f"def _with_key_{index}(value):\n"
            "    def decorate(function):\n"
            "        @functools.wraps(function)\n"
            "        def call(*args, **kwargs):\n"
            "            return function(*args, **kwargs, secret=value)\n"
            "        return call\n"
            "    return decorate\n\n"
            f"@_with_key_{index}(_WRAPPED)\n"
            f"def {name}(city: str, unit: str = 'C', *, secret: str = '') -> str:\n"
            f"    {doc}\n" + fail.replace("SECRET", "secret")
        )
    parameter = holder.parameter.split(":")[0].replace("*, ", "").strip()
    return (
        f"def {name}(city: str, unit: str = 'C', {holder.parameter}) -> str:\n"
        f"    {doc}\n" + fail.replace("SECRET", parameter)
    )


def write_module(folder: Path, holders: list[Holder]) -> Path:
    lines = ["import functools", "import os", ""]
    lines += [holder.module_lines for holder in holders if holder.module_lines]
    lines += ["", ""]
    lines += [_function_source(index, holder) + "\n" for index, holder in enumerate(holders)]
    path = folder / "secret_holders.py"
    path.write_text("\n".join(lines))
    return path


def surfaces(name: str) -> Iterator[str]:
    """Every action that shows the model something about the API `name`."""
    yield f"print({name})"
    yield name
    yield f"print(repr({name}), str({name}), [{name}], {{'f': {name}}})"
    yield f"print(f'{{{name}!r}} {{{name}}}', '{{}}'.format({name}))"
    yield f"help({name})"
    yield f"help('{name}')"
    yield "help()"
    yield f"{name}(citty='Paris')"
    yield f"{name}('Paris', 'C', 'x', 'y', 'z')"
    yield f"{name}()"
    yield f"{name}('fail')"
    yield f"try:\n    {name}('fail')\nexcept Exception as error:\n    print(error, error.args)"
    yield f"print(dir({name}), dir())"
    yield f"print(getattr({name}, '__defaults__', None))"


@pytest.fixture(scope="module")
def holders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[list[Holder], Path]]:
    env_name = ENV_NAME
    env_secret = _token("env")
    patch = pytest.MonkeyPatch()
    patch.setenv(env_name, env_secret)
    listed = _holders(env_name, env_secret)
    folder = tmp_path_factory.mktemp("secret_apis")
    yield listed, write_module(folder, listed)
    patch.undo()


@pytest.fixture(scope="module")
def registry(holders: tuple[list[Holder], Path]) -> ApiRegistry:
    found = ApiRegistry.discover([holders[1]], builtin=False, entry_points=False)
    assert not found.problems, found.problems
    assert len(found.callables()) == len(holders[0])
    return found


@pytest.fixture(scope="module")
def index(registry: ApiRegistry, tmp_path_factory: pytest.TempPathFactory) -> MethodIndex:
    built = MethodIndex.open(tmp_path_factory.mktemp("index"))
    built.build(registry)
    return built


def _secrets_in(text: str, holders: list[Holder]) -> list[str]:
    return [holder.kind for holder in holders if holder.secret in text]


def test_every_surface_of_every_holder_hides_its_secret(
    holders: tuple[list[Holder], Path], registry: ApiRegistry
) -> None:
    listed, _ = holders
    env = {ENV_NAME: listed[0].secret}
    leaks = []
    with Sandbox(registry.callables(), env=env, timeout=30) as box:
        for holder in listed:
            for code in surfaces(f"lookup_{holder.kind}"):
                text = box.run(code).text
                if found := _secrets_in(text, listed):
                    leaks.append((code, found, text[:300]))
    assert leaks == []


def test_the_api_still_works_and_literal_defaults_stay_visible(
    holders: tuple[list[Holder], Path], registry: ApiRegistry
) -> None:
    """Hiding is not breaking: calls run, and a default the source spells out is shown."""
    env = {ENV_NAME: holders[0][0].secret}
    with Sandbox(registry.callables(), env=env) as box:
        assert box.run("print(lookup_env_default('Oslo'))").text == "Sunny in Oslo"
        shown = box.run("help(lookup_env_default)").text
        assert "unit: str = 'C'" in shown and "api_key: str = ..." in shown
        hint = box.run("lookup_constant(citty='Oslo')").text
        assert (
            "Hint: the signature is lookup_constant(city: str, unit: str = 'C', token: str = ...)"
            in hint
        )
        error = box.run("lookup_constant('fail')").text
        assert "key=[redacted]" in error and "city=fail" in error


def test_method_search_shows_no_secret(
    holders: tuple[list[Holder], Path], registry: ApiRegistry, index: MethodIndex
) -> None:
    listed, _ = holders
    search = method_search_function(index)
    agent_search = agent_method_search(search, api_docs(registry.callables()), "weather")
    stored = [spec.signature for spec in registry.specs]
    assert not _secrets_in("\n".join(stored), listed)
    for host in (search, agent_search):
        env = {ENV_NAME: listed[0].secret}
        with Sandbox(registry.callables(), host_functions={"method_search": host}, env=env) as box:
            for code in (
                "method_search('weather lookup for a city', k=10)",
                "method_search('credentials token audit key')",
                "help(method_search)",
                "print(method_search)",
                "help()",
            ):
                text = box.run(code).text
                assert not _secrets_in(text, listed), (code, text)
                assert not HEAP_ADDRESS.search(text), (code, text)
            assert (
                "lookup_env_default(city: str, unit: str = 'C', api_key: str = ...)"
                in box.run("method_search('weather lookup', k=10)").text
            )


@pytest.mark.parametrize("name", ["getattr", "hasattr", "setattr", "delattr", "dir"])
def test_help_on_the_sandbox_own_callables_shows_no_internals(name: str) -> None:
    internal = {
        "getattr": Guards.getattr,
        "hasattr": Guards.hasattr,
        "setattr": Guards.setattr,
        "delattr": Guards.delattr,
        "dir": _dir,
    }[name]
    with Sandbox() as box:
        text = box.run(f"help({name})").text
    assert not HEAP_ADDRESS.search(text), text
    doc = inspect.getdoc(internal)
    assert not doc or doc.splitlines()[0] not in text, text
    assert "sandbox" not in text.lower() or "provided by the sandbox" in text


def test_help_on_a_host_function_shows_no_internal_defaults() -> None:
    """A host function whose defaults carry the registry (hidden and disabled APIs included)
    and whose docstring explains its internals."""
    with Sandbox(host_functions={"method_search": _search_with_internals}) as box:
        text = box.run("help(method_search)").text + box.run("print(method_search)").text
    assert "delete_everything" not in text and "disabled" not in text
    assert "Internal:" not in text
    assert text.startswith("method_search(description: str, k: int = 5")


_REGISTRY = {"get_weather": "enabled", "delete_everything": "disabled"}


def _search_with_internals(description: str, k: int = 5, _registry: dict = _REGISTRY) -> str:
    """Find functions for a description.

    Internal: walks _registry, including the disabled delete_everything.
    """
    return "nothing"


def test_the_redactor_and_the_signature_rule_directly() -> None:
    """The two rules of react_repl._secrets on their own, for clear failures."""
    redact = Redactor(["sk-live-0123456789", "short"])
    assert redact("key sk-live-0123456789 and short") == "key [redacted] and short"
    assert redact("https://u:pw12345678@host/x?a=1&api_key=abc&b=2") == (
        "https://u:[redacted]@host/x?a=1&api_key=[redacted]&b=2"
    )
    assert redact("Authorization: Bearer abcdefgh12345") == "Authorization: Bearer [redacted]"
    read = inspect.signature(_search_with_internals, eval_str=True)
    assert str(shown_signature(_search_with_internals, read)) == (
        "(description: str, k: int = 5, _registry: dict = ...) -> str"
    )


_WRITTEN_DEFAULTS_MODULE = '''
# -*- coding: latin-1 -*-
import functools
TOKEN = "sk-live-0123456789"


def passthrough(function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        return function(*args, **kwargs)
    return wrapper


@passthrough
@passthrough
def decorated(city="Paris", token=TOKEN):
    """Caf\xe9 in a latin-1 file."""


class Tools:
    @staticmethod
    def convert(amount=1.5, unit="EUR"):
        """A static method."""


def redefined(first=1):
    """Shadowed below."""


shadowed = redefined


def redefined(second=2):
    """The live one."""
'''


def test_written_defaults_are_read_from_each_function_own_def(tmp_path: Path) -> None:
    """Defaults are matched to the right `def` by its first line and name: under stacked
    decorators, in a class, in a latin-1 file, and when a later `def` reuses the name; a file
    edited after import shows nothing it cannot match (hidden, never a wrong value)."""
    source = tmp_path / "written_defaults_api.py"
    source.write_bytes(_WRITTEN_DEFAULTS_MODULE.encode("latin-1"))
    spec = importlib.util.spec_from_file_location("written_defaults_api", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def shown(function: Any) -> str:
        return str(shown_signature(function, inspect.signature(function)))

    assert shown(module.decorated) == "(city='Paris', token=...)"
    assert shown(module.Tools.convert) == "(amount=1.5, unit='EUR')"
    assert shown(module.shadowed) == "(first=1)"
    assert shown(module.redefined) == "(second=2)"
    source.write_bytes(b"\n\n\n" + _WRITTEN_DEFAULTS_MODULE.encode("latin-1"))
    assert shown(module.redefined) == "(second=...)"
