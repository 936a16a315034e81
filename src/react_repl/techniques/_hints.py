"""Observation hints: what the agent adds after an action's output so the next step goes better.

The seed added hints to observations when an exception occurred; small models need them most.
Each hint is a plugin on the `observation_hints` hook, switched by an AgentOptions field.
"""

from __future__ import annotations

import ast
import builtins
import re
import sys

from react_repl.context import Proposal, RunContext, apis_called
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation

_NOT_API_ERRORS = {None, "NameError", "SyntaxError", "TypeError", "TimeoutError", "WorkerCrashed"}
_LINE = re.compile(r"^\s*line \d+: (?P<code>.+)$", re.MULTILINE)
_SANDBOX_HINT = "\nHint: "
_MISSING_NAME = re.compile(r"NameError: name '(?P<name>[A-Za-z_][A-Za-z0-9_]*)' is not defined")


class NameErrorSearch:
    """A called name that does not exist is a description of what the model wants: search it.

    The seed observed models inventing plausible function names; searching for the invented
    name turns the hallucination into the lookup the model should have made. A missing name
    used as a value is another mistake (a parameter name copied from a signature, never
    assigned): searching for it led small models further off, so they are told to assign it.
    A builtin the sandbox leaves out (`type`, `open`) is not a wish for an API: no search.
    """

    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        if run.method_search is None or observation.error != "NameError":
            return None
        missing = _MISSING_NAME.search(observation.text)
        if missing is None or hasattr(builtins, missing["name"]):
            return None  # a builtin the sandbox leaves out: its own hint says it is not there
        if not _is_called(missing["name"], proposal.action):
            return run.prompts.render("unassigned.jinja2", name=missing["name"])
        query = missing["name"].replace("_", " ")
        try:
            found = run.method_search(query, k=3).strip()
        except Exception:  # a failed hint must never fail the step
            return None
        if not found:
            return None
        return run.prompts.render(
            "name_error.jinja2", name=missing["name"], query=query, found=found
        )


def _is_called(name: str, code: str) -> bool:
    """Whether `code` calls `name`; code that does not parse counts as a call (search it)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return True
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
        for node in ast.walk(tree)
    )


class RepeatWarning:
    """Small models loop on one action; telling them so is what gets them moving again."""

    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        seen = run.memo("repeat_warning")
        key = normalised_code(proposal.action)
        previous = seen.setdefault(key, proposal.step)
        if previous == proposal.step:
            return None
        searched = key.startswith("method_search(")
        return run.prompts.render("repeat.jinja2", previous_step=previous, searched=searched)


def normalised_code(code: str) -> str:
    """Code compared for repetition: layout, quotes and comments do not make an action new."""
    try:
        return ast.unparse(ast.parse(code))
    except (SyntaxError, ValueError, RecursionError):
        return " ".join(code.replace('"', "'").split())


class ApiRaisesHint:
    """An API's own exception, shown with what its docstring says about when it raises and
    what each parameter wants.

    The error message alone ("no book with ISBN 'The Salt Road'") often does not say what would
    work; the documented Raises section and parameter docs usually do ("isbn: the book's
    ISBN-13 (see search_catalog)"). Small models most often fail by passing the wrong kind of
    value, so the parameters of the failing call are the hint that gets them moving.
    """

    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        kinds = _raised_kinds(observation)
        if not kinds:
            return None
        code = failing_code(observation.text, proposal.action)
        called = [(name, run.api_docs[name]) for name in apis_called(code, run.api_docs)]
        lines = [
            f"[documented: `{name}` raises {entry}]"
            for name, doc in called
            for entry in doc.raises
            if _documents(entry.split(":")[0].strip(), kinds, doc.module)
        ]
        lines += [f"[`{doc.signature}` wants: {'; '.join(doc.params)}]" for _, doc in called
                  if doc.params]  # fmt: skip
        return "\n".join(lines) or None


def _raised_kinds(observation: Observation) -> set[str]:
    """The exception names an API's documented Raises may use for this failure; none when it
    is not the API's own (a name, syntax or call-signature error, a timeout).

    The sandbox passes an API's own exception class on as "RuntimeError: BookNotFound: …", so
    the class the docstring names is read back from the message. A TypeError the API's body
    raised is its own; one the sandbox already explained (a call that does not fit the signature)
    carries that hint instead.
    """
    error = observation.error
    if observation.ok or error is None:
        return set()
    if error == "TypeError" and _SANDBOX_HINT not in observation.text:
        return {error}
    if error in _NOT_API_ERRORS:
        return set()
    own = re.search(rf"^{re.escape(error)}: (?P<kind>[A-Za-z_]\w*): ", observation.text, re.M)
    return {error, own["kind"]} if own else {error}


def _documents(documented: str, kinds: set[str], module: str) -> bool:
    """Whether a Raises entry covers the raised kinds: by name, or as their base class, as
    `OSError` covers the `FileNotFoundError` an API's open() raised."""
    if documented in kinds:
        return True
    base = _exception_class(documented, module)
    if base is None:
        return False
    raised = (_exception_class(kind, module) for kind in kinds)
    return any(kind is not None and issubclass(kind, base) for kind in raised)


def _exception_class(name: str, module: str) -> type[BaseException] | None:
    """A builtin exception, or one the API's own module defines or imports."""
    found = getattr(builtins, name, None) or getattr(sys.modules.get(module), name, None)
    return found if isinstance(found, type) and issubclass(found, BaseException) else None


def failing_code(traceback: str, action: str) -> str:
    """The line of the action the traceback points at (the whole action when it names none)."""
    lines = _LINE.findall(traceback)
    return lines[-1] if lines else action
