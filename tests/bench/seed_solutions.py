"""Reference solutions of the seed's tasks A-F, as a model would write them step by step.

The seed suite test plays them through the real harness to show each task can be solved and
passes every check; the wrong variants show the checks catch the mistakes the seed reported.
"""

from __future__ import annotations

from bench_helpers import action

CHANNEL = "#experimenting-with-simple-ai-agents"
_ICON = """def icon(day):
    text = day['description']
    if 'thunder' in text:
        return '⛈️'
    if 'snow' in text:
        return '❄️'
    if 'rain' in text or 'drizzle' in text or 'shower' in text:
        return '🌧️'
    if 'fog' in text:
        return '🌫️'
    if 'overcast' in text:
        return '☁️'
    if 'cloud' in text:
        return '⛅'
    return '☀️'
print('ok')"""

SOLUTIONS = {
    "Print the current date.": [
        action("today = datetime.now().date()\nprint(today)"),
        action("stop(today.isoformat())"),
    ],
    "current weather for my location": [
        action("where = get_user_location()\nprint(where)"),
        action("now = get_current_weather(where['latitude'], where['longitude'])\nprint(now)"),
        action(
            "send_discord_message(f\"Weather in {where['city']}: {now['description']}, "
            "{now['temperature_c']} °C\")"
        ),
        action("stop('sent')"),
    ],
    "current weather for London, UK": [
        action("london = get_location_coordinates('London, UK')\nprint(london)"),
        action("now = get_current_weather(london['latitude'], london['longitude'])\nprint(now)"),
        action(
            f"send_slack_message(f\"London: {{now['description']}}, {{now['temperature_c']}} °C\", "
            f"'{CHANNEL}')"
        ),
        action("stop('sent')"),
    ],
    "forecast for the next 5 days": [
        action("where = get_user_location()\nprint(where)"),
        action(
            "days = get_weather_forecast(where['latitude'], where['longitude'], 5)\nprint(days)"
        ),
        action(_ICON),
        action(
            "lines = [f\"{d['date']}: {icon(d)} {d['description']}, {d['temperature_min_c']} to "
            "{d['temperature_max_c']} °C\" for d in days]\n"
            "send_discord_message('Forecast for ' + where['city'] + '\\n' + '\\n'.join(lines))"
        ),
        action("stop('sent')"),
    ],
    "NASA picture-of-the day": [
        action("apod = get_nasa_astronomy_picture_of_the_day()\nprint(apod)"),
        action("picture = download_image(apod['url'])\nprint(picture)"),
        action("small = shrink_image(picture, 0.5)\nprint(small)"),
        action(
            "send_discord_message('Hello from Space! ' + apod['title'] + ': ' + "
            "apod['explanation'][:300], small)"
        ),
        action("stop('sent')"),
    ],
    "lowest MSFT stock closing price": [
        action("weeks = get_stock_price_history('MSFT', interval='weekly')\nprint(weeks[:3])"),
        action("lowest = min(weeks, key=lambda row: row['close'])\nprint(lowest)"),
        action(
            f"send_slack_message(f\"Lowest MSFT week ended {{lowest['date']}} at "
            f"${{lowest['close']}}\", '{CHANNEL}')"
        ),
        action("stop('sent')"),
    ],
}
