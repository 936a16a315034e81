"""What an observation says when an action printed nothing.

"Use print()" is right after `total = 2 + 3`, noise after `def f(): ...`, and wrong when the
action did call print() inside a loop or branch that never ran: the 1.5B model looped over an
empty search result, was told to use print(), and sent the same action four times. So the note
says which loop or branch kept print() from running and, for a loop over an empty list the
action made, which call gave it.

It is written in the worker, which holds the code and the namespace (only builtin containers
are asked whether they are empty, so no agent `__len__` runs). The host wrote it until
red-teaming sent a 44 kB action whose analysis cost the trusted side 60-94 s of CPU: the host
must not do work that grows with what the worker sends. Here too it is bounded: linear in the
action, at most `_TIME_BUDGET`, and skipped past `_MAX_ANALYSED` characters.
"""

from __future__ import annotations

import ast
import time
from collections.abc import Iterator, Mapping
from typing import Any

NO_OUTPUT = "(no output)"
NO_OUTPUT_HINT = "(no output: the action printed nothing. Use print() to see values.)"
_QUIET_CALLS = frozenset({"print", "stop", "help"})
_IN_PLACE_METHODS = frozenset(
    {
        "append", "extend", "insert", "remove", "sort", "reverse", "clear", "update", "add",
        "discard", "difference_update", "intersection_update", "symmetric_difference_update",
    }
)  # fmt: skip
_CONTAINERS = (list, tuple, dict, set, frozenset, str)
_HEADER_CHARS = 80
MAX_QUIET = 1_000
"""Characters the explanation may take, whatever the action."""
_MAX_ANALYSED = 100_000
_TIME_BUDGET = 0.5
_CONDITIONS_SHOWN = 4
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_LOOPS = (ast.For, ast.AsyncFor, ast.comprehension)


def explain_silence(code: str, namespace: Mapping[str, Any]) -> str:
    """The observation of an action that printed nothing and raised nothing (worker side)."""
    if len(code) > _MAX_ANALYSED:
        return NO_OUTPUT_HINT
    deadline = _Deadline(_TIME_BUDGET)
    try:
        tree = _parse(code)
        path = _path_to_first_print(tree, deadline)
        if path:
            return _unreached_print(tree, path, namespace, deadline)
        return NO_OUTPUT_HINT if _computes_value(tree) else NO_OUTPUT
    except (_OutOfTime, RecursionError, MemoryError):
        return NO_OUTPUT_HINT


class _OutOfTime(Exception):
    pass


class _Deadline:
    def __init__(self, seconds: float) -> None:
        self._end = time.monotonic() + seconds
        self._ticks = 0

    def tick(self) -> None:
        """Reads the clock once in 256 calls: cheap enough to call once per node."""
        self._ticks += 1
        if not self._ticks & 0xFF and time.monotonic() > self._end:
            raise _OutOfTime


