"""The functions shown with the task, before the model's first reply (`task_search`,
`program_first`).

A small model's own first query is often a vague paraphrase that lands on the wrong domain and
anchors the whole run there; the task's own words seldom do. For `program_first` the model is to
write the whole solution at once, so each function comes with what it wants and what it returns
(it cannot print a record first to learn its keys), and the rest of the best hit's module comes
too: a task's steps usually live in one service, and the task's words match only some of them
(measured on the multistep suite with 1,000 distractors: every needed function in the top 8 for
18 of 34 tasks, with the top hit's module for 31).
"""

from __future__ import annotations

from collections.abc import Mapping

from react_repl.agent._context import ApiDoc
from react_repl.agent._hints import hit_name, with_parameter_docs

MAX_MODULE_SIZE = 12  # a larger module is a library, not one service: its hits stand alone


def found_for_task(
    hits: str,
    *,
    docs: Mapping[str, ApiDoc],
    full: bool,
) -> str:
    """`hits` (method_search over the task) as shown with the task."""
    if not full:
        return with_parameter_docs(hits, docs)
    listed = [line for line in hits.splitlines() if line.strip() and not line[0].isspace()]
    names = [hit_name(line) for line in listed]
    siblings = [name for name in module_of(names[0], docs) if name not in names] if names else []
    entries = [_documented(line, name, docs) for line, name in zip(listed, names, strict=True)]
    entries += [_documented(_hit_line(docs[name]), name, docs) for name in siblings]
    return "\n".join(entries)


def module_of(name: str, docs: Mapping[str, ApiDoc]) -> list[str]:
    """The APIs defined in the same module as `name`, when that module is one small service."""
    doc = docs.get(name)
    if doc is None or not doc.module:
        return []
    members = [other for other, entry in docs.items() if entry.module == doc.module]
    return members if len(members) <= MAX_MODULE_SIZE else []


def _hit_line(doc: ApiDoc) -> str:
    """The line method_search would print for the API `doc` describes."""
    return f"`{doc.signature}`: {doc.summary}" if doc.summary else f"`{doc.signature}`"


def _documented(line: str, name: str, docs: Mapping[str, ApiDoc]) -> str:
    doc = docs.get(name)
    if doc is None:
        return line
    details = [f"    {param}" for param in doc.params]
    details += [f"    returns: {doc.returns}"] if doc.returns else []
    return "\n".join([line, *details])
