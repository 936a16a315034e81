import json
from pathlib import Path

import images
import messages
import pytest


@pytest.fixture
def no_webhooks(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("SLACK_WEBHOOK_URL", raising=False)
    monkeypatch.delenv("DISCORD_WEBHOOK_URL", raising=False)
    return workspace


def test_outbox_round_trip_without_webhooks(no_webhooks: Path) -> None:
    slack = messages.send_slack_message("Weather in London: 12°C ⛅", "#experimenting")
    assert slack == {
        "id": 1,
        "service": "slack",
        "channel": "#experimenting",
        "text": "Weather in London: 12°C ⛅",
        "image_path": None,
        "delivered_to": "outbox",
    }
    picture = images.create_image(40, 20, color="navy")
    discord = messages.send_discord_message("Hello from Space!", image=picture)
    assert discord["delivered_to"] == "outbox" and discord["id"] == 2
    kept = images.open_image(discord["image_path"])
    assert kept.size == (40, 20) and kept.getpixel((1, 1)) == (0, 0, 128)

    newest_first = messages.list_outbox_messages()
    assert [message["id"] for message in newest_first] == [2, 1]
    assert newest_first[1]["text"] == slack["text"] and newest_first[1]["delivery_error"] is None
    assert [m["service"] for m in messages.list_outbox_messages(service="slack")] == ["slack"]
    assert len(messages.list_outbox_messages(limit=1)) == 1
    assert (no_webhooks / "outbox.db").is_file()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: messages.send_slack_message("  ", "#x"), "empty"),
        (lambda: messages.send_slack_message("hi", ""), "channel"),
        (lambda: messages.send_discord_message("x" * 2001), "2000"),
        (lambda: messages.send_discord_message("hi", image="cat.png"), "image must be"),
        (lambda: messages.list_outbox_messages(service="email"), "slack"),
    ],
)
def test_bad_messages_are_refused_before_storing(no_webhooks: Path, call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
    assert messages.list_outbox_messages() == []


def test_slack_webhook_delivery(no_webhooks: Path, server, monkeypatch) -> None:
    server.reply("/slack", "ok")
    monkeypatch.setenv("SLACK_WEBHOOK_URL", f"{server.url}/slack")
    sent = messages.send_slack_message("Lowest MSFT close: 371.2", "#stocks")
    assert sent["delivered_to"] == "slack webhook"
    [request] = server.requests
    assert request.method == "POST"
    assert json.loads(request.body) == {"text": "Lowest MSFT close: 371.2", "channel": "#stocks"}
    assert messages.list_outbox_messages()[0]["delivered_to"] == "slack webhook"


def test_discord_webhook_delivery_with_image(no_webhooks: Path, server, monkeypatch) -> None:
    server.reply("/discord", "", status=204)
    monkeypatch.setenv("DISCORD_WEBHOOK_URL", f"{server.url}/discord")
    text_only = messages.send_discord_message("plain")
    with_image = messages.send_discord_message("picture", images.create_image(8, 8))
    assert text_only["delivered_to"] == with_image["delivered_to"] == "discord webhook"
    plain, multipart = server.requests
    assert json.loads(plain.body) == {"content": "plain"}
    assert multipart.headers["Content-Type"].startswith("multipart/form-data")
    assert b'{"content": "picture"}' in multipart.body and b"\x89PNG" in multipart.body


def test_failed_delivery_keeps_the_message(no_webhooks: Path, unreachable_url, monkeypatch) -> None:
    monkeypatch.setenv("SLACK_WEBHOOK_URL", f"{unreachable_url}/slack")
    with pytest.raises(ConnectionError, match=r"saved in the outbox.*No network"):
        messages.send_slack_message("important", "#ops")
    [stored] = messages.list_outbox_messages()
    assert stored["text"] == "important" and stored["delivered_to"] == "outbox"
    assert "No network" in stored["delivery_error"]


def test_rejected_webhook_is_reported(no_webhooks: Path, server, monkeypatch) -> None:
    server.reply("/discord", {"message": "Unknown Webhook"}, status=404)
    monkeypatch.setenv("DISCORD_WEBHOOK_URL", f"{server.url}/discord")
    with pytest.raises(ConnectionError, match="Unknown Webhook"):
        messages.send_discord_message("hello")
    assert "HTTP 404" in messages.list_outbox_messages()[0]["delivery_error"]


def test_webhook_from_config_file(no_webhooks: Path, server, tmp_path: Path) -> None:
    server.reply("/hook", "ok")
    (tmp_path / "react-repl.toml").write_text(f'[apis]\nSLACK_WEBHOOK_URL = "{server.url}/hook"\n')
    assert messages.send_slack_message("from config", "#c")["delivered_to"] == "slack webhook"
    assert server.requests[0].path == "/hook"


def test_malformed_config_file_is_named(no_webhooks: Path, tmp_path: Path) -> None:
    (tmp_path / "react-repl.toml").write_text("[apis\nbroken")
    with pytest.raises(ValueError, match=r"react-repl\.toml is not valid TOML"):
        messages.send_slack_message("hi", "#c")
