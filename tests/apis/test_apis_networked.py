"""The networked APIs against a real local HTTP server serving canned, service-shaped answers."""

from datetime import date, timedelta

import geocoding
import nasa
import pytest
import stocks
import weather

LONDON = {
    "id": 2643743,
    "name": "London",
    "latitude": 51.50853,
    "longitude": -0.12574,
    "country_code": "GB",
    "country": "United Kingdom",
    "admin1": "England",
    "timezone": "Europe/London",
    "population": 8961989,
}
LONDON_ONTARIO = LONDON | {
    "id": 6058560,
    "latitude": 42.98339,
    "longitude": -81.23304,
    "country_code": "CA",
    "country": "Canada",
    "admin1": "Ontario",
    "timezone": "America/Toronto",
    "population": 346765,
}
CURRENT = {
    "latitude": 51.5,
    "longitude": -0.12,
    "timezone": "Europe/London",
    "current_units": {"temperature_2m": "°C"},
    "current": {
        "time": "2024-05-01T14:00",
        "interval": 900,
        "temperature_2m": 16.3,
        "relative_humidity_2m": 61,
        "apparent_temperature": 15.1,
        "precipitation": 0.0,
        "weather_code": 2,
        "wind_speed_10m": 11.5,
    },
}
DAILY = {
    "timezone": "Europe/London",
    "daily": {
        "time": ["2024-05-01", "2024-05-02"],
        "weather_code": [61, 0],
        "temperature_2m_max": [17.2, 19.0],
        "temperature_2m_min": [9.1, 8.4],
        "precipitation_sum": [3.2, 0.0],
        "precipitation_probability_max": [80, 5],
        "wind_speed_10m_max": [20.1, 9.7],
    },
}
APOD = {
    "copyright": "\nJane Doe\n",
    "date": "2024-05-01",
    "explanation": "A spiral galaxy.",
    "hdurl": "https://apod.nasa.gov/apod/image/2405/galaxy_big.jpg",
    "media_type": "image",
    "service_version": "v1",
    "title": "Galaxy",
    "url": "https://apod.nasa.gov/apod/image/2405/galaxy.jpg",
}
STOOQ_CSV = """Date,Open,High,Low,Close,Volume
2024-02-01,400.5,405.2,398.1,403.78,30657700
2024-02-02,403.8,412.6,403.6,411.22,28245000
2024-02-05,409.8,410.4,403.4,405.65,25352300
"""


@pytest.fixture
def services(server, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("REACT_REPL_GEOCODING_URL", server.url)
    monkeypatch.setenv("REACT_REPL_OPEN_METEO_URL", server.url + "/")
    monkeypatch.setenv("REACT_REPL_NASA_URL", server.url)
    monkeypatch.setenv("REACT_REPL_STOOQ_URL", server.url)
    monkeypatch.setenv("NASA_API_KEY", "test-key")
    return server


def test_user_location_from_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REACT_REPL_LOCATION", "London, UK,51.5074,-0.1278")
    assert geocoding.get_user_location() == {
        "city": "London, UK",
        "latitude": 51.5074,
        "longitude": -0.1278,
    }


@pytest.mark.parametrize("value", ["", "Leuven", "Leuven,north,east"])
def test_user_location_missing_or_malformed(monkeypatch, tmp_path, value: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REACT_REPL_LOCATION", value)
    with pytest.raises(LookupError, match="get_location_coordinates"):
        geocoding.get_user_location()


def test_find_locations_filters_by_country_after_a_comma(services) -> None:
    services.reply("/v1/search", {"results": [LONDON_ONTARIO, LONDON], "generationtime_ms": 0.5})
    best = geocoding.get_location_coordinates("London, UK")
    assert (best["name"], best["country_code"], best["latitude"]) == ("London", "GB", 51.50853)
    assert services.requests[0].query["name"] == ["London"]
    assert geocoding.find_locations("London, Ontario")[0]["country"] == "Canada"
    assert [p["country_code"] for p in geocoding.find_locations("London")] == ["CA", "GB"]
    assert len(geocoding.find_locations("London", max_results=1)) == 1


def test_unknown_place(services) -> None:
    services.reply("/v1/search", {"generationtime_ms": 0.3})
    assert geocoding.find_locations("Qwertyville") == []
    with pytest.raises(LookupError, match="Qwertyville"):
        geocoding.get_location_coordinates("Qwertyville")
    with pytest.raises(ValueError, match="place name"):
        geocoding.find_locations(" , UK")


def test_current_weather(services) -> None:
    services.reply("/v1/forecast", CURRENT)
    now = weather.get_current_weather(51.5, -0.12)
    assert now == {
        "time": "2024-05-01T14:00",
        "timezone": "Europe/London",
        "temperature_c": 16.3,
        "feels_like_c": 15.1,
        "humidity_percent": 61,
        "precipitation_mm": 0.0,
        "wind_speed_kmh": 11.5,
        "weather_code": 2,
        "description": "partly cloudy",
    }
    query = services.requests[0].query
    assert query["latitude"] == ["51.5"] and query["timezone"] == ["auto"]
    assert "temperature_2m" in query["current"][0].split(",")


def test_weather_forecast(services) -> None:
    services.reply("/v1/forecast", DAILY)
    days = weather.get_weather_forecast(51.5, -0.12, days=2)
    assert [day["date"] for day in days] == ["2024-05-01", "2024-05-02"]
    assert days[0]["description"] == "slight rain" and days[1]["description"] == "clear sky"
    assert (
        days[0]["temperature_max_c"] == 17.2 and days[1]["precipitation_probability_percent"] == 5
    )
    assert services.requests[0].query["forecast_days"] == ["2"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: weather.get_current_weather(95, 0), "not valid coordinates"),
        (lambda: weather.get_weather_forecast(0, 0, days=30), "between 1 and 16"),
    ],
)
def test_weather_rejects_bad_arguments_without_calling(services, call, message) -> None:
    with pytest.raises(ValueError, match=message):
        call()
    assert services.requests == []


