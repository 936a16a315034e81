"""Agent code entered from inside an API call receives what the API passes as a result.

Besides calling a function it was handed (`AgentCallback`), an API can call a method of an
agent object, build an instance of an agent class or run an agent lambda it was given, and agent
code would hold its raw rich object. So every function and lambda an action defines begins by
passing its parameters through `_enter_` (`_compiler.py` inserts it), which wraps them when the
call came from inside an API call. What such code hands back goes through `leaving` and crosses
like an argument; what resumes a `yield` goes through `step`.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Generator
from types import CodeType, FrameType
from typing import Any

from ._boundary import Boundary
from ._callbacks import AgentCallback, thrown_in
from ._kinds import AGENT_FILES, HandOverRefused
from ._plain import ATOMS
from ._wrappers import ApiFunction

_API_CALL: CodeType = ApiFunction.__call__.__code__
_CALLBACK_CALL: CodeType = AgentCallback.__call__.__code__


class EntryGuard:
    """`_enter_` in the namespace. Compiled code tests `_enter_.boundary.calls_under_way` inline
    and calls the guard only while an API call is under way; outside API calls a return passes
    through `kept`, which costs one call and no frame walk."""

    __slots__ = ("boundary",)

    def __init__(self, boundary: Boundary) -> None:
        self.boundary = boundary

    def __call__(self, *values: Any) -> tuple[Any, ...]:
        if self.boundary.handing_over:
            raise HandOverRefused
        caller = sys._getframe(2)
        # a callback has just made these safe, and all the rest
        if caller.f_code is _CALLBACK_CALL or not _inside_an_api_call(caller):
            return values
        return self.boundary.enter(values)

    @staticmethod
    def kept(value: Any) -> Any:
        """What agent code returns while no API call is under way: nothing can take it."""
        return value

    def leaving(self, value: Any) -> Any:
        """What agent code returns or yields: to an API, it crosses like an argument (a number
        or a string, what key functions return, crosses as itself either way)."""
        if type(value) in ATOMS or not _inside_an_api_call(sys._getframe(2)):
            return value
        return self.boundary.handed_back(value)

    def pulled(self) -> bool:
        """A step of a generator expression (`_compiler.py`): when an API iterates it, what
        the agent passed in is made safe before the step's conditions and element run."""
        if self.boundary.handing_over:
            raise HandOverRefused
        if _inside_an_api_call(sys._getframe(2)):
            self.boundary.enter(())
        return True

    def step(self, value: Any) -> Generator[Any, Any, Any]:
        """One `yield` of agent code, written `yield from _enter_.step(x)`, so whatever resumes the
        generator resumes this first. An API holding the raw generator can `send()`, `throw()` or
        `close()` it: each is an entry, so what the calls under way were given is made safe before
        the generator's own code runs, and a thrown error crosses rebuilt as an API's errors do."""
        generator = sys._getframe(1)  # the agent's generator: delegating, it resumes this one
        try:
            received = yield value
        except BaseException as error:
            if not self._resumed_by_an_api(generator):
                raise
            self.boundary.enter(())
            raise thrown_in((error,)) from None
        if not self._resumed_by_an_api(generator):
            return received
        return self.boundary.enter((received,))[0]

    def _resumed_by_an_api(self, generator: FrameType) -> bool:
        """`close()` resumes this frame directly, `send()` and `throw()` through the agent's
        generator: whoever resumed the generator is the first frame that is not it."""
        if not self.boundary.calls_under_way:
            return False
        if self.boundary.handing_over:
            raise HandOverRefused
        caller = sys._getframe(2)
        return _inside_an_api_call(caller.f_back if caller is generator else caller)


def _inside_an_api_call(frame: FrameType | None) -> bool:
    """Walks out from the caller: agent code first means agent code called it; an API call's
    wrapper first means an API did. With neither, the sandbox itself called it (a `__repr__`
    for the observation) on the main thread, and on any other a thread an API started."""
    while frame is not None:
        code = frame.f_code
        if code.co_filename.startswith(AGENT_FILES):
            return False
        if code is _API_CALL:
            return True
        frame = frame.f_back
    return threading.current_thread() is not threading.main_thread()
