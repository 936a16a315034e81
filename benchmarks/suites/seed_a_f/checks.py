"""State checks for the seed's tasks B-F: what was posted, against what the local world served.

A message passes when a person reading it would say the task was done with the data the agent
was given: the temperature served for the right place, the right days with fitting emoji, the
picture at half its size, the week and price that are really the lowest. Wording is free.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date, timedelta

_MONTHS = {
    name: number
    for number in range(1, 13)
    for name in (
        date(2000, number, 1).strftime("%B").lower(),
        date(2000, number, 1).strftime("%b").lower(),
    )
}
_MONTHS["sept"] = 9
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_ORDINAL = r"(?:st|nd|rd|th)?"
_DATE_FORMS = (
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), "ymd"),
    (re.compile(rf"\b{_MONTH}\s+(\d{{1,2}}){_ORDINAL}\b(?:,?\s+(\d{{4}}))?", re.IGNORECASE), "mdy"),
    (
        re.compile(
            rf"\b(\d{{1,2}}){_ORDINAL}\s+(?:of\s+)?{_MONTH}\b(?:,?\s+(\d{{4}}))?", re.IGNORECASE
        ),
        "dmy",
    ),
    (re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?(?![\d/])"), "numeric"),
)
_NUMBER = re.compile(r"[-−]?\d+(?:[.,]\d+)?")
_CONDITIONS = (  # WMO codes -> (emoji that fit, words that fit)
    ((0, 1), "☀🌞😎🔆🌤🌅", ("clear", "sun", "bright", "fair")),
    ((2,), "⛅🌤🌥☁🌦", ("cloud", "partly", "fair")),
    ((3,), "☁🌥⛅🌫", ("overcast", "cloud", "grey", "gray", "dull")),
    ((45, 48), "🌫☁🌁", ("fog", "mist", "haze")),
    ((51, 53, 55, 56, 57), "🌦🌧☔💧☂🌂☁", ("drizzle", "rain", "shower", "wet")),
    ((61, 63, 65, 66, 67, 80, 81, 82), "🌧☔🌦💧☂🌂⛈", ("rain", "shower", "wet", "drizzle")),
    ((71, 73, 75, 77, 85, 86), "❄🌨☃⛄", ("snow", "flurr", "wintry")),
    ((95, 96, 99), "⛈🌩⚡🌧", ("thunder", "storm", "lightning")),
)


def discord_weather_at_home(world) -> None:
    """B: one Discord message with the current (or felt) temperature at the user's location."""
    post = _only_post(world, "discord")
    home = world.served.location
    now = world.served.current_weather(home.latitude, home.longitude)
    assert _mentions_current(post.text, now), (
        f"the message does not give the temperature served for {home.name} "
        f"({now.temperature_c} °C, feels like {now.feels_like_c} °C): {post.text!r}"
    )


def slack_weather_for(world, place: str, country_code: str, channel: str) -> None:
    """C: one Slack message to the channel with the current temperature of that place."""
    post = _only_post(world, "slack")
    assert _channel(post.channel) == _channel(channel), f"posted to {post.channel!r}, not {channel}"
    city = next(c for c in world.served.places(place) if c.country_code == country_code)
    now = world.served.current_weather(city.latitude, city.longitude)
    assert _mentions_current(post.text, now), (
        f"the message does not give the temperature served for {place}, {country_code} "
        f"({now.temperature_c} °C, feels like {now.feels_like_c} °C): {post.text!r}"
    )


def discord_five_day_forecast(world) -> None:
    """D: one message; five consecutive days (from today or tomorrow), each dated, each with an
    emoji fitting the served weather and the served temperature or a fitting description."""
    post = _only_post(world, "discord")
    home = world.served.location
    days = world.served.forecast(home.latitude, home.longitude, 7)
    segments = _dated_segments(post.text, world.today)
    problems = []
    for start in (0, 1):
        missing = [_day_problem(day, segments) for day in days[start : start + 5]]
        missing = [problem for problem in missing if problem]
        if not missing:
            return
        problems.append(missing[0])
    raise AssertionError(f"not a 5-day forecast matching what was served: {problems[0]}")


