"""What a run's stages and its plugins share: options, prompts, the transcript, the run's state,
the values passed between stages, events and results.

It sits below `react_repl.hookspecs`, whose hooks take and return these values, and below the
agent and the techniques that use them, so every package imports it one way.
"""

from react_repl.context._answer_type import AnswerInvalid, AnswerType
from react_repl.context._api_docs import (
    ApiDoc,
    api_docs,
    apis_called,
    with_parameter_docs,
    writes_called,
)
from react_repl.context._events import (
    ActionProposed,
    ActionReviewed,
    Event,
    ModelRetried,
    Observed,
    RunEnded,
    RunResult,
    RunStarted,
    Status,
    StepEnded,
    StepStarted,
    TextDelta,
    Usage,
    event_name,
)
from react_repl.context._options import (
    DEFAULT_TECHNIQUES,
    REMOVED_TECHNIQUES,
    AgentOptions,
    check_keys,
    edited_techniques,
    option_fields,
)
from react_repl.context._prompts import PromptSet
from react_repl.context._transcript import ContextBudgetError, Exchange, TokenEstimator, Transcript
from react_repl.context._values import (
    Answer,
    Proposal,
    Review,
    RunContext,
    RunState,
    StepPlan,
    Verdict,
)

__all__ = [
    "DEFAULT_TECHNIQUES",
    "REMOVED_TECHNIQUES",
    "ActionProposed",
    "ActionReviewed",
    "AgentOptions",
    "Answer",
    "AnswerInvalid",
    "AnswerType",
    "ApiDoc",
    "ContextBudgetError",
    "Event",
    "Exchange",
    "ModelRetried",
    "Observed",
    "PromptSet",
    "Proposal",
    "Review",
    "RunContext",
    "RunEnded",
    "RunResult",
    "RunStarted",
    "RunState",
    "Status",
    "StepEnded",
    "StepPlan",
    "StepStarted",
    "TextDelta",
    "TokenEstimator",
    "Transcript",
    "Usage",
    "Verdict",
    "api_docs",
    "apis_called",
    "check_keys",
    "edited_techniques",
    "event_name",
    "option_fields",
    "with_parameter_docs",
    "writes_called",
]
