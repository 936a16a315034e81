"""Which functions count as APIs, and the exact problem each bad one produces."""

from __future__ import annotations

from pathlib import Path

from react_repl.registry import ApiRegistry, RegistrationProblem
from react_repl.sandbox import Sandbox


def _discover(*paths: Path) -> ApiRegistry:
    return ApiRegistry.discover(list(paths), builtin=False, entry_points=False)


def test_undocumented_public_function_is_skipped_with_file_and_line(fixtures: Path) -> None:
    path = fixtures / "undocumented.py"
    registry = _discover(path)
    assert [spec.name for spec in registry] == ["documented"]
    assert [str(problem) for problem in registry.problems] == [
        f"{path}:11: public function 'undocumented' has no docstring; not registered "
        "(document it, or rename it to start with '_' to keep it private)"
    ]


def test_imported_functions_and_private_helpers_are_not_apis(fixtures: Path) -> None:
    registry = _discover(fixtures / "undocumented.py")
    assert registry.get("dumps") is None
    assert registry.get("_private_helper") is None


def test_documented_parameter_missing_from_signature_is_reported_but_function_kept(
    fixtures: Path,
) -> None:
    path = fixtures / "missing_params.py"
    registry = _discover(path)
    spec = registry.get("convert")
    assert spec is not None
    assert [param.name for param in spec.params] == ["amount", "currency"]
    assert registry.problems == (
        RegistrationProblem(
            str(path),
            4,
            "'convert' documents parameter 'rate', which its signature lacks "
            "(registered without it; fix the docstring or the signature)",
        ),
    )


def test_all_limits_undecorated_functions_and_unknown_names_are_reported(fixtures: Path) -> None:
    path = fixtures / "with_all.py"
    registry = _discover(path)
    assert [spec.name for spec in registry] == ["exported"]
    assert [str(problem) for problem in registry.problems] == [
        f"{path}:3: __all__ lists 'missing_name', which the module does not define"
    ]


def test_decorator_registers_despite_all_and_renames_with_tags(fixtures: Path) -> None:
    registry = _discover(fixtures / "decorated.py")
    assert [spec.name for spec in registry] == ["bare", "forecast", "plain_listed", "helper"]
    assert registry.callables()["helper"]() == "static"
    forecast = registry.get("forecast")
    assert forecast is not None
    assert forecast.signature == "forecast(city: str) -> str"
    assert forecast.qualname == "_forecast_impl"
    assert forecast.tags == ("weather", "daily")
    assert registry.callables()["forecast"]("Oslo") == "Oslo"


def test_decorator_misuse_skips_only_the_misused_function(fixtures: Path) -> None:
    path = fixtures / "decorated.py"
    registry = _discover(path)
    assert [str(problem) for problem in registry.problems] == [
        f"{path}:20: @api('positional') passes the name positionally; "
        "write @api(name='positional'); 'positional' not registered",
        f"{path}:26: @api(tags='weather') needs a list of strings, not one string; "
        "'string_tags' not registered",
        f"{path}:32: @api registers functions, but 'NotAFunction' is a class; not registered",
        f"{path}:50: @api on method Service.fetch: only functions and static methods can be "
        "APIs (the agent calls them without an object); not registered",
    ]


def test_decorator_name_must_be_a_public_identifier(write_module) -> None:
    path = write_module(
        "bad_names.py",
        '''
        from react_repl.registry import api


        @api(name="class")
        def keyword_name() -> None:
            """Would shadow a keyword."""


        @api(name="_hidden")
        def hidden_name() -> None:
            """Would be private."""


        @api(name=3)
        def number_name() -> None:
            """Not a string."""
        ''',
    )
    registry = _discover(path)
    assert len(registry) == 0
    assert [str(problem) for problem in registry.problems] == [
        f"{path}:4: API name 'class' is not a public Python identifier; not registered",
        f"{path}:9: API name '_hidden' is not a public Python identifier; not registered",
        f"{path}:14: @api(name=...) needs a string, got int; 'number_name' not registered",
    ]


def test_function_not_reachable_by_qualname_is_refused(write_module) -> None:
    path = write_module(
        "factory.py",
        '''
        def _make():
            def made() -> int:
                """Built by a factory."""
                return 1

            return made


        made = _make()
        ''',
    )
    registry = _discover(path)
    assert len(registry) == 0
    assert [str(problem) for problem in registry.problems] == [
        f"{path}:2: 'made' is not reachable as '_make.<locals>.made' at module level, "
        "so a fresh process could not import it; not registered"
    ]


def test_alias_of_a_registered_function_is_not_registered_twice(write_module) -> None:
    path = write_module(
        "alias.py",
        '''
        def original() -> int:
            """The one and only."""
            return 1


        alias = original
        ''',
    )
    assert [spec.name for spec in _discover(path)] == ["original"]


def test_public_static_methods_of_a_public_class_are_apis(write_module) -> None:
    path = write_module(
        "tools.py",
        '''
        """File tools grouped in a class, the way tool collections are often written."""

        __all__ = ["FileTools"]


        class FileTools:
            """Read and list files."""

            @staticmethod
            def cat(file_name: str) -> str:
                """Display the contents of a file."""
                return file_name

            @staticmethod
            def _hidden() -> None:
                """Private helper."""

            def needs_self(self) -> None:
                """An instance method: callable only through an object."""


        class Unlisted:
            @staticmethod
            def ls() -> list:
                """Not an API: the class is left out of __all__."""
                return []
        ''',
    )
    registry = _discover(path)
    assert [spec.name for spec in registry] == ["cat"]
    spec = registry.get("cat")
    assert spec is not None and spec.qualname == "FileTools.cat"
    assert spec.signature == "cat(file_name: str) -> str"
    assert spec.load()("notes.txt") == "notes.txt"
    assert registry.problems == ()
    with Sandbox(registry.callables()) as sandbox:  # re-imported by qualname in the worker
        assert sandbox.run('print(cat("notes.txt"))').text == "notes.txt"
