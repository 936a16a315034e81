from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES.resolve()


@pytest.fixture
def write_module(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write a module into a fresh folder; broken modules live here, not in fixtures/, so that
    ruff never has to parse them."""

    def write(filename: str, source: str) -> Path:
        path = tmp_path / filename
        path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
        return path.resolve()

    return write
