"""A tool's `CallToolResult` as the value an action receives.

- structured content (the tool declared an output schema) comes back as plain JSON values;
- otherwise each content block becomes a value: text as `str`, an image as an `McpImage` (which
  the sandbox hands to the action as an opaque handle the image APIs accept), a resource as its
  text or image; one block is returned as itself, several as a list, none as None;
- a result flagged `isError` raises `McpToolError` with the tool's own message.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from mcp.types import (
    AudioContent,
    BlobResourceContents,
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
)

from react_repl.mcp._errors import McpToolError
from react_repl.mcp._image import McpImage
from react_repl.mcp._schema import clean_text

MAX_ERROR_CHARS = 2_000


def result_value(result: CallToolResult, tool: str, server: str) -> Any:
    if result.is_error:
        texts = [block.text for block in result.content if isinstance(block, TextContent)]
        message = clean_text("\n".join(texts), MAX_ERROR_CHARS) or "no message"
        raise McpToolError(f"{tool} (MCP server {server!r}) failed: {message}")
    if result.structured_content is not None:
        return result.structured_content
    values = [_block_value(block) for block in result.content]
    if not values:
        return None
    return values[0] if len(values) == 1 else values


def _block_value(block: Any) -> Any:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, ImageContent):
        return McpImage(_decoded(block.data), block.mime_type)
    if isinstance(block, EmbeddedResource):
        return _resource_value(block.resource)
    if isinstance(block, ResourceLink):
        link = {"uri": str(block.uri), "name": block.name}
        extra = {"mime_type": block.mime_type, "description": block.description}
        return link | {key: value for key, value in extra.items() if value}
    if isinstance(block, AudioContent):
        size = len(_decoded(block.data))
        return f"[audio {block.mime_type}, {size} bytes: actions cannot play audio]"
    return f"[{getattr(block, 'type', type(block).__name__)} content: not supported in actions]"


def _resource_value(resource: Any) -> Any:
    if isinstance(resource, TextResourceContents):
        return resource.text
    if isinstance(resource, BlobResourceContents):
        data = _decoded(resource.blob)
        mime_type = resource.mime_type or "application/octet-stream"
        if mime_type.startswith("image/"):
            return McpImage(data, mime_type)
        return f"[resource {resource.uri}: {mime_type}, {len(data)} bytes of binary data]"
    return f"[resource {getattr(resource, 'uri', '?')}: unknown kind]"


def _decoded(data: str) -> bytes:
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise McpToolError("the tool returned binary data that is not valid base64") from None
