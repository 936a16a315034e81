"""Working with URLs: parts, query strings, percent-encoding, joining and normalising."""

from __future__ import annotations

import base64
import re
from urllib.parse import (
    parse_qsl,
    quote,
    unquote,
    urlencode,
    urljoin,
    urlsplit,
    urlunsplit,
)

_DEFAULT_PORTS = {
    "http": 80,
    "https": 443,
    "ftp": 21,
    "ws": 80,
    "wss": 443,
    "ssh": 22,
    "smtp": 25,
    "imap": 143,
    "ldap": 389,
    "postgresql": 5432,
    "mysql": 3306,
}
_TWO_PART_SUFFIXES = set(
    [
        "co.uk",
        "org.uk",
        "ac.uk",
        "gov.uk",
        "com.au",
        "net.au",
        "co.nz",
        "co.jp",
        "com.br",
        "co.za",
        "com.mx",
        "co.in",
    ]
)


def parse_query_string(query: str) -> dict:
    """Parse a URL query string into a dict (repeated keys become lists).

    Args:
        query: e.g. "q=red+shoes&size=42&size=43" (a leading '?' is fine).

    Returns:
        Key -> value, or key -> list of values when a key repeats.

    Example:
        >>> parse_query_string("?q=red+shoes&size=42&size=43")
        {'q': 'red shoes', 'size': ['42', '43']}
    """
    result: dict = {}
    for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if key in result:
            existing = result[key]
            result[key] = [*existing, value] if isinstance(existing, list) else [existing, value]
        else:
            result[key] = value
    return result


def build_query_string(params: dict) -> str:
    """Build an encoded query string from a dict (list values repeat the key).

    Args:
        params: e.g. {"q": "red shoes", "size": [42, 43]}.

    Returns:
        The query string without a leading '?'.

    Example:
        >>> build_query_string({"q": "red shoes", "size": [42, 43]})
        'q=red+shoes&size=42&size=43'
    """
    return urlencode(params, doseq=True)


def url_hostname(url: str) -> str:
    """Host name of a URL, lower case, without port or credentials.

    Args:
        url: e.g. "https://user@Example.COM:8443/path".

    Returns:
        e.g. "example.com".

    Example:
        >>> url_hostname("https://user@Example.COM:8443/path")
        'example.com'
    """
    return urlsplit(url).hostname or ""


def url_path_segments(url: str) -> list[str]:
    """The decoded segments of a URL's path.

    Args:
        url: e.g. "https://x.org/docs/api%20v2/index.html".

    Returns:
        The non-empty path segments.

    Example:
        >>> url_path_segments("https://x.org/docs/api%20v2/index.html")
        ['docs', 'api v2', 'index.html']
    """
    return [unquote(part) for part in urlsplit(url).path.split("/") if part]


def join_url(base: str, *parts: str) -> str:
    """Append path parts to a base URL with exactly one slash between them.

    Args:
        base: e.g. "https://api.example.com/v1/".
        *parts: Path parts, e.g. "users", "42".

    Returns:
        The joined URL.

    Example:
        >>> join_url("https://api.example.com/v1/", "/users/", "42")
        'https://api.example.com/v1/users/42'
    """
    return "/".join([base.rstrip("/"), *(part.strip("/") for part in parts)])


def resolve_relative_url(base: str, reference: str) -> str:
    """Resolve a relative link against the page it appears on, as a browser does.

    Args:
        base: The page's URL.
        reference: The link, e.g. "../img/logo.png".

    Returns:
        The absolute URL.

    Example:
        >>> resolve_relative_url("https://x.org/a/b/page.html", "../img/logo.png")
        'https://x.org/a/img/logo.png'
    """
    return urljoin(base, reference)


def set_query_parameter(url: str, name: str, value: str) -> str:
    """Add or replace one query parameter of a URL.

    Args:
        url: The URL.
        name: The parameter name.
        value: The new value.

    Returns:
        The URL with the parameter set.

    Example:
        >>> set_query_parameter("https://x.org/s?q=cat&page=1", "page", "2")
        'https://x.org/s?q=cat&page=2'
    """
    parts = urlsplit(url)
    params = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != name]
    existing = [k for k, _ in parse_qsl(parts.query, keep_blank_values=True)]
    params.insert(existing.index(name) if name in existing else len(params), (name, value))
    return urlunsplit(parts._replace(query=urlencode(params)))


def remove_query_parameter(url: str, name: str) -> str:
    """Remove every occurrence of a query parameter from a URL (e.g. tracking tags).

    Args:
        url: The URL.
        name: The parameter to drop, e.g. "utm_source".

    Returns:
        The URL without it.

    Example:
        >>> remove_query_parameter("https://x.org/a?id=7&utm_source=mail", "utm_source")
        'https://x.org/a?id=7'
    """
    parts = urlsplit(url)
    kept = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != name]
    return urlunsplit(parts._replace(query=urlencode(kept)))


