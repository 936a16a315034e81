"""Host functions (running in the agent process, like MCP tools) can hand the agent an image:
it crosses as PNG or JPEG bytes and arrives as an opaque handle the image APIs accept."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import assert_contained
from PIL import Image

from react_repl.sandbox import HostImage, Sandbox

APIS_DIR = Path(__file__).resolve().parents[2] / "apis"
sys.path.insert(0, str(APIS_DIR))

import images  # noqa: E402  (the shipped image APIs, loaded the way the registry loads them)
import messages  # noqa: E402


def _encoded(size: tuple[int, int], image_format: str) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, "blue").save(buffer, format=image_format)
    return buffer.getvalue()


def take_screenshot(width: int = 6) -> HostImage:
    """Returns a picture, as an MCP tool or a browser host function would."""
    return HostImage(_encoded((width, 3), "PNG"), caption=f"screenshot {width}x3")


def take_photo() -> HostImage:
    """A JPEG without a caption."""
    return HostImage(_encoded((4, 4), "JPEG"))


def send_gif() -> HostImage:
    """A format the worker does not decode."""
    return HostImage(_encoded((2, 2), "GIF"))


def send_garbage() -> HostImage:
    """Bytes that are not an image."""
    return HostImage(b"\x89PNG but not really")


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    host = {f.__name__: f for f in (take_screenshot, take_photo, send_gif, send_garbage)}
    with Sandbox(
        [images.get_image_info, images.save_image],
        host_functions=host,
        workspace=tmp_path_factory.mktemp("ws"),
    ) as sandbox:
        yield sandbox


def test_a_host_image_arrives_as_a_handle_the_image_apis_accept(box: Sandbox) -> None:
    observation = box.run("shot = take_screenshot(8)\nprint(shot)\nprint(get_image_info(shot))")
    assert observation.ok, observation.text
    lines = observation.text.splitlines()
    assert lines[0] == "screenshot 8x3"
    assert lines[1].startswith("<handle: <PIL.PngImagePlugin.PngImageFile image mode=RGB size=8x3")
    assert "'width': 8" in lines[2] and "'height': 3" in lines[2]
    assert "red.png" in box.run("print(save_image(shot, 'red.png'))").text
    assert box.run("print(get_image_info(take_photo())['width'])").text == "4"


def test_the_image_is_opaque(box: Sandbox, marker: Path) -> None:
    observation = box.run(f"take_screenshot().save({str(marker)!r})")
    assert observation.error == "AttributeError", observation.text
    assert_contained(box, observation, marker)


@pytest.mark.parametrize("function", ["send_gif", "send_garbage"])
def test_undecodable_images_are_clear_errors(box: Sandbox, function: str) -> None:
    observation = box.run(f"{function}()")
    assert observation.error == "ValueError", observation.text
    assert "could not be decoded" in observation.text
    assert box.run("print(1)").text == "1"


def test_text_results_are_values_next_to_images(box: Sandbox) -> None:
    with Sandbox(host_functions={"echo_host": str}) as sandbox:
        observation = sandbox.run("r = echo_host('hi')\nprint(r)")
        assert observation.text == "hi"


def _pillow_loaded(sandbox: Sandbox) -> bool:
    """Pillow's native core is mapped into the worker once anything imports it."""
    return "_imaging" in Path(f"/proc/{sandbox._worker.pid}/maps").read_text()


def test_the_image_apis_load_pillow_at_their_first_call_and_read_the_same_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker imports every API module before the first action, and the run's first model
    request waits for it: Pillow's 32 ms belong to the first call that handles an image. help()
    reads the signature as method_search shows it, whether Pillow has loaded or not."""
    monkeypatch.delenv("DISCORD_WEBHOOK_URL", raising=False)  # the outbox is the destination
    shown = "resize_image(image: PIL.Image.Image, width: int | None = None, height: int | None = None) -> PIL.Image.Image"  # noqa: E501
    apis = [images.resize_image, images.create_image, messages.send_discord_message]
    with Sandbox(apis, workspace=tmp_path) as box:
        assert box.run("help(resize_image)").text.splitlines()[0] == shown
        assert box.run("send_discord_message('text only')").ok
        assert not _pillow_loaded(box)
        observation = box.run(
            "picture = resize_image(create_image(20, 10), width=4)\nprint(picture)"
        )
        assert observation.ok and "size=4x2" in observation.text, observation.text
        assert _pillow_loaded(box)
        assert box.run("help(resize_image)").text.splitlines()[0] == shown
        sent = box.run("print(send_discord_message('with a picture', picture)['image_path'])")
        assert sent.ok and sent.text.endswith(".png"), sent.text
