"""The effective settings and where each came from: flag > environment > config file > default.

Every consumer (the CLI, `bench`, `open_agent`, `config show`) merges the sources here, so a
value means the same thing everywhere and `config show` reports exactly what a run would use.
A source is "default", "profile NAME", the config file's path, "env NAME" or "flag --NAME".
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from pydantic import ValidationError

from react_repl import _paths
from react_repl.config._file import Config, ConfigError, describe_errors
from react_repl.config._schema import ConfigFile, ModelTable

if TYPE_CHECKING:  # imported when used: `react-repl search` reads the config and stays quick
    from react_repl.context import AgentOptions
    from react_repl.llm import ModelSettings
    from react_repl.sandbox import SandboxSettings

DEFAULT_OPENAI_MODEL = "gpt-4o-mini"


def parse_value(raw: str) -> Any:
    """A value typed on the command line: JSON where it parses (12, true, ["a"]), else the text
    itself, so `run --set` and `bench --arm` read the same value the same way."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


MODEL_ENV: dict[str, tuple[str, ...]] = {
    "base_url": ("OPENAI_BASE_URL",),
    "api_key": ("OPENAI_API_KEY",),
    "model": ("REACT_REPL_MODEL", "OPENAI_MODEL"),
}
# API modules read these in the sandbox worker, whose environment is otherwise scrubbed.
API_ENV_VARIABLES = ("SLACK_WEBHOOK_URL", "DISCORD_WEBHOOK_URL", "NASA_API_KEY")
DEFAULT = "default"


@dataclass(frozen=True)
class Setting:
    value: Any
    source: str


Sourced = dict[str, Setting]


def model_settings(
    config: Config, flags: Mapping[str, Any] = {}, env: Mapping[str, str] = os.environ
) -> tuple[ModelSettings, Sourced]:
    """The model to call; unset flags are None. A key alone (no server) means OpenAI."""
    from react_repl.llm import ModelSettings

    sourced: Sourced = {}
    given = config.tables.model.given()
    for key in ModelTable.model_fields:
        flag = flags.get(key)
        from_env = next((name for name in MODEL_ENV.get(key, ()) if env.get(name)), None)
        if flag is not None:
            sourced[key] = Setting(flag, f"flag --{key.replace('_', '-')}")
        elif from_env is not None:
            sourced[key] = Setting(env[from_env], f"env {from_env}")
        elif key in given:
            sourced[key] = Setting(given[key], config.origin)
    values = _check("model", {key: s.value for key, s in sourced.items()}, "[model]").given()
    if not values.get("model"):
        uses_openai = bool(values.get("api_key")) and not values.get("base_url")
        values["model"] = DEFAULT_OPENAI_MODEL if uses_openai else ""
        sourced["model"] = Setting(values["model"], "default (OpenAI)" if uses_openai else DEFAULT)
    settings = ModelSettings(**values)
    return settings, _with_defaults(sourced, dataclasses.asdict(ModelSettings(model="")))


def uses_local_model(settings: ModelSettings) -> bool:
    """No server configured, and either no key or a model only the local runtime has.

    A key in the environment must not send `--model qwen2.5-coder-0.5b` to OpenAI.
    """
    from react_repl.local import names_local_model

    only_local = names_local_model(settings.model)
    return not settings.base_url and (not settings.api_key or only_local)


def agent_options(
    config: Config, overrides: Mapping[str, Any] = {}, *, model: str = "", local: bool = False
) -> tuple[AgentOptions, Sourced]:
    """The model's profile, then the `[agent]` table, then the caller's overrides (flags)."""
    from react_repl.agent import AgentOptions, profile_for

    overrides = {key: value for key, value in overrides.items() if value is not None}
    if isinstance(overrides.get("techniques"), str):  # --set techniques=+critic,-decompose
        overrides["techniques"] = overrides["techniques"].split(",")
    file_values = config.tables.agent.given()
    checked = _check("agent", {**file_values, **_as_toml(overrides)}, "agent option")
    requested = checked.profile
    profile = profile_for(model, local=local, requested=requested)
    sourced: Sourced = {key: Setting(value, f"profile {profile.name}")
                        for key, value in profile.options.items()}  # fmt: skip
    sourced |= {key: Setting(value, config.origin) for key, value in file_values.items()}
    sourced |= {key: Setting(value, "flag --" + key.replace("_", "-"))
                for key, value in overrides.items()}  # fmt: skip
    if requested is None:
        sourced["profile"] = Setting(profile.name, "default (from the model's name and server)")
    try:
        options = profile.agent_options(
            {k: v for k, v in file_values.items() if k != "profile"},
            {k: v for k, v in overrides.items() if k != "profile"},
        )
    except ValueError as error:
        raise ConfigError(str(error)) from None
    if "techniques" in sourced:  # the list the edits give, not the edits ("+plan")
        sourced["techniques"] = Setting(options.techniques, sourced["techniques"].source)
    defaults = {f.name: f.default for f in dataclasses.fields(AgentOptions)}
    return options, _with_defaults(sourced, defaults)


