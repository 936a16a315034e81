"""What `stop()` leaves behind: an answer, and an action that cannot go on.

`StopAction` is a BaseException, so an agent's bare `except:`, `except BaseException`, a
`finally` or a context manager whose `__exit__` returns True would catch it, and the code after
it would run unseen (the capture is closed) after the answer was given: paying, booking,
writing. So the flag in `StopState` is the truth, and the places where an action would go on
check it and unwind again: the compiler puts a check at the start of every except handler and
`finally` block and after every `with` (see `_compiler.py`), and every API and host function
wrapper checks it before and after the call (see `_wrappers.py`). What Python itself runs while
the stop unwinds (an agent's `__exit__`, an except clause's type expression) is not checked, but
it can reach no API and print nothing, as the capture is closed.
"""

from __future__ import annotations

from typing import Any


class StopAction(BaseException):  # a control-flow signal, not an error
    """Unwinds the action after `stop()`."""


class StopState:
    """`_stop_` in the namespace: the compiled checks read `stopped` inline, so an action that
    never stops pays one attribute lookup per handler, `finally` and `with`."""

    __slots__ = ("answer", "stopped")

    def __init__(self) -> None:
        self.stopped = False
        self.answer: Any = None

    def reset(self) -> None:
        self.stopped, self.answer = False, None

    def unwind(self) -> None:
        """Raises the stop again where agent code (or an API) would have carried on past it."""
        if self.stopped:
            raise StopAction
