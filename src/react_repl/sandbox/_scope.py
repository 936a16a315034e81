"""Which threads act for the action now running.

An API may leave a thread running after it returns (a background download, a polling client,
`threading.Timer`), and that thread may print or run an agent callback at any later time. What
it does after its action ended must not be attributed to a later one: its output would read as
the model's next action printing it, and its API calls would happen in an action that never made
them. A host function called from it between actions would even read the parent's next request
as its reply and break the protocol. So output, API calls and host calls count only from the
main thread and from threads started while the action runs, and only until it ends; the rest is
dropped (output) or refused (calls). The thread itself is not stopped: Python cannot stop a
thread, and it dies with the worker. The rule goes by when a thread started, as nothing tells
whom a thread works for: a pool an API keeps between actions counts only in the first.
"""

from __future__ import annotations

import threading


class ActionScope:
    __slots__ = ("_earlier", "_main", "_running")

    def __init__(self) -> None:
        self._main = threading.main_thread().ident
        self._earlier: frozenset[threading.Thread] = frozenset()
        self._running = False

    def begin(self) -> None:
        """Threads alive now were started before this action: none of them acts for it."""
        self._earlier = frozenset(threading.enumerate())
        self._running = True

    def end(self) -> None:
        self._running = False
        self._earlier = frozenset()

    def admits(self) -> bool:
        """The calling thread acts for the action now running."""
        if not self._running:
            return False
        if threading.get_ident() == self._main:
            return True
        return threading.current_thread() not in self._earlier

    def check(self, name: str) -> None:
        if not self.admits():
            raise RuntimeError(
                f"{name}() was called from a thread whose action has ended; not called"
            )
