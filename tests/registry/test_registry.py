"""Discovery across sources: order, duplicates, entry points, registered sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from react_repl.registry import ApiRegistry, add_registered_source

GOOD = '''
def {name}() -> str:
    """Return the name of this function."""
    return "{name}"
'''


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project home whose built-in apis/ folder holds one module."""
    (tmp_path / "apis").mkdir()
    (tmp_path / "apis" / "builtin_mod.py").write_text(GOOD.format(name="shared_name"))
    monkeypatch.setenv("REACT_REPL_BUILTIN_APIS", str(tmp_path / "apis"))
    return tmp_path


def test_duplicate_name_keeps_the_first_and_names_both_locations(fixtures: Path) -> None:
    first, second = fixtures / "google_style.py", fixtures / "weather_duplicate.py"
    registry = ApiRegistry.discover([first, second], builtin=False, entry_points=False)
    spec = registry.get("get_weather")
    assert spec is not None and spec.source_file == str(first)
    assert [str(problem) for problem in registry.problems] == [
        f"{second}:4: duplicate API name 'get_weather': already registered from {first}:8; "
        "this one is ignored (rename it with @api(name=...))"
    ]


def test_builtin_apis_come_first_and_cannot_be_shadowed(home: Path, write_module) -> None:
    user = write_module("user_mod.py", GOOD.format(name="shared_name"))
    registry = ApiRegistry.discover([user], entry_points=False)
    spec = registry.get("shared_name")
    assert spec is not None and spec.source_file == str(home / "apis" / "builtin_mod.py")
    assert [problem.source for problem in registry.problems] == [str(user)]


def test_the_same_folder_reached_twice_is_loaded_once(home: Path) -> None:
    registry = ApiRegistry.discover([home / "apis", str(home / "apis" / "builtin_mod.py")])
    assert [spec.name for spec in registry] == ["shared_name"]
    assert registry.problems == ()


def test_registered_sources_are_included(home: Path, write_module, tmp_path: Path) -> None:
    index = tmp_path / "index"
    add_registered_source(index, str(write_module("extra.py", GOOD.format(name="extra_api"))))
    registry = ApiRegistry.discover(registered=index, entry_points=False)
    assert [spec.name for spec in registry] == ["shared_name", "extra_api"]


def test_registered_source_that_disappeared_says_how_to_forget_it(
    home: Path, write_module, tmp_path: Path
) -> None:
    index = tmp_path / "index"
    gone = write_module("gone.py", GOOD.format(name="gone_api"))
    add_registered_source(index, str(gone))
    gone.unlink()
    registry = ApiRegistry.discover(registered=index, entry_points=False)
    assert [spec.name for spec in registry] == ["shared_name"]
    assert [str(problem) for problem in registry.problems] == [
        f"{gone}: registered in {index / 'sources.json'} but no longer exists; "
        f"forget it with `react-repl apis remove {gone}`"
    ]


def test_corrupt_sources_file_becomes_a_problem_not_a_crash(home: Path, tmp_path: Path) -> None:
    index = tmp_path / "index"
    index.mkdir()
    (index / "sources.json").write_text("{not json")
    registry = ApiRegistry.discover(registered=index, entry_points=False)
    assert [spec.name for spec in registry] == ["shared_name"]
    assert len(registry.problems) == 1
    assert "sources.json: not valid JSON" in str(registry.problems[0])


def test_entry_point_modules_register(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    dist_info = site / "fake_react_apis-1.0.dist-info"
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: fake-react-apis\nVersion: 1.0\n"
    )
    (dist_info / "entry_points.txt").write_text(
        "[react_repl.apis]\nfake = fake_ep_apis_for_tests\nwrong = fake_ep_apis_for_tests:thing\n"
    )
    (site / "fake_ep_apis_for_tests.py").write_text(GOOD.format(name="from_entry_point"))
    monkeypatch.syspath_prepend(str(site))
    registry = ApiRegistry.discover(builtin=False)
    spec = registry.get("from_entry_point")
    assert spec is not None and spec.module == "fake_ep_apis_for_tests"
    assert [str(problem) for problem in registry.problems] == [
        "fake_ep_apis_for_tests:thing: entry point 'wrong' = 'fake_ep_apis_for_tests:thing' "
        "must name a module"
    ]


def test_collection_protocol_and_module_hashes(fixtures: Path) -> None:
    paths = [fixtures / "rest_style.py", fixtures / "epydoc_style.py"]
    registry = ApiRegistry.discover(paths, builtin=False, entry_points=False)
    assert len(registry) == 2
    assert [spec.name for spec in registry] == ["shout", "greet"]
    assert registry.get("missing") is None
    assert set(registry.callables()) == {"shout", "greet"}
    assert registry.callables()["shout"]("hi", times=2) == "HI HI"
    hashes = registry.modules()
    assert set(hashes) == {spec.module for spec in registry}
    assert all(len(digest) == 64 for digest in hashes.values())
    assert len(set(hashes.values())) == 2
