"""Agent code the sandbox itself runs while it makes an API call's results safe.

Found by red-teaming, not fixed yet: after a call, the sandbox replaces the rich objects an API
put into the agent's containers with handles, one container after another. Rebuilding a set
hashes its members, so an agent class's `__hash__` runs in the middle of that, and it can read
a container that is not yet checked (through a global) and keep the raw object somewhere the
sandbox never looks. The same holds for `__hash__`/`__eq__` of agent keys when a dict is
rebuilt, and of agent objects in a result copied on the way out. See docs/sandbox.md, "What it
does not guarantee".
"""

from __future__ import annotations

import pytest
import secret_api

from react_repl.sandbox import Sandbox

GRAB_DURING_SET_REBUILD = """
GRAB = []
class Member:
    def __hash__(self):
        for item in LATER:
            GRAB.append(item)
        return 1
LATER = []
members = {Member()}
stash_inside([LATER, members])
"""


@pytest.mark.xfail(strict=True, reason="open hole: agent __hash__ runs while settling")
def test_a_hash_run_while_settling_sees_no_raw_object() -> None:
    with Sandbox([secret_api.stash_inside]) as box:
        box.run(GRAB_DURING_SET_REBUILD)
        assert box.run("print(GRAB)").text in ("[]", "[<handle: <Picture width=8>>]")
