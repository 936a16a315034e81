"""The type checker runs on `src/` in CI, through the README's test command.

`py.typed` promises callers that our annotations hold; this keeps the promise checked. The cache
lives in a temporary folder so a checkout stays clean and reruns take seconds.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_passes_on_src() -> None:
    cache = Path(tempfile.gettempdir()) / "react-repl-mypy-cache"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def _lazy_packages() -> list[Path]:
    source = ROOT / "src" / "react_repl"
    return sorted(p for p in source.rglob("__init__.py") if "lazy_exports(" in p.read_text())


@pytest.mark.parametrize("init", _lazy_packages(), ids=lambda path: path.parent.name)
def test_a_package_with_lazy_exports_lists_them_for_type_checkers(init: Path) -> None:
    """Such a package imports its exports only under TYPE_CHECKING, and `mypy --strict` takes a
    name imported that way for a private one unless a literal `__all__` lists it: a computed
    `__all__` told a user's type checker that `from react_repl.registry import api` (the docs'
    own example) was not exported."""
    tree = ast.parse(init.read_text())
    declared = next(
        node.value for node in tree.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets]
        == ["__all__"]
    )  # fmt: skip
    assert isinstance(declared, ast.List), "__all__ must be a literal list"
    names = [element.value for element in declared.elts if isinstance(element, ast.Constant)]
    assert len(names) == len(declared.elts)
    checked = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        for statement in node.body if isinstance(statement, ast.ImportFrom)
        for alias in statement.names
    }  # fmt: skip
    assert checked <= set(names), checked - set(names)
    package = importlib.import_module(".".join(init.parent.relative_to(ROOT / "src").parts))
    assert all(getattr(package, name) is not None for name in names)
