"""API modules: plain Python modules of documented functions, turned into searchable specs.

`ApiRegistry.discover()` finds them (built-in `apis/`, paths, `react-repl apis add` sources,
the `react_repl.apis` entry-point group); the index embeds the specs and the sandbox binds the
functions they describe.

Exports load on first use: `react-repl apis --help` and the sources file need none of the
docstring parsing and signature reading (about 75 ms to import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from react_repl._lazy import lazy_exports, names_by_module

if TYPE_CHECKING:
    from ._collect import format_signature, read_signature
    from ._decorator import Declaration, api, declaration_of
    from ._docstrings import DocSections, parse_docstring
    from ._loading import (
        SYNTHETIC_PACKAGE,
        ModuleLoadError,
        import_api_module,
        load_file,
        load_module_name,
        synthetic_module_name,
    )
    from ._registry import ENTRY_POINT_GROUP, ApiRegistry, is_mcp_spec
    from ._sources import (
        MCP_SOURCE_PREFIX,
        SourcesFileError,
        add_registered_source,
        load_registered_sources,
        remove_registered_source,
    )
    from ._specs import ApiSpec, ParamDoc, RegistrationProblem

_EXPORTS = names_by_module(
    {
        "_collect": "format_signature read_signature",
        "_decorator": "Declaration api declaration_of",
        "_docstrings": "DocSections parse_docstring",
        "_loading": "SYNTHETIC_PACKAGE ModuleLoadError import_api_module load_file "
        "load_module_name synthetic_module_name",
        "_specs": "ApiSpec ParamDoc RegistrationProblem",
        "_registry": "ENTRY_POINT_GROUP ApiRegistry is_mcp_spec",
        "_sources": "MCP_SOURCE_PREFIX SourcesFileError add_registered_source "
        "load_registered_sources remove_registered_source",
    }
)

__all__ = [
    "ENTRY_POINT_GROUP", "MCP_SOURCE_PREFIX", "SYNTHETIC_PACKAGE", "ApiRegistry", "ApiSpec",
    "Declaration", "DocSections", "ModuleLoadError", "ParamDoc", "RegistrationProblem",
    "SourcesFileError", "add_registered_source", "api", "declaration_of", "format_signature",
    "import_api_module", "is_mcp_spec", "load_file", "load_module_name", "load_registered_sources",
    "parse_docstring", "read_signature", "remove_registered_source", "synthetic_module_name",
]  # fmt: skip

__getattr__ = lazy_exports(__name__, _EXPORTS)
