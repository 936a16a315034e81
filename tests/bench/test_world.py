"""The local world answers the built-in networked API modules, unchanged, and refuses the rest."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from react_repl.bench import LocalWorld

APIS = Path(__file__).resolve().parents[2] / "apis"
if str(APIS) not in sys.path:
    sys.path.insert(0, str(APIS))

import geocoding  # noqa: E402
import images  # noqa: E402
import messages  # noqa: E402
import nasa  # noqa: E402
import stocks  # noqa: E402
import weather  # noqa: E402

STARTED = datetime.now().astimezone()  # the API modules ask the real clock for "today"


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalWorld]:
    with LocalWorld(7, STARTED) as running:
        for name, value in {**running.service_env(), **running.proxy_env()}.items():
            monkeypatch.setenv(name, value)
        monkeypatch.delenv("REACT_REPL_LOCATION", raising=False)
        monkeypatch.setenv("REACT_REPL_WORKSPACE", str(tmp_path / "workspace"))
        monkeypatch.chdir(tmp_path)
        yield running


def test_my_location_comes_from_the_location_service(world: LocalWorld) -> None:
    where = geocoding.get_user_location()
    home = world.data.location
    assert where["city"] == home.name
    assert (round(where["latitude"], 2), round(where["longitude"], 2)) == (
        round(home.latitude, 2), round(home.longitude, 2),
    )  # fmt: skip
    assert where["timezone"] == home.timezone


def test_geocoding_is_the_real_service_shape_with_its_ambiguities(world: LocalWorld) -> None:
    assert geocoding.get_location_coordinates("London, UK")["country_code"] == "GB"
    assert [p["country_code"] for p in geocoding.find_locations("London")] == ["GB", "CA", "US"]
    assert geocoding.get_location_coordinates("London, Ontario")["region"] == "Ontario"
    with pytest.raises(LookupError, match="Qwertyville"):
        geocoding.get_location_coordinates("Qwertyville")


def test_weather_is_what_the_world_says_and_differs_by_place(world: LocalWorld) -> None:
    uk = geocoding.get_location_coordinates("London, UK")
    now = weather.get_current_weather(uk["latitude"], uk["longitude"])
    served = world.data.current_weather(uk["latitude"], uk["longitude"])
    assert now["temperature_c"] == served.temperature_c
    assert now["timezone"] == "Europe/London" and now["description"] != "unknown"
    rounded = weather.get_current_weather(51.5, -0.13)  # the same London, rounded by a model
    assert rounded["temperature_c"] == served.temperature_c
    forecast = weather.get_weather_forecast(uk["latitude"], uk["longitude"], days=5)
    local_today = world.data.local_now(uk["latitude"], uk["longitude"]).date()
    assert [day["date"] for day in forecast] == [
        (local_today + timedelta(days=i)).isoformat() for i in range(5)
    ]
    assert forecast[0]["temperature_max_c"] >= forecast[0]["temperature_min_c"]
    canada = geocoding.get_location_coordinates("London, Ontario")
    elsewhere = world.data.forecast(canada["latitude"], canada["longitude"], 5)
    assert [d.temperature_max_c for d in elsewhere] != [d["temperature_max_c"] for d in forecast]


def test_the_picture_of_the_day_is_a_real_image(world: LocalWorld) -> None:
    apod = nasa.get_nasa_astronomy_picture_of_the_day()
    assert apod["date"] == STARTED.date().isoformat() and apod["media_type"] == "image"
    picture = images.download_image(apod["url"])
    assert picture.size == (960, 640)
    assert images.download_image(apod["hd_url"]).size == (1600, 1067)
    earlier = nasa.get_nasa_astronomy_picture_of_the_day("2001-05-04")
    assert earlier["date"] == "2001-05-04" and earlier["url"] != apod["url"]


def test_stock_prices_have_one_clearly_lowest_week(world: LocalWorld) -> None:
    daily = stocks.get_stock_price_history("MSFT")
    weekly = stocks.get_stock_price_history("MSFT", interval="weekly")
    monday = world.data.stocks.dip_week("MSFT")
    lowest_day = min(daily, key=lambda row: row["close"])
    lowest_week = min(weekly, key=lambda row: row["close"])
    for row in (lowest_day, lowest_week):
        assert 0 <= (date.fromisoformat(row["date"]) - monday).days < 7
    assert all(date.fromisoformat(r["date"]).weekday() < 5 for r in daily)
    assert stocks.get_latest_stock_price("MSFT")["date"] == daily[-1]["date"]
    with pytest.raises(ValueError, match="no prices"):
        stocks.get_stock_price_history("MSFT", start_date="2001-01-01", end_date="2001-02-01")


def test_webhook_posts_are_recorded_with_their_images(world: LocalWorld) -> None:
    picture = images.download_image(nasa.get_nasa_astronomy_picture_of_the_day()["url"])
    sent = messages.send_discord_message("Hello from Space!", images.shrink_image(picture, 0.5))
    assert sent["delivered_to"] == "discord webhook"
    messages.send_slack_message("hi team", "#general")
    posts = world.posts()
    assert [(p.service, p.channel, p.text, p.image_size) for p in posts] == [
        ("discord", None, "Hello from Space!", (480, 320)),
        ("slack", "#general", "hi team", None),
    ]


def test_any_other_host_is_refused_like_an_offline_machine(world: LocalWorld) -> None:
    for url in ("https://example.com/cat.png", "http://example.org/cat.png"):
        with pytest.raises(ConnectionError, match="No network: could not reach example"):
            images.download_image(url)
    assert world.network_attempts == ["example.com", "example.org"]


def test_the_same_seed_is_the_same_world_and_another_seed_is_not() -> None:
    def fingerprint(seed: int) -> tuple:
        with LocalWorld(seed, STARTED) as world:
            home = world.data.location
            return (
                home.name,
                world.data.current_weather(51.5, -0.12).temperature_c,
                world.data.apod().title,
                world.data.prices("msft")[-1].close,
            )

    assert fingerprint(3) == fingerprint(3)
    assert fingerprint(3) != fingerprint(4)


def test_services_outside_the_suite_answer_that_they_are_not_part_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with LocalWorld(1, STARTED, services=["weather"]) as world:
        monkeypatch.setenv("REACT_REPL_STOOQ_URL", world.url)
        with pytest.raises(ConnectionError, match="not part of this benchmark suite"):
            stocks.get_latest_stock_price("MSFT")
        assert set(world.service_env(webhooks=False)) == {"REACT_REPL_OPEN_METEO_URL"}
    with pytest.raises(ValueError, match="unknown world service"):
        LocalWorld(1, STARTED, services=["email"])
