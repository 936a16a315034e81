"""HTTP for the networked APIs: explicit timeouts and errors the agent can act on.

Every failure becomes a `ConnectionError` or `ValueError` whose message says what happened and
what to do. They are raised outside the `except` block so no httpx request (with its headers and
keys) rides along as `__context__` into the sandbox.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import httpx

TIMEOUT_SECONDS = 10.0
MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024


def get_json(url: str, params: dict[str, Any] | None = None) -> Any:
    response = _request("GET", url, params=params)
    try:
        return response.json()
    except ValueError:
        reason = "the answer was not JSON"
    raise ConnectionError(f"{_host(url)} sent an unexpected answer ({reason}); try again later.")


def get_text(url: str, params: dict[str, Any] | None = None) -> str:
    return _request("GET", url, params=params).text


def get_bytes(url: str, max_bytes: int = MAX_DOWNLOAD_BYTES) -> bytes:
    response = _request("GET", url)
    if len(response.content) > max_bytes:
        raise ValueError(
            f"The download from {_host(url)} is {len(response.content)} bytes, more than the "
            f"{max_bytes} byte limit; use a smaller file."
        )
    return response.content


def post(url: str, **kwargs: Any) -> httpx.Response:
    return _request("POST", url, **kwargs)


def _request(method: str, url: str, **kwargs: Any) -> httpx.Response:
    if urlsplit(url).scheme not in ("http", "https"):
        raise ValueError(f"'{url}' is not an http(s) URL.")
    problem = ""
    try:
        response = httpx.request(
            method, url, timeout=TIMEOUT_SECONDS, follow_redirects=True, **kwargs
        )
    except httpx.TimeoutException as error:
        problem = f"{_host(url)} did not answer within {TIMEOUT_SECONDS:.0f} s ({_name(error)})"
    except httpx.TransportError as error:
        problem = f"No network: could not reach {_host(url)} ({_name(error)}: {error})"
    if problem:
        raise ConnectionError(f"{problem}. This API needs internet access.")
    _check_status(response, url)
    return response


def _check_status(response: httpx.Response, url: str) -> None:
    status = response.status_code
    if status < 400:
        return
    detail = " ".join(response.text.split())[:300]
    host = _host(url)
    if status == 429 or status >= 500:
        raise ConnectionError(
            f"{host} is unavailable or rate-limited (HTTP {status}: {detail}); try again later."
        )
    if status in (401, 403):
        raise PermissionError(
            f"{host} refused the request (HTTP {status}: {detail}); check the API key or "
            "webhook URL in the environment or react-repl.toml."
        )
    raise ValueError(f"{host} rejected the request (HTTP {status}: {detail}); check the arguments.")


def _host(url: str) -> str:
    return urlsplit(url).netloc or url


def _name(error: Exception) -> str:
    return type(error).__name__
