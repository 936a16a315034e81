"""An MCP tool as a host function: called from an action, run in the agent's process.

API modules are re-imported inside the sandbox worker, but a tool lives behind a connection the
agent's process holds, so the worker forwards the call here (like `method_search`) and gets the
converted result back. An image crosses as the sandbox's `HostImage` (PNG or JPEG bytes, decoded
in the confined worker, never here) and reaches the action as a handle the image APIs accept;
text that came with it becomes its caption.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from react_repl.mcp._tools import ToolShape
from react_repl.registry import api
from react_repl.sandbox import HostImage

_ACTION_IMAGE_TYPES = ("image/png", "image/jpeg")

if TYPE_CHECKING:
    from react_repl.mcp._servers import McpServers


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
