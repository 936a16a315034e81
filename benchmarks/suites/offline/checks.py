"""State checks for the offline suite: the file really written, the message really sent."""

from __future__ import annotations


def greeting_written(world) -> None:
    assert world.exists("greeting.txt"), "greeting.txt was not written"
    content = world.text("greeting.txt")
    assert content.strip() == "hello agent", f"greeting.txt holds {content!r}"


def one_slack_message(world, channel: str, contains: str) -> None:
    posts = world.posts("slack")
    assert len(posts) == 1, f"expected one Slack message, found {len(posts)}"
    post = posts[0]
    sent_to = (post.channel or "").lstrip("#").lower()
    assert sent_to == channel.lstrip("#").lower(), f"sent to {post.channel!r}, not {channel}"
    assert contains.lower() in post.text.lower(), f"the message lacks {contains!r}: {post.text!r}"