def percent_encode(text: str, safe: str = "") -> str:
    """Percent-encode text for use inside a URL path segment or query value.

    Args:
        text: Any text.
        safe: Characters to leave as they are, e.g. "/".

    Returns:
        The encoded text.

    Example:
        >>> percent_encode("café & crème")
        'caf%C3%A9%20%26%20cr%C3%A8me'
    """
    return quote(text, safe=safe)


def percent_decode(text: str) -> str:
    """Decode percent-encoded text (and '+' as a space, as in query strings).

    Args:
        text: e.g. "caf%C3%A9+au+lait".

    Returns:
        The decoded text.

    Example:
        >>> percent_decode("caf%C3%A9+au+lait")
        'café au lait'
    """
    return unquote(text.replace("+", " "))


def is_absolute_url(url: str) -> bool:
    """Whether a URL has a scheme and a host (as opposed to a relative link).

    Args:
        url: The URL.

    Returns:
        True for e.g. "https://x.org/a".

    Example:
        >>> is_absolute_url("/docs/intro")
        False
    """
    parts = urlsplit(url)
    return bool(parts.scheme and parts.netloc)


def default_port_for_scheme(scheme: str) -> int:
    """The port a URL scheme uses when none is written.

    Args:
        scheme: e.g. "https".

    Returns:
        The default port.

    Raises:
        LookupError: The scheme is not known.

    Example:
        >>> default_port_for_scheme("https")
        443
    """
    try:
        return _DEFAULT_PORTS[scheme.lower()]
    except KeyError:
        raise LookupError(f"No default port known for {scheme!r}.") from None


def normalize_url(url: str) -> str:
    """Normalise a URL for comparison: lower-case scheme and host, no default port or fragment.

    Args:
        url: The URL.

    Returns:
        The normalised URL (an empty path becomes "/").

    Example:
        >>> normalize_url("HTTPS://Example.com:443#top")
        'https://example.com/'
    """
    parts = urlsplit(url)
    scheme, host = parts.scheme.lower(), (parts.hostname or "")
    port = parts.port
    netloc = host if port in (None, _DEFAULT_PORTS.get(scheme)) else f"{host}:{port}"
    return urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))


def registrable_domain(hostname: str) -> str:
    """The registrable domain of a host name (e.g. "shop.bbc.co.uk" -> "bbc.co.uk").

    Uses a built-in list of common two-part public suffixes (co.uk, com.au, ...).

    Args:
        hostname: A host name.

    Returns:
        The domain a person would register.

    Example:
        >>> registrable_domain("news.shop.bbc.co.uk")
        'bbc.co.uk'
    """
    labels = hostname.lower().strip(".").split(".")
    take = 3 if ".".join(labels[-2:]) in _TWO_PART_SUFFIXES else 2
    return ".".join(labels[-take:])


def url_file_extension(url: str) -> str:
    """File extension of the last path segment of a URL, lower case, without the dot.

    Args:
        url: e.g. "https://x.org/files/Report.PDF?download=1".

    Returns:
        e.g. "pdf", or "" when there is none.

    Example:
        >>> url_file_extension("https://x.org/files/Report.PDF?download=1")
        'pdf'
    """
    last = urlsplit(url).path.rsplit("/", 1)[-1]
    return last.rsplit(".", 1)[1].lower() if "." in last else ""


def strip_url_fragment(url: str) -> str:
    """Remove the #fragment from a URL.

    Args:
        url: The URL.

    Returns:
        The URL without the fragment.

    Example:
        >>> strip_url_fragment("https://x.org/doc#section-2")
        'https://x.org/doc'
    """
    return urlunsplit(urlsplit(url)._replace(fragment=""))


def text_data_uri(text: str, media_type: str = "text/plain") -> str:
    """Embed text in a data: URI, Base64-encoded.

    Args:
        text: The content.
        media_type: Its media type.

    Returns:
        The data URI.

    Example:
        >>> text_data_uri("hi")
        'data:text/plain;charset=utf-8;base64,aGk='
    """
    encoded = base64.b64encode(text.encode()).decode("ascii")
    return f"data:{media_type};charset=utf-8;base64,{encoded}"


def is_valid_hostname(hostname: str) -> bool:
    """Whether a string is a syntactically valid DNS host name.

    Args:
        hostname: e.g. "api.example.com".

    Returns:
        True when every label is 1-63 letters, digits or inner hyphens, 253 chars at most.

    Example:
        >>> is_valid_hostname("-bad-.example.com")
        False
    """
    if len(hostname) > 253:
        return False
    label = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")
    return all(label.fullmatch(part) for part in hostname.rstrip(".").split("."))


def mailto_link(address: str, subject: str = "", body: str = "") -> str:
    """Build a mailto: link with an optional subject and body.

    Args:
        address: The recipient.
        subject: The subject line.
        body: The message text.

    Returns:
        The mailto URL.

    Example:
        >>> mailto_link("help@x.org", subject="Order 42")
        'mailto:help@x.org?subject=Order%2042'
    """
    params = {k: v for k, v in (("subject", subject), ("body", body)) if v}
    query = "&".join(f"{k}={quote(v)}" for k, v in params.items())
    return f"mailto:{address}" + (f"?{query}" if query else "")
