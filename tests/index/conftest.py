"""Shared, expensive pieces: the real MiniLM (loaded once) and small real API modules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest

from react_repl.index import OnnxMiniLM
from react_repl.registry import ApiRegistry

TRAVEL = '''
def get_weather_forecast(city: str, days: int = 1) -> dict:
    """Get the weather forecast for a city.

    Args:
        city: Name of the city, e.g. "Paris".
        days: How many days ahead to forecast.
    """


def convert_currency(amount: float, source: str, target: str) -> float:
    """Convert an amount of money from one currency to another at today's exchange rate.

    Args:
        amount: The amount in the source currency.
        source: ISO code of the currency to convert from, e.g. "USD".
        target: ISO code of the currency to convert to, e.g. "EUR".
    """


def book_flight(origin: str, destination: str, date: str) -> str:
    """Book a plane ticket between two airports on a given date.

    Args:
        origin: Departure airport code.
        destination: Arrival airport code.
        date: Travel date as YYYY-MM-DD.
    """
'''

OFFICE = '''
def send_email(to: str, subject: str, body: str) -> None:
    """Send an email message to a recipient.

    Args:
        to: Recipient address.
        subject: Subject line.
        body: Message text.
    """


def count_words(text: str) -> int:
    """Count how many words a piece of text contains.

    Args:
        text: The text to count words in.
    """


def resize_image(path: str, width: int, height: int) -> str:
    """Scale a picture to new pixel dimensions and save it.

    Args:
        path: Image file to resize.
        width: New width in pixels.
        height: New height in pixels.
    """
'''


class CountingEncoder:
    """The real MiniLM, counting how many texts it was asked to embed."""

    def __init__(self, model: OnnxMiniLM) -> None:
        self._model = model
        self.name = model.name
        self.dimension = model.dimension
        self.texts: list[str] = []

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.texts.extend(texts)
        return self._model.encode(texts)


@pytest.fixture(scope="session")
def minilm() -> OnnxMiniLM:
    return OnnxMiniLM()


@pytest.fixture
def encoder(minilm: OnnxMiniLM) -> CountingEncoder:
    return CountingEncoder(minilm)


@pytest.fixture
def api_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "apis"
    folder.mkdir()
    (folder / "travel.py").write_text(TRAVEL)
    (folder / "office.py").write_text(OFFICE)
    return folder


@pytest.fixture
def discover() -> Callable[[Path], ApiRegistry]:
    """The real registry over one folder, asserting the test modules register cleanly."""

    def run(folder: Path) -> ApiRegistry:
        registry = ApiRegistry.discover([folder], builtin=False, entry_points=False)
        assert not registry.problems, registry.problems
        return registry

    return run
