"""An answer given before the change the task asks for was made is sent back, unrun.

In the published 1.5B multistep runs the model often answered the question part of a task and
skipped its change: clinic-cancel-next-visit named the right doctor in every run and never
cancelled the appointment; hr-request-annual-leave answered the leave balance before submitting
the request; rooms-book-projector-room answered a room it never booked. A task that says "Cancel
it" or "Book the cheapest flight" needs a call of a function that changes data, and whether one
ran is known without asking the model: the sandbox counts each action's API calls.

A requested change is a word that opens a clause of the task ("Cancel it", ", then book ...",
"Please renew ...") and is the first word of the name or of the docstring summary of an API
declared with side effects (`cancel_appointment`; `transfer_stock`, "Move units of a product").
Words that open the answer's part of a task ("Return only the number", "Answer with") and a
word naming a record ("Order 5512: where is it?", "order #5512") are not changes. Only declared
writes count: a pure function's name says nothing about what the task wants done. An action that
calls stop() when no API of that verb ran in an earlier action, and its own code calls none, is
sent back once, unrun, naming the functions that make the change; a second stop() is accepted,
since a task can turn out to need no change ("renew every loan due by Friday" with none due).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from react_repl._hit_listing import hit_names
from react_repl.agent._context import ApiDoc, Proposal, Review, RunContext, apis_called
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation

MEMO = "pending_change"
MAX_SEND_BACKS = 1
FUNCTIONS_SHOWN = 3
TASK_HITS = 20  # the task's own hits, which order the functions a note names
_CLAUSE_OPENING = re.compile(
    r"(?:^|[.!?:;]\s+|,\s+|\b(?:then|and)\s+)"
    r"(?:(?i:please|then|also|now|just|kindly)\s+)*"  # "Please cancel", "and then book"
    r"(?P<verb>[A-Za-z]{3,})\b(?!\s*(?:#|\d+\s*[:?]|\?))"  # "Order 5512: when ..." is a record
)
_NOT_CHANGES = {"return", "answer", "round", "tell", "give", "show", "list", "let", "report"}
_STOP_CALL = re.compile(r"\bstop\s*\(")
_FRAME = re.compile(
    r"^  line \d+(?: of an earlier action \([^)]*\))?(?:, in \w+)?: (?P<code>.*)$", re.MULTILINE
)


class PendingChange:
    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        made = writes_made(observation, run.api_docs)
        if made:
            memo = run.memo(MEMO)
            memo["made"] = sorted({*memo.get("made", []), *made})
        return None

    @hookimpl
    def review_action(self, run: RunContext, proposal: Proposal) -> Review | None:
        if not _STOP_CALL.search(proposal.action):
            return None
        memo = run.memo(MEMO)
        if memo.get("sent_back", 0) >= MAX_SEND_BACKS:
            return None
        made = {*memo.get("made", []), *apis_called(proposal.action, run.api_docs)}
        missing = {
            verb: names
            for verb, names in requested_changes(run.task, run.api_docs).items()
            if not made & set(names)
        }
        if not missing:
            return None
        memo["sent_back"] = memo.get("sent_back", 0) + 1
        verb, names = next(iter(missing.items()))
        return Review.reject(
            run.prompts.render(
                "pending_change.jinja2",
                verb=verb,
                functions="\n".join(_signatures(run, names)),
            )
        )


def requested_changes(task: str, docs: Mapping[str, ApiDoc]) -> dict[str, list[str]]:
    """Each change the task asks for (a clause-opening verb), with the declared writes that make
    it, in the task's order."""
    writes: dict[str, set[str]] = {}
    for name, doc in docs.items():
        if doc.side_effects:
            for verb in _verbs(name, doc):
                writes.setdefault(verb, set()).add(name)
    verbs = [match["verb"].lower() for match in _CLAUSE_OPENING.finditer(task)]
    return {verb: sorted(writes[verb]) for verb in dict.fromkeys(verbs) if verb in writes}


def _verbs(name: str, doc: ApiDoc) -> set[str]:
    """What a write does, in the words a task would use: its name's first word
    (`issue_refund`) and its summary's ("Refund part or all of an order")."""
    words = [name.split("_", 1)[0], *doc.summary.split()[:1]]
    return {word.strip(".,:;").lower() for word in words if word} - _NOT_CHANGES


def writes_made(observation: Observation, docs: Mapping[str, ApiDoc]) -> list[str]:
    """The declared writes an action called, less those that raised.

    The sandbox counts a call before it runs, so in a failed action a write named in any frame
    of the traceback is taken to have raised, unless it was called more than once (an earlier
    call in a loop may have worked). Counting a write that raised as made costs only the
    send-back; missing one that was made could get it done twice.
    """
    called = [name for name in observation.api_calls if name in docs and docs[name].side_effects]
    if observation.ok or not called:
        return called
    frames = "\n".join(_FRAME.findall(observation.text))
    return [
        name
        for name in called
        if observation.api_calls[name] > 1 or not re.search(rf"\b{re.escape(name)}\b", frames)
    ]


def _signatures(run: RunContext, names: list[str]) -> list[str]:
    """The functions' signatures, those the task's own search ranks first leading."""
    ranked: list[str] = []
    if run.method_search is not None:
        try:
            ranked = hit_names(run.method_search(run.task, k=TASK_HITS)) or []
        except Exception:  # a failed search must never fail the step
            ranked = []
    order = {name: rank for rank, name in enumerate(ranked)}
    chosen = sorted(names, key=lambda name: order.get(name, len(order)))[:FUNCTIONS_SHOWN]
    return [f"`{run.api_docs[name].signature}`" for name in chosen]
