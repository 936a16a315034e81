"""The local world: one HTTP server on 127.0.0.1 per attempt, standing in for the internet.

It answers the requests the built-in networked API modules make (Open-Meteo forecast and
geocoding, an ipinfo-style location lookup, NASA APOD with its image, Stooq CSV), records Slack
and Discord webhook posts, and doubles as the sandbox's HTTP(S) proxy: a request for any other
host reaches it in proxy form (an absolute URL, or CONNECT for https) and is refused and recorded,
so a task that tries the internet fails cleanly and the record says where it tried to go.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ._data import WorldData
from ._posts import Post, PostFormatError, parse_post
from ._stocks import aggregate, to_csv

SERVICES = ("weather", "geocoding", "location", "apod", "stocks")
_MAX_BODY = 25 * 1024 * 1024
_CURRENT = {
    "temperature_2m": "temperature_c",
    "apparent_temperature": "feels_like_c",
    "relative_humidity_2m": "humidity_percent",
    "precipitation": "precipitation_mm",
    "wind_speed_10m": "wind_speed_kmh",
    "weather_code": "weather_code",
}
_DAILY = {
    "temperature_2m_max": "temperature_max_c",
    "temperature_2m_min": "temperature_min_c",
    "precipitation_sum": "precipitation_mm",
    "precipitation_probability_max": "precipitation_probability_percent",
    "wind_speed_10m_max": "wind_speed_max_kmh",
    "weather_code": "weather_code",
}


@dataclass(frozen=True)
class ServiceRequest:
    service: str
    path: str
    query: dict[str, str]


class _Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class LocalWorld:
    """`with LocalWorld(seed, started_at, services) as world:`; `world.url` is its base URL."""

    def __init__(self, seed: int, started_at: datetime, services: Iterable[str] = SERVICES) -> None:
        unknown = sorted(set(services) - set(SERVICES))
        if unknown:
            raise ValueError(f"unknown world service(s) {unknown}; known: {list(SERVICES)}")
        self.data = WorldData(seed, started_at)
        self.services = frozenset(services)
        self._lock = threading.Lock()
        self._posts: list[Post] = []
        self._requests: list[ServiceRequest] = []
        self._refused_hosts: list[str] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def posts(self, service: str | None = None) -> list[Post]:
        with self._lock:
            return [post for post in self._posts if service in (None, post.service)]

    @property
    def requests(self) -> list[ServiceRequest]:
        with self._lock:
            return list(self._requests)

    @property
    def network_attempts(self) -> list[str]:
        with self._lock:
            return list(self._refused_hosts)

    def service_env(self, *, webhooks: bool = True) -> dict[str, str]:
        """Where each built-in API module finds its services (and webhooks): here."""
        by_service = {
            "weather": {"REACT_REPL_OPEN_METEO_URL": self.url},
            "geocoding": {"REACT_REPL_GEOCODING_URL": self.url},
            "location": {"REACT_REPL_LOCATION_URL": f"{self.url}/location/json"},
            "apod": {"REACT_REPL_NASA_URL": self.url, "NASA_API_KEY": "local-world"},
            "stocks": {"REACT_REPL_STOOQ_URL": self.url},
        }
        env = {
            name: value for service in self.services for name, value in by_service[service].items()
        }
        if webhooks:
            env["SLACK_WEBHOOK_URL"] = f"{self.url}/webhooks/slack"
            env["DISCORD_WEBHOOK_URL"] = f"{self.url}/webhooks/discord"
        return env

    def proxy_env(self) -> dict[str, str]:
        """Send every non-local request through the refusing proxy (httpx and urllib obey these)."""
        env = {name: self.url for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY")}
        env["NO_PROXY"] = "127.0.0.1,localhost"
        return env | {name.lower(): value for name, value in env.items()}

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()

    def __enter__(self) -> LocalWorld:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- request handling (called from the server's threads) --------------------------------

    def refuse_outbound(self, target: str) -> None:
        host = urlsplit(target).hostname if "://" in target else target.rsplit(":", 1)[0]
        with self._lock:
            self._refused_hosts.append(host or target)

    def answer_get(self, path: str, query: Mapping[str, str]) -> tuple[str, bytes]:
        """(content type, body) for a GET; raises _Refused for an error answer."""
        service, handler = self._route(path)
        if service not in self.services:
            raise _Refused(503, f"the {service} service is not part of this benchmark suite")
        with self._lock:
            self._requests.append(ServiceRequest(service, path, dict(query)))
        return handler(path, query)

    def record_post(self, path: str, content_type: str, body: bytes) -> None:
        service = path.rstrip("/").rsplit("/", 1)[-1]
        if not path.startswith("/webhooks/") or service not in ("slack", "discord"):
            raise _Refused(404, f"no webhook at {path}")
        try:
            post = parse_post(service, content_type, body)
        except PostFormatError as error:
            raise _Refused(400, str(error)) from None
        with self._lock:
            self._posts.append(post)

    def _route(self, path: str) -> tuple[str, Any]:
        routes = {
            "/v1/forecast": ("weather", self._forecast),
            "/v1/search": ("geocoding", self._search),
            "/location/json": ("location", self._location),
            "/planetary/apod": ("apod", self._apod),
            "/q/d/l": ("stocks", self._stooq),
        }
        if path.startswith("/apod/image/"):
            return "apod", self._apod_image
        found = routes.get(path.rstrip("/"))
        if found is None:
            raise _Refused(404, f"no route {path}")
        return found

    def _forecast(self, path: str, query: Mapping[str, str]) -> tuple[str, bytes]:
        latitude, longitude = _coordinates(query)
        local = self.data.local_now(latitude, longitude)
        answer: dict[str, Any] = {
            "latitude": latitude,
            "longitude": longitude,
            "timezone": self.data.timezone_at(latitude, longitude),
            "utc_offset_seconds": int(local.utcoffset().total_seconds()),  # type: ignore[union-attr]
        }
        if query.get("current"):
            now = self.data.current_weather(latitude, longitude)
            answer["current"] = {"time": now.time.strftime("%Y-%m-%dT%H:%M"), "interval": 900}
            answer["current"] |= {
                n: vars(now)[_CURRENT[n]] for n in _known(query["current"], _CURRENT)
            }
        if query.get("daily"):
            days = _int(query.get("forecast_days", "7"), "forecast_days", 0, 16)
            rows = self.data.forecast(latitude, longitude, days)
            answer["daily"] = {"time": [row.day.isoformat() for row in rows]} | {
                n: [vars(row)[_DAILY[n]] for row in rows] for n in _known(query["daily"], _DAILY)
            }
        return _json(answer)

    def _search(self, path: str, query: Mapping[str, str]) -> tuple[str, bytes]:
        count = _int(query.get("count", "10"), "count", 1, 100)
        found = [
            city.as_geocoding_result() for city in self.data.places(query.get("name", ""), count)
        ]
        return _json(
            {"results": found, "generationtime_ms": 0.4} if found else {"generationtime_ms": 0.3}
        )

    def _location(self, path: str, query: Mapping[str, str]) -> tuple[str, bytes]:
        home = self.data.location
        return _json({
            "ip": "203.0.113.7",
            "city": home.name,
            "region": home.admin1,
            "country": home.country_code,
            "loc": f"{home.latitude:.4f},{home.longitude:.4f}",
            "timezone": home.timezone,
        })  # fmt: skip

    def _apod(self, path: str, query: Mapping[str, str]) -> tuple[str, bytes]:
        day = self.data.today
        if query.get("date"):
            try:
                day = date.fromisoformat(query["date"])
            except ValueError:
                raise _Refused(
                    400, f"time data '{query['date']}' does not match format '%Y-%m-%d'"
                ) from None
            if not date(1995, 6, 16) <= day <= self.data.today:
                raise _Refused(
                    400, f"Date must be between Jun 16, 1995 and {self.data.today:%b %d, %Y}."
                )
        picture = self.data.apod(day)
        base = f"{self.url}/apod/image/{day.isoformat()}/{picture.slug}"
        return _json({
            "copyright": f"\n{picture.copyright}\n",
            "date": day.isoformat(),
            "explanation": picture.explanation,
            "hdurl": f"{base}_hd.jpg",
            "media_type": "image",
            "service_version": "v1",
            "title": picture.title,
            "url": f"{base}.jpg",
        })  # fmt: skip

    def _apod_image(self, path: str, query: Mapping[str, str]) -> tuple[str, bytes]:
        parts = path.split("/")
        try:
            day = date.fromisoformat(parts[3])
        except (IndexError, ValueError):
            raise _Refused(404, f"no image at {path}") from None
        return "image/jpeg", self.data.pictures.image(day, hd=path.endswith("_hd.jpg"))

    def _stooq(self, path: str, query: Mapping[str, str]) -> tuple[str, bytes]:
        symbol, interval = query.get("s", "").strip().lower(), query.get("i", "d")
        if not symbol or interval not in ("d", "w", "m"):
            return "text/plain", b"No data"
        try:
            first = datetime.strptime(query.get("d1", "19700101"), "%Y%m%d").date()
            last = datetime.strptime(query.get("d2", "29991231"), "%Y%m%d").date()
        except ValueError:
            return "text/plain", b"No data"
        rows = [r for r in self.data.prices(symbol) if first <= r.day <= last]
        if not rows:
            return "text/plain", b"No data"
        return "text/csv", to_csv(aggregate(rows, interval)).encode()


def _known(requested: str, names: Mapping[str, str]) -> list[str]:
    unknown = [name for name in requested.split(",") if name not in names]
    if unknown:
        raise _Refused(400, f"Cannot initialize WeatherVariable from value {unknown[0]}")
    return requested.split(",")


def _coordinates(query: Mapping[str, str]) -> tuple[float, float]:
    try:
        latitude, longitude = float(query["latitude"]), float(query["longitude"])
    except (KeyError, ValueError):
        raise _Refused(400, "Parameter 'latitude' and 'longitude' must be numbers") from None
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        raise _Refused(400, "Latitude must be in range of -90 to 90°.")
    return latitude, longitude


def _int(text: str, name: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise _Refused(400, f"Parameter '{name}' must be a whole number") from None
    if not low <= value <= high:
        raise _Refused(400, f"Parameter '{name}' must be between {low} and {high}")
    return value


def _json(value: Any) -> tuple[str, bytes]:
    return "application/json", json.dumps(value).encode()


def _handler_for(world: LocalWorld) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_CONNECT(self) -> None:
            world.refuse_outbound(self.path)
            self._send(403, "text/plain", b"network access is disabled in this benchmark")

        def do_GET(self) -> None:
            if self._refused_as_proxy():
                return
            split = urlsplit(self.path)
            query = {key: values[-1] for key, values in parse_qs(split.query).items()}
            try:
                kind, body = world.answer_get(split.path, query)
            except _Refused as refused:
                self._error(refused)
                return
            self._send(200, kind, body)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(min(length, _MAX_BODY))
            if self._refused_as_proxy():
                return
            try:
                world.record_post(
                    urlsplit(self.path).path, self.headers.get("Content-Type", ""), body
                )
            except _Refused as refused:
                self._error(refused)
                return
            discord = self.path.rstrip("/").endswith("/discord")  # Discord answers 204, Slack "ok"
            self._send(204 if discord else 200, "text/plain", b"" if discord else b"ok")

        def _refused_as_proxy(self) -> bool:
            """A proxy-form request (absolute URL): the sandbox trying a host outside the world.

            The connection is dropped without an answer, so the API sees what an offline machine
            gives it (a transport error, "No network") rather than an HTTP status to act on.
            """
            if "://" not in self.path:
                return False
            world.refuse_outbound(self.path)
            self.close_connection = True
            return True

        def _error(self, refused: _Refused) -> None:
            payload = json.dumps({"error": True, "reason": str(refused)}).encode()
            self._send(refused.status, "application/json", payload)

        def _send(self, status: int, kind: str, body: bytes) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if body:
                    self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

        def log_message(self, format: str, *args: Any) -> None:
            """Silent: the world's traffic is recorded in `requests`, not printed."""

    return Handler
