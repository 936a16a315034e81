"""Asking again when the model repeats an action it already ran.

At temperature 0 a small model that repeats an action repeats it until max steps: the repeat
warning changes the prompt by one line, and the greedy reply stays the same (the 1.5B model sent
`transactions = list_account_transactions(...)` nine times in a row). A repeated action is
therefore re-asked a few times at a higher temperature, with another seed each time, and the first
reply whose action is new is the one that runs. When every sample repeats, the first reply runs
and the repeat warning and loop detection take over.
"""

from __future__ import annotations

from collections.abc import Callable

from react_repl.agent._hints import normalised_code
from react_repl.agent._parse import ParsedReply, parse_reply
from react_repl.agent._transcript import Transcript
from react_repl.llm import Completion


def earlier_actions(transcript: Transcript) -> set[str]:
    return {normalised_code(e.action) for e in transcript.exchanges if e.action}


def unrepeated(
    completion: Completion,
    parsed: ParsedReply,
    ask_again: Callable[[int], Completion],
    tries: int,
    seen: set[str],
) -> tuple[Completion, ParsedReply, str]:
    """The reply to run, and a note for the log when it was re-asked (empty when not)."""
    if tries <= 0 or parsed.action is None or normalised_code(parsed.action) not in seen:
        return completion, parsed, ""
    for attempt in range(1, tries + 1):
        candidate = ask_again(attempt)
        reply = parse_reply(candidate.text)
        if reply.action is not None and normalised_code(reply.action) not in seen:
            return candidate, reply, f"resampled: the first reply repeated an earlier action " \
                                     f"(new action on sample {attempt + 1})"  # fmt: skip
    return completion, parsed, f"resampled: all {tries + 1} samples repeated an earlier action"
