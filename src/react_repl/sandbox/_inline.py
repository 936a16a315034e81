"""Guard checks compiled inline, where a call per use made plain code several times slower.

RestrictedPython turns every `x.name` into `_getattr_(x, 'name')`, a Python call, and the guard's
first test is whether `x` is a builtin value whose public attributes are all plain methods.
Compiled inline, that test costs no call: a loop of `items.append(i)` ran 3.4× slower than
plain Python with the call, and the guard still decides everything else.
"""

from __future__ import annotations

import ast
import copy

TYPE_HOOK = "_type_"  # `type`, for the inline attribute check
INERT_HOOK = "_inert_"  # the types whose public attributes need no guard (`_guards.py`)
TEMPORARY = "_v_"  # holds a computed object between the inline test and the attribute read
FORMAT_NAMES = frozenset({"format", "format_map"})  # str's, resolved by the guarded formatter


def inline_attribute(visited: ast.Call, temporary: bool = False) -> ast.expr:
    """`_getattr_(x, 'name')` on a plain name → `(x.name if _type_(x) in _inert_ else
    _getattr_(x, 'name'))`, and on a literal of an inert type → `'ab'.upper`; on any other
    expression, where a `temporary` may be bound (`'ab'.upper().lower`), through `_v_`. Only for
    names the compiler has checked (no `_`, no inspect attributes: RestrictedPython refuses
    those), and never for `format`/`format_map`, which go through the guarded formatter."""
    if not (
        isinstance(visited.func, ast.Name)
        and visited.func.id == "_getattr_"
        and len(visited.args) == 2
        and isinstance(visited.args[1], ast.Constant)
        and isinstance(visited.args[1].value, str)
    ):
        return visited
    target, name = visited.args[0], visited.args[1].value
    if name.startswith("_") or name in FORMAT_NAMES:
        return visited
    if isinstance(target, ast.Constant) and type(target.value) in INERT_LITERALS:
        return ast.copy_location(ast.Attribute(target, name, ast.Load()), visited)
    tested: ast.expr
    if isinstance(target, ast.Name):
        tested, held = ast_name(target.id), target.id
    elif temporary:  # any other expression, evaluated once: `_type_(_v_ := f())`
        tested, held = ast.NamedExpr(ast.Name(TEMPORARY, ast.Store()), target), TEMPORARY
        visited = ast.Call(visited.func, [ast_name(TEMPORARY), visited.args[1]], [])
    else:
        return visited
    kind = ast.Call(ast_name(TYPE_HOOK), [tested], [])
    inert = ast.Compare(kind, [ast.In()], [ast_name(INERT_HOOK)])
    direct = ast.Attribute(ast_name(held), name, ast.Load())
    return ast.copy_location(ast.IfExp(test=inert, body=direct, orelse=visited), visited)


def inline_method_call(call: ast.Call) -> ast.expr:
    """`(x.name if <inert> else _getattr_(x, 'name'))(args)` → `x.name(args) if <inert> else
    _getattr_(x, 'name')(args)`: the fast branch then calls the method without making a bound
    method object first (as plain Python does). The arguments are written into both branches
    (one of them runs), so only arguments holding no call and no nested scope are: code that
    doubles at each level of nesting would grow without bound."""
    chosen = call.func
    if not (isinstance(chosen, ast.IfExp) and isinstance(chosen.body, ast.Attribute)):
        return call
    if not _plain_arguments(call):
        return call
    direct = ast.Call(chosen.body, call.args, call.keywords)
    guarded = ast.Call(chosen.orelse, copy.deepcopy(call.args), copy.deepcopy(call.keywords))
    return ast.copy_location(ast.IfExp(test=chosen.test, body=direct, orelse=guarded), call)


def _plain_arguments(call: ast.Call) -> bool:
    parts = [*call.args, *(keyword.value for keyword in call.keywords)]
    return not any(isinstance(node, _NESTING) for part in parts for node in ast.walk(part))


_NESTING = (ast.Call, ast.IfExp, ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp,
            ast.DictComp, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Await)  # fmt: skip


INERT_LITERALS = frozenset({str, bytes, int, float, complex, bool, type(None)})
"""Literal types whose public attributes are plain methods (str's but `format`, excluded above)."""


def ast_name(identifier: str, store: bool = False) -> ast.Name:
    return ast.Name(identifier, ast.Store() if store else ast.Load())
