"""One MCP tool as react-repl sees it: a Python name, a signature, a docstring, declarations.

Built from the tool's listing alone (a plain dict, as the server sent it), so the same shape
serves the registry, which indexes it without starting the server, and the callable that calls
it during a run.
"""

from __future__ import annotations

import hashlib
import inspect
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from react_repl.mcp._config import McpServerConfig
from react_repl.mcp._schema import (
    MAX_DESCRIPTION_CHARS,
    ToolParameter,
    clean_text,
    output_summary,
    python_identifier,
    signature_of,
    tool_parameters,
)
from react_repl.registry import MCP_SOURCE_PREFIX, ApiSpec, ParamDoc
from react_repl.registry._docstrings import parse_docstring

_UNSTRUCTURED_RETURNS = (
    "The tool's result: text as str, an image as an image handle, several parts as a list."
)


@dataclass(frozen=True)
class ToolShape:
    server: McpServerConfig
    tool_name: str
    """The name the server knows the tool by."""
    python_name: str
    parameters: tuple[ToolParameter, ...]
    signature: inspect.Signature
    summary: str
    description: str
    returns: str
    side_effects: bool
    tags: tuple[str, ...]

    @property
    def signature_text(self) -> str:
        return f"{self.python_name}{self.signature}"

    def docstring(self) -> str:
        """The text `help(tool)` shows in the sandbox: description, Args, Returns."""
        parts = [text for text in (self.summary, self.description) if text]
        if self.parameters:
            lines = [f"    {p.python_name}: {p.description}".rstrip() for p in self.parameters]
            parts.append("Args:\n" + "\n".join(lines))
        parts.append(f"Returns:\n    {self.returns}")
        parts.append(f"(Tool {self.tool_name!r} of MCP server {self.server.name!r}.)")
        return "\n\n".join(parts)

    def spec(self, module_hash: str) -> ApiSpec:
        return ApiSpec(
            name=self.python_name,
            qualname=self.tool_name,
            module=server_module(self.server),
            source_file=self.server.origin or self.server.label(),
            line=0,
            signature=self.signature_text,
            summary=self.summary,
            description=self.description,
            params=tuple(
                ParamDoc(p.python_name, p.annotation, p.default_text, p.description)
                for p in self.parameters
            ),
            returns=self.returns,
            raises=(
                "McpToolError: the tool reported a failure",
                "McpTimeoutError: the tool did not answer in time",
                "McpServerError: the server could not be started or stopped",
            ),
            tags=self.tags,
            module_hash=module_hash,
            side_effects=self.side_effects,
        )


def server_module(server: McpServerConfig) -> str:
    """The module name of a server's tools in the index: never importable, never a clash."""
    return MCP_SOURCE_PREFIX + server.name


def tool_shapes(server: McpServerConfig, tools: Sequence[Mapping[str, Any]]) -> list[ToolShape]:
    """Shapes for a server's listing, in order; a listing entry without a name is skipped."""
    shapes: list[ToolShape] = []
    for tool in tools:
        name = tool.get("name") if isinstance(tool, Mapping) else None
        if isinstance(name, str) and name.strip():
            shapes.append(tool_shape(server, tool))
    return shapes


def tool_shape(server: McpServerConfig, tool: Mapping[str, Any]) -> ToolShape:
    parameters = tuple(tool_parameters(tool.get("inputSchema")))
    output = tool.get("outputSchema")
    returns_annotation = "dict" if isinstance(output, Mapping) else None
    summary, description = _summary_and_description(tool)
    read_only = _hint(tool, "readOnlyHint", default=False)
    destructive = not read_only and _hint(tool, "destructiveHint", default=True)
    kind = ("read-only",) if read_only else ("destructive",) if destructive else ()
    name = str(tool["name"])
    return ToolShape(
        server=server,
        tool_name=name,
        python_name=server.prefix + python_identifier(name, "tool"),
        parameters=parameters,
        signature=signature_of(parameters, returns_annotation),
        summary=summary,
        description=description,
        returns=output_summary(output) if returns_annotation else _UNSTRUCTURED_RETURNS,
        side_effects=not read_only,
        tags=("mcp", server.name, *kind),
    )


def listing_hash(tools: Sequence[Mapping[str, Any]]) -> str:
    """Identifies a listing; the index re-embeds a server's tools when it changes."""
    text = json.dumps(list(tools), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _summary_and_description(tool: Mapping[str, Any]) -> tuple[str, str]:
    text = clean_text(tool.get("description"), MAX_DESCRIPTION_CHARS)
    title = clean_text(tool.get("title"), 200)
    if not text:
        return title or f"The MCP tool {tool['name']!r}.", ""
    sections = parse_docstring(text)
    return sections.summary or title, sections.description


def _hint(tool: Mapping[str, Any], key: str, *, default: bool) -> bool:
    """MCP's defaults are the cautious ones: a tool is not read-only and may destroy."""
    annotations = tool.get("annotations")
    value = annotations.get(key) if isinstance(annotations, Mapping) else None
    return value if isinstance(value, bool) else default
