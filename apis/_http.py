"""HTTP for the networked APIs: explicit timeouts, bounded bodies and errors the agent can act on.

Every failure becomes a `ConnectionError`, `PermissionError` or `ValueError` whose message says
what happened and what to do. They are raised outside `except` blocks so no httpx request (with
its headers and keys) rides along as `__context__` into the sandbox. Bodies are streamed and cut
off at a size limit, so a huge download cannot exhaust the worker's memory.

httpx is imported at the first request, not with the module: every run imports this module (in
the host to read signatures, in the sandbox worker before the first action), and httpx pulls in
rich and pygments, a quarter of a second of the worker's start for a request most tasks never make.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    import httpx

TIMEOUT_SECONDS = 10.0
MAX_BODY_BYTES = 20 * 1024 * 1024


def get_json(url: str, params: dict[str, Any] | None = None) -> Any:
    body, _ = _request("GET", url, params=params)
    try:
        return json.loads(body)
    except ValueError:
        pass
    raise ConnectionError(f"{_host(url)} sent an unexpected answer (not JSON); try again later.")


def get_text(url: str, params: dict[str, Any] | None = None) -> str:
    body, encoding = _request("GET", url, params=params)
    return body.decode(encoding, errors="replace")


def get_bytes(url: str) -> bytes:
    return _request("GET", url)[0]


def post(url: str, **kwargs: Any) -> bytes:
    return _request("POST", url, **kwargs)[0]


def _request(method: str, url: str, **kwargs: Any) -> tuple[bytes, str]:
    """The body and its text encoding, once the status says the request succeeded."""
    if urlsplit(url).scheme not in ("http", "https"):
        raise ValueError(f"'{url}' is not an http(s) URL.")
    import httpx

    problem = ""
    try:
        with httpx.stream(
            method, url, timeout=TIMEOUT_SECONDS, follow_redirects=True, **kwargs
        ) as response:
            body = _bounded_body(response, url)
            status, encoding = response.status_code, response.encoding or "utf-8"
    except httpx.TimeoutException as error:
        problem = f"{_host(url)} did not answer within {TIMEOUT_SECONDS:.0f} s ({_name(error)})"
    except httpx.TransportError as error:
        problem = f"No network: could not reach {_host(url)} ({_name(error)}: {error})"
    if problem:
        raise ConnectionError(f"{problem}. This API needs internet access.")
    _check_status(status, body.decode(encoding, errors="replace"), url)
    return body, encoding


def _bounded_body(response: httpx.Response, url: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise ValueError(
                f"The answer from {_host(url)} is larger than the {MAX_BODY_BYTES} byte limit; "
                "use a smaller file."
            )
        chunks.append(chunk)
    return b"".join(chunks)


def _check_status(status: int, text: str, url: str) -> None:
    if status < 400:
        return
    detail = " ".join(text.split())[:300]
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
