"""Package exports that load on first use (PEP 562): a command imports only what it runs, and
`react-repl run` reaches its model sooner by what it does not import."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """The package's `__getattr__`: `exports` maps each name to its submodule ("_hits")."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module.lstrip('.')}"), name)
        setattr(sys.modules[package], name, value)  # asked once: later lookups find it directly
        return value

    return __getattr__


def names_by_module(table: Mapping[str, str]) -> dict[str, str]:
    """`{"_errors": "ErrorA ErrorB"}` -> `{"ErrorA": "_errors", "ErrorB": "_errors"}`: a package
    with many exports lists them one line per submodule."""
    return {name: module for module, names in table.items() for name in names.split()}
