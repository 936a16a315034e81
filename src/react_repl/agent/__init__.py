"""The ReAct agent: THOUGHT → ACTION (Python in the sandbox) → OBSERVATION, until `stop()`."""

from react_repl.agent._loop import Agent
from react_repl.agent._options import AgentOptions
from react_repl.agent._parse import ParsedReply, parse_reply
from react_repl.agent._prompts import PromptSet
from react_repl.agent._result import RunResult, Status, Usage
from react_repl.agent._transcript import ContextBudgetError

__all__ = [
    "Agent",
    "AgentOptions",
    "ContextBudgetError",
    "ParsedReply",
    "PromptSet",
    "RunResult",
    "Status",
    "Usage",
    "parse_reply",
]
