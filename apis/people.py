"""The person the agent works for: a question to them, answered at their terminal or by the app.

`ask_user` is indexed like any API so that method_search finds it. When a run has someone to
answer (the CLI at a terminal, a library callback, a benchmark's scripted answers) the agent
replaces this stand-in with the real thing; otherwise calling it says that no one can answer.
"""

from __future__ import annotations

__all__ = ["ask_user"]


def ask_user(question: str) -> str:
    """Ask the user (the person you are working for) a question and get their answer.

    Use it when the task leaves open something only they can decide or know: a choice between
    options, a missing detail, a confirmation. Ask one short, specific question at a time.

    Args:
        question: The question, as you would ask a person.

    Returns:
        The user's answer as text.

    Raises:
        RuntimeError: No one can answer questions in this run; decide with what you have, or
            stop and say what you would need to know.
    """
    raise RuntimeError(
        "No one can answer questions in this run: decide with what you have, or call stop() "
        "and say what you would need to know."
    )
