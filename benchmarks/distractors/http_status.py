"""HTTP reference: status codes and their meaning, methods, headers and header values."""

from __future__ import annotations

import base64
import binascii
import email.utils
import re
from datetime import UTC, datetime
from http import HTTPStatus

_RETRYABLE = {408, 425, 429, 500, 502, 503, 504}
_CLASSES = {
    1: "informational",
    2: "success",
    3: "redirection",
    4: "client error",
    5: "server error",
}


def http_status_phrase(code: int) -> str:
    """The standard reason phrase of an HTTP status code.

    Args:
        code: e.g. 404.

    Returns:
        e.g. "Not Found".

    Raises:
        LookupError: The code is not a registered status.

    Example:
        >>> http_status_phrase(418)
        "I'm a Teapot"
    """
    try:
        return HTTPStatus(code).phrase
    except ValueError:
        raise LookupError(f"{code} is not a registered HTTP status code.") from None


def http_status_description(code: int) -> str:
    """A one-sentence explanation of what an HTTP status code means.

    Args:
        code: e.g. 503.

    Returns:
        The description from the HTTP specification.

    Example:
        >>> http_status_description(503)
        'The server cannot process the request due to a high load'
    """
    try:
        return HTTPStatus(code).description
    except ValueError:
        raise LookupError(f"{code} is not a registered HTTP status code.") from None


