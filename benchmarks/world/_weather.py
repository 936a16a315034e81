"""Weather the local world serves: plausible, and a pure function of seed, place and day.

Temperatures follow latitude and season so a model sees numbers it would believe; the same
point on the same day always has the same weather within a world, and a different point (a
hallucinated coordinate, London in Ontario instead of England) has different weather, which is
what lets a check tell the right lookup from a wrong one.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta

# (WMO code, weight). Snow codes are only drawn when the day is cold enough.
_MILD_CODES = ((0, 5), (1, 4), (2, 5), (3, 4), (45, 1), (51, 2), (61, 3), (63, 2), (80, 2), (95, 1))
_COLD_CODES = ((0, 3), (2, 3), (3, 4), (45, 2), (71, 3), (73, 2), (85, 1))
_WET_CODES = frozenset({51, 53, 55, 61, 63, 65, 80, 81, 82, 95, 96, 99})
_SNOW_CODES = frozenset({71, 73, 75, 77, 85, 86})


@dataclass(frozen=True)
class DayWeather:
    day: date
    weather_code: int
    temperature_max_c: float
    temperature_min_c: float
    precipitation_mm: float
    precipitation_probability_percent: int
    wind_speed_max_kmh: float


@dataclass(frozen=True)
class CurrentWeather:
    time: datetime
    weather_code: int
    temperature_c: float
    feels_like_c: float
    humidity_percent: int
    precipitation_mm: float
    wind_speed_kmh: float


class WeatherModel:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def day(self, latitude: float, longitude: float, day: date) -> DayWeather:
        rng = self._rng(latitude, longitude, day.isoformat())
        mean = _seasonal_mean(latitude, day) + rng.uniform(-3.5, 3.5)
        spread = rng.uniform(4.0, 10.0)
        high, low = mean + spread / 2, mean - spread / 2
        code = _weighted(rng, _COLD_CODES if high < 2.0 else _MILD_CODES)
        wet = code in _WET_CODES or code in _SNOW_CODES
        return DayWeather(
            day=day,
            weather_code=code,
            temperature_max_c=round(high, 1),
            temperature_min_c=round(low, 1),
            precipitation_mm=round(rng.uniform(0.4, 14.0), 1) if wet else 0.0,
            precipitation_probability_percent=rng.randint(55, 95) if wet else rng.randint(0, 25),
            wind_speed_max_kmh=round(rng.uniform(5.0, 45.0), 1),
        )

    def current(self, latitude: float, longitude: float, now: datetime) -> CurrentWeather:
        today = self.day(latitude, longitude, now.date())
        rng = self._rng(latitude, longitude, now.date().isoformat(), "current")
        hour_factor = 0.5 - 0.5 * math.cos(2 * math.pi * (now.hour - 4) / 24)
        span = today.temperature_max_c - today.temperature_min_c
        temperature = round(today.temperature_min_c + span * hour_factor, 1)
        wind = round(rng.uniform(0.2, 0.9) * today.wind_speed_max_kmh, 1)
        raining = today.weather_code in _WET_CODES and rng.random() < 0.6
        return CurrentWeather(
            time=now.replace(minute=now.minute - now.minute % 15, second=0, microsecond=0),
            weather_code=today.weather_code,
            temperature_c=temperature,
            feels_like_c=round(temperature - wind / 12.0, 1),
            humidity_percent=rng.randint(70, 98) if raining else rng.randint(35, 80),
            precipitation_mm=round(rng.uniform(0.1, 2.5), 1) if raining else 0.0,
            wind_speed_kmh=wind,
        )

    def days(self, latitude: float, longitude: float, first: date, count: int) -> list[DayWeather]:
        return [self.day(latitude, longitude, first + timedelta(days=i)) for i in range(count)]

    def _rng(self, latitude: float, longitude: float, *parts: str) -> random.Random:
        key = ":".join((str(self.seed), f"{latitude:.2f}", f"{longitude:.2f}", *parts))
        return random.Random(key)


def _seasonal_mean(latitude: float, day: date) -> float:
    """About 27 °C at the equator, colder poleward, with a summer peak in late July (north)."""
    season = math.cos(2 * math.pi * (day.timetuple().tm_yday - 200) / 365.25)
    if latitude < 0:
        season = -season
    amplitude = min(14.0, abs(latitude) / 4.0)
    return 27.0 - 0.42 * abs(latitude) + amplitude * season


def _weighted(rng: random.Random, table: tuple[tuple[int, int], ...]) -> int:
    codes, weights = zip(*table, strict=True)
    return rng.choices(codes, weights=weights)[0]
