"""Images with Pillow: open or download, resize or shrink, create, inspect and save.

Images travel between calls as Pillow `Image` objects. Files are read from and written to the
workspace folder only; downloads go through httpx with a timeout and a size limit.

Pillow loads at the first image call, not with the module: every run imports this module twice
(the registry, then the sandbox worker, which the first model request waits for), and Pillow's
32 ms each time went to runs that never touch an image. The annotations name `PIL.Image.Image`
in full, so a signature reads the same whether or not Pillow has loaded yet.
"""

from __future__ import annotations

import io

import PIL
from _http import get_bytes
from _workspace import resolve_in_workspace, workspace_relative

__all__ = [
    "create_image",
    "download_image",
    "get_image_info",
    "open_image",
    "resize_image",
    "save_image",
    "shrink_image",
]
# What each call does beyond returning a value (read by the sandbox and approvals; see
# react_repl.registry's `api` docstring).
__react_repl__ = {
    "save_image": {"side_effects": True},
    "download_image": {"network": True},
}

MAX_SIDE = 10_000
_FORMATS = {
    ".png": "PNG",
    ".jpg": "JPEG",
    ".jpeg": "JPEG",
    ".gif": "GIF",
    ".webp": "WEBP",
    ".bmp": "BMP",
}


def open_image(path: str) -> PIL.Image.Image:
    """Open (load) an image file from the workspace.

    Args:
        path: Image file path relative to the workspace, e.g. "photos/cat.png".

    Returns:
        The image.

    Raises:
        FileNotFoundError: The file does not exist.
        PermissionError: The path is outside the workspace.
        ValueError: The file is not an image Pillow can read.
    """
    target = resolve_in_workspace(path)
    if not target.is_file():
        raise FileNotFoundError(f"There is no image file '{path}' in the workspace.")
    return _decode(target.read_bytes(), f"'{path}'")


def download_image(url: str) -> PIL.Image.Image:
    """Download an image from a URL (http or https).

    Args:
        url: Address of the image, e.g. the "url" of the NASA picture of the day.

    Returns:
        The downloaded image.

    Raises:
        ConnectionError: The server cannot be reached (no network) or fails.
        ValueError: The URL is not http(s), the file is over 20 MB, or it is not an image.
    """
    return _decode(get_bytes(url), url)


def resize_image(
    image: PIL.Image.Image, width: int | None = None, height: int | None = None
) -> PIL.Image.Image:
    """Resize an image to a width and/or height in pixels, keeping proportions if one is omitted.

    Args:
        image: The image to resize.
        width: New width in pixels; None to derive it from height and the aspect ratio.
        height: New height in pixels; None to derive it from width and the aspect ratio.

    Returns:
        A new, resized image; the original is unchanged.

    Raises:
        ValueError: Neither size is given, or a size is below 1 or above 10000.
    """
    _check_image(image)
    if width is None:
        if height is None:
            raise ValueError("Give a width, a height, or both.")
        width = round(image.width * height / image.height)
    elif height is None:
        height = round(image.height * width / image.width)
    return image.resize(_checked_size(width, height), PIL.Image.Resampling.LANCZOS)


def shrink_image(image: PIL.Image.Image, ratio: float) -> PIL.Image.Image:
    """Shrink (resize) an image by a ratio, such as 0.5 for half its size.

    Args:
        image: The image to shrink.
        ratio: Scale factor between 0 and 1; 0.5 halves the width and the height.

    Returns:
        A new, smaller image; the original is unchanged.

    Raises:
        ValueError: The ratio is not between 0 (excluded) and 1.
    """
    _check_image(image)
    if not 0 < ratio <= 1:
        raise ValueError(
            f"ratio must be between 0 and 1, got {ratio}; use resize_image to enlarge."
        )
    size = (max(1, round(image.width * ratio)), max(1, round(image.height * ratio)))
    return image.resize(size, PIL.Image.Resampling.LANCZOS)


def save_image(image: PIL.Image.Image, path: str) -> dict:
    """Save an image to a file in the workspace; the format follows the extension.

    Args:
        image: The image to save.
        path: File path relative to the workspace ending in .png, .jpg, .jpeg, .gif, .webp or
            .bmp, e.g. "nasa/apod_small.jpg".

    Returns:
        Keys path (workspace-relative), format, width, height and size_bytes.

    Raises:
        PermissionError: The path is outside the workspace.
        ValueError: The extension is not a supported image format.
    """
    _check_image(image)
    target = resolve_in_workspace(path)
    image_format = _FORMATS.get(target.suffix.lower())
    if image_format is None:
        raise ValueError(f"Give the file one of these extensions: {', '.join(_FORMATS)}.")
    target.parent.mkdir(parents=True, exist_ok=True)
    _encoded(image, image_format).save(target, format=image_format)
    return {
        "path": workspace_relative(target),
        "format": image_format,
        "width": image.width,
        "height": image.height,
        "size_bytes": target.stat().st_size,
    }


def get_image_info(image: PIL.Image.Image) -> dict:
    """Get an image's size in pixels, colour mode and file format.

    Args:
        image: The image to describe.

    Returns:
        Keys width, height, mode (e.g. "RGB") and format (e.g. "PNG"; None for new images).
    """
    _check_image(image)
    return {
        "width": image.width,
        "height": image.height,
        "mode": image.mode,
        "format": image.format,
    }


def create_image(width: int, height: int, color: str = "white", text: str = "") -> PIL.Image.Image:
    """Create a new image of one solid colour, optionally with a line of text on it.

    Args:
        width: Width in pixels (1 to 10000).
        height: Height in pixels (1 to 10000).
        color: Background colour name or hex code, e.g. "navy" or "#ff8800".
        text: Text drawn near the top-left corner in a contrasting colour; empty for none.

    Returns:
        The new RGB image.

    Raises:
        ValueError: A size is out of range or the colour is unknown.
    """
    from PIL import Image, ImageColor, ImageDraw, ImageFont

    size = _checked_size(width, height)
    try:
        background = ImageColor.getrgb(color)
    except ValueError:
        background = None
    if background is None:
        raise ValueError(
            f"Unknown colour '{color}'; use a name like 'red' or a code like '#ff0000'."
        )
    image = Image.new("RGB", size, background[:3])
    if text:
        ink = "black" if sum(background[:3]) > 382 else "white"
        font = ImageFont.load_default(size=max(10, min(size) // 8))
        ImageDraw.Draw(image).text((size[0] // 20, size[1] // 20), text, fill=ink, font=font)
    return image


def _decode(data: bytes, source: str) -> PIL.Image.Image:
    from PIL import Image, UnidentifiedImageError

    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError) as error:
        reason = str(error) or type(error).__name__
    else:
        return image
    raise ValueError(f"{source} is not an image that can be opened ({reason}).")


def _check_image(image: object) -> None:
    """Every call that takes an image checks it first, so Pillow has loaded by then."""
    from PIL import Image

    if not isinstance(image, Image.Image):
        raise ValueError(
            f"Expected an image (from open_image, download_image or create_image), "
            f"got {type(image).__name__}."
        )


def _checked_size(width: int, height: int) -> tuple[int, int]:
    for name, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
            raise ValueError(f"{name} must be a whole number from 1 to {MAX_SIDE}, got {value!r}.")
    return width, height


def _encoded(image: PIL.Image.Image, image_format: str) -> PIL.Image.Image:
    """JPEG has no alpha channel or palette, so convert rather than fail."""
    if image_format == "JPEG" and image.mode not in ("RGB", "L", "CMYK"):
        return image.convert("RGB")
    return image
