"""Everything the local world serves, as a pure function of one seed and the moment it started.

Checks read the same object the server answers from (`world.served`), so "the weather in the
message matches what was served" compares with exactly what the agent could have seen.

The places are enough cities to make geocoding answers realistic. Several names are shared on
purpose (London in England and Ontario, Paris in France and Texas), so a model that ignores
"London, UK" and takes the first hit blindly is caught the way the real service would catch it.
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from ._apod import HD_SIZE, IMAGE_SIZE, ApodModel, Picture
from ._stocks import PriceRow, StockModel
from ._weather import CurrentWeather, DayWeather, WeatherModel


@dataclass(frozen=True)
class City:
    id: int
    name: str
    admin1: str
    country: str
    country_code: str
    latitude: float
    longitude: float
    timezone: str
    population: int

    def as_geocoding_result(self) -> dict:
        """One entry of Open-Meteo's `/v1/search` answer."""
        return asdict(self) | {"feature_code": "PPLC" if self.population > 5_000_000 else "PPLA"}


_TABLE = """
2643743|London|England|United Kingdom|GB|51.50853|-0.12574|Europe/London|8961989
6058560|London|Ontario|Canada|CA|42.98339|-81.23304|America/Toronto|346765
4298960|London|Kentucky|United States|US|37.12898|-84.08326|America/New_York|7993
2988507|Paris|Île-de-France|France|FR|48.85341|2.3488|Europe/Paris|2138551
4717560|Paris|Texas|United States|US|33.66094|-95.55551|America/Chicago|24782
2792482|Leuven|Flanders|Belgium|BE|50.87959|4.70093|Europe/Brussels|101032
2800866|Brussels|Brussels Capital|Belgium|BE|50.85045|4.34878|Europe/Brussels|1019022
2759794|Amsterdam|North Holland|Netherlands|NL|52.37403|4.88969|Europe/Amsterdam|741636
2950159|Berlin|Land Berlin|Germany|DE|52.52437|13.41053|Europe/Berlin|3426354
3117735|Madrid|Madrid|Spain|ES|40.4165|-3.70256|Europe/Madrid|3255944
3169070|Rome|Lazio|Italy|IT|41.89193|12.51133|Europe/Rome|2318895
2673730|Stockholm|Stockholm|Sweden|SE|59.32938|18.06871|Europe/Stockholm|1515017
2964574|Dublin|Leinster|Ireland|IE|53.33306|-6.24889|Europe/Dublin|1024027
2650225|Edinburgh|Scotland|United Kingdom|GB|55.95206|-3.19648|Europe/London|464990
2643123|Manchester|England|United Kingdom|GB|53.48095|-2.23743|Europe/London|395515
5128581|New York|New York|United States|US|40.71427|-74.00597|America/New_York|8804190
5391959|San Francisco|California|United States|US|37.77493|-122.41942|America/Los_Angeles|864816
4887398|Chicago|Illinois|United States|US|41.85003|-87.65005|America/Chicago|2746388
6167865|Toronto|Ontario|Canada|CA|43.70011|-79.4163|America/Toronto|2600000
1850147|Tokyo|Tokyo|Japan|JP|35.6895|139.69171|Asia/Tokyo|9733276
2147714|Sydney|New South Wales|Australia|AU|-33.86785|151.20732|Australia/Sydney|4627345
3448439|São Paulo|São Paulo|Brazil|BR|-23.5475|-46.63611|America/Sao_Paulo|10021295
993800|Johannesburg|Gauteng|South Africa|ZA|-26.20227|28.04363|Africa/Johannesburg|2026469
1275339|Mumbai|Maharashtra|India|IN|19.07283|72.88261|Asia/Kolkata|12691836
1880252|Singapore|Singapore|Singapore|SG|1.28967|103.85007|Asia/Singapore|3547809
4259418|Springfield|Illinois|United States|US|39.80172|-89.64371|America/Chicago|114394
4951788|Springfield|Massachusetts|United States|US|42.10148|-72.58981|America/New_York|155032
"""


CITIES = tuple(
    City(int(id_), name, admin1, country, code, float(lat), float(lon), zone, int(population))
    for id_, name, admin1, country, code, lat, lon, zone, population in (
        line.split("|") for line in _TABLE.strip().splitlines()
    )
)

HOME_CITIES: tuple[City, ...] = tuple(
    city
    for city in CITIES
    if city.name in {"Leuven", "Amsterdam", "Berlin", "Madrid", "Stockholm", "Dublin", "Toronto",
                     "Chicago", "Sydney", "Tokyo", "Edinburgh", "San Francisco"}
)  # fmt: skip
"""Where the world's user may live: cities whose name is unique, so "my location" is unambiguous."""


def search(name: str, count: int = 10) -> list[City]:
    """Open-Meteo's behaviour: case-insensitive name prefix, most populous first."""
    wanted = " ".join(name.split()).casefold()
    if len(wanted) < 2:
        return []
    found = [city for city in CITIES if city.name.casefold().startswith(wanted)]
    return sorted(found, key=lambda city: -city.population)[: max(1, count)]


def nearest(latitude: float, longitude: float) -> City | None:
    """The city within ~50 km of a point, for the time zone a forecast is reported in."""
    best = min(CITIES, key=lambda city: _distance_km(city, latitude, longitude))
    return best if _distance_km(best, latitude, longitude) <= 50 else None


def _distance_km(city: City, latitude: float, longitude: float) -> float:
    phi1, phi2 = math.radians(city.latitude), math.radians(latitude)
    d_phi = phi2 - phi1
    d_lambda = math.radians(longitude - city.longitude)
    a = math.sin(d_phi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(d_lambda / 2) ** 2
    return 6371.0 * 2 * math.asin(min(1.0, math.sqrt(a)))


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
