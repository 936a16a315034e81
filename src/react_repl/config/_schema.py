"""The config file's schema, declared once: every table, every key and its type.

Each table is a pydantic model that forbids unknown keys, so a typo is an error naming the key
and its table instead of a setting silently ignored. Strict mode keeps TOML's types honest
(`max_tokens = "512"` or `stream = 1` are errors; an int is accepted where a float is meant).
A key left out is None: "not set here", so the defaults stay declared once, in the objects
they configure (`ModelSettings`, `AgentOptions`, `Sandbox`), and `config show` can tell a
default from a value that happens to equal it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

PositiveInt = Annotated[int, Field(gt=0)]
Count = Annotated[int, Field(ge=0)]
Seconds = Annotated[float, Field(gt=0)]
NonNegative = Annotated[float, Field(ge=0)]
CriticMode = Literal["off", "answer", "answer+writes", "answer+results"]


class Table(BaseModel):
    """A TOML table: unknown keys are errors, values keep their TOML types."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    def given(self) -> dict[str, Any]:
        """Only the keys the file sets, as plain data."""
        return self.model_dump(exclude_none=True)


class ModelTable(Table):
    """`[model]`: which model, on which server, and how to call it (`ModelSettings`)."""

    model: str | None = None
    base_url: str | None = None
    api_key: str | None = None
    temperature: NonNegative | None = None
    max_tokens: PositiveInt | None = None
    timeout: Seconds | None = None
    max_retries: Count | None = None
    context_window: PositiveInt | None = None
    seed: int | None = None
    extra_body: dict[str, Any] | None = None
    retry_base_delay: NonNegative | None = None
    stream: bool | None = None
    first_token_timeout: Seconds | None = None
    idle_timeout: Seconds | None = None
    hang_retries: Count | None = None
    queue_timeout: NonNegative | None = None


class AgentTable(Table):
    """`[agent]`: the loop's switches (`AgentOptions`) and the model profile they start from."""

    profile: str | None = None
    max_steps: PositiveInt | None = None
    decompose_first_step: bool | None = None
    decompose_searches: PositiveInt | None = None
    thought_prefix: str | None = None
    few_shot: bool | None = None
    stop_sequences: list[str] | None = None
    max_malformed_replies: PositiveInt | None = None
    search_on_name_error: bool | None = None
    repeat_warning: bool | None = None
    wrap_up: bool | None = None
    keep_recent_steps: Count | None = None
    prompts_dir: str | None = None
    search_k: PositiveInt | None = None
    task_search: bool | None = None
    program_first: bool | None = None
    search_with_task: bool | None = None
    search_focus: bool | None = None
    critic: CriticMode | None = None
    max_answer_reviews: Count | None = None
    plan: bool | None = None
    replan_after_failures: PositiveInt | None = None
    loop_detection: bool | None = None
    api_hints: bool | None = None
    task_reminder: bool | None = None
    show_assigned: bool | None = None
    grounded_ids: bool | None = None
    hold_repeated_writes: bool | None = None
    pending_changes: bool | None = None
    reflect_on_errors: bool | None = None
    reflect_on_repeats: bool | None = None
    resample_repeats: Count | None = None
    resample_temperature: NonNegative | None = None
    constrained_replies: bool | None = None
    memory: bool | None = None
    memory_path: str | None = None
    answer_form_check: bool | None = None
    grounded_answers: bool | None = None
    step_budget_notes: bool | None = None

    @field_validator("profile")
    @classmethod
    def _known_profile(cls, value: str | None) -> str | None:
        from react_repl.agent import PROFILES

        if value is not None and value not in PROFILES:
            raise ValueError(f"unknown model profile {value!r}; known: {', '.join(PROFILES)}")
        return value


class CallLimits(Table):
    """One API's call budget in `[sandbox.call_limits]`."""

    max_calls_per_action: PositiveInt | None = None
    max_calls_per_run: PositiveInt | None = None


class SandboxTable(Table):
    """`[sandbox]`: the worker's limits and what it may see (keyword arguments of `Sandbox`)."""

    timeout: Seconds | None = None
    memory_mb: PositiveInt | None = None
    max_output: PositiveInt | None = None
    recursion_limit: PositiveInt | None = None
    preinject: list[str] | None = None
    env: dict[str, str] | None = None
    env_passthrough: list[str] | None = None
    max_calls_per_action: PositiveInt | None = None
    max_calls_per_run: PositiveInt | None = None
    call_limits: dict[str, CallLimits] | None = None
    workspace: str | None = None
    os_confinement: bool | None = None
    network: bool | None = None
    readable_paths: list[str] | None = None

    def given(self) -> dict[str, Any]:
        values = super().given()
        if "call_limits" in values:  # a budget left out of a limits table stays unlimited
            values["call_limits"] = {
                name: limits.model_dump(exclude_none=True)
                for name, limits in (self.call_limits or {}).items()
            }
        return values


class McpTable(Table):
    """`[mcp.servers.NAME]`: MCP servers whose tools become APIs.

    A server's own table is declared where servers are described (`react_repl.mcp`, which also
    reads `mcp:` sources); it is checked here so that a bad server stops a run before it starts.
    """

    servers: dict[str, dict[str, Any]] = Field(default_factory=dict)

    @field_validator("servers")
    @classmethod
    def _servers_describe_servers(cls, servers: dict[str, Any]) -> dict[str, Any]:
        from react_repl.mcp._config import server_from_table

        for name, values in servers.items():
            server_from_table(name, values)  # McpConfigError is a ValueError: reported as is
        return servers


class BenchModelTable(Table):
    """`[bench.models.NAME]`: a model profile `bench --model NAME` runs, with its prices."""

    model: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    temperature: NonNegative | None = None
    max_tokens: PositiveInt | None = None
    timeout: Seconds | None = None
    max_retries: Count | None = None
    context_window: PositiveInt | None = None
    seed: int | None = None
    extra_body: dict[str, Any] | None = None
    prompt_price: NonNegative | None = None
    completion_price: NonNegative | None = None


class BenchTable(Table):
    """`[bench]`: settings of `react-repl bench`."""

    models: dict[str, BenchModelTable] = Field(default_factory=dict)


class ConfigFile(Table):
    """The whole file: `react-repl.toml`, or `[tool.react-repl]` of a `pyproject.toml`.

    `[apis]` holds the settings API modules read (webhook URLs, keys): free names, string values.
    `[models.NAME]` is the older spelling of `[bench.models.NAME]`.
    `[api_sets]` names sets of API sources a run can choose (`--api-set NAME`): paths, `mcp:`
    sources, and `@builtin` / `@shared` for the built-in and the shared (registered) APIs.
    """

    model: ModelTable = Field(default_factory=ModelTable)
    agent: AgentTable = Field(default_factory=AgentTable)
    sandbox: SandboxTable = Field(default_factory=SandboxTable)
    apis: dict[str, str] = Field(default_factory=dict)
    api_sets: dict[str, list[str]] = Field(default_factory=dict)
    mcp: McpTable = Field(default_factory=McpTable)
    bench: BenchTable = Field(default_factory=BenchTable)
    models: dict[str, BenchModelTable] = Field(default_factory=dict)