def http_status_class(code: int) -> str:
    """Which class an HTTP status belongs to: success, redirection, client error, ...

    Args:
        code: A status code from 100 to 599.

    Returns:
        The class name.

    Example:
        >>> http_status_class(302)
        'redirection'
    """
    if not 100 <= code <= 599:
        raise ValueError(f"HTTP status codes run from 100 to 599, got {code}.")
    return _CLASSES[code // 100]


def is_success_status(code: int) -> bool:
    """Whether an HTTP status means the request succeeded (2xx).

    Args:
        code: The status code.

    Returns:
        True for 200-299.

    Example:
        >>> is_success_status(204)
        True
    """
    return 200 <= code <= 299


def is_retryable_status(code: int) -> bool:
    """Whether a failed request with this status is worth retrying later.

    Args:
        code: The status code.

    Returns:
        True for timeouts, rate limits and transient server errors (408, 425, 429, 500,
        502, 503, 504).

    Example:
        >>> is_retryable_status(429)
        True
    """
    return code in _RETRYABLE


def status_codes_in_class(class_digit: int) -> list[int]:
    """All registered status codes of one class.

    Args:
        class_digit: 1 to 5 (e.g. 4 for client errors).

    Returns:
        The codes, ascending.

    Example:
        >>> status_codes_in_class(1)
        [100, 101, 102, 103]
    """
    return sorted(status.value for status in HTTPStatus if status.value // 100 == class_digit)


def http_method_is_safe(method: str) -> bool:
    """Whether an HTTP method is safe: it should never change server state.

    Args:
        method: e.g. "GET" or "post".

    Returns:
        True for GET, HEAD, OPTIONS and TRACE.

    Example:
        >>> http_method_is_safe("head")
        True
    """
    return method.upper() in {"GET", "HEAD", "OPTIONS", "TRACE"}


def http_method_is_idempotent(method: str) -> bool:
    """Whether repeating a request with this method has the same effect as sending it once.

    Args:
        method: e.g. "PUT".

    Returns:
        True for safe methods, PUT and DELETE; False for POST and PATCH.

    Example:
        >>> http_method_is_idempotent("POST")
        False
    """
    return http_method_is_safe(method) or method.upper() in {"PUT", "DELETE"}


def canonical_header_name(name: str) -> str:
    """Canonical capitalisation of an HTTP header name, e.g. "content-type" -> "Content-Type".

    Args:
        name: The header name in any case.

    Returns:
        Each dash-separated part capitalised.

    Example:
        >>> canonical_header_name("x-request-id")
        'X-Request-Id'
    """
    return "-".join(part.capitalize() for part in name.strip().split("-"))


def parse_content_type(header: str) -> dict:
    """Split a Content-Type header into its media type and parameters.

    Args:
        header: e.g. 'text/html; charset=UTF-8'.

    Returns:
        Keys media_type (lower case) and params (dict, names lower case).

    Example:
        >>> parse_content_type('text/html; charset="UTF-8"')
        {'media_type': 'text/html', 'params': {'charset': 'UTF-8'}}
    """
    media_type, *params = [part.strip() for part in header.split(";")]
    parsed = {}
    for param in params:
        key, _, value = param.partition("=")
        parsed[key.strip().lower()] = value.strip().strip('"')
    return {"media_type": media_type.lower(), "params": parsed}


def parse_cache_control(header: str) -> dict:
    """Parse a Cache-Control header into its directives.

    Args:
        header: e.g. "public, max-age=3600, must-revalidate".

    Returns:
        Directive -> value (an int for numeric values, True for flags).

    Example:
        >>> parse_cache_control("public, max-age=3600")
        {'public': True, 'max-age': 3600}
    """
    directives: dict = {}
    for part in filter(None, (p.strip() for p in header.split(","))):
        key, sep, value = part.partition("=")
        value = value.strip('"')
        directives[key.lower()] = (int(value) if value.isdigit() else value) if sep else True
    return directives


def parse_retry_after(header: str, now: str | None = None) -> int:
    """Seconds to wait according to a Retry-After header (seconds or an HTTP date).

    Args:
        header: e.g. "120" or "Wed, 21 Oct 2015 07:28:00 GMT".
        now: The current time as ISO 8601 (UTC assumed); defaults to the real clock.

    Returns:
        Seconds to wait, never negative.

    Example:
        >>> parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now="2015-10-21T07:27:00")
        60
    """
    if header.strip().isdigit():
        return int(header)
    when = email.utils.parsedate_to_datetime(header)
    current = datetime.fromisoformat(now).replace(tzinfo=UTC) if now else datetime.now(UTC)
    return max(0, round((when - current).total_seconds()))


def format_http_date(iso_datetime: str) -> str:
    """Format a UTC date-time the way HTTP headers (Date, Expires) write it.

    Args:
        iso_datetime: e.g. "2015-10-21T07:28:00" (taken as UTC).

    Returns:
        e.g. "Wed, 21 Oct 2015 07:28:00 GMT".

    Example:
        >>> format_http_date("2015-10-21T07:28:00")
        'Wed, 21 Oct 2015 07:28:00 GMT'
    """
    moment = datetime.fromisoformat(iso_datetime).replace(tzinfo=UTC)
    return email.utils.format_datetime(moment, usegmt=True)


def parse_http_date(header_value: str) -> str:
    """Parse an HTTP date header value into ISO 8601 UTC.

    Args:
        header_value: e.g. "Wed, 21 Oct 2015 07:28:00 GMT".

    Returns:
        e.g. "2015-10-21T07:28:00+00:00".

    Example:
        >>> parse_http_date("Wed, 21 Oct 2015 07:28:00 GMT")
        '2015-10-21T07:28:00+00:00'
    """
    return email.utils.parsedate_to_datetime(header_value).astimezone(UTC).isoformat()


def basic_auth_header(username: str, password: str) -> str:
    """Value of an Authorization header for HTTP Basic authentication.

    Args:
        username: The user name.
        password: The password.

    Returns:
        "Basic " followed by Base64 of "user:password".

    Example:
        >>> basic_auth_header("Aladdin", "open sesame")
        'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=='
    """
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode("ascii")


def parse_basic_auth_header(header: str) -> tuple[str, str]:
    """Recover the user name and password from a Basic Authorization header.

    Args:
        header: e.g. "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==".

    Returns:
        (username, password).

    Raises:
        ValueError: Not a valid Basic header.

    Example:
        >>> parse_basic_auth_header("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        ('Aladdin', 'open sesame')
    """
    scheme, _, token = header.partition(" ")
    try:
        user, sep, password = base64.b64decode(token.strip(), validate=True).decode().partition(":")
    except (binascii.Error, UnicodeDecodeError):
        raise ValueError("Not a valid Basic authorization header.") from None
    if scheme.lower() != "basic" or not sep:
        raise ValueError("Not a valid Basic authorization header.")
    return user, password


def parse_accept_language(header: str) -> list[str]:
    """Languages from an Accept-Language header, most preferred first.

    Args:
        header: e.g. "fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5".

    Returns:
        The language tags ordered by quality weight.

    Example:
        >>> parse_accept_language("en;q=0.8, fr-CH, de;q=0.9")
        ['fr-CH', 'de', 'en']
    """
    weighted = []
    for position, part in enumerate(filter(None, (p.strip() for p in header.split(",")))):
        tag, _, params = part.partition(";")
        match = re.search(r"q=([0-9.]+)", params)
        weighted.append((-(float(match.group(1)) if match else 1.0), position, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]


def parse_link_header(header: str) -> dict:
    """Parse a Link header (as used for API pagination) into rel -> URL.

    Args:
        header: e.g. '<https://api.example/items?page=2>; rel="next"'.

    Returns:
        A dict of relation name -> URL.

    Example:
        >>> parse_link_header('<https://x/?p=2>; rel="next", <https://x/?p=9>; rel="last"')
        {'next': 'https://x/?p=2', 'last': 'https://x/?p=9'}
    """
    links = {}
    for url, rel in re.findall(r'<([^>]*)>\s*;\s*rel="?([^";,]+)"?', header):
        links[rel] = url
    return links
