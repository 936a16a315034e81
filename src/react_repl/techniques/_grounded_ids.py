"""Identifiers the model made up, sent back before the call runs.

The 1.5B model's multistep logs show it passing ids that nothing gave it: the `e.g.` value of a
parameter's documentation (`count_leave_days("E-112", …)` for the employee the task names,
`get_student_scores("S-01", …)` for another student) or an invented one (`"M-1187-5520"` built
from a card number, an IBAN, an ISBN). When the made-up id happens to exist, the call succeeds
with somebody else's record, and a write goes to the wrong place; when it does not, the run
spends its steps on the error. In a run whose data comes from APIs, an id that neither the task
nor any observation has shown cannot be the task's, so the action is sent back, with where the
value came from and what the parameter wants, at most `MAX_REJECTIONS` times per value.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from react_repl.context import ApiDoc, Proposal, Review, RunContext
from react_repl.hookspecs import hookimpl

MAX_REJECTIONS = 2
FINDER_SEARCH_K = 8
FINDERS_SHOWN = 1  # the second hit was another domain's finder each time, and was followed
_ID_SUFFIX = re.compile(r"_(?:id|ids|code|number|no|ref|reference)$")
_ID_PARAMETER = re.compile(
    r"(?:^|_)(?:id|ids|sku|iban|isbn|code|number|no|ref|reference|email|plate)$", re.IGNORECASE
)
_QUOTED_EXAMPLE = re.compile(r""",?\s*\b(?:e\.g\.|for example|such as)\s*["'][^"']*["']""")
_EXAMPLE_CLAUSE = re.compile(r"\b(?:e\.g\.|for example|such as)[^;\n]*", re.IGNORECASE)
_QUOTED = re.compile(r"""["']([^"'\n]{2,60})["']""")
_IDENTIFIER = re.compile(r"\S{3,60}")
_HAS_DIGIT_OR_AT = re.compile(r"[0-9@]")
_HAS_LETTER = re.compile(r"[A-Za-z]")
_CODE = re.compile(r"[A-Z]{1,4}-[A-Z0-9]{2,}")  # D-NWG: an id made of capitals and a dash
_NOT_AN_ID = re.compile(
    r"\d{4}-\d{2}(?:-\d{2})?(?:[T ]\d{2}:\d{2}(?::\d{2})?)?"  # dates and times
    r"|\d{1,2}:\d{2}(?::\d{2})?|[-+]?[\d.,_]+%?"
    r"|%.*|[\w.-]+\.[A-Za-z][A-Za-z0-9]{0,4}"  # formats and file names
    r"|.*[/\\].*"  # paths and addresses: the agent may name a file it is about to write
)
_NOT_CHECKED_CALLS = {"print", "method_search", "stop"}


@dataclass(frozen=True)
class Suspect:
    """A literal the action passes that nothing in the run has shown."""

    value: str
    api: str = ""  # the API whose parameter receives it, when the action says so directly
    parameter: str = ""
    example_of: str = ""  # "api (parameter)" when the value is a documentation example


class GroundedIds:
    @hookimpl
    def review_action(self, run: RunContext, proposal: Proposal) -> Review | None:
        rejected = run.memo("grounded_ids")
        seen = _seen_text(run, set(rejected.get("steps", [])))
        for suspect in suspects(proposal.action, run.api_docs, seen):
            counts = rejected.setdefault("values", {})
            if counts.get(suspect.value, 0) >= MAX_REJECTIONS:
                continue
            counts[suspect.value] = counts.get(suspect.value, 0) + 1
            rejected.setdefault("steps", []).append(proposal.step)
            return Review.reject(_reason(run, suspect))
        return None


def suspects(code: str, docs: dict[str, ApiDoc], seen: str) -> Iterator[Suspect]:
    """Identifier-like string literals in `code` that `seen` (task and observations) lacks."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return
    examples = documented_examples(docs)
    for value, api, parameter in _passed_literals(tree, docs):
        if not looks_like_id(value) or was_seen(value, seen):
            continue
        if api and parameter and not wants_an_id(parameter, docs[api]):
            continue  # a search text: looking a guess up is how the model finds the real value
        sources = examples.get(value, {})
        source = api if api in sources else next(iter(sources), "")
        parameter = parameter or sources.get(source, "")
        example_of = f"{source} ({sources[source]})" if source else ""
        yield Suspect(value, api or source, parameter, example_of)


def wants_an_id(parameter: str, doc: ApiDoc) -> bool:
    """Whether the parameter takes a record's id, by its name or by its documented example."""
    if _ID_PARAMETER.search(parameter):
        return True
    return any(looks_like_id(value) for value in _examples_in(doc.described(parameter)))


