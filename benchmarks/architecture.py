"""How big the house is and whether it imports one way: a table for one or more checkouts.

    python benchmarks/architecture.py [CHECKOUT ...]     (default: this checkout)

For each checkout: lines and modules per package of src/react_repl, the largest module, the
import circles among modules (strongly connected components of more than one module, TYPE_CHECKING
imports included, as grimp reads them) and among packages, README.md's size and the number of
files git tracks (in all and under docs/). Compare main with an older commit by checking it out
in another folder (`git worktree add /tmp/old COMMIT`) and naming both.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_GRAPH = """
import json, sys
import grimp
graph = grimp.build_graph("react_repl")
edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
print(json.dumps(edges))
"""


def import_edges(src: Path) -> dict[str, list[str]]:
    """Module -> the react_repl modules it imports, read by grimp in a fresh interpreter."""
    output = subprocess.run(
        [sys.executable, "-c", _GRAPH], env={"PYTHONPATH": str(src), "PATH": ""},
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return json.loads(output)


def circles(edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one member."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, []):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in list(edges):
        if node not in index:
            visit(node)
    return found


def package_of(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2])


def package_edges(edges: dict[str, list[str]]) -> dict[str, list[str]]:
    packages: dict[str, set[str]] = {}
    for module, targets in edges.items():
        source = package_of(module)
        packages.setdefault(source, set()).update(
            package_of(t) for t in targets if package_of(t) != source
        )
    return {package: sorted(targets) for package, targets in packages.items()}


def measure(checkout: Path) -> dict[str, object]:
    src = checkout / "src"
    package_dir = src / "react_repl"
    lines: dict[str, int] = {}
    modules: dict[str, int] = {}
    largest = ("", 0)
    for file in package_dir.rglob("*.py"):
        relative = file.relative_to(package_dir)
        package = relative.parts[0] if len(relative.parts) > 1 else "(top level)"
        count = len(file.read_text(encoding="utf-8").splitlines())
        lines[package] = lines.get(package, 0) + count
        modules[package] = modules.get(package, 0) + 1
        if count > largest[1] and "distractors" not in relative.parts:
            largest = (str(relative), count)
    edges = import_edges(src)
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=checkout, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    module_circles = circles(edges)
    return {
        "lines": lines,
        "modules": modules,
        "largest": largest,
        "module circles": len(module_circles),
        "largest circle": max((len(c) for c in module_circles), default=0),
        "package circles": len(circles(package_edges(edges))),
        "readme bytes": (checkout / "README.md").stat().st_size,
        "files": len(tracked),
        "docs files": sum(name.startswith("docs/") for name in tracked),
    }


def main(checkouts: list[Path]) -> None:
    results = {str(checkout): measure(checkout) for checkout in checkouts}
    names = list(results)
    print("| measure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    packages = sorted({p for r in results.values() for p in r["lines"]})  # type: ignore[attr-defined]
    for package in packages:
        cells = [
            f"{r['lines'].get(package, 0):,} lines, {r['modules'].get(package, 0)} modules"  # type: ignore[attr-defined]
            for r in results.values()
        ]
        print(f"| {package} | " + " | ".join(cells) + " |")
    total = [sum(r["lines"].values()) for r in results.values()]  # type: ignore[attr-defined]
    print("| src/ lines in all | " + " | ".join(f"{t:,}" for t in total) + " |")
    for key in ("largest", "module circles", "largest circle", "package circles",
                "readme bytes", "files", "docs files"):  # fmt: skip
        print(f"| {key} | " + " | ".join(str(r[key]) for r in results.values()) + " |")


if __name__ == "__main__":
    main([Path(arg).resolve() for arg in sys.argv[1:]] or [Path(__file__).resolve().parents[1]])
