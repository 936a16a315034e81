"""Constrained replies: a llama.cpp grammar that only admits a THOUGHT and one ACTION.

Small models drift from the format: no fence, two code blocks, a made-up OBSERVATION, prose after
the code. llama.cpp can restrict sampling to a GBNF grammar, so the server cannot produce a reply
the parser would reject, and generation ends at the closing fence (no wasted tokens on an
invented observation). Thoughts are a few lines without backticks; code is up to 40 lines without
backticks, which Python almost never needs. Only the step's own reply is constrained: plans,
critic verdicts and the wrap-up are free text.
"""

from __future__ import annotations

MAX_THOUGHT_LINES = 4
MAX_CODE_LINES = 40

REPLY_GRAMMAR = rf"""
root      ::= thought action
thought   ::= "THOUGHT" number? ":" " "? text ("\n" text){{0,{MAX_THOUGHT_LINES - 1}}} "\n"
action    ::= "ACTION" number? ":\n```python\n" codeline{{1,{MAX_CODE_LINES}}} "```"
number    ::= " " [0-9] [0-9]?
text      ::= [^\n`] [^\n`]*
codeline  ::= [^`\n]* "\n"
""".strip()


def grammar_request() -> dict[str, str]:
    """The request fields llama-server reads (`grammar` in its OpenAI-compatible endpoint)."""
    return {"grammar": REPLY_GRAMMAR}
