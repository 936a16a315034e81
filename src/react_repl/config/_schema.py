"""The config file's schema, declared once: every table, every key and its type.

Each table is a pydantic model that forbids unknown keys, so a typo is an error naming the key
and its table instead of a setting silently ignored. Strict mode keeps TOML's types honest
(`max_tokens = "512"` or `stream = 1` are errors; an int is accepted where a float is meant).
A key left out is None: "not set here", so the defaults stay declared once, in the objects
they configure (`ModelSettings`, `AgentOptions`, `Sandbox`), and `config show` can tell a
default from a value that happens to equal it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, get_args, get_origin, get_type_hints

from pydantic import BaseModel, ConfigDict, Field, create_model, field_validator, model_validator

from react_repl.context import AgentOptions, check_keys

PositiveInt = Annotated[int, Field(gt=0)]
Count = Annotated[int, Field(ge=0)]
Seconds = Annotated[float, Field(gt=0)]
NonNegative = Annotated[float, Field(ge=0)]


class Table(BaseModel):
    """A TOML table: unknown keys are errors, values keep their TOML types."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    def given(self) -> dict[str, Any]:
        """Only the keys the file sets, as plain data, nested tables too: a budget left out of a
        `[sandbox.call_limits]` table stays unlimited."""
        return self.model_dump(exclude_none=True)


class _CallTable(Table):
    """How a model is called: what `[model]` and a `[bench.models.NAME]` profile share."""

    model: str | None = None
    base_url: str | None = None
    temperature: NonNegative | None = None
    max_tokens: PositiveInt | None = None
    timeout: Seconds | None = None
    max_retries: Count | None = None
    context_window: PositiveInt | None = None
    seed: int | None = None
    extra_body: dict[str, Any] | None = None


class ModelTable(_CallTable):
    """`[model]`: which model, on which server, and how to call it (`ModelSettings`)."""

    api_key: str | None = None
    retry_base_delay: NonNegative | None = None
    stream: bool | None = None
    first_token_timeout: Seconds | None = None
    idle_timeout: Seconds | None = None
    hang_retries: Count | None = None
    queue_timeout: NonNegative | None = None


def _agent_table() -> type[Table]:
    """`[agent]`: built from `AgentOptions`' own declaration (react_repl.context._options), so an
    option is declared once and the file accepts exactly the options the agent has."""
    from react_repl.context import option_fields

    constrained = {"positive": PositiveInt, "count": Count}
    hints = get_type_hints(AgentOptions)
    fields: dict[str, Any] = {}
    for option in option_fields():
        kind = constrained.get(option.metadata["schema"], _toml_type(hints[option.name]))
        fields[option.name] = (kind | None, Field(None, description=option.metadata["help"]))
    return create_model(
        "AgentTable",
        __base__=_AgentChecks,
        __doc__="`[agent]`: the loop's options and techniques (`AgentOptions`).",
        **fields,
    )


def _toml_type(hint: Any) -> Any:
    """What TOML writes for an option's type: a list for a tuple, a string for a path."""
    if get_origin(hint) is tuple:
        return list[get_args(hint)[0]]  # type: ignore[misc]
    if hint == Path | None:
        return str
    return hint


class _AgentChecks(Table):
    @model_validator(mode="before")
    @classmethod
    def _old_spellings(cls, values: Any) -> Any:
        if isinstance(values, dict):
            check_keys(values, unknown=False)
        return values

    @field_validator("profile", check_fields=False)
    @classmethod
    def _known_profile(cls, value: str | None) -> str | None:
        from react_repl.agent import PROFILES

        if value is not None and value not in PROFILES:
            raise ValueError(f"unknown model profile {value!r}; known: {', '.join(PROFILES)}")
        return value

    @field_validator("techniques", check_fields=False)
    @classmethod
    def _known_techniques(cls, value: list[str] | None) -> list[str] | None:
        from react_repl.techniques import check_techniques

        if value is not None:
            check_techniques(name.lstrip("+-") for name in value)
        return value


if TYPE_CHECKING:  # made at import time from the declaration; to a type checker, a Table
    AgentTable = Table
else:
    AgentTable = _agent_table()


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


class BenchModelTable(_CallTable):
    """`[bench.models.NAME]`: a model profile `bench --model NAME` runs, with its prices."""

    api_key_env: str | None = None
    prompt_price: NonNegative | None = None
    completion_price: NonNegative | None = None


class PriceTable(Table):
    """`[prices]`: `"MODEL" = { prompt = 2.5, completion = 10 }`, USD per million tokens. Both
    are required: a price left out would count as free, and an unknown cost is not zero."""

    prompt: NonNegative
    completion: NonNegative


class BenchTable(Table):
    """`[bench]`: settings of `react-repl bench`."""

    models: dict[str, BenchModelTable] = Field(default_factory=dict)


class ConfigFile(Table):
    """The whole file: `react-repl.toml`, or `[tool.react-repl]` of a `pyproject.toml`.

    `[apis]` holds the settings API modules read (webhook URLs, keys): free names, string values.
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
    prices: dict[str, PriceTable] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _old_spellings(cls, values: Any) -> Any:
        if isinstance(values, dict) and "models" in values:
            names = ", ".join(f"[bench.models.{name}]" for name in values["models"] or {})
            raise ValueError(f"[models.NAME] is now [bench.models.NAME]: rename it to {names}")
        return values
