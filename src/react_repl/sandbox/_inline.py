"""Guard checks compiled inline, where a call per use made plain code several times slower.

RestrictedPython turns every `x.name` into `_getattr_(x, 'name')`, a Python call, and the guard's
first test is whether `x` is a builtin value whose public attributes are all plain methods.
Compiled inline, that test costs no call: a loop of `items.append(i)` ran 3.4× slower than
plain Python with the call, and the guard still decides everything else.
"""

from __future__ import annotations

import ast

TYPE_HOOK = "_type_"  # `type`, for the inline attribute check
INERT_HOOK = "_inert_"  # the types whose public attributes need no guard (`_guards.py`)
_FORMAT_NAMES = frozenset({"format", "format_map"})  # str's, resolved by the guarded formatter


def inline_attribute(visited: ast.Call) -> ast.expr:
    """`_getattr_(x, 'name')` on a plain name → `(x.name if _type_(x) in _inert_ else
    _getattr_(x, 'name'))`, and on a literal of an inert type → `'ab'.upper`. Only for names
    the compiler has checked (no `_`, no inspect attributes: RestrictedPython refuses those), and
    never for `format`/`format_map`, which go through the guarded formatter."""
    if not (
        isinstance(visited.func, ast.Name)
        and visited.func.id == "_getattr_"
        and len(visited.args) == 2
        and isinstance(visited.args[1], ast.Constant)
        and isinstance(visited.args[1].value, str)
    ):
        return visited
    target, name = visited.args[0], visited.args[1].value
    if name.startswith("_") or name in _FORMAT_NAMES:
        return visited
    if isinstance(target, ast.Constant) and type(target.value) in INERT_LITERALS:
        return ast.copy_location(ast.Attribute(target, name, ast.Load()), visited)
    if not isinstance(target, ast.Name):
        return visited
    kind = ast.Call(_name(TYPE_HOOK), [_name(target.id)], [])
    inert = ast.Compare(kind, [ast.In()], [_name(INERT_HOOK)])
    direct = ast.Attribute(_name(target.id), name, ast.Load())
    return ast.copy_location(ast.IfExp(test=inert, body=direct, orelse=visited), visited)


INERT_LITERALS = frozenset({str, bytes, int, float, complex, bool, type(None)})
"""Literal types whose public attributes are plain methods (str's but `format`, excluded above)."""


def _name(identifier: str) -> ast.Name:
    return ast.Name(identifier, ast.Load())
