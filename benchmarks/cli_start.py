"""How fast the command line answers: CPU time of `--help`, and how long `react-repl run` takes
from process start to its first model request when the model server is already up.

    python benchmarks/cli_start.py [--repeats 7]

Each figure is the median over the repeats. CPU time is the child's own user + system time (from
wait4), so a busy machine changes it less than wall time. The first-request time is measured
against the scripted OpenAI-compatible server in this process, in a throwaway project whose
search index is built beforehand (a first run builds it, which is not start-up).
The CPU rows add the process's and its children's user + system time at the moment the request
arrives, which a busy machine changes less than wall time.
Every command's and subcommand's help is timed; the slowest is shown.
Goals: `--help` at most 0.25 s of CPU, the first model request within 1 s of start. The floor
row is a bare script that imports the `openai` client and sends one request: no command that
reaches its model through that client can ask sooner on this machine. The minimal-command row
adds only what any command of this design needs before it can ask: click, and the run's first
two prompts rendered from the shipped jinja2 templates; no config, APIs, sandbox or log.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from react_repl.llm import ScriptedServer

REACT_REPL = str(Path(sys.executable).with_name("react-repl"))
ANSWER = "THOUGHT: Done.\nACTION:\n```python\nstop(1)\n```"
TASK = "Print the current date."


def every_command() -> list[list[str]]:
    """Each command, and each subcommand of a group, as a person asks for its help."""
    import importlib

    import click

    from react_repl.cli import _SUBCOMMANDS

    found = []
    for name, (module, _help) in sorted(_SUBCOMMANDS.items()):
        command = getattr(importlib.import_module(module), name)
        found.append([name])
        if isinstance(command, click.Group):
            found += [[name, sub] for sub in sorted(command.commands)]
    return found


def slowest_help(env: dict[str, str], repeats: int) -> tuple[str, list[float]]:
    """The command whose `--help` costs the most CPU (by its median), and its timings."""
    timings = {
        " ".join(command): [cpu_seconds([*command, "--help"], env) for _ in range(repeats)]
        for command in every_command()
    }
    name = max(timings, key=lambda command: statistics.median(timings[command]))
    return (
        f"`react-repl {name} --help`, the slowest of {len(timings)} commands' help, CPU",
        timings[name],
    )


def cpu_seconds(args: list[str], env: dict[str, str]) -> float:
    process = subprocess.Popen(
        [REACT_REPL, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"react-repl {' '.join(args)} failed")
    return usage.ru_utime + usage.ru_stime


BARE_CLIENT = """
import sys, openai
client = openai.OpenAI(base_url=sys.argv[1], api_key="k", max_retries=0)
client.chat.completions.create(model="scripted", messages=[{"role": "user", "content": "hi"}])
"""

MINIMAL_COMMAND = """
import click, jinja2, openai
from react_repl._paths import prompts_dir

@click.command()
@click.argument("url")
@click.argument("words")
def ask(url, words):
    templates = jinja2.Environment(loader=jinja2.FileSystemLoader(str(prompts_dir())))
    on = ["decompose"]  # the default profile's technique that shapes the first prompt
    system = templates.get_template("system.jinja2").render(few_shot=True, techniques=on)
    task = templates.get_template("task.jinja2").render(task=words, techniques=on)
    client = openai.OpenAI(base_url=url, api_key="k", max_retries=0)
    client.chat.completions.create(model="scripted", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": task}])

ask()
"""


def cpu_so_far(pid: int) -> float:
    """User + system seconds the process and its live descendants have used until now.

    Wall time on a shared 2-core machine mostly measures the neighbours; CPU time on the way to
    the first request is what start-up work costs, whatever the load.
    """
    ticks = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        child = int(stat.parent.name)
        parents[child] = int(fields[1])
        used[child] = (int(fields[11]) + int(fields[12])) / ticks
    family = {pid}
    for _ in range(4):
        family |= {child for child, parent in parents.items() if parent in family}
    return sum(used.get(member, 0.0) for member in family)


def first_request_seconds(
    env: dict[str, str], cwd: Path, *, script: str | None = None
) -> tuple[float, float]:
    """Wall seconds from start to the first model request, and the CPU seconds spent by then."""
    arrived = threading.Event()
    arrival: list[float] = []
    process: subprocess.Popen[bytes] | None = None

    def answer(body: dict) -> str:
        if not arrival:
            arrival.append(time.monotonic())
            arrival.append(cpu_so_far(process.pid) if process else float("nan"))
            arrived.set()
        return ANSWER

    with ScriptedServer(responder=answer) as server:
        started = time.monotonic()
        run = [REACT_REPL, "run", TASK, "--base-url", server.base_url,
               "--model", "scripted", "--api-key", "k", "--quiet"]  # fmt: skip
        process = subprocess.Popen(
            [sys.executable, "-c", script, server.base_url, TASK] if script else run,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd,
        )  # fmt: skip
        arrived.wait(120)
        process.wait(120)
    if not arrival:
        raise SystemExit("react-repl run never asked the model")
    return arrival[0] - started, arrival[1]


def uncompiled_modules() -> str:
    """Modules Python must compile at every start: an editable install writes no bytecode, and
    PYTHONDONTWRITEBYTECODE keeps any start from writing it (scripts/install.sh compiles)."""
    import importlib.util

    import react_repl

    sources = list(Path(react_repl.__file__).parent.rglob("*.py"))
    stale = [
        source for source in sources
        if not (cached := Path(importlib.util.cache_from_source(str(source)))).exists()
        or cached.stat().st_mtime < source.stat().st_mtime
    ]  # fmt: skip
    return f"{len(stale)} of {len(sources)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    repeats = parser.parse_args().repeats
    with tempfile.TemporaryDirectory(prefix="cli-start-") as folder:
        project = Path(folder)
        (project / "react-repl.toml").write_text("")  # defaults: any version reads it
        (project / ".git").mkdir()
        env = {**os.environ, "HF_HUB_OFFLINE": "1"}
        env = {k: v for k, v in env.items() if not k.startswith("REACT_REPL_")}
        env["REACT_REPL_HOME"] = str(project)
        subprocess.run([REACT_REPL, "index", "build"], env=env, cwd=project, check=True,
                       capture_output=True)  # fmt: skip
        rows = [
            ("`react-repl --help`, CPU", [cpu_seconds(["--help"], env) for _ in range(repeats)]),
            ("`react-repl run --help`, CPU",
             [cpu_seconds(["run", "--help"], env) for _ in range(repeats)]),
            slowest_help(env, repeats),
        ]  # fmt: skip
        for label, script in (
            ("`react-repl run`", None),
            ("a minimal command: click, the first two prompts (jinja2), openai", MINIMAL_COMMAND),
            ("floor: a bare `openai` script", BARE_CLIENT),
        ):
            timings = [first_request_seconds(env, project, script=script) for _ in range(repeats)]
            rows.append((f"{label}: start to first model request, wall", [w for w, _ in timings]))
            rows.append((f"{label}: CPU used by then", [c for _, c in timings]))
    print(f"load average at the end: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    print(f"react_repl modules without up-to-date bytecode: {uncompiled_modules()}")
    print("| measure | median | min | max |")
    print("|---|---|---|---|")
    for name, values in rows:
        print(f"| {name} | {statistics.median(values):.3f} s | {min(values):.3f} s "
              f"| {max(values):.3f} s |")  # fmt: skip


if __name__ == "__main__":
    main()
