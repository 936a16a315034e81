"""Telling a busy server from a hung one, where the server can say.

llama-server serves one request per slot; a second run sharing the bundled model waits in its
queue and receives no byte until the first is done (several minutes for a long agent step on a
CPU). That silence is not a hang: `/slots` shows a slot processing someone else's request. A
hung server answers no request at all, so the probe fails and the silence limit applies. How
long a request may wait in such a queue is bounded separately (`queue_timeout`).
"""

from __future__ import annotations

import httpx

_PROBE_SECONDS = 2.0


def busy_with_other_work(base_url: str) -> bool:
    """True when a llama.cpp server reports a slot processing a request (not a hang)."""
    root = base_url.rstrip("/").removesuffix("/v1")
    try:
        slots = httpx.get(f"{root}/slots", timeout=_PROBE_SECONDS).json()
    except (httpx.HTTPError, ValueError):
        return False
    return isinstance(slots, list) and any(
        isinstance(slot, dict) and slot.get("is_processing") for slot in slots
    )
