"""The local world: what the internet would answer, served on 127.0.0.1, one per attempt."""

from react_repl.bench.world._data import WorldData
from react_repl.bench.world._gazetteer import CITIES, City
from react_repl.bench.world._posts import Post
from react_repl.bench.world._server import SERVICES, LocalWorld, ServiceRequest
from react_repl.bench.world._stocks import PriceRow, aggregate
from react_repl.bench.world._weather import CurrentWeather, DayWeather

__all__ = [
    "CITIES",
    "SERVICES",
    "City",
    "CurrentWeather",
    "DayWeather",
    "LocalWorld",
    "Post",
    "PriceRow",
    "ServiceRequest",
    "WorldData",
    "aggregate",
]
