"""What an observation says when an action printed nothing.

"Use print()" is right after `total = 2 + 3`, and noise after `def f(): ...`. It is wrong when
the action did call print(), inside a loop or a branch that never ran: in the multistep logs
the 1.5B model looped `for customer in customers: ... print(...)` over an empty search result,
was told to use print(), and sent the same action four times. So the observation says which
loop or branch kept print() from running, and, when the loop went over an empty list the action
made, which call gave it.

Split in two because the facts live in two places: the worker knows which names are empty, the
host knows the code and writes the text. The worker checks only built-in container types, so
no agent-defined `__len__` runs after the action.
"""

from __future__ import annotations

import ast
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
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_LOOPS = (ast.For, ast.AsyncFor, ast.comprehension)


def empty_loop_names(code: str, namespace: Mapping[str, Any]) -> list[str]:
    """Names that loops of the action go through and that are empty now (worker side)."""
    names = {
        node.iter.id
        for node in ast.walk(_parse(code))
        if isinstance(node, _LOOPS) and isinstance(node.iter, ast.Name)
    }
    return sorted(
        name
        for name in names
        if type(namespace.get(name)) in _CONTAINERS and len(namespace[name]) == 0
    )


def quiet_text(code: str, empty_names: frozenset[str]) -> str:
    """The observation of an action that printed nothing and raised nothing."""
    tree = _parse(code)
    path = _path_to_first_print(tree)
    if path:
        return _unreached_print(tree, path, empty_names)
    return NO_OUTPUT_HINT if _computes_value(tree) else NO_OUTPUT


def _unreached_print(
    tree: ast.Module, path: list[tuple[ast.AST, str]], empty: frozenset[str]
) -> str:
    for node, _ in path:
        if (
            isinstance(node, _LOOPS)
            and isinstance(node.iter, ast.Name)
            and node.iter.id in empty
            and not _changed_from(tree, node.iter.id, node.iter.lineno)
        ):
            return _empty_loop(tree, node, node.iter.id)
    only, field = path[0]
    if len(path) == 1 and isinstance(only, _LOOPS) and _prints_each_time(only, field):
        return (
            f"(no output: print() never ran: `{_short(ast.unparse(only.iter))}` gave nothing, so "
            f"`{_header(only, 'body')}` went through nothing. Find out why it is empty before "
            "going on: other arguments, or another function.)"
        )
    where = " › ".join(f"`{_header(node, field)}`" for node, field in path)
    return (
        f"(no output: print() never ran: it is inside {where}, and that path was never taken. "
        "Print the values those lines test to see why.)"
    )


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
    tree: ast.Module, loop: ast.For | ast.AsyncFor | ast.comprehension, name: str
) -> str:
    source = _made_by(tree, name, loop.iter.lineno)
    origin = f" It came from `{source}`." if source else ""
    return (
        f"(no output: print() never ran: `{name}` is empty, so `{_header(loop, 'body')}` "
        f"went through nothing.{origin} Find out why it is empty before going on: other "
        "arguments, or another function.)"
    )


def _changed_from(tree: ast.Module, name: str, line: int) -> bool:
    """`name` may have been emptied by the loop or after it (rebound, `.pop()`, `del x[0]`),
    so its being empty now does not show the loop went through nothing."""
    for node in ast.walk(tree):
        if getattr(node, "lineno", 0) < line:
            continue
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            return True
        if not isinstance(node, ast.Attribute | ast.Subscript):
            continue
        on_name = isinstance(node.value, ast.Name) and node.value.id == name
        if on_name and (isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load)):
            return True
    return False


def _made_by(tree: ast.Module, name: str, before: int) -> str | None:
    """The call whose result the action last bound to `name` before the loop."""
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and node.lineno < before
        and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]
    if not calls:
        return None
    last = max(calls, key=lambda node: node.lineno)
    return _short(ast.unparse(last.value))


def _path_to_first_print(tree: ast.Module) -> list[tuple[ast.AST, str]]:
    """The loops and branches around the action's first print() outside function bodies."""
    return _first_print(tree, []) or []


def _first_print(
    node: ast.AST, path: list[tuple[ast.AST, str]]
) -> list[tuple[ast.AST, str]] | None:
    for field, child in _children(node):
        if isinstance(child, _SCOPES):
            continue
        inner = path + _conditions(node, field)
        if _is_print(child):
            return inner
        found = _first_print(child, inner)
        if found is not None:
            return found
    return None


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
        text = f"for {ast.unparse(node.target)} in {ast.unparse(node.iter)}"
    elif isinstance(node, ast.For | ast.AsyncFor):
        text = f"for {ast.unparse(node.target)} in {ast.unparse(node.iter)}:"
    elif isinstance(node, ast.While | ast.If):
        keyword = "while" if isinstance(node, ast.While) else "if"
        text = f"{keyword} {ast.unparse(node.test)}:"
    elif isinstance(node, ast.match_case):
        text = f"case {ast.unparse(node.pattern)}:"
    elif isinstance(node, ast.ExceptHandler):
        text = f"except {ast.unparse(node.type)}:" if node.type else "except:"
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


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _HEADER_CHARS else text[: _HEADER_CHARS - 1] + "…"
