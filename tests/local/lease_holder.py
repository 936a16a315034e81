"""Another process using the local server: `python lease_holder.py MODEL CTX_SIZE`.

It gets a server through `ensure_server` (so it holds a lease, like a run), prints one JSON line
with its own pid and the server's, then keeps using the server until stdin closes or it is
killed.
"""

from __future__ import annotations

import json
import os
import sys

from react_repl.local import ensure_server


def main() -> None:
    model, ctx_size = sys.argv[1], int(sys.argv[2])
    server = ensure_server(model, ctx_size=ctx_size)
    print(json.dumps({"pid": os.getpid(), "server_pid": server.pid, "port": server.port}))
    sys.stdout.flush()
    sys.stdin.read()


if __name__ == "__main__":
    main()
