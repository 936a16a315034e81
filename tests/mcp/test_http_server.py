"""A server written with the SDK, over streamable HTTP: a tool that hangs, one that errors, one
that returns an image, and the limits that hold whatever the server sends."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp_fixtures import TOOLBOX, free_port, wait_for_port
from PIL import Image

from react_repl._paths import builtin_apis_dir
from react_repl.mcp import (
    McpImage,
    McpServerConfig,
    McpServerError,
    McpServers,
    McpTimeoutError,
    McpToolError,
    server_apis,
)
from react_repl.mcp._tools import for_action
from react_repl.registry import ApiRegistry
from react_repl.sandbox import HostImage, Sandbox


def _web(url: str, **values: object) -> McpServerConfig:
    return McpServerConfig(name="web", url=url, **values)


@pytest.fixture(scope="module")
def web(http_toolbox: str) -> Iterator[dict]:
    server = _web(http_toolbox, timeout=3, headers=(("Authorization", "Bearer test-token"),))
    found = server_apis(server)
    assert found.problems == []
    with McpServers(max_message_bytes=200_000) as servers:
        yield servers.host_functions(shape for _, shape in found.specs)


def test_the_tools_are_listed_over_http(http_toolbox: str) -> None:
    names = [spec.name for spec, _ in server_apis(_web(http_toolbox)).specs]
    assert {"hang", "fail", "picture", "search_items"} <= set(names)


def test_a_hanging_tool_times_out_and_the_server_keeps_serving(web: dict) -> None:
    web["whoami"]()
    started = time.monotonic()
    late = r"hang \(MCP server 'web'\) did not answer within 3 s"
    with pytest.raises(McpTimeoutError, match=late):
        web["hang"](60)
    assert 2.5 < time.monotonic() - started < 10
    assert web["search_items"]("lamps") == {"arguments": {"query": "lamps"}}


def test_an_erroring_tool_raises_its_message(web: dict) -> None:
    with pytest.raises(McpToolError, match=r"fail \(MCP server 'web'\) failed: cannot: no stock"):
        web["fail"]("no stock")


def test_an_image_comes_back_as_an_image(http_toolbox: str) -> None:
    with McpServers([_web(http_toolbox)]) as servers:
        picture = servers.call_tool("web", "picture", {})
    assert isinstance(picture, McpImage) and picture.mime_type == "image/png"
    assert Image.open(io.BytesIO(picture.data)).getpixel((0, 0)) == (255, 0, 0)


def test_headers_from_the_description_are_sent(web: dict) -> None:
    assert web["header"]("authorization") == "Bearer test-token"


def test_a_huge_response_is_refused_unread_and_the_next_call_reconnects(web: dict) -> None:
    with pytest.raises(McpServerError, match="sent a response longer than 200000 bytes"):
        web["big_text"](1_000_000)
    assert len(web["big_text"](100_000)) == 100_000


def test_a_server_that_goes_away_is_a_clear_error() -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(TOOLBOX), "--http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server = _web(f"http://127.0.0.1:{port}/mcp", timeout=3)
    try:
        wait_for_port(port, process)
        with McpServers([server]) as servers:
            assert servers.call_tool("web", "whoami", {}).isdigit()
            process.terminate()
            process.wait(timeout=10)
            with pytest.raises(McpServerError, match="MCP server 'web'"):
                servers.call_tool("web", "whoami", {})
            with pytest.raises(McpServerError, match="could not be started: ConnectError"):
                servers.call_tool("web", "whoami", {})
    finally:
        process.kill()
        process.wait(timeout=10)


def test_an_image_reaches_an_action_as_a_handle_the_image_apis_accept(
    web: dict, tmp_path: Path
) -> None:
    images = ApiRegistry.discover(
        [str(builtin_apis_dir() / "images.py")], builtin=False, entry_points=False
    )
    with Sandbox(images.callables(), host_functions=web, workspace=tmp_path) as sandbox:
        shown = sandbox.run("shot = picture()\nprint(get_image_info(shot))")
        assert "'width': 3, 'height': 2" in shown.text, shown.text
        assert "opaque handle" in sandbox.run("shot.save('/tmp/out.png')").text
        captioned = sandbox.run("both = pieces()\nprint(get_image_info(both)['width'])")
        assert captioned.text.splitlines() == ["a caption", "3"]


def test_images_the_sandbox_cannot_take_become_notes() -> None:
    png, gif = McpImage(b"png-bytes", "image/png"), McpImage(b"gif-bytes", "image/gif")
    assert for_action(gif) == "[image/gif image, 9 bytes: only PNG and JPEG reach actions]"
    carried = for_action(["two pictures", png, gif, McpImage(b"other", "image/png")])
    assert isinstance(carried, HostImage) and carried.data == b"png-bytes"
    assert carried.caption.splitlines() == [
        "two pictures",
        "[image/gif image, 9 bytes: only PNG and JPEG reach actions]",
        "[another image/png image: one image per call reaches the action]",
    ]
    assert for_action({"plain": "data"}) == {"plain": "data"}
