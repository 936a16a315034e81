"""A deliberately dangerous API module: it imports os, holds a secret and keeps mutable state.

Escape tests register its functions and try to reach `os`, `SECRET` or `_CACHE` through them.
"""

from __future__ import annotations

import datetime
import os
import threading
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


def stash(container: object) -> None:
    """Puts a rich object into whatever container it is handed, as a careless API would."""
    picture = Picture(8)
    if isinstance(container, dict):
        container["cover"] = picture
    elif hasattr(container, "append"):
        container.append(picture)  # type: ignore[attr-defined]
    elif hasattr(container, "add"):
        container.add(picture)  # type: ignore[attr-defined]
    else:
        container.cover = picture  # type: ignore[attr-defined]


def stash_later(container: object) -> None:
    """Stashes from a thread it leaves running, after returning: no API call is under way then."""
    threading.Timer(0.2, stash, args=(container,)).start()


def store_then_call(holder: object) -> object:
    """Puts a rich object on an object it was handed, then calls that object's method."""
    holder.cover = Picture(11)  # type: ignore[attr-defined]
    return holder.done()  # type: ignore[attr-defined]


def fill_made(holder: object) -> None:
    """Asks an object it was handed to make a container, then fills that."""
    stash(holder.make())  # type: ignore[attr-defined]


def stash_inside(holder: list) -> None:
    """Reaches a container nested in what the agent passed (a list, or an object's attribute)."""
    for item in holder:
        stash(getattr(item, "inner", item))


def made_by(kind: type) -> object:
    """Builds an instance of a class the agent passes (its own or a sandbox container type),
    holding a rich object."""
    try:
        made = kind()
        stash(made)
    except (TypeError, AttributeError):
        made = kind([Picture(9)])
    return made


def poison_factory(mapping: object) -> None:
    """Makes every missing key of the agent's defaultdict produce a rich object."""
    mapping.default_factory = Picture  # type: ignore[attr-defined]


def look_up_missing(mapping: dict) -> object:
    """Reads a key the agent's mapping lacks, with a local whose name is not the agent's to see."""
    planted_local_name = SECRET  # noqa: F841
    return mapping["absent"]


def rich_views() -> list:
    """Views, iterators and generators over rich objects."""
    pictures = {"a": Picture(1)}

    def generate() -> object:
        yield Picture(2)

    return [
        pictures.keys(), pictures.values(), pictures.items(), iter([Picture(3)]), generate(),
        map(lambda p: p, [Picture(4)]), zip([Picture(5)]), enumerate([Picture(6)]),
        reversed([Picture(7)]), filter(None, [Picture(8)]),
    ]  # fmt: skip


class RichZone(datetime.tzinfo):
    """A tzinfo with a dangerous public method, as a library's timezone class could have."""

    def utcoffset(self, moment: object) -> datetime.timedelta:
        return datetime.timedelta(hours=1)

    def save(self, path: str) -> None:
        with open(path, "w") as handle:
            handle.write("escaped")


def aware_moments() -> list:
    """Dates and times carrying a tzinfo object of the API's own class."""
    zone = RichZone()
    return [datetime.datetime(2024, 1, 2, 3, tzinfo=zone), datetime.time(4, tzinfo=zone)]


def plain_aware_moments() -> list:
    """Aware values with the standard library's own zones: these stay plain data."""
    from zoneinfo import ZoneInfo

    return [
        datetime.datetime(2024, 1, 2, tzinfo=datetime.UTC),
        datetime.datetime(2024, 7, 1, tzinfo=ZoneInfo("Europe/Paris")),
        datetime.time(5, tzinfo=datetime.timezone(datetime.timedelta(hours=2))),
    ]


def feed_inside(holder: object) -> object:
    """Sends a rich object into a generator kept in an object the agent passed."""
    return feed_generator(holder.feed)  # type: ignore[attr-defined]


def feed_generator(generator: object) -> object:
    """Sends a rich object into an agent generator, the other way callbacks receive values."""
    next(generator)  # type: ignore[call-overload]
    try:
        return generator.send(Picture(10))  # type: ignore[attr-defined]
    except StopIteration:
        return None


def cover_every_key(mapping: dict) -> None:
    """Replaces every value of the agent's dict with a rich object, keeping its keys."""
    for key in list(mapping):
        mapping[key] = Picture(8)


def index_and_stash(items: list, holder: list) -> dict:
    """Returns a new dict keyed by the agent's own objects, after stashing into `holder`."""
    stash(holder)
    return {item: len(holder) for item in items}
