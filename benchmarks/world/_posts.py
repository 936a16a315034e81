"""Webhook posts as the local world records them, parsed from what Slack and Discord receive."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from typing import cast

from PIL import Image, UnidentifiedImageError


@dataclass(frozen=True)
class Post:
    """One message a webhook received. `image_size` is (width, height) of an attached image."""

    service: str
    channel: str | None
    text: str
    image_bytes: bytes | None = field(default=None, repr=False)
    image_size: tuple[int, int] | None = None

    def summary(self) -> dict:
        """What a results record keeps of a post: everything but the image's bytes."""
        return {
            "service": self.service,
            "channel": self.channel,
            "text": self.text,
            "image_size": list(self.image_size) if self.image_size else None,
        }


class PostFormatError(ValueError):
    """A body no real webhook would accept; the webhook answers 400 with this message."""


def parse_post(service: str, content_type: str, body: bytes) -> Post:
    if content_type.startswith("multipart/form-data"):
        return _multipart(service, content_type, body)
    try:
        payload = json.loads(body or b"{}")
    except json.JSONDecodeError as error:
        raise PostFormatError(f"invalid JSON: {error}") from None
    if not isinstance(payload, dict):
        raise PostFormatError("the body must be a JSON object")
    text = payload.get("text") if service == "slack" else payload.get("content")
    if not isinstance(text, str) or not text.strip():
        key = "text" if service == "slack" else "content"
        raise PostFormatError(f"'{key}' is missing or empty")
    channel = payload.get("channel") if isinstance(payload.get("channel"), str) else None
    return Post(service, channel, text)


def _multipart(service: str, content_type: str, body: bytes) -> Post:
    """Discord's form: a `payload_json` part and `files[n]` parts."""
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode()
    message = BytesParser(policy=HTTP).parsebytes(head + body)
    if not message.is_multipart():
        raise PostFormatError("multipart body without parts")
    text, image = "", None
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        payload = cast(bytes, part.get_payload(decode=True) or b"")  # a part, not a message
        if name == "payload_json":
            try:
                text = str(json.loads(payload).get("content") or "")
            except (json.JSONDecodeError, AttributeError):
                raise PostFormatError("payload_json is not a JSON object") from None
        elif isinstance(name, str) and name.startswith("files["):
            image = payload
    size = _image_size(image) if image else None
    if not text.strip() and image is None:
        raise PostFormatError("a message needs content or a file")
    return Post(service, None, text, image, size)


def _image_size(data: bytes) -> tuple[int, int]:
    try:
        with Image.open(io.BytesIO(data)) as picture:
            return picture.size
    except (UnidentifiedImageError, OSError):
        raise PostFormatError("the attached file is not an image") from None
