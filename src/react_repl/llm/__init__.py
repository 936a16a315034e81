"""Model access: any OpenAI-compatible server through the official `openai` client.

`ScriptedServer` is a real OpenAI-compatible server playing scripted replies, for testing and
benchmarking agents offline.
"""

from ._chat import ChatModel
from ._scripted_server import ScriptedReply, ScriptedServer
from ._types import Completion, ModelError, ModelSettings


class ModelCancelled(Exception):
    pass


__all__ = [
    "ChatModel",
    "Completion",
    "ModelError",
    "ModelSettings",
    "ScriptedReply",
    "ScriptedServer",
]
