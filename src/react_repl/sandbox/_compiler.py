"""Turns an action's source into guarded code objects.

RestrictedPython's transformer does the rewriting; the subclass below changes only what the
sandbox needs differently, each for a stated reason.
"""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Iterable
from dataclasses import dataclass
from types import CodeType
from typing import Any

from RestrictedPython.transformer import IOPERATOR_TO_STR, RestrictingNodeTransformer

from ._inline import ast_name as _name
from ._inline import inline_attribute, inline_method_call

ENTRY_GUARD = "_enter_"  # the name compiled code calls; `_entry.py` provides it
_SCOPES = (ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)
_NO_TEMPORARIES = (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)
STOP_GUARD = "_stop_"  # the StopState compiled code checks; see `StopState` in `_namespace.py`


Visited = ast.AST | Iterable[ast.AST] | None  # what a NodeTransformer visit may return
# Special methods model code commonly defines on its own classes, beyond RestrictedPython's
# `__init__` and comparisons. They only ever run agent code on agent objects; none is a hook name.
_EXTRA_SPECIAL_METHODS = frozenset(
    {
        "__repr__", "__str__", "__len__", "__iter__", "__next__", "__getitem__", "__setitem__",
        "__hash__", "__bool__", "__add__", "__sub__", "__mul__", "__truediv__", "__call__",
        "__enter__", "__exit__",
    }
)  # fmt: skip