def test_weather_service_errors(services) -> None:
    services.reply("/v1/forecast", {"error": True, "reason": "Parameter x invalid"}, status=400)
    with pytest.raises(ValueError, match="Parameter x invalid"):
        weather.get_current_weather(1, 1)
    services.reply("/v1/forecast", {"latitude": 1.0})
    with pytest.raises(ConnectionError, match="without 'current'"):
        weather.get_current_weather(1, 1)
    services.reply("/v1/forecast", "<html>maintenance</html>")
    with pytest.raises(ConnectionError, match="not JSON"):
        weather.get_current_weather(1, 1)
    services.reply("/v1/forecast", "busy", status=503)
    with pytest.raises(ConnectionError, match="HTTP 503"):
        weather.get_current_weather(1, 1)


def test_nasa_picture_of_the_day(services) -> None:
    services.reply("/planetary/apod", APOD)
    picture = nasa.get_nasa_astronomy_picture_of_the_day("2024-05-01")
    assert picture == {
        "date": "2024-05-01",
        "title": "Galaxy",
        "explanation": "A spiral galaxy.",
        "url": APOD["url"],
        "hd_url": APOD["hdurl"],
        "media_type": "image",
        "copyright": "Jane Doe",
    }
    query = services.requests[0].query
    assert query == {"api_key": ["test-key"], "date": ["2024-05-01"]}


def test_nasa_key_problems_and_bad_dates(services, monkeypatch) -> None:
    monkeypatch.delenv("NASA_API_KEY")
    services.reply("/planetary/apod", {"error": {"code": "API_KEY_INVALID"}}, status=403)
    with pytest.raises(PermissionError, match="API_KEY_INVALID"):
        nasa.get_nasa_astronomy_picture_of_the_day()
    assert services.requests[0].query == {"api_key": ["DEMO_KEY"]}
    services.reply("/planetary/apod", {"error": {"code": "OVER_RATE_LIMIT"}}, status=429)
    with pytest.raises(ConnectionError, match="rate-limited"):
        nasa.get_nasa_astronomy_picture_of_the_day()
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    for bad in ["1990-01-01", tomorrow, "yesterday"]:
        with pytest.raises(ValueError, match="YYYY-MM-DD"):
            nasa.get_nasa_astronomy_picture_of_the_day(bad)


def test_stock_history_and_latest_price(services) -> None:
    services.reply("/q/d/l/", STOOQ_CSV, content_type="text/csv")
    history = stocks.get_stock_price_history("MSFT", "2024-02-01", "2024-02-05", "weekly")
    assert history[1] == {
        "date": "2024-02-02",
        "open": 403.8,
        "high": 412.6,
        "low": 403.6,
        "close": 411.22,
        "volume": 28245000,
    }
    assert services.requests[0].query == {
        "s": ["msft.us"],
        "d1": ["20240201"],
        "d2": ["20240205"],
        "i": ["w"],
    }
    assert stocks.get_latest_stock_price("sap.de")["close"] == 405.65
    assert services.requests[1].query["s"] == ["sap.de"]


def test_stock_default_period_is_about_three_months(services) -> None:
    services.reply("/q/d/l/", STOOQ_CSV)
    stocks.get_stock_price_history("AAPL")
    query = services.requests[0].query
    assert query["d2"] == [date.today().strftime("%Y%m%d")]
    assert query["d1"] == [(date.today() - timedelta(days=92)).strftime("%Y%m%d")]


def test_stock_errors(services) -> None:
    services.reply("/q/d/l/", "No data")
    with pytest.raises(ValueError, match="no prices for 'ZZZZ'"):
        stocks.get_stock_price_history("ZZZZ")
    services.reply("/q/d/l/", "Exceeded the daily hits limit")
    with pytest.raises(ConnectionError, match="daily hits limit"):
        stocks.get_latest_stock_price("MSFT")
    with pytest.raises(ValueError, match="swap"):
        stocks.get_stock_price_history("MSFT", "2024-03-01", "2024-01-01")
    with pytest.raises(ValueError, match="interval"):
        stocks.get_stock_price_history("MSFT", interval="hourly")
    with pytest.raises(ValueError, match="ticker"):
        stocks.get_stock_price_history("MS FT")


@pytest.mark.parametrize(
    "call",
    [
        lambda: geocoding.find_locations("London"),
        lambda: weather.get_current_weather(51.5, -0.1),
        lambda: weather.get_weather_forecast(51.5, -0.1),
        lambda: nasa.get_nasa_astronomy_picture_of_the_day(),
        lambda: stocks.get_latest_stock_price("MSFT"),
    ],
)
def test_no_network_gives_a_clear_observation(call, unreachable_url, monkeypatch) -> None:
    for variable in ("GEOCODING", "OPEN_METEO", "NASA", "STOOQ"):
        monkeypatch.setenv(f"REACT_REPL_{variable}_URL", unreachable_url)
    with pytest.raises(ConnectionError, match="No network: could not reach") as caught:
        call()
    assert "This API needs internet access." in str(caught.value)
    assert caught.value.__context__ is None and caught.value.__cause__ is None


def test_default_endpoints_fail_clearly_on_this_offline_machine(monkeypatch) -> None:
    for variable in ("GEOCODING", "OPEN_METEO"):
        monkeypatch.delenv(f"REACT_REPL_{variable}_URL", raising=False)
    with pytest.raises(ConnectionError, match=r"geocoding-api\.open-meteo\.com"):
        geocoding.find_locations("London")
