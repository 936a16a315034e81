"""Import API modules from files and module names without leaving broken modules behind.

A module loaded from a file path gets a synthetic name, `react_repl_apis.<stem>_<hash>`, derived
only from its absolute path. Two files with the same stem never collide, and a fresh process (the
sandbox worker) that knows the name and the file can import the very same module again.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import os
import re
import sys
import traceback
import types
from dataclasses import dataclass
from pathlib import Path

SYNTHETIC_PACKAGE = "react_repl_apis"
_HASH_ATTRIBUTE = "__react_repl_module_hash__"


class ModuleLoadError(Exception):
    """A module could not be imported; carries the file and line that caused it."""

    def __init__(self, source: str, line: int | None, message: str) -> None:
        super().__init__(message)
        self.source = source
        self.line = line
        self.message = message


@dataclass(frozen=True)
class LoadedModule:
    module: types.ModuleType
    source_file: str
    module_hash: str


def file_hash(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def synthetic_module_name(path: str | Path) -> str:
    absolute = Path(path).resolve()
    stem = re.sub(r"\W", "_", absolute.stem)
    # the path's bytes: a folder named in Latin-1 holds lone surrogates that .encode() refuses
    digest = hashlib.sha256(os.fsencode(absolute)).hexdigest()[:10]
    return f"{SYNTHETIC_PACKAGE}.{stem}_{digest}"


def import_api_module(module_name: str, source_file: str | Path) -> types.ModuleType:
    """The module behind an `ApiSpec`: already loaded, loaded from its file, or imported."""
    existing = sys.modules.get(module_name)
    if existing is not None:
        return existing
    if module_name.startswith(SYNTHETIC_PACKAGE + "."):
        return load_file(source_file).module
    return importlib.import_module(module_name)


def load_file(path: str | Path) -> LoadedModule:
    """Execute a file as a module; reuse the loaded one while the file is unchanged."""
    absolute = Path(path).resolve()
    source = str(absolute)
    try:
        digest = file_hash(absolute)
    except OSError as error:
        raise ModuleLoadError(source, None, f"cannot read the file: {error.strerror}") from error
    name = synthetic_module_name(absolute)
    cached = sys.modules.get(name)
    if cached is not None and getattr(cached, _HASH_ATTRIBUTE, None) == digest:
        return LoadedModule(cached, source, digest)
    spec = importlib.util.spec_from_file_location(name, absolute)
    if spec is None or spec.loader is None:
        raise ModuleLoadError(source, None, "not a Python module")
    module = importlib.util.module_from_spec(spec)
    setattr(module, _HASH_ATTRIBUTE, digest)
    _ensure_synthetic_package()
    sys.modules[name] = module
    try:
        _make_siblings_importable(absolute.parent)
        with _output_to_stderr():
            spec.loader.exec_module(module)
    except (Exception, SystemExit) as error:
        if cached is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = cached
        raise _import_failure(source, error) from error
    return LoadedModule(module, source, digest)


def load_module_name(name: str) -> LoadedModule:
    """Import a dotted module name; Python itself drops the failing module from `sys.modules`."""
    try:
        spec = importlib.util.find_spec(name)
    except ModuleNotFoundError as error:
        raise ModuleLoadError(name, None, f"cannot import module {name!r}: {error}") from error
    except Exception as error:  # finding `a.b` imports package `a`, which may fail in any way
        raise _import_failure(_deepest_file(error) or name, error) from error
    if spec is None:
        raise ModuleLoadError(name, None, f"no module named {name!r} (nor such a file)")
    origin = spec.origin if spec.has_location else None
    if origin is None:
        raise ModuleLoadError(name, None, f"module {name!r} has no source file to register")
    try:
        with _output_to_stderr():
            module = importlib.import_module(name)
    except (Exception, SystemExit) as error:
        raise _import_failure(origin, error) from error
    return LoadedModule(module, origin, file_hash(origin))


def _output_to_stderr() -> contextlib.AbstractContextManager[object]:
    """What a module prints while it is imported goes to stderr: stdout is the command's (the
    JSON of `apis list --json`, the Answer line of `run --quiet`), and a banner there broke it."""
    return contextlib.redirect_stdout(sys.stderr)


def _make_siblings_importable(folder: Path) -> None:
    """Let a module import its private helpers (`from _http import get`), as a script could.

    The folder stays on `sys.path` (appended, so it never shadows an installed module) because
    processes started from this one, such as the sandbox worker, copy `sys.path` and re-import
    the module there. Helpers are imported under their own names, so two API folders should not
    both ship a helper of the same name.
    """
    entry = str(folder)
    if entry not in sys.path:
        sys.path.append(entry)


def _ensure_synthetic_package() -> None:
    if SYNTHETIC_PACKAGE not in sys.modules:
        package = types.ModuleType(SYNTHETIC_PACKAGE, "API modules loaded from file paths.")
        package.__path__ = []
        sys.modules[SYNTHETIC_PACKAGE] = package


def _import_failure(source: str, error: BaseException) -> ModuleLoadError:
    if isinstance(error, SyntaxError) and error.filename == source:
        return ModuleLoadError(source, error.lineno, f"syntax error: {error.msg}")
    line = _last_line_in(source, error)
    kind = type(error).__name__
    detail = f"{kind}: {error}" if str(error) else kind
    return ModuleLoadError(source, line, f"import failed: {detail}")


def _deepest_file(error: BaseException) -> str | None:
    """The file where a failure inside someone else's import happened (not importlib's frames)."""
    if isinstance(error, SyntaxError) and error.filename:
        return error.filename
    frames = reversed(traceback.extract_tb(error.__traceback__))
    return next((frame.filename for frame in frames if not frame.filename.startswith("<")), None)


def _last_line_in(source: str, error: BaseException) -> int | None:
    frames = reversed(traceback.extract_tb(error.__traceback__))
    return next((frame.lineno for frame in frames if frame.filename == source), None)