def discord_apod_at_half_size(world) -> None:
    """E: one message starting 'Hello from Space!', the picture at half size, more about it."""
    post = _only_post(world, "discord")
    assert post.text.lstrip().startswith("Hello from Space!"), (
        f"the message does not start with 'Hello from Space!': {post.text[:60]!r}"
    )
    assert post.image_size, "no image was attached"
    fetched = {
        r.path.endswith("_hd.jpg") for r in world.requests if r.path.startswith("/apod/image/")
    }
    assert fetched, "the picture itself was never downloaded"
    halves = [(w // 2, h // 2) for w, h in map(world.served.apod_size, sorted(fetched))]
    assert any(_close_size(post.image_size, half) for half in halves), (
        f"the image is {post.image_size[0]}x{post.image_size[1]}, not half the picture's size "
        f"({' or '.join(f'{w}x{h}' for w, h in halves)})"
    )
    picture = world.served.apod()
    text = _words(post.text)
    title_given = " ".join(_words(picture.title)) in " ".join(text)
    shared = {w for w in _words(picture.explanation) if len(w) >= 5} & set(text)
    assert title_given or len(shared) >= 4, (
        f"the message says nothing about the picture ('{picture.title}'): {post.text!r}"
    )


def slack_lowest_week(world, symbol: str, channel: str) -> None:
    """F: one Slack message to the channel naming the lowest week (a date in it) and its price."""
    post = _only_post(world, "slack")
    assert _channel(post.channel) == _channel(channel), f"posted to {post.channel!r}, not {channel}"
    monday = world.served.stocks.dip_week(symbol)
    week = [monday + timedelta(days=i) for i in range(7)]
    rows = [row for row in world.served.prices(symbol) if row.day in week]
    prices = {min(r.close for r in rows), rows[-1].close, min(r.low for r in rows)}
    numbers = [_number(n) for n in _NUMBER.findall(post.text)]
    shown = ", ".join(f"{p:.2f}" for p in sorted(prices))
    assert any(abs(n - p) <= 0.011 for n in numbers for p in prices), (
        f"the message does not give the week's price ({shown}): {post.text!r}"
    )
    mentioned = {day for day, _ in _dates_with_positions(post.text, world.today)}
    week_number = monday.isocalendar()[1]
    named_week = re.search(rf"\b(?:week|wk|W)\s*#?{week_number}\b", post.text, re.IGNORECASE)
    assert mentioned & set(week) or named_week, (
        f"the message names no date in the week of {monday.isoformat()}: {post.text!r}"
    )


def _only_post(world, service: str):
    posts = world.posts(service)
    assert len(posts) == 1, f"expected one {service} message, found {len(posts)}"
    return posts[0]


def _channel(name: str | None) -> str:
    return (name or "").strip().lstrip("#").lower()


def _mentions_current(text: str, now) -> bool:
    """The served temperature or the served "feels like" temperature, in °C or °F."""
    return any(_mentions_temperature(text, t) for t in (now.temperature_c, now.feels_like_c))


def _mentions_temperature(text: str, celsius: float) -> bool:
    fahrenheit = celsius * 9 / 5 + 32
    numbers = [_number(n) for n in _NUMBER.findall(text)]
    return any(abs(n - celsius) <= 0.51 or abs(n - fahrenheit) <= 1.0 for n in numbers)


def _number(text: str) -> float:
    return float(text.replace("−", "-").replace(",", "."))


def _day_problem(day, segments: list[tuple[date, str]]) -> str:
    """'' when some part of the message about `day` fits the weather served for it."""
    mine = [text for when, text in segments if when == day.day]
    if not mine:
        return f"no line gives the date {day.day.isoformat()}"
    emoji, words = next((e, w) for codes, e, w in _CONDITIONS if day.weather_code in codes)
    for text in mine:
        fitting_emoji = any(ch in emoji for ch in text.replace("\ufe0f", ""))
        temperature = any(
            _mentions_temperature(text, t) for t in (day.temperature_max_c, day.temperature_min_c)
        )
        described = any(word in text.lower() for word in words)
        if fitting_emoji and (temperature or described):
            return ""
    has_emoji = any(_is_emoji(ch) for text in mine for ch in text)
    why = "no fitting emoji" if not has_emoji else "its emoji or words do not fit"
    return f"{day.day.isoformat()}: {why} for the served weather (code {day.weather_code})"


def _is_emoji(character: str) -> bool:
    return ord(character) >= 0x2190 and unicodedata.category(character) == "So"


def _dated_segments(text: str, today: date) -> list[tuple[date, str]]:
    """The message cut at every date it mentions: each date with the text up to the next one."""
    found = sorted(_dates_with_positions(text, today), key=lambda item: item[1])
    ends = [position for _, position in found[1:]] + [len(text)]
    return [(day, text[position:end]) for (day, position), end in zip(found, ends, strict=True)]


def _dates_with_positions(text: str, today: date) -> list[tuple[date, int]]:
    found: dict[int, date] = {}
    for pattern, form in _DATE_FORMS:
        for match in pattern.finditer(text):
            if any(abs(match.start() - seen) < 3 for seen in found):
                continue
            for day in _read_date(match.groups(), form, today):
                found.setdefault(match.start(), day)
    return [(day, position) for position, day in found.items()]


def _read_date(groups: tuple, form: str, today: date) -> list[date]:
    """Candidate dates (a numeric date may be day/month or month/day), nearest year to today."""
    if form == "ymd":
        candidates = [(int(groups[0]), int(groups[1]), int(groups[2]))]
    elif form == "mdy":
        candidates = [(_year(groups[2]), _MONTHS[groups[0].lower().rstrip(".")], int(groups[1]))]
    elif form == "dmy":
        candidates = [(_year(groups[2]), _MONTHS[groups[1].lower().rstrip(".")], int(groups[0]))]
    else:
        first, second, year = int(groups[0]), int(groups[1]), _year(groups[2])
        candidates = [(year, second, first), (year, first, second)]
    days = []
    for year, month, day in candidates:
        for guess in [year] if year else [today.year - 1, today.year, today.year + 1]:
            try:
                days.append(date(guess, month, day))
            except ValueError:
                continue
    if not days:
        return []
    nearest = min(abs((d - today).days) for d in days)
    return [d for d in days if abs((d - today).days) == nearest]


def _year(text: str | None) -> int | None:
    if not text:
        return None
    return int(text) + 2000 if len(text) == 2 else int(text)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _close_size(size: tuple[int, int], wanted: tuple[int, int]) -> bool:
    return abs(size[0] - wanted[0]) <= 1 and abs(size[1] - wanted[1]) <= 1