class _Transformer(RestrictingNodeTransformer):
    def __init__(self, protected: frozenset[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._protected = protected
        self._scopes: list[type[ast.AST]] = []  # the scopes around the node being visited

    def _within(self, node: ast.AST) -> Visited:
        """RestrictedPython's visit of `node`, with `node` as the scope around what it holds."""
        self._scopes.append(type(node))
        try:
            return getattr(super(), f"visit_{type(node).__name__}")(node)
        finally:
            self._scopes.pop()

    def _temporaries_allowed(self) -> bool:
        """Where `inline_attribute` may bind its `_v_`: not in a class body (it would become a
        class attribute) and not in a comprehension (Python refuses some walruses there)."""
        return not any(scope in _NO_TEMPORARIES for scope in self._scopes) and (
            not self._scopes or self._scopes[-1] is not ast.ClassDef
        )

    def _refuse_rebinding(self, node: ast.AST, name: str | None) -> None:
        """The API wrappers, `stop` and `help` are what the agent and its own earlier functions
        look up by name; a rebinding would hijack every later call (issue 11)."""
        if name in self._protected:
            self.error(
                node,
                f'"{name}" cannot be rebound: {name} is a function the sandbox provides. '
                f"Pick another name, e.g. my_{name}.",
            )

    def check_name(
        self, node: ast.AST, name: str | None, allow_magic_methods: bool = False
    ) -> None:
        if allow_magic_methods and name in _EXTRA_SPECIAL_METHODS and node.col_offset != 0:  # type: ignore[attr-defined]
            return
        super().check_name(node, name, allow_magic_methods)  # type: ignore[arg-type]

    def visit_Name(self, node: ast.Name) -> Visited:
        if not isinstance(node.ctx, ast.Load):
            self._refuse_rebinding(node, node.id)
        if node.id == "printed":
            self.error(node, '"printed" is not supported; print() writes to the observation.')
        return super().visit_Name(node)

    def visit_Global(self, node: ast.Global) -> ast.AST:
        """`global _getattr_` would let a function rebind a guard hook."""
        for name in node.names:
            self.check_name(node, name)
            self._refuse_rebinding(node, name)
        return self.node_contents_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> Visited:
        self._refuse_rebinding(node, node.name)
        visited = self._within(node)
        if isinstance(visited, ast.FunctionDef):
            _guard_entry(visited)
        return visited

    def visit_Yield(self, node: ast.Yield) -> Visited:
        """What resumes a generator enters agent code too (`send()`, `throw()`, `close()`):
        `yield x` → `yield from _enter_.step(x)` (see `_entry.py`); what it yields leaves like
        a return value."""
        visited = super().visit_Yield(node)
        if not isinstance(visited, ast.Yield):
            return visited
        value = _leaving(visited.value) if visited.value is not None else ast.Constant(None)
        return ast.copy_location(ast.YieldFrom(_guard_method("step", value)), node)

    def visit_Return(self, node: ast.Return) -> Visited:
        """What agent code returns to an API (a container it will fill, a bound `append`) is
        checked with what the call was given: `return x` → `return _enter_.leaving(x)` while
        an API call is under way, inline (a call to `_enter_.kept` per return made recursive
        code 2.5× slower than plain Python)."""
        visited = super().visit_Return(node)
        if isinstance(visited, ast.Return) and visited.value is not None:
            visited.value = _leaving_inline(visited.value)
        return visited

    def visit_Call(self, node: ast.Call) -> Visited:
        visited = super().visit_Call(node)
        return inline_method_call(visited) if isinstance(visited, ast.Call) else visited

    def visit_Attribute(self, node: ast.Attribute) -> Visited:
        visited = super().visit_Attribute(node)
        if not isinstance(visited, ast.Call):
            return visited
        return inline_attribute(visited, temporary=self._temporaries_allowed())

    visit_ListComp = visit_SetComp = visit_DictComp = _within

    def visit_YieldFrom(self, node: ast.YieldFrom) -> Visited:
        """What `send()` delivers through it reaches the inner generator with the outer one as
        its caller, so the entry guard would take an API's value for the agent's own."""
        self.error(
            node, "yield from is not supported in the sandbox: loop and yield each item instead"
        )
        return node

    def visit_Lambda(self, node: ast.Lambda) -> Visited:
        visited = self._within(node)
        return _guarded_lambda(visited) if isinstance(visited, ast.Lambda) else visited

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> Visited:
        """A generator expression an API iterates runs agent code at each step with no function
        entry to guard: each clause's conditions begin with `_enter_.pulled()` (while an API call
        is under way), and the element leaves like a returned value (red-teaming found
        `stash_inside(row for row in rows)` filling the agent's lists unchecked)."""
        visited = self._within(node)
        if not isinstance(visited, ast.GeneratorExp):
            return visited
        for clause in visited.generators:
            idle = ast.UnaryOp(ast.Not(), _entry_check())
            clause.ifs.insert(0, ast.BoolOp(ast.Or(), [idle, _guard_method("pulled")]))
        visited.elt = _leaving_inline(visited.elt)
        return visited

    def visit_ClassDef(self, node: ast.ClassDef) -> Visited:
        self._refuse_rebinding(node, node.name)
        return self._within(node)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> Visited:
        """A handler that catches `stop()` (a bare except, `except BaseException`, or a tuple
        naming it) would run, and the code after it too: it begins by unwinding again."""
        self._refuse_rebinding(node, node.name)
        visited = super().visit_ExceptHandler(node)
        if isinstance(visited, ast.ExceptHandler):
            visited.body.insert(0, _stop_check(visited.body[0]))
        return visited

    def visit_Try(self, node: ast.Try) -> Visited:
        """A `finally` block would act after `stop()`, and its `return`, `break` or `continue`
        would swallow the stop: after a stop it unwinds before its first line."""
        visited = super().visit_Try(node)
        if isinstance(visited, ast.Try) and visited.finalbody:
            visited.finalbody.insert(0, _stop_check(visited.finalbody[0]))
        return visited

    def visit_With(self, node: ast.With) -> Visited:
        """An `__exit__` that returns True swallows `stop()`: the statement after the `with`
        unwinds again."""
        visited = super().visit_With(node)
        if isinstance(visited, ast.With):
            return [visited, _stop_check(visited)]
        return visited

    def check_import_names(self, node: ast.ImportFrom | ast.Import) -> ast.AST:
        for alias in node.names:
            self._refuse_rebinding(node, alias.asname or alias.name.partition(".")[0])
        return super().check_import_names(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> Visited:
        """Models write `x: int = 1`; the annotation is dropped, the assignment kept."""
        if node.value is None:
            return None
        assign = ast.Assign(targets=[node.target], value=node.value)
        ast.copy_location(assign, node)
        return self.visit_Assign(assign)

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST | list[ast.AST]:
        """`n += 1` on a name stays native (it cannot reach an attribute, and a hook call per loop
        iteration would double the cost of counting loops). `d[k] += 1` and `self.n += 1` are so
        common in model code that they are rewritten through the guards instead of being refused."""
        if isinstance(node.target, ast.Name):
            return self.node_contents_visit(node)
        visited = self.node_contents_visit(node)
        return _expand_augassign(visited, original_target=node.target)


def _parameters(arguments: ast.arguments) -> list[str]:
    every = [*arguments.posonlyargs, *arguments.args, arguments.vararg, *arguments.kwonlyargs,
             arguments.kwarg]  # fmt: skip
    return [argument.arg for argument in every if argument is not None]


def _guard_method(method: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=_guard_attribute(method), args=list(args), keywords=[])


def _guard_attribute(name: str, guard: str = ENTRY_GUARD) -> ast.Attribute:
    return ast.Attribute(_name(guard), name, ast.Load())


def _leaving(value: ast.expr) -> ast.expr:
    """`(_enter_.leaving if <an API call is under way> else _enter_.kept)(value)`. `value` appears
    once: written into both branches of a conditional, a lambda returning a lambda doubled its code
    at each level, and twenty nested lambdas took longer to compile than an action may run."""
    chosen = ast.IfExp(
        test=_entry_check(), body=_guard_attribute("leaving"), orelse=_guard_attribute("kept")
    )
    return ast.Call(func=chosen, args=[value], keywords=[])


def _leaving_inline(value: ast.expr) -> ast.expr:
    """`_leaving`, without its call per element while no API call is under way (a generator
    expression summing 10^6 squares took 1.5× as long): `(_enter_.leaving(v) if <an API call
    is under way> else v)`. `value` appears twice, so only where it holds no nested scope, whose
    code would double at each level of nesting; otherwise `_leaving`."""
    if any(isinstance(node, _SCOPES) for node in ast.walk(value)):
        return _leaving(value)
    leaving = _guard_method("leaving", copy.deepcopy(value))
    return ast.IfExp(test=_entry_check(), body=leaving, orelse=value)


def _entry_check() -> ast.expr:
    return ast.Attribute(_guard_attribute("boundary"), "calls_under_way", ast.Load())


def _guard_entry(function: ast.FunctionDef) -> None:
    """`if <an API call is under way>: a, b = _enter_(a, b)` first (after a docstring); see
    `_entry.py` for why. Without parameters it is `_enter_()`: nothing comes in, but it still
    refuses to run while an API call's results are handed over (`HandOverRefused`)."""
    if not function.body:  # a refused statement was its only one: the action is refused
        return
    names = _parameters(function.args)
    entered = _call(ENTRY_GUARD, *map(_name, names))
    entry: ast.stmt = ast.Expr(entered)
    if names:
        targets = ast.Tuple([_name(name, store=True) for name in names], ast.Store())
        entry = ast.Assign(targets=[targets], value=entered)
    body = function.body
    has_docstring = (
        isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    )
    check = ast.If(test=_entry_check(), body=[entry], orelse=[])
    body.insert(1 if has_docstring else 0, ast.copy_location(check, body[0]))


def _guarded_lambda(function: ast.Lambda) -> ast.Lambda:
    """`lambda a, b: body` → `lambda a, b: <leaving>((lambda a, b: body)(*(_enter_(a, b) if
    <an API call is under way> else (a, b))))`: a lambda has no statement to rebind its
    parameters in, so an inner one receives the guarded values, and what it returns leaves as
    `_leaving` says. The body appears once (see `_leaving`)."""
    names = _parameters(function.args)
    if not names:  # nothing comes in, but it must not run while results are handed over
        nothing = ast.Tuple([], ast.Load())
        checked = ast.IfExp(test=_entry_check(), body=_call(ENTRY_GUARD), orelse=nothing)
        both = ast.Tuple([checked, function.body], ast.Load())  # `(<check>, body)[1]`
        function.body = _leaving(ast.Subscript(both, ast.Constant(1), ast.Load()))
        return function
    inner = ast.Lambda(
        args=ast.arguments(posonlyargs=[], args=[ast.arg(name) for name in names],
                           kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=function.body,
    )  # fmt: skip
    given = ast.Tuple([_name(name) for name in names], ast.Load())
    guarded = ast.IfExp(
        test=_entry_check(), body=_call(ENTRY_GUARD, *map(_name, names)), orelse=given
    )
    entered = ast.Call(func=inner, args=[ast.Starred(guarded, ast.Load())], keywords=[])
    function.body = _leaving(entered)
    return function


def _stop_check(where: ast.AST) -> ast.If:
    """`if _stop_.stopped: _stop_.unwind()`; the test is inline, so an action that never
    stops pays no call."""
    unwind = ast.Call(_guard_attribute("unwind", STOP_GUARD), [], [])
    check = ast.If(test=_guard_attribute("stopped", STOP_GUARD), body=[ast.Expr(unwind)], orelse=[])
    return ast.copy_location(check, where)


def _call(function: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=_name(function), args=list(args), keywords=[])


def _expand_augassign(node: ast.AugAssign, original_target: ast.expr) -> list[ast.AST]:
    """`o[k] op= v` → `_aug_o = _write_(o); _aug_k = k; _aug_o[_aug_k] = op(_getitem_(...), v)`. The
    target was visited in Store context, so its container is already wrapped in `_write_`."""
    target = node.target
    assert isinstance(target, ast.Subscript | ast.Attribute)
    statements: list[ast.AST] = [ast.Assign(targets=[_name("_aug_o", True)], value=target.value)]
    if isinstance(target, ast.Subscript):
        statements.append(ast.Assign(targets=[_name("_aug_k", True)], value=target.slice))
        current: ast.expr = _call("_getitem_", _name("_aug_o"), _name("_aug_k"))
        new_target: ast.expr = ast.Subscript(_name("_aug_o"), _name("_aug_k"), ast.Store())
    else:
        current = _call("_getattr_", _name("_aug_o"), ast.Constant(target.attr))
        new_target = ast.Attribute(_name("_aug_o"), target.attr, ast.Store())
    operator_text = ast.Constant(IOPERATOR_TO_STR[type(node.op)])
    value = _call("_inplacevar_", operator_text, current, node.value)
    statements.append(ast.Assign(targets=[new_target], value=value))
    for statement in statements:
        ast.copy_location(statement, original_target)
        ast.fix_missing_locations(statement)
    return statements


@dataclass(frozen=True)
class CompiledAction:
    body: CodeType
    last_expression: CodeType | None


def compile_action(
    source: str, filename: str, protected: frozenset[str] = frozenset()
) -> CompiledAction:
    """Raises SyntaxError (with line and column) for bad or forbidden code, including any
    binding of a `protected` name."""
    tree = ast.parse(source, filename, "exec")
    errors: list[str] = []
    transformer = _Transformer(protected, errors=errors, warnings=[], used_names={})
    tree = transformer.visit(tree)
    if errors:
        raise SyntaxError(_first_error(errors), (filename, *_error_position(errors[0], source)))
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        expression = ast.Expression(tree.body.pop().value)
        last = compile(ast.fix_missing_locations(expression), filename, "eval")
    body = compile(ast.fix_missing_locations(tree), filename, "exec")
    return CompiledAction(body, last)


def _first_error(errors: list[str]) -> str:
    message = errors[0].split(": ", 1)[-1]
    extra = len(errors) - 1
    return message + (f" (and {extra} more problem{'s' * (extra > 1)})" if extra else "")


def _error_position(error: str, source: str) -> tuple[int, int, str]:
    """RestrictedPython reports 'Line N: "name" ...' without a column: recover the line's text,
    and the column from where the quoted name first appears in it (0, no caret, if it does not)."""
    prefix = error.split(":", 1)[0]
    number = int(prefix[5:]) if prefix.startswith("Line ") and prefix[5:].isdigit() else 1
    lines = source.splitlines()
    text = lines[number - 1] if 0 < number <= len(lines) else ""
    quoted = re.search(r'"([^"]+)"', error)
    column = text.find(quoted.group(1)) + 1 if quoted else 0
    return number, column, text
