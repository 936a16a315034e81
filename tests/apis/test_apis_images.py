import io
import os
from pathlib import Path

import images
import pytest
from PIL import Image


def test_create_save_open_round_trip(workspace: Path) -> None:
    original = images.create_image(64, 48, color="#ff8800")
    saved = images.save_image(original, "out/orange.png")
    assert saved["path"] == "out/orange.png" and saved["format"] == "PNG"
    assert saved["size_bytes"] == (workspace / "out/orange.png").stat().st_size
    reopened = images.open_image("out/orange.png")
    assert images.get_image_info(reopened) == {
        "width": 64,
        "height": 48,
        "mode": "RGB",
        "format": "PNG",
    }
    assert reopened.getpixel((10, 10)) == (255, 136, 0)


def test_create_image_with_text_draws_contrasting_ink() -> None:
    plain = images.create_image(200, 100, color="white")
    titled = images.create_image(200, 100, color="white", text="Hello from Space!")
    assert plain.getcolors() == [(20000, (255, 255, 255))]
    assert (0, 0, 0) in {color for _, color in titled.getcolors(maxcolors=1000)}
    assert images.get_image_info(titled)["format"] is None


def test_resize_keeps_aspect_ratio_when_one_side_is_given() -> None:
    image = images.create_image(400, 200)
    assert images.resize_image(image, width=100).size == (100, 50)
    assert images.resize_image(image, height=50).size == (100, 50)
    assert images.resize_image(image, width=30, height=70).size == (30, 70)
    assert image.size == (400, 200)


def test_shrink_by_ratio_halves_like_the_seed_task() -> None:
    image = images.create_image(401, 200)
    assert images.shrink_image(image, 0.5).size == (200, 100)
    assert images.shrink_image(image, 0.0001).size == (1, 1)


def test_jpeg_save_converts_transparent_images(workspace: Path) -> None:
    transparent = Image.new("RGBA", (10, 10), (0, 0, 255, 128))
    saved = images.save_image(transparent, "t.jpg")
    assert saved["format"] == "JPEG"
    assert images.open_image("t.jpg").mode == "RGB"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: images.resize_image(images.create_image(5, 5)), ValueError, "width, a height"),
        (lambda: images.resize_image(images.create_image(5, 5), 0), ValueError, "from 1"),
        (lambda: images.shrink_image(images.create_image(5, 5), 2), ValueError, "resize_image"),
        (lambda: images.create_image(20_000, 5), ValueError, "10000"),
        (lambda: images.create_image(5, 5, color="blurple"), ValueError, "Unknown colour"),
        (lambda: images.get_image_info("cat.png"), ValueError, "open_image"),
        (lambda: images.save_image(images.create_image(5, 5), "a.txt"), ValueError, ".png"),
        (lambda: images.open_image("missing.png"), FileNotFoundError, "missing.png"),
        (lambda: images.open_image("notes.txt"), ValueError, "not an image"),
        (lambda: images.open_image("../escape.png"), PermissionError, "outside"),
        (lambda: images.open_image("/etc/hostname"), PermissionError, "absolute"),
        (lambda: images.download_image("file:///etc/passwd"), ValueError, "http"),
    ],
)
def test_bad_image_requests_explain_themselves(workspace: Path, call, error, message) -> None:
    workspace.mkdir()
    (workspace / "notes.txt").write_text("not a picture")
    with pytest.raises(error, match=message):
        call()


def test_save_refuses_symlink_out_of_the_workspace(workspace: Path) -> None:
    workspace.mkdir()
    os.symlink(workspace.parent, workspace / "out")
    with pytest.raises(PermissionError):
        images.save_image(images.create_image(5, 5), "out/leak.png")
    assert not (workspace.parent / "leak.png").exists()


def test_download_image_from_a_local_server(server) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (30, 20), "green").save(buffer, format="PNG")
    server.reply("/apod.png", buffer.getvalue(), content_type="image/png")
    server.reply("/page.html", "<html>not an image</html>", content_type="text/html")
    downloaded = images.download_image(f"{server.url}/apod.png")
    assert images.get_image_info(downloaded) == {
        "width": 30,
        "height": 20,
        "mode": "RGB",
        "format": "PNG",
    }
    with pytest.raises(ValueError, match="not an image"):
        images.download_image(f"{server.url}/page.html")
    with pytest.raises(ValueError, match="HTTP 404"):
        images.download_image(f"{server.url}/nothing.png")


def test_download_size_is_bounded(server) -> None:
    server.reply("/huge.png", b"\0" * (20 * 1024 * 1024 + 1), content_type="image/png")
    with pytest.raises(ValueError, match="larger than the 20971520 byte limit"):
        images.download_image(f"{server.url}/huge.png")


def test_download_image_without_network_says_so(unreachable_url: str) -> None:
    with pytest.raises(ConnectionError, match=r"No network: could not reach 127\.0\.0\.1"):
        images.download_image(f"{unreachable_url}/x.png")
