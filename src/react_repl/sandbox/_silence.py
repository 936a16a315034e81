"""What an observation says when an action printed nothing.

"Use print()" is right after `total = 2 + 3`, and noise after `def f(): ...` or `items.append(x)`:
so the reminder comes only when the action computed a value it did not show. Written in the
worker, which holds the code; the host only cuts what it is sent to `MAX_QUIET` characters (a
44 kB action once cost the trusted side a minute of CPU when the host analysed it).
"""

from __future__ import annotations

import ast

NO_OUTPUT = "(no output)"
NO_OUTPUT_HINT = "(no output: the action printed nothing. Use print() to see values.)"
_QUIET_CALLS = frozenset({"print", "stop", "help"})
_IN_PLACE_METHODS = frozenset(
    {
        "append", "extend", "insert", "remove", "sort", "reverse", "clear", "update", "add",
        "discard", "difference_update", "intersection_update", "symmetric_difference_update",
    }
)  # fmt: skip
MAX_QUIET = 1_000
"""Characters the note may take, whatever the worker sends."""
_MAX_ANALYSED = 100_000  # parsing a longer action again would cost it its time limit


def explain_silence(code: str) -> str:
    """The observation of an action that printed nothing and raised nothing (worker side)."""
    if len(code) > _MAX_ANALYSED:
        return NO_OUTPUT_HINT
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return NO_OUTPUT_HINT
    return NO_OUTPUT_HINT if _computes_value(tree) else NO_OUTPUT


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
