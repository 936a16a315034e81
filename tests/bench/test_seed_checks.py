"""The seed suite's state checks read messages the way a person would: many formats pass, and
the mistakes the seed's models made do not."""

from __future__ import annotations

import importlib.util
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from react_repl.bench import LocalWorld, Post

CHECKS_FILE = (
    Path(__file__).resolve().parents[2] / "benchmarks" / "suites" / "seed_a_f" / "checks.py"
)
spec = importlib.util.spec_from_file_location("seed_checks", CHECKS_FILE)
checks = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
spec.loader.exec_module(checks)  # type: ignore[union-attr]
ICONS = {0: "☀️", 1: "🌤️", 2: "⛅", 3: "☁️", 45: "🌫️", 51: "🌦️", 61: "🌧️", 63: "🌧️",
         71: "❄️", 73: "🌨️", 80: "🌦️", 85: "❄️", 95: "⛈️"}  # fmt: skip


@pytest.fixture
def world():
    with LocalWorld(11, datetime.now().astimezone()) as running:
        yield running


def judged(world: LocalWorld, posts: list[Post]) -> SimpleNamespace:
    """A CheckWorld stand-in holding the given posts and the real world's served data."""
    return SimpleNamespace(
        served=world.data, today=world.data.today, requests=[],
        posts=lambda service=None: [p for p in posts if service in (None, p.service)],
    )  # fmt: skip


def forecast_lines(world: LocalWorld, start: int, render) -> str:
    home = world.data.location
    days = world.data.forecast(home.latitude, home.longitude, 7)[start : start + 5]
    return "\n".join(render(day) for day in days)


@pytest.mark.parametrize(
    "render",
    [
        lambda d: f"{d.day.isoformat()}: {ICONS[d.weather_code]} high {d.temperature_max_c}°C",
        lambda d: f"**{d.day:%A, %B} {d.day.day}**\n{ICONS[d.weather_code]} {d.temperature_min_c}"
                  f" to {d.temperature_max_c} °C",
        lambda d: f"{d.day.day} {d.day:%b}: {ICONS[d.weather_code]} "
                  f"{round(d.temperature_max_c * 9 / 5 + 32)}°F",
        lambda d: f"{d.day:%m/%d} – {ICONS[d.weather_code]} {d.temperature_max_c}",
    ],
)  # fmt: skip
def test_forecasts_in_the_formats_models_write_pass(world: LocalWorld, render) -> None:
    for start in (0, 1):  # "the next 5 days" from today or from tomorrow
        text = f"Forecast for {world.data.location.name}\n" + forecast_lines(world, start, render)
        checks.discord_five_day_forecast(judged(world, [Post("discord", None, text)]))


def test_a_forecast_with_one_emoji_for_every_day_fails_where_it_does_not_fit(
    world: LocalWorld,
) -> None:
    text = forecast_lines(world, 0, lambda d: f"{d.day.isoformat()}: 🌡️ {d.temperature_max_c} °C")
    with pytest.raises(AssertionError, match="emoji"):
        checks.discord_five_day_forecast(judged(world, [Post("discord", None, text)]))


def test_a_forecast_of_someone_else_s_weather_fails(world: LocalWorld) -> None:
    home = world.data.location
    other = world.data.forecast(-home.latitude, home.longitude + 90, 5)  # hallucinated coordinates
    mine = world.data.forecast(home.latitude, home.longitude, 5)
    text = "\n".join(
        f"{a.day.isoformat()}: {ICONS[b.weather_code]} {b.temperature_max_c} °C"
        for a, b in zip(mine, other, strict=True)
    )
    with pytest.raises(AssertionError, match="do not fit"):
        checks.discord_five_day_forecast(judged(world, [Post("discord", None, text)]))


def test_two_messages_are_not_one(world: LocalWorld) -> None:
    text = forecast_lines(
        world, 0, lambda d: f"{d.day.isoformat()}: {ICONS[d.weather_code]} {d.temperature_max_c}"
    )
    posts = [Post("discord", None, text), Post("discord", None, "and another")]
    with pytest.raises(AssertionError, match="expected one discord message, found 2"):
        checks.discord_five_day_forecast(judged(world, posts))


def test_the_lowest_week_in_words_or_numbers(world: LocalWorld) -> None:
    monday = world.data.stocks.dip_week("MSFT")
    rows = [r for r in world.data.prices("MSFT") if monday <= r.day < monday + timedelta(days=7)]
    low = min(r.close for r in rows)
    channel = "#experimenting-with-simple-ai-agents"
    for text in (
        f"The lowest week was the week of {monday:%B} {monday.day} with a close of ${low:.2f}",
        f"Lowest close {low} on {rows[1].day.isoformat()}",
        f"Week {monday.isocalendar()[1]}: ${rows[-1].close:.2f}",
    ):
        checks.slack_lowest_week(judged(world, [Post("slack", channel, text)]), "MSFT", channel)
    wrong_week = monday - timedelta(days=21)
    with pytest.raises(AssertionError, match="names no date in the week"):
        text = f"Lowest close {low} in the week of {wrong_week.isoformat()}"
        checks.slack_lowest_week(judged(world, [Post("slack", channel, text)]), "MSFT", channel)