def looks_like_id(value: str) -> bool:
    """An id, code, e-mail or reference: one token mixing letters with digits (or `@`)."""
    if not _IDENTIFIER.fullmatch(value) or _NOT_AN_ID.fullmatch(value):
        return False
    return bool(_HAS_LETTER.search(value)) and (
        bool(_HAS_DIGIT_OR_AT.search(value)) or bool(_CODE.fullmatch(value))
    )


def documented_examples(docs: dict[str, ApiDoc]) -> dict[str, dict[str, str]]:
    """Each quoted `e.g.` value of a parameter's documentation -> {api: parameter}."""
    examples: dict[str, dict[str, str]] = {}
    for api, doc in docs.items():
        for param in doc.params:
            name, _, description = param.partition(":")
            for value in _examples_in(description):
                examples.setdefault(value, {}).setdefault(api, name.strip())
    return examples


def _examples_in(description: str) -> list[str]:
    """The quoted values of a parameter description's `e.g.` clauses."""
    return [
        value
        for clause in _EXAMPLE_CLAUSE.findall(description)
        for value in _QUOTED.findall(clause)
    ]


def _passed_literals(tree: ast.AST, docs: dict[str, ApiDoc]) -> Iterator[tuple[str, str, str]]:
    """(value, api, parameter) for string literals outside print/search/stop calls."""
    skipped: set[int] = set()
    direct: dict[int, tuple[str, str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id in _NOT_CHECKED_CALLS:
            skipped.update(id(inner) for arg in _arguments(node) for inner in _outside_calls(arg))
        elif node.func.id in docs:
            direct.update(_bound_parameters(node, node.func.id, docs[node.func.id]))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
        ):
            api, parameter = direct.get(id(node), ("", ""))
            yield node.value.strip(), api, parameter


def _arguments(call: ast.Call) -> list[ast.expr]:
    return [*call.args, *(keyword.value for keyword in call.keywords)]


def _outside_calls(node: ast.AST) -> Iterator[ast.AST]:
    """`node` and what it contains, but not inside calls: `print(get_x("E-1"))` passes "E-1"."""
    yield node
    if not isinstance(node, ast.Call):
        for child in ast.iter_child_nodes(node):
            yield from _outside_calls(child)


def _bound_parameters(call: ast.Call, api: str, doc: ApiDoc) -> dict[int, tuple[str, str]]:
    """Each argument node of the call -> (api, the parameter it binds to)."""
    bound = {id(arg): (api, name) for arg, name in zip(call.args, doc.parameters, strict=False)}
    bound.update({id(keyword.value): (api, keyword.arg or "") for keyword in call.keywords})
    return bound


def _seen_text(run: RunContext, rejected_steps: set[int]) -> str:
    """The task and every observation, without documentation examples or our own rejections."""
    observations = [
        exchange.observation for exchange in run.exchanges if exchange.step not in rejected_steps
    ]
    return _EXAMPLE_CLAUSE.sub(" ", "\n".join([run.task, *observations]))


def was_seen(value: str, text: str) -> bool:
    """Whether `text` shows `value` as a whole token, in any case and with any separators, so
    "KX-482-B" was seen as "kx482b" or "KX 482 B" but "E-112" is not seen in "the 112"."""
    characters = [re.escape(c) for c in value.lower() if c.isalnum() or c == "@"]
    if not characters:
        return True
    pattern = r"[\s._/-]?".join(characters)
    return re.search(rf"(?<![0-9a-z]){pattern}(?![0-9a-z])", text.lower()) is not None


def _reason(run: RunContext, suspect: Suspect) -> str:
    doc = run.api_docs.get(suspect.api)
    wants = doc.described(suspect.parameter) if doc else ""
    return run.prompts.render(
        "ungrounded.jinja2",
        value=suspect.value,
        example_of=suspect.example_of,
        wants=_QUOTED_EXAMPLE.sub("", wants),
        finders=_finders(run, suspect.parameter),
    )


def _finders(run: RunContext, parameter: str) -> str:
    """Functions that look the value up: what the model should call instead of guessing.

    The model was told "find the real value" and, in the first measured runs, passed the same
    example again; naming the lookup function (found by searching for the parameter's noun, less
    the functions that themselves want the value) gives it the step to take.
    """
    noun = _ID_SUFFIX.sub("", parameter).replace("_", " ").strip()
    if run.method_search is None or not noun:
        return ""
    try:
        hits = run.method_search(f"find {noun}", k=FINDER_SEARCH_K)
    except Exception:  # a failed hint must never fail the step
        return ""
    if not isinstance(hits, str):
        return ""
    lines = [line for line in hits.splitlines() if line.startswith("`")]
    wants_it = re.compile(rf"[(,]\s*{re.escape(parameter)}\s*:")
    return "\n".join([line for line in lines if not wants_it.search(line)][:FINDERS_SHOWN])
