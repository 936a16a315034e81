"""API modules: plain Python modules of documented functions, turned into searchable specs.

`ApiRegistry.discover()` finds them (built-in `apis/`, paths, `react-repl apis add` sources,
the `react_repl.apis` entry-point group); the index embeds the specs and the sandbox binds the
functions they describe.
"""

from react_repl.registry._collect import format_signature, read_signature
from react_repl.registry._decorator import Declaration, api, declaration_of
from react_repl.registry._docstrings import DocSections, parse_docstring
from react_repl.registry._loading import (
    SYNTHETIC_PACKAGE,
    ModuleLoadError,
    import_api_module,
    load_file,
    load_module_name,
    synthetic_module_name,
)
from react_repl.registry._model import ApiSpec, ParamDoc, RegistrationProblem
from react_repl.registry._registry import ENTRY_POINT_GROUP, ApiRegistry, is_mcp_spec
from react_repl.registry._sources import (
    MCP_SOURCE_PREFIX,
    SourcesFileError,
    add_registered_source,
    load_registered_sources,
    remove_registered_source,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "MCP_SOURCE_PREFIX",
    "SYNTHETIC_PACKAGE",
    "ApiRegistry",
    "ApiSpec",
    "Declaration",
    "DocSections",
    "ModuleLoadError",
    "ParamDoc",
    "RegistrationProblem",
    "SourcesFileError",
    "add_registered_source",
    "api",
    "declaration_of",
    "format_signature",
    "import_api_module",
    "is_mcp_spec",
    "load_file",
    "load_module_name",
    "load_registered_sources",
    "parse_docstring",
    "read_signature",
    "remove_registered_source",
    "synthetic_module_name",
]
