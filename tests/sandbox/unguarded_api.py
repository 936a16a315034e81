"""An API that runs any Python it is given with the full interpreter: RestrictedPython and every
guard switched off, as if agent code had broken through both. Only the OS layer is left."""

from __future__ import annotations


def run_unguarded(code: str) -> str:
    """Runs `code` with all builtins; returns 'ok' or the error's type and errno."""
    try:
        exec(code, {})
    except BaseException as error:  # the test reads which wall answered
        return f"{type(error).__name__} errno={getattr(error, 'errno', None)}"
    return "ok"
