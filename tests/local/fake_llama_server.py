"""A stand-in for llama-server's process lifecycle: `/health`, `/props`, crashes and hangs.

It lets the reuse/restart/stop logic run against real processes and real HTTP in milliseconds;
the real runtime is exercised by the slow test. FAKE_LLAMA_MODE picks the behaviour:

- `healthy`: loads, answers `/health`, `/props` and `/v1/completions`;
- `crash`: exits with status 1 and an error, as with a bad model file;
- `hang`: never becomes healthy;
- `segv-at-warmup`: what llama.cpp did on a VM whose Xeon advertises AMX the hypervisor blocks:
  it loads (answering 503 on `/health`), then dies by SIGSEGV at warm-up, unless it was started
  with `--no-repack` or loaded a CPU variant other than the AMX one (`sapphirerapids`);
- `segv-on-first-request`: healthy, then SIGSEGV on the first completion unless `--no-repack`;
- `segv-always`: dies by SIGSEGV at warm-up whatever it was started with.

Like ggml, it loads (maps into memory) the best `libggml-cpu-<variant>.so` found next to its
executable (FAKE_LLAMA_EXE, set by the wrapper script) or in the working directory.
FAKE_LLAMA_LAUNCHES, when set, is a file that gets one line per start: the arguments.
"""

from __future__ import annotations

import argparse
import json
import mmap
import os
import resource
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

# the fake's own preference, best first: deliberately not the library's table
VARIANT_PREFERENCE = ("sapphirerapids", "zen4", "skylakex", "haswell", "sse42", "x64")
AMX_VARIANT = "sapphirerapids"
_loaded: list[mmap.mmap] = []  # kept mapped for the life of the process, as dlopen would


def _crash() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    print("Segmentation fault in ggml_backend_amx_mul_mat (fake)", flush=True)
    os.kill(os.getpid(), signal.SIGSEGV)


def _load_cpu_backend() -> str | None:
    folders = [Path(os.environ.get("FAKE_LLAMA_EXE", sys.argv[0])).parent, Path.cwd()]
    found = {
        library.name.removeprefix("libggml-cpu-").removesuffix(".so"): library
        for folder in folders
        for library in folder.glob("libggml-cpu-*.so")
    }
    for variant in VARIANT_PREFERENCE:
        if variant in found:
            with found[variant].open("rb") as library:
                _loaded.append(mmap.mmap(library.fileno(), 0, access=mmap.ACCESS_READ))
            return variant
    return None


class _State:
    loading = True
    crash_on_request = False


def _serve(port: int, ctx_size: int, state: _State) -> None:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/health" and state.loading:
                self._send(503, {"error": {"message": "Loading model"}})
                return
            bodies = {
                "/health": {"status": "ok"},
                "/props": {"default_generation_settings": {"n_ctx": ctx_size}},
            }
            body = bodies.get(self.path)
            self._send(200 if body else 404, body or {})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            self.rfile.read(length)
            if state.crash_on_request:
                _crash()
            self._send(200, {"choices": [{"text": "ok", "index": 0, "finish_reason": "length"}]})

        def _send(self, status: int, body: dict) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(json.dumps(body).encode())

        def log_message(self, format: str, *args: object) -> None:
            pass

    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ctx-size", type=int, required=True)
    parser.add_argument("--no-repack", action="store_true")
    args, _ = parser.parse_known_args()
    mode = os.environ.get("FAKE_LLAMA_MODE", "healthy")
    if launches := os.environ.get("FAKE_LLAMA_LAUNCHES"):
        with open(launches, "a", encoding="utf-8") as record:
            record.write(" ".join(sys.argv[1:]) + "\n")
    print(f"fake llama-server mode={mode} port={args.port}", flush=True)
    variant = _load_cpu_backend()
    if mode == "crash":
        print("error: failed to load model (fake)", file=sys.stderr, flush=True)
        sys.exit(1)
    state = _State()
    state.crash_on_request = mode == "segv-on-first-request" and not args.no_repack
    threading.Thread(target=_serve, args=(args.port, args.ctx_size, state), daemon=True).start()
    if mode == "hang":
        time.sleep(3600)
    time.sleep(0.3)  # loading the model
    amx_path = not args.no_repack and variant in (None, AMX_VARIANT)
    if mode == "segv-always" or (mode == "segv-at-warmup" and amx_path):
        _crash()
    state.loading = False
    threading.Event().wait()


if __name__ == "__main__":
    main()
