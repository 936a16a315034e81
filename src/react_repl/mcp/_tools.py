"""One MCP tool as react-repl sees it (a Python name, a signature, a docstring, declarations)
and calls it: as a host function, called from an action, run in the agent's process.

The shape is built from the tool's listing alone (a plain dict, as the server sent it), so it
serves the registry, which indexes it without starting the server, and the callable that calls
it during a run. API modules are re-imported inside the sandbox worker, but a tool lives behind
a connection the agent's process holds, so the worker forwards the call here (like
`method_search`) and gets the converted result back. An image crosses as the sandbox's
`HostImage` (PNG or JPEG bytes, decoded in the confined worker, never here) and reaches the
action as a handle the image APIs accept; text that came with it becomes its caption.
"""

from __future__ import annotations

import hashlib
import inspect
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from react_repl.mcp._config import McpServerConfig
from react_repl.mcp._json_schema import (
    MAX_DESCRIPTION_CHARS,
    ToolParameter,
    clean_text,
    output_summary,
    python_identifier,
    signature_of,
    tool_parameters,
)
from react_repl.registry import MCP_SOURCE_PREFIX, ApiSpec, ParamDoc, api
from react_repl.registry._docstrings import parse_docstring
from react_repl.sandbox import HostImage

if TYPE_CHECKING:
    from react_repl.mcp._servers import McpServers

_UNSTRUCTURED_RETURNS = (
    "The tool's result: text as str, an image as an image handle, several parts as a list."
)
_ACTION_IMAGE_TYPES = ("image/png", "image/jpeg")


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
            module=MCP_SOURCE_PREFIX + self.server.name,  # never importable, never a clash
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


def tool_shapes(server: McpServerConfig, tools: Sequence[Mapping[str, Any]]) -> list[ToolShape]:
    return [
        tool_shape(server, tool)
        for tool in tools
        if isinstance(tool, Mapping) and isinstance(tool.get("name"), str) and tool["name"].strip()
    ]


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


@dataclass(frozen=True, repr=False)
class McpImage:
    """Image bytes a tool returned, with their media type (`image/png`); defined apart from the
    SDK's types so that code which only holds or passes on images imports no SDK."""

    data: bytes
    mime_type: str

    def __repr__(self) -> str:
        return f"<image {self.mime_type}, {len(self.data)} bytes>"


class McpTool:
    """Callable with the tool's Python signature; `help()` shows its docstring, and
    `react_repl.registry.declaration_of` its declarations (side effects from its annotations),
    as for any `@api` function."""

    def __init__(self, shape: ToolShape, servers: McpServers) -> None:
        self.shape = shape
        self._servers = servers
        self.__signature__ = shape.signature
        self.__doc__ = shape.docstring()
        self.__name__ = self.__qualname__ = shape.python_name
        api(name=shape.python_name, tags=shape.tags, side_effects=shape.side_effects)(self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        arguments = self.arguments(args, kwargs)
        result = self._servers.call_tool(self.shape.server.name, self.shape.tool_name, arguments)
        return for_action(result)

    def arguments(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        """The JSON arguments object: Python names mapped back to the schema's names.

        An optional parameter left out, or given None, is not sent, so the server applies its own
        default.
        """
        try:
            bound = self.__signature__.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{self.shape.python_name}() {error}") from None
        given = bound.arguments
        return {
            parameter.schema_name: given[parameter.python_name]
            for parameter in self.shape.parameters
            if parameter.python_name in given
            and (parameter.required or given[parameter.python_name] is not None)
        }

    def __repr__(self) -> str:
        return f"<MCP tool {self.shape.signature_text} of server {self.shape.server.name!r}>"


def for_action(result: Any) -> Any:
    """The result as the sandbox can carry it: one image per call, as a `HostImage`."""
    parts = result if isinstance(result, list) else [result]
    images = [part for part in parts if isinstance(part, McpImage)]
    if not images:
        return result
    chosen = next((image for image in images if image.mime_type in _ACTION_IMAGE_TYPES), None)
    notes = [part for part in parts if not isinstance(part, McpImage)]
    notes += [_unusable(image) for image in images if image is not chosen]
    caption = "\n".join(str(note) for note in notes)
    return caption if chosen is None else HostImage(chosen.data, caption=caption)


def _unusable(image: McpImage) -> str:
    if image.mime_type in _ACTION_IMAGE_TYPES:
        return f"[another {image.mime_type} image: one image per call reaches the action]"
    return f"[{image.mime_type} image, {len(image.data)} bytes: only PNG and JPEG reach actions]"
