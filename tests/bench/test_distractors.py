"""The distractor pack: a thousand real, documented functions that register, run and index.

Every function's docstring example runs as a doctest, so each one is exercised with a sensible
input and checked against a result worked out independently of the code.
"""

from __future__ import annotations

import doctest
import importlib.util
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from react_repl.index import MethodIndex
from react_repl.registry import ApiRegistry

PACK = Path(__file__).parents[2] / "benchmarks" / "distractors"
SUITE_APIS = Path(__file__).parents[2] / "benchmarks" / "suites" / "multistep" / "apis"
MODULE_FILES = sorted(path for path in PACK.glob("*.py") if not path.name.startswith("_"))


@pytest.fixture(scope="module")
def pack() -> ApiRegistry:
    return ApiRegistry.discover(paths=[PACK], builtin=False, entry_points=False)


def load_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"distractor_test_{path.stem}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pack_holds_over_a_thousand_functions_in_thirty_plus_domains(pack: ApiRegistry) -> None:
    assert len(pack) >= 1000
    per_module = Counter(Path(spec.source_file).stem for spec in pack)
    assert len(per_module) >= 30
    assert max(per_module.values()) <= 25, "one domain must not dominate the pack"


def test_every_function_registers_without_a_problem(pack: ApiRegistry) -> None:
    assert [str(problem) for problem in pack.problems] == []


def test_names_are_unique_in_the_pack_and_apart_from_suite_and_builtin_apis() -> None:
    names: Counter[str] = Counter()
    for path in MODULE_FILES:
        names.update(
            spec.name
            for spec in ApiRegistry.discover(paths=[path], builtin=False, entry_points=False)
        )
    assert [name for name, count in names.items() if count > 1] == []
    builtin = {spec.name for spec in ApiRegistry.discover(entry_points=False)}
    suite = {
        spec.name
        for spec in ApiRegistry.discover(paths=[SUITE_APIS], builtin=False, entry_points=False)
    }
    assert set(names) & builtin == set()
    assert set(names) & suite == set()


def test_every_function_is_typed_and_fully_documented(pack: ApiRegistry) -> None:
    for spec in pack:
        assert spec.summary.endswith("."), spec.name
        assert spec.returns, f"{spec.name} documents no return value"
        for param in spec.params:
            assert param.annotation and param.description, f"{spec.name}({param.name})"
        assert "->" in spec.signature, spec.name


@pytest.mark.parametrize("path", MODULE_FILES, ids=lambda path: path.stem)
def test_every_documented_example_runs_and_gives_its_stated_result(path: Path) -> None:
    module = load_module(path)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    examples = 0
    for name in [n for n in vars(module) if not n.startswith("_")]:
        if getattr(getattr(module, name), "__module__", None) != module.__name__:
            continue
        tests = finder.find(getattr(module, name), name, module=module, globs=vars(module).copy())
        assert sum(len(test.examples) for test in tests) >= 1, f"{path.stem}.{name} has no example"
        for test in tests:
            examples += len(test.examples)
            runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing examples in {path.name}"
    assert examples >= 10


def test_bad_input_gets_a_clear_error_not_a_crash_deep_inside() -> None:
    chemistry = load_module(PACK / "chemistry_elements.py")
    with pytest.raises(LookupError, match="Unknown element symbol 'Xy'"):
        chemistry.molar_mass("XyO2")
    with pytest.raises(ValueError, match="Unbalanced brackets"):
        chemistry.count_atoms("Ca(OH2")
    colours = load_module(PACK / "colour_conversion.py")
    with pytest.raises(ValueError, match="not a hex colour"):
        colours.hex_to_rgb("#12345")
    versions = load_module(PACK / "semantic_versions.py")
    with pytest.raises(ValueError, match="not a semantic version"):
        versions.bump_version("1.2", "minor")


def test_the_whole_pack_indexes_and_search_finds_functions_by_what_they_do(
    pack: ApiRegistry, tmp_path: Path
) -> None:
    index = MethodIndex.open(tmp_path / "index")
    report = index.build(pack)
    assert report.embedded == len(pack) >= 1000
    expectations = {
        "distance between two GPS coordinates on the earth": "great_circle_distance_km",
        "convert a hex colour code to red green blue": "hex_to_rgb",
        "is this ISBN-13 valid": "isbn13_is_valid",
        "date of Easter Sunday in a given year": "easter_sunday",
        "how many usable hosts in a subnet prefix": "usable_host_count",
    }
    for query, expected in expectations.items():
        assert expected in [hit.name for hit in index.search(query, k=5)], query
