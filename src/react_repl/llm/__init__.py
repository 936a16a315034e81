"""Model access: any OpenAI-compatible server through the official `openai` client.

`ChatModel.complete` streams each reply (text pieces to a callback as they arrive), cuts stop
strings outside code only, bounds hangs and retries, and can be cancelled from another thread.
`ScriptedServer` is a real OpenAI-compatible server playing scripted replies and faults, for
testing and benchmarking agents offline.
"""

from ._chat import ChatModel, openai_client
from ._scripted_server import ScriptedServer
from ._text import (
    Fence,
    action_index,
    cut_at_stop,
    fenced_blocks,
    reasoning_end,
    stop_cut,
)
from ._types import Completion, ModelCancelled, ModelError, ModelSettings, RetryRecord
from ._wire import Fault, ScriptedReply

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
    "action_index",
    "cut_at_stop",
    "fenced_blocks",
    "openai_client",
    "reasoning_end",
    "stop_cut",
]
