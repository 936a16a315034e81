"""What code mode saves a host: tokens to list the tools, and prompt tokens of multi-step tasks.

Run: `python benchmarks/code_mode.py [--sizes 10,100,1000]`

Behind the host stand N tools of the distractor pack, served as a real MCP server over stdio
(`_distractor_server.py`), plus the published `mcp-server-time` (2 tools). "Direct" is a host
that lists every tool to its model; "gateway" is the same host in front of `react-repl mcp serve`
configured with both servers, which lists two tools whatever stands behind them.

Tokens are counted with the bundled model's tokenizer (qwen2.5-coder 0.5B, the GGUF in
~/.cache/react-repl/models) through llama.cpp's `/tokenize` endpoint of the local model server.
A tool list is counted as the JSON of its tool definitions in the OpenAI function form the host
hands its model; the gateway's count includes its instructions.

Tasks: a scripted model replays the same calls in both styles (the bundled model cannot hold a
direct listing of 1,000 tools, far beyond its context window): direct, one tool call per step;
code mode, method_search per need, then one run_python that chains the calls. Every call runs
for real against the servers, and each turn's prompt is the system text, the tool list and all
earlier messages (tool calls as JSON, results as text; the chat template's few wrapper tokens
per message are not counted). The code mode replay checks that search found every function its
code calls. The pack's tools answer in text, so the code turns their results into numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import urllib.request
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

from react_repl.local import ensure_server

SERVER_SCRIPT = str(Path(__file__).with_name("_distractor_server.py"))
TIME = StdioServerParameters(command=sys.executable, args=["-m", "mcp_server_time"])
REACT_REPL = str(Path(sys.executable).with_name("react-repl"))
SYSTEM = "You are a helpful assistant. Use the tools to answer; call them one at a time."

Call = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Task:
    question: str
    direct: tuple[Callable[[list[str]], Call], ...]  # each step sees the earlier results
    searches: tuple[str, ...]
    code: str
    uses: tuple[str, ...]


TASKS = (
    Task(
        "How far is Paris (48.8566, 2.3522) from Tokyo (35.6762, 139.6503) in nautical miles?",
        (
            lambda _: ("great_circle_distance_km",
                       {"lat1": 48.8566, "lon1": 2.3522, "lat2": 35.6762, "lon2": 139.6503}),
            lambda r: ("kilometers_to_nautical_miles", {"kilometers": float(r[0])}),
        ),
        ("distance between two coordinates in km", "kilometers to nautical miles"),
        "km = float(great_circle_distance_km(48.8566, 2.3522, 35.6762, 139.6503))\n"
        "print(round(float(kilometers_to_nautical_miles(km)), 1))",
        ("great_circle_distance_km", "kilometers_to_nautical_miles"),
    ),
    Task(
        "5,000 earns 4% simple interest for 10 years: what is the total worth in today's money "
        "at 2% inflation?",
        (
            lambda _: ("simple_interest", {"principal": 5000, "rate_percent": 4, "years": 10}),
            lambda r: ("inflation_adjusted_amount",
                       {"amount": 5000 + float(r[0]), "inflation_percent": 2, "years": 10}),
        ),
        ("simple interest on a principal", "adjust an amount for inflation"),
        "total = 5000 + float(simple_interest(5000, 4, 10))\n"
        "print(round(float(inflation_adjusted_amount(total, 2, 10)), 2))",
        ("simple_interest", "inflation_adjusted_amount"),
    ),
    Task(
        "What time is it now in Tokyo and in New York?",
        (
            lambda _: ("get_current_time", {"timezone": "Asia/Tokyo"}),
            lambda _: ("get_current_time", {"timezone": "America/New_York"}),
        ),
        ("current time in a time zone",),
        "print([get_current_time(zone)['datetime'] for zone in ('Asia/Tokyo', "
        "'America/New_York')])",
        ("get_current_time",),
    ),
    Task(
        "A 2.5-acre plot holds a 1,200 sq ft house: the plot in hectares, the house in square "
        "metres, and the share of the plot it covers?",
        (
            lambda _: ("acres_to_hectares", {"acres": 2.5}),
            lambda _: ("square_feet_to_square_meters", {"square_feet": 1200}),
        ),
        ("acres to hectares", "square feet to square meters"),
        "ha = float(acres_to_hectares(2.5))\nm2 = float(square_feet_to_square_meters(1200))\n"
        "print(round(ha, 3), round(m2, 1), f'{m2 / (ha * 10000):.2%}')",
        ("acres_to_hectares", "square_feet_to_square_meters"),
    ),
)  # fmt: skip
TASK_TOOLS = sorted({name for task in TASKS for name in task.uses} - {"get_current_time"})


class Tokenizer:
    def __init__(self) -> None:
        self.server = ensure_server()
        self.url = f"http://127.0.0.1:{self.server.port}/tokenize"

    def count(self, text: str) -> int:
        body = json.dumps({"content": text}).encode()
        request = urllib.request.Request(self.url, body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=300) as response:
            return len(json.load(response)["tokens"])


def pack_server(size: int) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=[SERVER_SCRIPT, str(size), *TASK_TOOLS]
    )


def tool_json(tools: list[Any]) -> str:
    """The tool list as a host hands it to its model (OpenAI function form)."""
    functions = [
        {"type": "function", "function": {"name": tool.name, "description": tool.description,
                                          "parameters": tool.input_schema}}
        for tool in tools
    ]  # fmt: skip
    return json.dumps(functions, ensure_ascii=False)


def text_of(result: Any) -> str:
    text = "".join(getattr(block, "text", "") for block in result.content)
    if result.is_error:
        raise RuntimeError(f"a replayed call failed: {text}")
    return text


def prompt_tokens(fixed: int, messages: list[int]) -> int:
    """One turn per assistant message plus the final answer; each turn's prompt holds the fixed
    part and every earlier message. `messages` alternates call, result."""
    turns = len(messages) // 2 + 1
    return sum(fixed + sum(messages[: 2 * turn]) for turn in range(turns))


async def direct(size: int, tokens: Tokenizer) -> tuple[int, int, list[int]]:
    """(tools listed, listing tokens, prompt tokens per task) for a host listing every tool."""
    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(Client(s)) for s in (pack_server(size), TIME)]
        owner: dict[str, Client] = {}
        tools: list[Any] = []
        for client in clients:
            listed = (await client.list_tools()).tools
            tools += listed
            owner |= {tool.name: client for tool in listed}
        listing = tokens.count(tool_json(tools))
        fixed = tokens.count(SYSTEM) + listing
        totals = []
        for task in TASKS:
            results: list[str] = []
            messages = [tokens.count(task.question)]
            for step in task.direct:
                name, arguments = step(results)
                results.append(text_of(await owner[name].call_tool(name, arguments)))
                call = json.dumps({"name": name, "arguments": arguments})
                messages += [tokens.count(call), tokens.count(results[-1])]
            totals.append(prompt_tokens(fixed + messages[0], messages[1:]))
        return len(tools), listing, totals


async def gateway(size: int, tokens: Tokenizer, home: Path) -> tuple[int, int, list[int]]:
    (home / "apis").mkdir()  # the gateway serves only the two MCP servers
    python = json.dumps(sys.executable)
    args = json.dumps([SERVER_SCRIPT, str(size), *TASK_TOOLS])
    (home / "react-repl.toml").write_text(
        f"[mcp.servers.pack]\ncommand = {python}\nargs = {args}\n"
        f'[mcp.servers.time]\ncommand = {python}\nargs = ["-m", "mcp_server_time"]\n'
    )
    env = {**os.environ, "REACT_REPL_HOME": str(home), "REACT_REPL_LOGS": str(home / "logs"),
           "REACT_REPL_BUILTIN_APIS": str(home / "apis"), "HF_HUB_OFFLINE": "1"}  # fmt: skip
    env.pop("REACT_REPL_INDEX", None)
    await anyio.run_process([REACT_REPL, "index", "build"], cwd=home, env=env)
    served = StdioServerParameters(command=REACT_REPL, args=["mcp", "serve"], env=env, cwd=home)
    async with Client(served, read_timeout_seconds=300) as client:
        tools = (await client.list_tools()).tools
        listing = tokens.count(tool_json(tools)) + tokens.count(client.instructions or "")
        fixed = tokens.count(SYSTEM) + listing
        totals = []
        for task in TASKS:
            messages = [tokens.count(task.question)]
            found = ""
            calls: list[Call] = [("method_search", {"query": q, "k": 5}) for q in task.searches]
            for name, arguments in [*calls, ("run_python", {"code": task.code})]:
                result = text_of(await client.call_tool(name, arguments))
                found += result if name == "method_search" else ""
                call = json.dumps({"name": name, "arguments": arguments})
                messages += [tokens.count(call), tokens.count(result)]
            missed = [name for name in task.uses if f"`{name}(" not in found]
            if missed:
                raise RuntimeError(f"search did not find {missed} for {task.question!r}")
            totals.append(prompt_tokens(fixed + messages[0], messages[1:]))
        return len(tools), listing, totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10,100,1000", help="pack tools served, comma-separated")
    sizes = [int(size) for size in parser.parse_args().sizes.split(",")]
    tokens = Tokenizer()
    context = tokens.server.ctx_size
    listings, loops = [], []
    for size in sizes:
        listed, direct_tokens, direct_totals = anyio.run(direct, size, tokens)
        with tempfile.TemporaryDirectory() as folder:
            _, gateway_tokens, gateway_totals = anyio.run(gateway, size, tokens, Path(folder))
        listings.append((size, listed, direct_tokens, gateway_tokens))
        loops.append((size, direct_totals, gateway_totals))
        print(f"measured {listed} tools", file=sys.stderr)
    print(f"Tokens counted with {tokens.server.model_name} (llama.cpp /tokenize)\n")
    print("| tools behind the host | listed directly | through the gateway | saved |")
    print("|---:|---:|---:|---:|")
    for size, listed, direct_tokens, gateway_tokens in listings:
        saved = 1 - gateway_tokens / direct_tokens
        print(f"| {listed} ({size} pack + 2 time) | {direct_tokens:,} | {gateway_tokens:,} "
              f"| {saved:.1%} |")  # fmt: skip
    print(f"\nTotal prompt tokens of each task's tool-calling loop (scripted model replaying "
          f"the same calls; the local model server's context: {context:,} tokens)\n")  # fmt: skip
    print("| task | " + " | ".join(f"{s} + 2: direct | code mode" for s, *_ in loops) + " |")
    print("|---|" + "---:|---:|" * len(loops))
    for number, task in enumerate(TASKS):
        cells = [f"{d[number]:,} | {g[number]:,}" for _, d, g in loops]
        print(f"| {number + 1}. {task.question[:48]}… | " + " | ".join(cells) + " |")
    tokens.server.release()


if __name__ == "__main__":
    main()
