"""The one place a benchmark attempt's Agent is built.

The agent package is being reshaped; keeping every bench use of its constructor here means a
change there is a change in one function, and every attempt is built the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from react_repl.agent import Agent, AgentOptions, AskUser, ScriptedAnswers
from react_repl.llm import ChatModel, ModelSettings
from react_repl.sandbox import SandboxSettings


def build_agent(
    model: ModelSettings,
    options: AgentOptions,
    *,
    apis: Mapping[str, Callable[..., Any]],
    method_search: Callable[..., str],
    sandbox: Mapping[str, Any],
    env: Mapping[str, str],
    logs_dir: Path,
    log_settings: Mapping[str, Any],
    bench_run: str,
    user_answers: Sequence[str] | None = None,
) -> Agent:
    """`bench_run` lands in every log's header, so `react-repl logs list --bench RUN` finds them.

    `user_answers` are the person's replies to ask_user, in order; None: no one answers.
    """
    plugins = [] if user_answers is None else [AskUser(ScriptedAnswers(user_answers))]
    return Agent(
        ChatModel(model),
        apis=apis,
        method_search=method_search,
        options=options,
        logs_dir=logs_dir,
        sandbox_settings=cast(SandboxSettings, {**sandbox, "env": dict(env)}),
        log_settings=log_settings,
        bench_run=bench_run,
        plugins=plugins,
    )
