"""The distractor pack as a real MCP server over stdio: `python _distractor_server.py N`.

Serves N of the pack's functions as tools, the FIRST names (given as more arguments) first, then
the rest in module and source order, so every size holds the tools a benchmark task calls. Each
tool's schema and description are the SDK's own, from the function's signature and docstring,
as any Python MCP server built with it would list them.
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

PACK = Path(__file__).with_name("distractors")
PURE = ToolAnnotations(readOnlyHint=True)  # plain computations: the gateway asks no one


def pack_functions() -> dict[str, Callable[..., Any]]:
    functions: dict[str, Callable[..., Any]] = {}
    for path in sorted(PACK.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"distractors_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name, function in vars(module).items():
            ours = inspect.isfunction(function) and function.__module__ == module.__name__
            if ours and not name.startswith("_"):
                functions[name] = function
    return functions


def serve(count: int, first: list[str]) -> None:
    functions = pack_functions()
    order = first + [name for name in functions if name not in first]
    app = MCPServer("distractors", log_level="WARNING")
    served = 0
    for name in order:
        if served == count:
            break
        try:
            app.add_tool(functions[name], structured_output=False, annotations=PURE)
        except Exception:  # a signature the SDK cannot describe: not served, not counted
            continue
        served += 1
    app.run("stdio")


if __name__ == "__main__":
    serve(int(sys.argv[1]), sys.argv[2:])