def sandbox_settings(
    config: Config, extra_env: Mapping[str, str] = {}, env: Mapping[str, str] = os.environ
) -> tuple[SandboxSettings, Sourced]:
    """Keyword arguments for `Sandbox`: the `[sandbox]` table plus the environment the API
    modules need (their variables, `env_passthrough` and `REACT_REPL_*`), nothing secret besides.
    """
    settings = config.tables.sandbox.given()
    sourced = {key: Setting(value, config.origin) for key, value in settings.items()}
    passthrough = set(settings.pop("env_passthrough", ())) | set(API_ENV_VARIABLES)
    passed = {name: value for name, value in env.items()
              if name in passthrough or name.startswith("REACT_REPL_")}  # fmt: skip
    workspace = {"REACT_REPL_WORKSPACE": str(_paths.default_workspace_dir())}
    settings["env"] = {**workspace, **passed, **settings.get("env", {}), **extra_env}
    return cast("SandboxSettings", settings), _with_defaults(sourced, sandbox_defaults())


def sandbox_defaults() -> dict[str, Any]:
    """`Sandbox`'s own keyword defaults: declared once, on the class."""
    from react_repl.sandbox import Sandbox

    parameters = inspect.signature(Sandbox.__init__).parameters.values()
    defaults = {p.name: p.default for p in parameters if p.kind is p.KEYWORD_ONLY}
    defaults.pop("host_functions", None)
    return {**defaults, "env_passthrough": ()}


def paths(**flags: Any) -> Sourced:
    """Where a run reads and writes: each folder, and the variable or flag that chose it.

    The folders follow this process's environment (`react_repl._paths` reads it), so the labels
    read it too.
    """
    env = os.environ
    project = _paths.project_root()
    home_source = "env REACT_REPL_HOME" if env.get("REACT_REPL_HOME") else "config file's folder"
    data_source = home_source if project else "default (user data folder)"
    found: Sourced = {
        "project": Setting(str(project) if project else None, data_source if project else DEFAULT)
    }
    for key, variable, folder in (
        ("index", "REACT_REPL_INDEX", _paths.default_index_dir),
        ("logs", "REACT_REPL_LOGS", _paths.default_logs_dir),
        ("workspace", "REACT_REPL_WORKSPACE", _paths.default_workspace_dir),
        ("cache", "REACT_REPL_CACHE", _paths.cache_dir),
    ):
        flag = flags.get(f"{key}_dir")
        if flag is not None:
            found[key] = Setting(str(flag), f"flag --{key}")
        elif env.get(variable):
            found[key] = Setting(str(folder()), f"env {variable}")
        else:
            found[key] = Setting(str(folder()), data_source if key != "cache" else DEFAULT)
    builtin = _paths.builtin_apis_dir()
    source = "env REACT_REPL_BUILTIN_APIS" if "REACT_REPL_BUILTIN_APIS" in env else DEFAULT
    found["builtin_apis"] = Setting(str(builtin) if builtin else None, source)
    return found


def _check(table: str, values: dict[str, Any], where: str) -> Any:
    """Flags and environment values meet the same schema as the file's, inside the whole file so
    each problem names its table and its known keys."""
    try:
        return getattr(ConfigFile.model_validate({table: values}), table)
    except ValidationError as error:
        problems = describe_errors(error, None).split("\n", 1)[1]
        raise ConfigError(f"Bad {where} value:\n{problems}") from None


def _as_toml(values: Mapping[str, Any]) -> dict[str, Any]:
    """Overrides may carry Paths and tuples; the schema speaks TOML (strings and lists)."""
    return {
        key: str(value) if isinstance(value, os.PathLike) else
        list(value) if isinstance(value, tuple) else value
        for key, value in values.items()
    }  # fmt: skip


def _with_defaults(sourced: Sourced, defaults: Mapping[str, Any]) -> Sourced:
    keys: Iterable[str] = [*defaults, *(key for key in sourced if key not in defaults)]
    return {key: sourced.get(key) or Setting(defaults[key], DEFAULT) for key in keys}


def options_table() -> str:
    """The `[agent]` options and the techniques as markdown, made from their declarations
    (`AgentOptions`' fields, `react_repl.techniques`' table), so the docs cannot drift."""
    from react_repl.context import option_fields
    from react_repl.techniques import TECHNIQUES, technique_summary

    rows = ["| `[agent]` key | default | what it does |", "|---|---|---|"]
    for option in option_fields():
        default = option.default if option.default is not dataclasses.MISSING else None
        shown = list(default) if isinstance(default, tuple) else default
        value = json.dumps(str(shown) if isinstance(shown, Path) else shown, ensure_ascii=False)
        rows.append(f"| `{option.name}` | `{value}` | {option.metadata['help']} |")
    rows += ["", "| technique | what it does |", "|---|---|"]
    rows += [f"| `{name}` | {technique_summary(name)} |" for name in TECHNIQUES]
    return "\n".join(rows)
