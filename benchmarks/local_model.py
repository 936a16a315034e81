"""How fast is the local model through our path, on each way it can start on this machine?

By default prints one markdown table, "CPU paths": for each runtime (the installed one, plus any
`--runtime NAME=PATH`, e.g. a native build to compare with) and each start-up profile a user
can end up on (the default, then the fallbacks of `react_repl.local._start_profiles`), prompt and
generation tokens/s from llama-server's own `timings` and through our path (openai client →
our server, on the client's clock, HTTP and streaming included).

With `--threads-table` it prints instead:
1. per thread count: prompt-processing and generation tokens/s from `llama-bench` (the raw
   runtime), from llama-server's own `timings`, and through our path, plus the server's memory;
2. seconds per agent-like step with a growing shared prefix, prompt cache on (hit) vs off (miss).

    python benchmarks/local_model.py [--model qwen2.5-coder-1.5b] [--runtime native=PATH]
        [--profiles default,no-repack] [--rounds 3]
    python benchmarks/local_model.py --threads-table [--threads 1,2] [--steps 5]

It runs its own servers (state in a temporary folder, so the servers other runs use are left
alone) and stops each one before starting the next.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from openai import OpenAI

from react_repl.local import (
    DEFAULT_MODEL,
    LocalServer,
    ensure_server,
    find_llama_server,
    resolve_model_path,
    stop_server,
)
from react_repl.local._cpu import loaded_variant, variant_name
from react_repl.local._runtime import SERVER_ENV
from react_repl.local._start import default_threads
from react_repl.local._start_profiles import (
    DEFAULT_PROFILE,
    fallback_profiles,
    remember,
)

PROMPT_TOKENS = 512
GEN_TOKENS = 64
SYSTEM_TOKENS = 1500
OBSERVATION_TOKENS = 150
API_DOC = (
    "def read_csv(path: str, *, delimiter: str = ',') -> list[dict[str, str]]:\n"
    '    """Parse a CSV file into rows keyed by the header; raises FileNotFoundError."""\n'
)


@dataclass
class Speed:
    prompt_tps: float
    gen_tps: float


def llama_bench(model: Path, threads: int) -> Speed | None:
    """The runtime's own benchmark, if the runtime ships it next to llama-server.

    Generation is measured after a prompt of the same length (`-d`), as in our path: attention
    over 512 cached tokens is slower than llama-bench's default empty context.
    """
    binary = find_llama_server().with_name("llama-bench")
    if not binary.is_file():
        return None

    def tokens_per_second(*flags: str) -> float:
        command = [str(binary), "-m", str(model), "-t", str(threads), "-r", "2", "-o", "json"]
        done = subprocess.run([*command, *flags], capture_output=True, check=True, text=True)
        return float(json.loads(done.stdout)[0]["avg_ts"])

    prompt = tokens_per_second("-p", str(PROMPT_TOKENS), "-n", "0")
    generation = tokens_per_second("-p", "0", "-n", str(GEN_TOKENS), "-d", str(PROMPT_TOKENS))
    return Speed(prompt_tps=prompt, gen_tps=generation)


def _filler(tokens: int) -> str:
    return API_DOC * (tokens // 40)


def stream_once(client: OpenAI, server: LocalServer, messages: list[dict], *, cache: bool):
    """One streamed completion: client-side speeds plus the server's own `timings`."""
    started = time.perf_counter()
    first = last = started
    usage, timings = None, {}
    stream = client.chat.completions.create(
        model=server.model_name,
        messages=messages,
        max_tokens=GEN_TOKENS,
        temperature=0,
        stream=True,
        stream_options={"include_usage": True},
        extra_body={"cache_prompt": cache, "ignore_eos": True},
    )
    for chunk in stream:
        now = time.perf_counter()
        if chunk.choices and chunk.choices[0].delta.content:
            first = first if first > started else now
            last = now
        usage = chunk.usage or usage
        timings = (chunk.model_extra or {}).get("timings") or timings
    if usage is None:
        raise RuntimeError("the server sent no usage; cannot compute token rates")
    client_speed = Speed(
        prompt_tps=usage.prompt_tokens / (first - started),
        gen_tps=(usage.completion_tokens - 1) / (last - first),
    )
    return client_speed, timings, last - started


def server_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def speed_row(model: Path, threads: int) -> tuple[str, Speed]:
    stop_server(force=True)  # one model in memory at a time
    server = ensure_server(model, threads=threads)
    client = OpenAI(base_url=server.base_url, api_key="local")
    messages = [
        {"role": "system", "content": _filler(PROMPT_TOKENS)},
        {"role": "user", "content": "Write a long Python module using these functions."},
    ]
    stream_once(client, server, messages, cache=False)  # warm-up: page in the weights
    ours, timings, _ = stream_once(client, server, messages, cache=False)
    raw = llama_bench(server.model_path, threads)
    raw_pp = f"{raw.prompt_tps:.1f}" if raw else "n/a"
    raw_tg = f"{raw.gen_tps:.1f}" if raw else "n/a"
    row = (
        f"| {threads} | {raw_pp} | {timings.get('prompt_per_second', 0):.1f} "
        f"| {ours.prompt_tps:.1f} | {raw_tg} | {timings.get('predicted_per_second', 0):.1f} "
        f"| {ours.gen_tps:.1f} | {server_rss_mb(server.pid):.0f} |"
    )
    return row, ours


