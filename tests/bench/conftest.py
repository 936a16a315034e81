"""Fixtures for bench tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def builtin_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index of the built-in APIs, built once; benchmarks copy it instead of re-embedding."""
    from react_repl.index import MethodIndex
    from react_repl.registry import ApiRegistry

    folder = tmp_path_factory.mktemp("builtin-index")
    MethodIndex.open(folder).build(ApiRegistry.discover(entry_points=False))
    return folder


@pytest.fixture(scope="session")
def shop_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index of the test shop's API, built once for the benchmarks that seed from it."""
    from bench_helpers import make_shop_suite

    from react_repl.index import MethodIndex
    from react_repl.registry import ApiRegistry

    suite = make_shop_suite(tmp_path_factory.mktemp("shop-for-index") / "shop", "")
    folder = tmp_path_factory.mktemp("shop-index")
    registry = ApiRegistry.discover(paths=[suite / "apis"], builtin=False, entry_points=False)
    MethodIndex.open(folder).build(registry)
    return folder
