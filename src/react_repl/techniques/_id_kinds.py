"""An id of one kind passed where another kind is wanted: name the functions that take it.

In a `program_first` probe the 1.5B model called `get_order(customer["id"])` five times in a row,
each failing with "No order with id 'C-1002'; order ids look like O-5001": the customer's id is
what `list_customer_orders` takes, and nothing said so. Each id parameter's documented `e.g.`
value gives it a shape (`"C-1001"` -> `C-9999`); a failing call whose error quotes a value of
another parameter's shape gets the functions of the same module that take such ids. Other
modules are left out: a finder from another domain led small models away every time.
"""

from __future__ import annotations

import re

from react_repl.context import ApiDoc, Proposal, RunContext, apis_called
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation
from react_repl.techniques._grounded_ids import documented_examples, looks_like_id
from react_repl.techniques._hints import failing_code

MAX_TAKERS = 3
_QUOTED = re.compile(r"""'([^'\s]{2,64})'|"([^"\s]{2,64})\"""")


class IdKindHint:
    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        if observation.ok or not observation.error:
            return None
        failing = apis_called(failing_code(observation.text, proposal.action), run.api_docs)
        if not failing:
            return None
        error_line = _error_line(observation.text, observation.error)
        for value in _quoted_ids(error_line):
            hint = _takers_hint(value, failing, run.api_docs)
            if hint:
                return hint
        return None


def shape(value: str) -> str:
    """What ids of one kind share: their letters and punctuation, with digits as 9."""
    return re.sub(r"\d", "9", value)


def _error_line(text: str, error: str) -> str:
    lines = [line for line in text.splitlines() if line.startswith(f"{error}:")]
    return lines[-1] if lines else ""


def _quoted_ids(line: str) -> list[str]:
    values = [single or double for single, double in _QUOTED.findall(line)]
    return [value for value in values if looks_like_id(value) and "@" not in value]


def _takers_hint(value: str, failing: list[str], docs: dict[str, ApiDoc]) -> str:
    """The same-module functions whose id parameter takes `value`'s shape, when the failing
    functions' own id parameters take another shape."""
    examples = documented_examples(docs)
    takers: dict[str, tuple[str, str]] = {}
    for example, parameters in examples.items():
        if shape(example) != shape(value):
            continue
        for api, parameter in parameters.items():
            takers.setdefault(api, (parameter, example))
    if not takers or any(api in takers for api in failing):
        return ""
    modules = {docs[api].module for api in failing}
    near = [api for api in sorted(takers) if docs[api].module in modules][:MAX_TAKERS]
    if not near:
        return ""
    listed = ", ".join(f"{api}({takers[api][0]})" for api in near)
    parameter, example = takers[near[0]]
    return (
        f"[{value!r} has the form of a {parameter} (e.g. {example!r}), not of what "
        f"{' / '.join(failing)} takes. Functions that take it: {listed}.]"
    )
