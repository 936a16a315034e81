"""A deliberately dangerous API module: it imports os, holds a secret and keeps mutable state.

Escape tests register its functions and try to reach `os`, `SECRET` or `_CACHE` through them.
"""

from __future__ import annotations

import os
import time

SECRET = "planted-api-secret-7f3a9c"
_CACHE: dict[str, str] = {"token": SECRET}


class UpstreamError(Exception):
    """Carries live objects, as an HTTP client's error would (a request with headers)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.request = {"headers": {"Authorization": SECRET}}
        self.module = os


def get_weather(city: str, unit: str = "C") -> str:
    """Current weather for a city."""
    return f"Sunny, 21 {unit} in {city}"


def fail_upstream(url: str) -> str:
    """Calls an upstream service that fails with a rich exception."""
    try:
        raise KeyError(SECRET)
    except KeyError as inner:
        raise UpstreamError(f"upstream failed for {url}") from inner


def fail_value() -> None:
    """Fails with a builtin exception whose traceback holds the module globals."""
    token = SECRET  # noqa: F841 (a local the traceback frame would expose)
    raise ValueError("bad value")


def sleep_for(seconds: float) -> str:
    """Blocks inside the API (time.sleep) so only the wall-clock limit can stop it."""
    time.sleep(seconds)
    return "slept"


def remember(key: str, value: str) -> str:
    """Writes into a module-level cache, the kind of host state two sandboxes must not share."""
    _CACHE[key] = value
    return "ok"


def recall(key: str) -> str:
    """Reads the module-level cache."""
    return _CACHE.get(key, "")


def give_module() -> object:
    """Returns a module object (a careless API); the sandbox must not pass it on."""
    return os


def print_inside(text: str) -> None:
    """An API that prints: its output must land in the observation, in order."""
    print(f"api says {text}")


def crash_worker() -> None:
    """Kills its own process, like a segfault in a C extension would."""
    os.kill(os.getpid(), 9)


def read_env(name: str) -> str:
    """Reads an environment variable, as API code legitimately may."""
    return os.environ.get(name, "")


class Picture:
    """A rich library object, like the Pillow image an image API returns: its public methods
    touch files, and it holds data the API never meant to hand out."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.token = SECRET

    def save(self, path: str) -> None:
        with open(path, "w") as handle:
            handle.write("escaped")

    def __repr__(self) -> str:
        return f"<Picture width={self.width}>"


def make_picture(width: int = 4) -> Picture:
    """Returns a rich object, as open_image() does."""
    return Picture(width)


def make_album() -> dict:
    """Rich objects inside plain containers, including a list that contains itself."""
    pictures: list = [Picture(1), Picture(2)]
    pictures.append(pictures)
    return {"pictures": pictures, "pair": (Picture(3), "caption"), "count": 2}


def picture_width(picture: Picture) -> int:
    """Accepts a rich object back, as save_image(image, path) does."""
    if not isinstance(picture, Picture):
        raise TypeError(f"expected a Picture, got {type(picture).__name__}")
    return picture.width


def echo(value: object) -> object:
    """Returns what it was given: the agent's own objects must come back usable."""
    return value


def start_helper_process() -> int:
    """Starts a child process, as an API wrapping a command-line tool would; returns its pid."""
    import subprocess

    return subprocess.Popen(["sleep", "60"]).pid


def fill_album(album: list, index: dict) -> None:
    """Puts rich objects into containers the agent passed in, instead of returning them."""
    album.append(Picture(5))
    album.append([Picture(6)])
    index["cover"] = Picture(7)


def apply_to_picture(callback: object) -> object:
    """Calls agent code with a rich object, as an API taking a callback (`on_page=`) would."""
    return callback(Picture(9))  # type: ignore[operator]
