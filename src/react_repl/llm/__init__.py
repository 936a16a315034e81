"""Model access: any OpenAI-compatible server through the official `openai` client.

`ChatModel.complete` streams each reply (text pieces to a callback as they arrive), cuts stop
strings outside code only, bounds hangs and retries, and can be cancelled from another thread.
`ScriptedServer` is a real OpenAI-compatible server playing scripted replies and faults, for
testing and benchmarking agents offline; it loads on first use (`http.server` and its own
code are not worth importing on the way to a run's first model request).
"""

from typing import TYPE_CHECKING

from react_repl._lazy import lazy_exports

from ._chat import ChatModel, list_model_entries, openai_client
from ._text import (
    Fence,
    action_index,
    cut_at_stop,
    fenced_blocks,
    reasoning_end,
    stop_cut,
)
from ._transfer import Transfer
from ._types import Completion, ModelCancelled, ModelError, ModelSettings, RetryRecord
from ._wire import Fault, ScriptedReply

if TYPE_CHECKING:
    from ._scripted_server import ScriptedServer

__all__ = [
    "ChatModel",
    "Completion",
    "Fault",
    "Fence",
    "ModelCancelled",
    "ModelError",
    "ModelSettings",
    "RetryRecord",
    "ScriptedReply",
    "ScriptedServer",
    "Transfer",
    "action_index",
    "cut_at_stop",
    "fenced_blocks",
    "list_model_entries",
    "openai_client",
    "reasoning_end",
    "stop_cut",
]

__getattr__ = lazy_exports(__name__, {"ScriptedServer": "._scripted_server"})
