"""How the model client behaves with its default settings, measured on real servers.

`faults`: every way a server misbehaves, each committed by a ScriptedServer on a real socket
and met by ChatModel with default settings (retries, back-off and hang limits as shipped):
what the user reads, after how many attempts, and how many seconds until the call ends. The
cases run in parallel (each has its own server); most of their time is spent waiting.

`llama`: why the hang limits are safe for the bundled model. A private 1-thread llama-server
evaluates a cold ~4k-token prompt while we read the raw stream the client asks for: the longest
silence (no byte at all) before and after the first token is what first_token_timeout and
idle_timeout must exceed. Then ChatModel with default settings runs another cold prompt.

    python benchmarks/model_client.py faults
    python benchmarks/model_client.py llama [--model qwen2.5-coder-1.5b] [--prompt-tokens 4096]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from react_repl.llm import ChatModel, ModelError, ModelSettings, ScriptedReply, ScriptedServer

USER = [{"role": "user", "content": "hi"}]
WORDS = "THOUGHT: first I look around, then I act on what I find there"
HTML_502 = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"
FAULTS: dict[str, ScriptedReply | None] = {
    "non-JSON 200 body": ScriptedReply(body="upstream said: OK"),
    "HTML error page (502)": ScriptedReply(status=502, body=HTML_502, content_type="text/html"),
    "empty `choices`": ScriptedReply(WORDS, fault="no_choices"),
    "truncated stream": ScriptedReply(WORDS, fault="truncate"),
    "invalid SSE event": ScriptedReply(WORDS, fault="invalid_sse"),
    "connection reset mid-reply": ScriptedReply(WORDS, fault="reset"),
    "4xx, plain-text body": ScriptedReply(
        status=400, body="Bad Request", content_type="text/plain"
    ),
    "4xx, JSON without `error`": ScriptedReply(status=404, body='{"detail": "Not Found"}'),
    "empty message": ScriptedReply(""),
    "5xx with an OpenAI error": ScriptedReply(status=503, error_message="overloaded"),
    "accepts, never answers": ScriptedReply(fault="hang"),
    "stalls mid-stream": ScriptedReply(WORDS, fault="stall"),
    "nothing listening": None,
}


def run_fault(name: str) -> tuple[str, int, float, str]:
    reply = FAULTS[name]
    with ScriptedServer([reply] * 10 if reply else ()) as server:
        url = server.base_url if reply else f"http://127.0.0.1:{free_port()}/v1"
        model = ChatModel(ModelSettings("scripted", base_url=url))
        started = time.perf_counter()
        try:
            model.complete(USER, stop=["\nOBSERVATION"])
        except ModelError as error:
            seconds = time.perf_counter() - started
            message = str(error).replace(url, "URL")
            return name, len(error.retry_log) + 1, seconds, message
    raise AssertionError(f"{name}: the call succeeded")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def faults_table() -> None:
    with ThreadPoolExecutor(len(FAULTS)) as pool:
        rows = list(pool.map(run_fault, FAULTS))
    print("| fault | attempts | seconds to the error | what the user reads |")
    print("|---|---:|---:|---|")
    for name, attempts, seconds, message in rows:
        print(f"| {name} | {attempts} | {seconds:.1f} | {message.replace('|', '/')} |")


def cold_prompt(tokens: int) -> list[dict[str, str]]:
    """Random numbers (three tokens each: Qwen splits digits) no cache has seen before."""
    salt = random.Random(time.time_ns())
    numbers = " ".join(str(salt.randrange(10, 99)) for _ in range(tokens // 3))
    return [{"role": "user", "content": f"Here are numbers: {numbers}\nSay how many there are."}]


def raw_silences(base_url: str, model: str, tokens: int) -> dict[str, float]:
    """Read the stream as the client requests it and time every byte that arrives."""
    body = {
        "model": model,
        "messages": cold_prompt(tokens),
        "max_tokens": 64,
        "stream": True,
        "stream_options": {"include_usage": True},
        "return_progress": True,
        "timings_per_token": True,
    }
    started = time.perf_counter()
    last = started
    gaps: dict[str, float] = {"before first token": 0.0, "after first token": 0.0}
    first_token = None
    timings: dict[str, Any] = {}
    with httpx.stream("POST", f"{base_url}/chat/completions", json=body, timeout=900) as reply:
        headers_at = time.perf_counter() - started
        for line in reply.iter_lines():
            now = time.perf_counter()
            phase = "before first token" if first_token is None else "after first token"
            gaps[phase] = max(gaps[phase], now - last)
            last = now
            if not line.startswith("data: {"):
                continue
            chunk = json.loads(line[6:])
            timings = chunk.get("timings") or timings
            choices = chunk.get("choices") or [{}]
            if first_token is None and (choices[0].get("delta") or {}).get("content"):
                first_token = now - started
    return {
        "headers (s)": headers_at,
        "first token (s)": first_token or float("nan"),
        "longest silence before first token (s)": gaps["before first token"],
        "longest silence after first token (s)": gaps["after first token"],
        "prompt tokens": timings.get("prompt_n", 0) + timings.get("cache_n", 0),
        "prompt tokens/s": timings.get("prompt_per_second", float("nan")),
        "generated tokens/s": timings.get("predicted_per_second", float("nan")),
    }


def llama_table(model_name: str, tokens: int) -> None:
    from react_repl.local import ensure_server, fetch_model

    model_file = fetch_model(model_name)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["REACT_REPL_CACHE"] = cache  # a private server, never a shared one
        server = ensure_server(model_file, ctx_size=8192)
        try:
            print(f"llama-server: {model_name}, {server.threads} thread(s), {socket.gethostname()}")
            print("\n| measure | value |\n|---|---:|")
            for name, value in raw_silences(server.base_url, server.model_name, tokens).items():
                print(f"| {name} | {value:.1f} |")
            chat = ChatModel(ModelSettings(server.model_name, base_url=server.base_url))
            started = time.perf_counter()
            completion = chat.complete(cold_prompt(tokens))
            print(
                f"| ChatModel, default limits: another cold prompt, done in (s) | "
                f"{time.perf_counter() - started:.1f} |\n"
                f"| ChatModel: retries | {completion.retries} |"
            )
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["faults", "llama"])
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--prompt-tokens", type=int, default=4096)
    args = parser.parse_args()
    if args.what == "faults":
        faults_table()
    else:
        llama_table(args.model, args.prompt_tokens)


if __name__ == "__main__":
    main()
