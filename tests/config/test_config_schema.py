"""The schema is declared once, next to the objects it configures: it must not drift from them.

A field added to AgentOptions, ModelSettings or Sandbox without its key in the schema would make
the config file reject a setting the code supports; these tests name the missing key.
"""

from __future__ import annotations

import dataclasses
import inspect

from react_repl.agent import AgentOptions
from react_repl.config import AgentTable, ModelTable, SandboxTable
from react_repl.llm import ModelSettings
from react_repl.sandbox import Sandbox

NOT_CONFIGURABLE_MODEL = {"retry_max_delay"}  # a safety cap, not a setting users tune
SET_BY_THE_AGENT = {"host_functions"}


def test_agent_table_has_every_agent_option() -> None:
    options = {field.name for field in dataclasses.fields(AgentOptions)}
    assert set(AgentTable.model_fields) == options


def test_model_table_has_every_model_setting() -> None:
    settings = {field.name for field in dataclasses.fields(ModelSettings)}
    assert set(ModelTable.model_fields) == settings - NOT_CONFIGURABLE_MODEL


def test_sandbox_table_has_every_sandbox_keyword() -> None:
    parameters = inspect.signature(Sandbox.__init__).parameters.values()
    keywords = {p.name for p in parameters if p.kind is p.KEYWORD_ONLY} - SET_BY_THE_AGENT
    assert set(SandboxTable.model_fields) == keywords | {"env_passthrough"}