def _unreached_print(
    tree: ast.Module, path: list[tuple[ast.AST, str]], namespace: Mapping[str, Any],
    deadline: _Deadline,
) -> str:  # fmt: skip
    """Loops around the print over a name that is empty now (a builtin container, so no agent
    `__len__` runs) went through nothing, unless the name changed later."""
    looped = [
        node
        for node, _ in path
        if isinstance(node, _LOOPS) and isinstance(node.iter, ast.Name)
        and type(namespace.get(node.iter.id)) in _CONTAINERS and not namespace[node.iter.id]
    ]  # fmt: skip
    names = {node.iter.id for node in looped}  # type: ignore[attr-defined]
    changes, calls = _name_facts(tree, names, deadline) if looped else ({}, {})
    for node in looped:
        name = node.iter.id  # type: ignore[attr-defined]
        if changes.get(name, -1) < node.iter.lineno:
            return _empty_loop(node, name, calls.get(name, []))
    only, field = path[0]
    if len(path) == 1 and isinstance(only, _LOOPS) and _prints_each_time(only, field):
        return (
            f"(no output: print() never ran: `{_short(_unparse(only.iter))}` gave nothing, so "
            f"`{_header(only, 'body')}` went through nothing. Find out why it is empty before "
            "going on: other arguments, or another function.)"
        )
    shown = [f"`{_header(node, field)}`" for node, field in _ends(path)]
    if len(path) > _CONDITIONS_SHOWN:
        shown.insert(_CONDITIONS_SHOWN // 2, f"({len(path) - _CONDITIONS_SHOWN} more)")
    where = " › ".join(shown)
    return (
        f"(no output: print() never ran: it is inside {where}, and that path was never taken. "
        "Print the values those lines test to see why.)"
    )[:MAX_QUIET]


def _ends(path: list[tuple[ast.AST, str]]) -> list[tuple[ast.AST, str]]:
    """The outermost and innermost conditions: a comprehension can have thousands."""
    if len(path) <= _CONDITIONS_SHOWN:
        return path
    half = _CONDITIONS_SHOWN // 2
    return path[:half] + path[-half:]


def _prints_each_time(loop: ast.For | ast.AsyncFor | ast.comprehension, field: str) -> bool:
    """Nothing in the loop body can skip its print(): had it run once, the print would have."""
    if field != "body":
        return False
    if isinstance(loop, ast.comprehension):
        return not loop.ifs  # `[print(x) for x in xs if x > 3]` may skip every item
    body = loop.body
    skips = (ast.Continue, ast.Break, ast.Return, ast.Raise, ast.Try, ast.TryStar)
    return not any(isinstance(n, skips) for statement in body for n in ast.walk(statement))


def _empty_loop(
    loop: ast.For | ast.AsyncFor | ast.comprehension, name: str, calls: list[ast.Assign]
) -> str:
    """`calls`: the assignments of a call's result to `name`; the last one before the loop
    made what it went through."""
    made = [node for node in calls if node.lineno < loop.iter.lineno]
    source = _short(_unparse(max(made, key=lambda n: n.lineno).value)) if made else None
    origin = f" It came from `{source}`." if source else ""
    return (
        f"(no output: print() never ran: `{_short(name)}` is empty, so "
        f"`{_header(loop, 'body')}` went through nothing.{origin} Find out why it is empty "
        "before going on: other arguments, or another function.)"
    )


def _name_facts(
    tree: ast.Module, names: set[str], deadline: _Deadline
) -> tuple[dict[str, int], dict[str, list[ast.Assign]]]:
    """In one walk (one per loop was quadratic), for each of `names`: the last line that may
    change it (rebinds it, `.pop()`, `del x[0]`: a name changed at or after a loop's line may
    have been emptied by the loop or after it, so its being empty now does not show the loop
    went through nothing), and the statements binding it to a call's result."""
    last: dict[str, int] = {}
    calls: dict[str, list[ast.Assign]] = {}
    for node in ast.walk(tree):
        deadline.tick()
        name = _changed_name(node)
        if name in names:
            last[name] = max(last.get(name, -1), getattr(node, "lineno", 0))
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id in names:
                    calls.setdefault(target.id, []).append(node)
    return last, calls


def _changed_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return None if isinstance(node.ctx, ast.Load) else node.id
    if not isinstance(node, ast.Attribute | ast.Subscript) or not isinstance(node.value, ast.Name):
        return None
    if isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
        return node.value.id
    return None


def _path_to_first_print(tree: ast.Module, deadline: _Deadline) -> list[tuple[ast.AST, str]]:
    """The loops and branches around the action's first print() outside function bodies. Depth first
    in source order, with an explicit stack (no recursion limit to hit) and the path as a linked
    list that siblings share (no copy per node)."""
    stack: list[tuple[ast.AST, Any]] = [(tree, None)]
    while stack:
        node, link = stack.pop()
        if _is_print(node):
            return _unlink(link)
        children = []
        for field, child in _children(node):
            deadline.tick()
            if isinstance(child, _SCOPES):
                continue
            inner = link
            for condition in _conditions(node, field):
                inner = (condition, inner)
            children.append((child, inner))
        stack.extend(reversed(children))
    return []


def _unlink(link: Any) -> list[tuple[ast.AST, str]]:
    path = []
    while link is not None:
        path.append(link[0])
        link = link[1]
    return path[::-1]


def _children(node: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    for field, value in ast.iter_fields(node):
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, ast.AST):
                yield field, item


def _conditions(node: ast.AST, field: str) -> list[tuple[ast.AST, str]]:
    """What code in this field of this node waits for: it may run zero times."""
    if isinstance(node, ast.For | ast.AsyncFor | ast.While | ast.If):
        return [(node, field)] if field in ("body", "orelse") else []
    if isinstance(node, ast.Try | ast.TryStar):
        return [(node, field)] if field == "orelse" else []
    if isinstance(node, ast.ExceptHandler | ast.match_case):
        return [(node, field)] if field == "body" else []
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
        return [(g, "body") for g in node.generators] if field != "generators" else []
    return []


def _header(node: ast.AST, field: str) -> str:
    if isinstance(node, ast.comprehension):
        text = f"for {_unparse(node.target)} in {_unparse(node.iter)}"
    elif isinstance(node, ast.For | ast.AsyncFor):
        text = f"for {_unparse(node.target)} in {_unparse(node.iter)}:"
    elif isinstance(node, ast.While | ast.If):
        keyword = "while" if isinstance(node, ast.While) else "if"
        text = f"{keyword} {_unparse(node.test)}:"
    elif isinstance(node, ast.match_case):
        text = f"case {_unparse(node.pattern)}:"
    elif isinstance(node, ast.ExceptHandler):
        text = f"except {_unparse(node.type)}:" if node.type else "except:"
    else:
        text = "try:"
    return f"else: of {_short(text)}" if field == "orelse" else _short(text)


def _is_print(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
    )


def _computes_value(tree: ast.Module) -> bool:
    """The action binds or evaluates something it did not print (outside function and class
    bodies, whose code has not run yet)."""
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            return True
        if isinstance(node, ast.Expr) and not _quiet(node.value):
            return True
        for field in ("body", "orelse", "finalbody", "handlers"):
            pending.extend(getattr(node, field, ()))
    return False


def _quiet(value: ast.expr) -> bool:
    """print(...), stop(...), help(...), bare constants and the in-place methods of lists,
    dicts and sets (`items.append(x)`, which return None) make no value worth showing."""
    if isinstance(value, ast.Constant):
        return True
    if not isinstance(value, ast.Call):
        return False
    function = value.func
    if isinstance(function, ast.Attribute):
        return function.attr in _IN_PLACE_METHODS
    return isinstance(function, ast.Name) and function.id in _QUIET_CALLS


def _parse(code: str) -> ast.Module:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ast.Module(body=[], type_ignores=[])


def _unparse(node: ast.AST) -> str:
    try:
        return ast.unparse(node)
    except (RecursionError, ValueError):
        return "…"


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _HEADER_CHARS else text[: _HEADER_CHARS - 1] + "…"
