"""A stand-in for llama-server's process lifecycle: `/health`, `/props`, crashes and hangs.

It lets the reuse/restart/stop logic run against real processes and real HTTP in milliseconds;
the real runtime is exercised by the slow test. FAKE_LLAMA_MODE picks the behaviour.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def _serve(port: int, ctx_size: int) -> None:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            bodies = {
                "/health": {"status": "ok"},
                "/props": {"default_generation_settings": {"n_ctx": ctx_size}},
            }
            body = bodies.get(self.path)
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(json.dumps(body or {}).encode())

        def log_message(self, format: str, *args: object) -> None:
            pass

    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ctx-size", type=int, required=True)
    args, _ = parser.parse_known_args()
    mode = os.environ.get("FAKE_LLAMA_MODE", "healthy")
    print(f"fake llama-server mode={mode} port={args.port}", flush=True)
    if mode == "crash":
        print("error: failed to load model (fake)", file=sys.stderr, flush=True)
        sys.exit(1)
    if mode == "hang":
        time.sleep(3600)
    _serve(args.port, args.ctx_size)


if __name__ == "__main__":
    main()
