"""The ReAct agent: THOUGHT → ACTION (Python in the sandbox) → OBSERVATION, until `stop()`."""

from react_repl.agent._agent import Agent
from react_repl.agent._approval import ApprovalRequest, Approver
from react_repl.agent._ask_user import AskUser, ScriptedAnswers
from react_repl.agent._context import (
    Answer,
    ApiDoc,
    Proposal,
    Review,
    RunContext,
    RunState,
    Verdict,
)
from react_repl.agent._continuation import ContinuationError
from react_repl.agent._events import (
    ActionProposed,
    ActionReviewed,
    Event,
    ModelRetried,
    Observed,
    RunEnded,
    RunStarted,
    StepEnded,
    StepStarted,
    TextDelta,
    event_name,
)
from react_repl.agent._handle import RunHandle
from react_repl.agent._options import AgentOptions
from react_repl.agent._parse import ParsedReply, parse_reply
from react_repl.agent._profiles import PROFILES, ModelProfile, profile_for
from react_repl.agent._prompts import PromptSet
from react_repl.agent._result import RunResult, Status, Usage
from react_repl.agent._transcript import ContextBudgetError

__all__ = [
    "PROFILES",
    "ActionProposed",
    "ActionReviewed",
    "Agent",
    "AgentOptions",
    "Answer",
    "ApiDoc",
    "ApprovalRequest",
    "Approver",
    "AskUser",
    "ContextBudgetError",
    "ContinuationError",
    "Event",
    "ModelProfile",
    "ModelRetried",
    "Observed",
    "ParsedReply",
    "PromptSet",
    "Proposal",
    "Review",
    "RunContext",
    "RunEnded",
    "RunHandle",
    "RunResult",
    "RunStarted",
    "RunState",
    "ScriptedAnswers",
    "Status",
    "StepEnded",
    "StepStarted",
    "TextDelta",
    "Usage",
    "Verdict",
    "event_name",
    "parse_reply",
    "profile_for",
]
