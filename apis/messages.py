"""Chat messages to Slack and Discord, always kept in a local outbox first.

Every message is stored in `outbox.db` in the workspace before anything else happens, so nothing is
lost when delivery fails. It is then posted to the Slack or Discord incoming webhook when one is
configured (`SLACK_WEBHOOK_URL`, `DISCORD_WEBHOOK_URL`, in the environment or `react-repl.toml`);
without one the outbox is the destination, and the returned dict says so.

Pillow loads only when a message carries an image (see images.py for why): annotations name
`PIL.Image.Image` in full, and an image argument is checked after Pillow is imported.
"""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import datetime

import PIL
from _config import setting
from _http import post
from _workspace import resolve_in_workspace, workspace_dir

__all__ = ["list_outbox_messages", "send_discord_message", "send_slack_message"]
# What each call does beyond returning a value (read by the sandbox and approvals; see
# react_repl.registry's `api` docstring).
__react_repl__ = {
    "send_slack_message": {"side_effects": True, "network": True},
    "send_discord_message": {"side_effects": True, "network": True},
}

OUTBOX_FILE = "outbox.db"
IMAGE_FOLDER = "outbox_images"
DISCORD_LIMIT = 2000
SLACK_LIMIT = 40_000
_SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, service TEXT NOT NULL,
    channel TEXT, text TEXT NOT NULL, image_path TEXT, delivered_to TEXT NOT NULL,
    delivery_error TEXT
)
"""


def send_slack_message(message: str, channel: str) -> dict:
    """Send a text message to a Slack channel.

    Args:
        message: The text to send (Slack markdown allowed).
        channel: The channel name or ID, e.g. "#general".

    Returns:
        Keys id (outbox number), service, channel, text, image_path and delivered_to
        ("slack webhook", or "outbox" when no Slack webhook is configured).

    Raises:
        ValueError: The message or channel is empty, or the message is too long.
        ConnectionError: Slack could not be reached; the message stays in the outbox.
    """
    if not isinstance(channel, str) or not channel.strip():
        raise ValueError("Give the Slack channel, e.g. '#general'.")
    _check_text(message, SLACK_LIMIT)
    record = _store("slack", channel.strip(), message, None)
    webhook = setting("SLACK_WEBHOOK_URL")
    if webhook:
        _deliver(
            record,
            "slack webhook",
            lambda: post(webhook, json={"text": message, "channel": channel}),
        )
    return record


def send_discord_message(message: str, image: PIL.Image.Image | None = None) -> dict:
    """Send a message to Discord, optionally with an image attached.

    Args:
        message: The text to send, at most 2000 characters.
        image: An image to attach (from open_image, download_image, shrink_image...); None for
            text only.

    Returns:
        Keys id (outbox number), service, channel, text, image_path (copy of the image in the
        workspace) and delivered_to ("discord webhook", or "outbox" when none is configured).

    Raises:
        ValueError: The message is empty or too long, or image is not an image.
        ConnectionError: Discord could not be reached; the message stays in the outbox.
    """
    _check_text(message, DISCORD_LIMIT)
    if image is not None and not _is_image(image):
        raise ValueError(f"image must be an image or None, got {type(image).__name__}.")
    record = _store("discord", None, message, image)
    webhook = setting("DISCORD_WEBHOOK_URL")
    if webhook:
        _deliver(record, "discord webhook", lambda: _post_discord(webhook, message, image))
    return record


def list_outbox_messages(service: str | None = None, limit: int = 20) -> list[dict]:
    """List (read) the messages sent so far, newest first, from the local outbox.

    Args:
        service: "slack" or "discord" to show only that service; None for all.
        limit: Most messages to return.

    Returns:
        One dict per message with keys id, created_at, service, channel, text, image_path,
        delivered_to and delivery_error (None unless delivery failed).

    Raises:
        ValueError: The service is not "slack" or "discord".
    """
    if service not in (None, "slack", "discord"):
        raise ValueError("service must be 'slack', 'discord' or None.")
    query = "SELECT * FROM messages WHERE ? IS NULL OR service = ? ORDER BY id DESC LIMIT ?"
    with closing(_outbox()) as db:
        db.row_factory = sqlite3.Row
        rows = db.execute(query, (service, service, max(limit, 0))).fetchall()
    return [dict(row) for row in rows]


def _check_text(message: str, limit: int) -> None:
    if not isinstance(message, str) or not message.strip():
        raise ValueError("The message is empty; give the text to send.")
    if len(message) > limit:
        raise ValueError(f"The message has {len(message)} characters; the limit is {limit}.")


def _store(service: str, channel: str | None, text: str, image: PIL.Image.Image | None) -> dict:
    image_path = _keep_image(image) if image is not None else None
    created = datetime.now().astimezone().isoformat(timespec="seconds")
    with closing(_outbox()) as db:
        cursor = db.execute(
            "INSERT INTO messages (created_at, service, channel, text, image_path, delivered_to)"
            " VALUES (?, ?, ?, ?, ?, 'outbox')",
            (created, service, channel, text, image_path),
        )
        db.commit()
        message_id = cursor.lastrowid
    return {
        "id": message_id,
        "service": service,
        "channel": channel,
        "text": text,
        "image_path": image_path,
        "delivered_to": "outbox",
    }


def _deliver(record: dict, destination: str, send: Callable[[], object]) -> None:
    problem: str | None
    try:
        send()
    except (ConnectionError, PermissionError, ValueError) as error:
        problem = str(error)
    else:
        problem = None
        record["delivered_to"] = destination
    with closing(_outbox()) as db:
        db.execute(
            "UPDATE messages SET delivered_to = ?, delivery_error = ? WHERE id = ?",
            (record["delivered_to"], problem, record["id"]),
        )
        db.commit()
    if problem:
        raise ConnectionError(
            f"Message {record['id']} is saved in the outbox, but delivery to the "
            f"{destination} failed: {problem}"
        )


def _post_discord(webhook: str, message: str, image: PIL.Image.Image | None) -> object:
    if image is None:
        return post(webhook, json={"content": message})
    buffer = io.BytesIO()
    _png_ready(image).save(buffer, format="PNG")
    files = {"files[0]": ("image.png", buffer.getvalue(), "image/png")}
    return post(webhook, data={"payload_json": json.dumps({"content": message})}, files=files)


def _is_image(value: object) -> bool:
    from PIL import Image

    return isinstance(value, Image.Image)


def _keep_image(image: PIL.Image.Image) -> str:
    import uuid

    relative = f"{IMAGE_FOLDER}/{uuid.uuid4().hex}.png"
    target = resolve_in_workspace(relative)
    target.parent.mkdir(parents=True, exist_ok=True)
    _png_ready(image).save(target, format="PNG")
    return relative


def _png_ready(image: PIL.Image.Image) -> PIL.Image.Image:
    """PNG cannot hold CMYK or YCbCr (common in JPEG photos), so those become RGB."""
    png_modes = ("1", "L", "LA", "P", "RGB", "RGBA", "I")
    return image if image.mode in png_modes else image.convert("RGB")


def _outbox() -> sqlite3.Connection:
    db = sqlite3.connect(workspace_dir() / OUTBOX_FILE, timeout=10)
    db.execute(_SCHEMA)
    return db
