"""An image a tool returned, as bytes with their media type.

Kept apart from the SDK so that code which only holds or passes on images imports no SDK.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, repr=False)
class McpImage:
    """Image bytes a tool returned, with their media type (`image/png`)."""

    data: bytes
    mime_type: str

    def __repr__(self) -> str:
        return f"<image {self.mime_type}, {len(self.data)} bytes>"
