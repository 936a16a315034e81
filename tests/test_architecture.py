"""The layers of pyproject.toml's [tool.importlinter] hold: checked by import-linter itself, so
an import that runs against the flow fails CI instead of waiting for a reviewer to notice. And a
module's file name says what it holds: two packages share a name only for the same concept."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "react_repl"

# Names several packages use for their own part of one concept: the command of a package's
# feature (cli/_memory beside techniques/_memory), its errors, its config, its store on disk.
SHARED_CONCEPTS = {
    "_config.py", "_errors.py", "_memory.py", "_options.py", "_reading.py", "_registry.py",
    "_search.py", "_sources.py", "_store.py",
}  # fmt: skip


def test_packages_import_one_way() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint_imports)],  # reads pyproject.toml in the working folder
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout


def test_a_module_name_means_one_thing() -> None:
    """`logs/_index.py` beside the `index` package, or `_snapshot.py` for a namespace snapshot in
    one package and collateral damage in another, sent readers to the wrong file."""
    places: dict[str, list[str]] = {}
    for module in PACKAGE.rglob("_*.py"):
        if module.name != "__init__.py":
            places.setdefault(module.name, []).append(str(module.relative_to(PACKAGE)))
    shared = {name: sorted(paths) for name, paths in places.items() if len(paths) > 1}
    unexplained = {name: paths for name, paths in shared.items() if name not in SHARED_CONCEPTS}
    assert not unexplained
