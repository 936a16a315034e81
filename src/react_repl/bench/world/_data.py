"""Everything the local world serves, as a pure function of one seed and the moment it started.

Checks read the same object the server answers from (`world.served`), so "the weather in the
message matches what was served" compares with exactly what the agent could have seen.
"""

from __future__ import annotations

import random
from datetime import date, datetime
from zoneinfo import ZoneInfo

from react_repl.bench.world._apod import HD_SIZE, IMAGE_SIZE, ApodModel, Picture
from react_repl.bench.world._gazetteer import HOME_CITIES, City, nearest, search
from react_repl.bench.world._stocks import PriceRow, StockModel
from react_repl.bench.world._weather import CurrentWeather, DayWeather, WeatherModel


class WorldData:
    """The served data of one world. Places within 50 km of a known city share its weather."""

    def __init__(self, seed: int, started_at: datetime) -> None:
        self.seed = seed
        self.started_at = started_at
        self.today = started_at.date()
        self.location: City = random.Random(f"{seed}:home").choice(HOME_CITIES)
        self._weather = WeatherModel(seed)
        self.stocks = StockModel(seed, self.today)
        self.pictures = ApodModel(seed)

    def places(self, name: str, count: int = 10) -> list[City]:
        return search(name, count)

    def timezone_at(self, latitude: float, longitude: float) -> str:
        city = nearest(latitude, longitude)
        return city.timezone if city else "GMT"

    def local_now(self, latitude: float, longitude: float) -> datetime:
        return self.started_at.astimezone(ZoneInfo(self.timezone_at(latitude, longitude)))

    def current_weather(self, latitude: float, longitude: float) -> CurrentWeather:
        lat, lon = self._weather_key(latitude, longitude)
        return self._weather.current(lat, lon, self.local_now(latitude, longitude))

    def forecast(self, latitude: float, longitude: float, days: int = 7) -> list[DayWeather]:
        """Daily weather from the place's today, as Open-Meteo counts forecast days."""
        lat, lon = self._weather_key(latitude, longitude)
        return self._weather.days(lat, lon, self.local_now(latitude, longitude).date(), days)

    def apod(self, day: date | None = None) -> Picture:
        return self.pictures.picture(day or self.today)

    @staticmethod
    def apod_size(hd: bool = False) -> tuple[int, int]:
        """The picture's size in pixels, width first (`url`, or `hd_url` when hd)."""
        return HD_SIZE if hd else IMAGE_SIZE

    def prices(self, symbol: str) -> list[PriceRow]:
        return self.stocks.daily(symbol)

    def _weather_key(self, latitude: float, longitude: float) -> tuple[float, float]:
        """Snap to a known city, so 51.5/-0.13 and 51.50853/-0.12574 are the same London."""
        city = nearest(latitude, longitude)
        if city is not None:
            return city.latitude, city.longitude
        return round(latitude, 1), round(longitude, 1)
