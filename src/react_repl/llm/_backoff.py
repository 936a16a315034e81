"""How long to wait before retrying a failed model call."""

from __future__ import annotations

import random
from email.utils import parsedate_to_datetime
from time import time

import openai

_RETRY_AFTER_CAP = 60.0


def retry_delay(exc: BaseException, attempt: int, base: float, cap: float) -> float:
    """The server's Retry-After when it sent one, else exponential back-off with jitter.

    Jitter keeps several agents that failed together from hammering the server in lockstep.
    """
    hinted = retry_after(exc)
    if hinted is not None:
        return min(hinted, _RETRY_AFTER_CAP)
    ceiling = min(cap, base * 2**attempt)
    return random.uniform(ceiling / 2, ceiling)


def retry_after(exc: BaseException) -> float | None:
    """Seconds from `retry-after-ms` or `retry-after` (seconds or an HTTP date), if present."""
    if not isinstance(exc, openai.APIStatusError):
        return None
    headers = exc.response.headers
    try:
        if (ms := headers.get("retry-after-ms")) is not None:
            return max(0.0, float(ms) / 1000)
        if (value := headers.get("retry-after")) is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time())
    except (ValueError, TypeError):
        return None