def agent_steps(model: Path, threads: int, steps: int) -> list[str]:
    """A ReAct-like conversation: a long fixed system prompt, then an observation per step."""
    stop_server(force=True)
    server = ensure_server(model, threads=threads)
    client = OpenAI(base_url=server.base_url, api_key="local")
    rows = []
    for cache in (True, False):
        history: list[dict] = [{"role": "system", "content": _filler(SYSTEM_TOKENS)}]
        for step in range(1, steps + 1):
            history.append(
                {"role": "user", "content": f"Observation {step}:\n" + _filler(OBSERVATION_TOKENS)}
            )
            _, timings, seconds = stream_once(client, server, history, cache=cache)
            history.append({"role": "assistant", "content": f"Thought {step}: next call."})
            label = "hit (cache on)" if cache else "miss (cache off)"
            rows.append(
                f"| {label} | {step} | {timings.get('prompt_n', '?')} "
                f"| {timings.get('cache_n', 0)} | {seconds:.2f} |"
            )
    return rows


def print_path_rows(model: Path, runtime: str, binary: Path, wanted: set[str] | None) -> None:
    """One row per start-up profile of `binary` (those in `wanted`, default all): what a user
    on that path would get."""
    os.environ[SERVER_ENV] = str(binary)
    profiles, loaded = [DEFAULT_PROFILE], None
    while profiles:
        profile = profiles.pop(0)
        if profile != DEFAULT_PROFILE and wanted is not None and profile.name not in wanted:
            continue
        remember(find_llama_server(), profile, "benchmark")  # start straight on this profile
        server = ensure_server(model, threads=default_threads(), ctx_size=4096)
        if profile == DEFAULT_PROFILE:
            library = loaded_variant(server.pid)
            loaded = variant_name(library) if library else None
            profiles = fallback_profiles(binary.resolve().parent, loaded)
        variant = profile.variant or loaded or "(single build)"
        client = OpenAI(base_url=server.base_url, api_key="local")
        messages = [
            {"role": "system", "content": _filler(PROMPT_TOKENS)},
            {"role": "user", "content": "Write a long Python module using these functions."},
        ]
        stream_once(client, server, messages, cache=False)  # warm-up: page in the weights
        ours, timings, _ = stream_once(client, server, messages, cache=False)
        flags = " ".join(profile.args) or "-"
        print(
            f"| {runtime} | {profile.name} | {variant} | {flags} "
            f"| {timings.get('prompt_per_second', 0):.1f} | {ours.prompt_tps:.1f} "
            f"| {timings.get('predicted_per_second', 0):.1f} | {ours.gen_tps:.1f} |",
            flush=True,
        )
        server.stop()


def print_paths(
    name: str,
    model: Path,
    runtimes: list[tuple[str, Path]],
    wanted: set[str] | None,
    rounds: int,
) -> None:
    """`rounds` > 1 measures the runtimes in turn, round after round, so that on a shared
    machine each sees the same changing load; compare medians."""
    load = os.getloadavg()
    print(
        f"## {name}: tokens/s per start-up path ({PROMPT_TOKENS}-token prompt, {GEN_TOKENS} "
        f"generated, {default_threads()} thread(s), load average {load[0]:.1f})\n"
    )
    print(
        "| runtime | profile | CPU variant | flags "
        "| pp server | pp our path | tg server | tg our path |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for _ in range(rounds):
        for runtime, binary in runtimes:
            print_path_rows(model, runtime, binary, wanted)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=DEFAULT_MODEL)
    parser.add_argument(
        "--runtime",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="another llama-server to measure (repeatable); the installed one always is",
    )
    parser.add_argument("--threads-table", action="store_true")
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts")
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument(
        "--profiles",
        help="comma-separated start-up profiles to measure besides the default one, which is "
        "always measured (it shows which CPU variant ggml picks); default: all",
    )
    parser.add_argument("--rounds", type=int, default=1, help="measure every runtime N times")
    args = parser.parse_args()
    wanted = set(args.profiles.split(",")) if args.profiles else None
    model = resolve_model_path(args.model)
    runtimes = [("installed", find_llama_server())]
    runtimes += [(spec.partition("=")[0], Path(spec.partition("=")[2])) for spec in args.runtime]
    with tempfile.TemporaryDirectory(prefix="react-repl-bench-") as state_dir:
        os.environ["REACT_REPL_CACHE"] = state_dir
        try:
            if args.threads_table:
                thread_counts = [int(value) for value in args.threads.split(",")]
                print_tables(args.model, model, thread_counts, args.steps)
            else:
                print_paths(args.model, model, runtimes, wanted, args.rounds)
        finally:
            stop_server(force=True)


def print_tables(name: str, model: Path, thread_counts: list[int], steps: int) -> None:
    print(f"## {name}: tokens/s ({PROMPT_TOKENS}-token prompt, {GEN_TOKENS} generated)\n")
    print(
        "| threads | pp llama-bench | pp server timings | pp our path | tg llama-bench "
        "| tg server timings | tg our path | server RSS MB |"
    )
    print("|---|---|---|---|---|---|---|---|")
    step_seconds = {}
    for threads in thread_counts:
        row, ours = speed_row(model, threads)
        print(row, flush=True)
        step_seconds[threads] = OBSERVATION_TOKENS / ours.prompt_tps + GEN_TOKENS / ours.gen_tps

    best = min(step_seconds, key=step_seconds.__getitem__)  # fastest warm agent step
    print(f"\n## {name}: seconds per agent step ({best} threads, {GEN_TOKENS} generated)\n")
    print("| prompt cache | step | prompt tokens evaluated | tokens reused | seconds |")
    print("|---|---|---|---|---|")
    for row in agent_steps(model, best, steps):
        print(row, flush=True)


if __name__ == "__main__":
    main()
