"""The command that stands in for `llama-server` (see `_runtime`): `python -m` runs this module.

It is apart from `_runtime` because `react_repl.local` imports that one, and a module that
`python -m` runs must not be imported first.
"""

from __future__ import annotations

import argparse
import platform
import signal
import sys
import threading
from collections.abc import Sequence

import xllamacpp

from react_repl.local._runtime import installed_version, server_params


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="llama-server (xllamacpp)", allow_abbrev=False)
    parser.add_argument("--version", action="store_true")
    parser.add_argument("--model")
    parser.add_argument("--alias")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--ctx-size", type=int, default=0)
    parser.add_argument("--parallel", type=int, default=1)
    parser.add_argument("--threads", type=int, default=-1)
    parser.add_argument("--threads-batch", type=int, default=-1)
    parser.add_argument("--cache-reuse", type=int, default=0)
    parser.add_argument("--cache-ram", type=int, default=8192)
    parser.add_argument("--jinja", action="store_true")
    parser.add_argument("--no-webui", action="store_true")
    parser.add_argument("--no-repack", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.version:
        print(f"version: xllamacpp {installed_version()} ({platform.machine()})")
        print(xllamacpp.get_system_info())
        return 0
    if not args.model:
        print("error: --model is required", file=sys.stderr)
        return 2
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda _signal, _frame: stop.set())
    server = xllamacpp.Server(server_params(args))
    print(f"serving on {server.listening_address}", flush=True)
    stop.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
