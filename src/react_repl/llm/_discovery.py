"""Ask a server what it serves and how long a prompt it takes.

Each server family reports its context length differently (and OpenAI not at all), so the
agent's context budget comes from whichever of these answers first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx
import openai

DEFAULT_CONTEXT_WINDOW = 8192
OLLAMA_DEFAULT_NUM_CTX = 4096  # what Ollama allocates when a model sets no num_ctx
_PROBE_TIMEOUT = 5.0


def list_model_entries(client: openai.OpenAI) -> list[dict[str, Any]] | None:
    """Raw /v1/models entries (extra fields kept), or None when the listing itself fails."""
    try:
        page = client.with_options(timeout=_PROBE_TIMEOUT).models.list()
        return [entry.model_dump() for entry in page.data]
    except (openai.OpenAIError, AttributeError, TypeError):  # a web page, {"data": 5}
        return None


def discover_context_window(
    client: openai.OpenAI, model: str, entries: list[dict[str, Any]]
) -> int | None:
    """The server's context length for `model`, trying vLLM, llama.cpp then Ollama conventions.

    `entries` is the /v1/models listing the caller already holds, so a slow server is not asked
    for it twice.
    """
    if (from_vllm := context_from_models(entries, model)) is not None:
        return from_vllm
    root = str(client.base_url).rstrip("/").removesuffix("/v1")
    headers = {"Authorization": f"Bearer {client.api_key}"}
    props = _probe("GET", f"{root}/props", headers)
    if props is not None and (from_props := context_from_llamacpp_props(props)) is not None:
        return from_props
    if (trained := trained_context_from_models(entries, model)) is not None:
        return trained
    show = _probe("POST", f"{root}/api/show", headers, {"model": model})
    return None if show is None else context_from_ollama_show(show)


def context_from_models(entries: list[dict[str, Any]], model: str) -> int | None:
    """vLLM's `max_model_len`: the limit the server actually enforces."""
    for entry in _requested_first(entries, model):
        if _positive(entry.get("max_model_len")):
            return int(entry["max_model_len"])
    return None


def trained_context_from_models(entries: list[dict[str, Any]], model: str) -> int | None:
    """llama.cpp's `meta.n_ctx_train`: an upper bound only, for when /props is unavailable."""
    for entry in _requested_first(entries, model):
        meta = entry.get("meta")
        if isinstance(meta, Mapping) and _positive(meta.get("n_ctx_train")):
            return int(meta["n_ctx_train"])
    return None


def context_from_llamacpp_props(props: Mapping[str, Any]) -> int | None:
    """llama.cpp's /props: the slot context it was started with (`-c`), not the training one."""
    settings = props.get("default_generation_settings")
    for source in (settings, props):
        if isinstance(source, Mapping) and _positive(source.get("n_ctx")):
            return int(source["n_ctx"])
    return None


def context_from_ollama_show(show: Mapping[str, Any]) -> int | None:
    """Ollama truncates prompts at `num_ctx`, which is usually far below the model's maximum."""
    for line in str(show.get("parameters") or "").splitlines():
        key, _, value = line.partition(" ")
        if key == "num_ctx" and value.strip().isdigit():
            return int(value.strip())
    info = show.get("model_info")
    if not isinstance(info, Mapping):
        return None
    trained = [int(v) for k, v in info.items() if k.endswith(".context_length") and _positive(v)]
    return min([*trained, OLLAMA_DEFAULT_NUM_CTX]) if trained else None


def _requested_first(entries: list[dict[str, Any]], model: str) -> list[dict[str, Any]]:
    return sorted(entries, key=lambda entry: entry.get("id") != model)


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _probe(
    method: str, url: str, headers: Mapping[str, str], body: Any = None
) -> Mapping[str, Any] | None:
    """A probe that fails in any way just means "this server is not of that family"."""
    try:
        response = httpx.request(method, url, json=body, headers=headers, timeout=_PROBE_TIMEOUT)
        data = response.json() if response.status_code == 200 else None
    except (httpx.HTTPError, ValueError):
        return None
    return data if isinstance(data, Mapping) else None
