"""How an MCP server is described: a `[mcp.servers.NAME]` table or an `mcp:` source string.

A server is someone else's program, so its description says exactly what it gets: the command or
URL, and for a local process the environment variables it may see (beyond the SDK's minimal
default of PATH, HOME, USER, LOGNAME, SHELL and TERM). Nothing else from our environment, where
API keys live, ever reaches it.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any
from urllib.parse import urlsplit

from react_repl.registry import MCP_SOURCE_PREFIX
from react_repl.sandbox import McpError

DEFAULT_CALL_TIMEOUT = 20.0
"""Seconds a tool call may take; below the sandbox's 30 s action limit so one slow tool fails
alone instead of timing out (and resetting) the whole action."""
MAX_CALL_TIMEOUT = 3600.0
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_PREFIX = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*)?$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_NAMED_SOURCE = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_.-]*)=(?P<rest>.*)$", re.DOTALL)
_KEYS = ("command", "args", "url", "headers", "env", "env_passthrough", "cwd", "timeout", "prefix")


class McpConfigError(McpError, ValueError):
    """An `[mcp.servers.NAME]` table or an `mcp:` source that cannot describe a server."""


@dataclass(frozen=True)
class McpServerConfig:
    """One MCP server: a local command spoken to over stdio, or a streamable-HTTP URL."""

    name: str
    command: str | None = None
    args: tuple[str, ...] = ()
    url: str | None = None
    env: tuple[tuple[str, str], ...] = ()
    env_passthrough: tuple[str, ...] = ()
    headers: tuple[tuple[str, str], ...] = ()
    cwd: str | None = None
    timeout: float = DEFAULT_CALL_TIMEOUT
    prefix: str = ""
    """Put before each tool's name, so two servers' `search` tools can both be called."""
    origin: str = ""
    """Where the server was declared (a config file or sources.json), for messages."""

    @property
    def transport(self) -> str:
        return "http" if self.url else "stdio"

    def label(self) -> str:
        """The command or URL, for messages; URLs lose credentials and query strings."""
        if self.url:
            parts = urlsplit(self.url)
            host = parts.hostname or ""
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{host}{port}{parts.path}"
        return shlex.join([str(self.command), *self.args])

    def fingerprint(self) -> str:
        """Changes whenever the server's tool listing might: target, prefix and variable names.

        Values of `env` and `headers` are left out so that no secret is written to disk, even
        hashed.
        """
        material = {
            "command": self.command,
            "args": list(self.args),
            "url": self.url,
            "cwd": self.cwd,
            "prefix": self.prefix,
            "env": sorted(name for name, _ in self.env) + sorted(self.env_passthrough),
            "headers": sorted(name for name, _ in self.headers),
        }
        return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()[:16]

    def process_environment(self) -> dict[str, str]:
        """The variables the server gets on top of the SDK's minimal default environment."""
        passed = {name: os.environ[name] for name in self.env_passthrough if name in os.environ}
        return {**passed, **dict(self.env)}


def servers_from_config(config: Mapping[str, Any], origin: str = "") -> list[McpServerConfig]:
    """The `[mcp.servers.NAME]` tables of a loaded config file, in the order written."""
    table = config.get("mcp", {})
    if not isinstance(table, dict):
        raise McpConfigError("`mcp` in the config file must be a table: [mcp.servers.NAME]")
    unknown = sorted(set(table) - {"servers"})
    if unknown:
        raise McpConfigError(f"unknown key(s) in [mcp]: {', '.join(unknown)}; known: servers")
    servers = table.get("servers", {})
    if not isinstance(servers, dict):
        raise McpConfigError("[mcp.servers] must hold one table per server: [mcp.servers.NAME]")
    return [server_from_table(name, values, origin) for name, values in servers.items()]


def server_from_table(name: str, values: Any, origin: str = "") -> McpServerConfig:
    where = f"[mcp.servers.{name}]"
    if not _NAME.match(name):
        raise McpConfigError(
            f"{where}: a server name may hold letters, digits, '_', '.' and '-' only"
        )
    if not isinstance(values, dict):
        raise McpConfigError(f"{where} must be a table with `command` or `url`")
    unknown = sorted(set(values) - set(_KEYS))
    if unknown:
        raise McpConfigError(
            f"{where}: unknown key(s) {', '.join(unknown)}; known: {', '.join(_KEYS)}"
        )
    has_command, has_url = "command" in values, "url" in values
    if has_command == has_url:
        raise McpConfigError(
            f"{where} needs exactly one of `command` (a local server over stdio) "
            "or `url` (a streamable-HTTP server)"
        )
    stdio_only = {"args", "env", "env_passthrough", "cwd"} & set(values)
    if has_url and stdio_only:
        raise McpConfigError(f"{where}: {', '.join(sorted(stdio_only))} apply to `command` only")
    if has_command and "headers" in values:
        raise McpConfigError(f"{where}: `headers` apply to `url` only")
    config = McpServerConfig(
        name=name,
        command=_string(values, "command", where) if has_command else None,
        args=tuple(_strings(values.get("args", []), f"{where} args")),
        url=_url(values["url"], where) if has_url else None,
        env=_pairs(values.get("env", {}), f"{where} env"),
        env_passthrough=tuple(_env_names(values.get("env_passthrough", []), where)),
        headers=_pairs(values.get("headers", {}), f"{where} headers"),
        cwd=_string(values, "cwd", where) if "cwd" in values else None,
        timeout=_timeout(values.get("timeout", DEFAULT_CALL_TIMEOUT), where),
        prefix=_prefix(values.get("prefix", ""), where),
        origin=origin,
    )
    _check_command(config, where)
    return config


def is_mcp_source(source: str) -> bool:
    return isinstance(source, str) and source.startswith(MCP_SOURCE_PREFIX)


def parse_source(source: str, origin: str = "") -> McpServerConfig:
    """`mcp:[NAME=]COMMAND ARG...` (stdio) or `mcp:[NAME=]URL` (streamable HTTP).

    Without NAME, the server is named after its package or host, e.g. `mcp-server-time` for
    `mcp:uvx mcp-server-time`.
    """
    body = source[len(MCP_SOURCE_PREFIX) :].strip() if is_mcp_source(source) else ""
    named = _NAMED_SOURCE.match(body)
    name, target = (named["name"], named["rest"].strip()) if named else (None, body)
    if not target:
        raise McpConfigError(
            f"{source!r}: expected mcp:[NAME=]COMMAND [ARGS...] or mcp:[NAME=]URL, e.g. "
            '"mcp:time=uvx mcp-server-time" or "mcp:docs=http://127.0.0.1:8000/mcp"'
        )
    if re.match(r"^https?://", target, re.IGNORECASE):
        values: dict[str, Any] = {"url": target}
    else:
        try:
            words = shlex.split(target)
        except ValueError as error:
            raise McpConfigError(f"{source!r}: cannot split the command line: {error}") from None
        values = {"command": words[0], "args": words[1:]}
    return server_from_table(name or _derived_name(values), values, origin)


def _derived_name(values: Mapping[str, Any]) -> str:
    if "url" in values:
        return re.sub(r"[^A-Za-z0-9_.-]", "_", urlsplit(values["url"]).hostname or "server")
    words = [word for word in values["args"] if not word.startswith("-")]
    stem = PurePath(words[0] if words else values["command"]).name.split("@")[0]
    stem = re.sub(r"\.(?:py|js|mjs|ts)$", "", stem) or "server"
    cleaned = re.sub(r"[^A-Za-z0-9_.-]", "_", stem).lstrip("._-")
    return cleaned or "server"


def _string(values: Mapping[str, Any], key: str, where: str) -> str:
    value = values[key]
    if not isinstance(value, str) or not value.strip():
        raise McpConfigError(f"{where} {key} must be a non-empty string, got {value!r}")
    return value


def _strings(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise McpConfigError(f"{where} must be a list of strings, got {value!r}")
    return value


def _pairs(value: Any, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict) or not all(
        isinstance(key, str) and isinstance(item, str) for key, item in value.items()
    ):
        raise McpConfigError(f'{where} must be a table of strings (NAME = "value")')
    return tuple(value.items())


def _env_names(value: Any, where: str) -> list[str]:
    names = _strings(value, f"{where} env_passthrough")
    bad = [name for name in names if not _ENV_NAME.match(name)]
    if bad:
        raise McpConfigError(f"{where} env_passthrough: not variable names: {', '.join(bad)}")
    return names


def _url(value: Any, where: str) -> str:
    if not isinstance(value, str) or not re.match(r"^https?://[^/\s]+", value, re.IGNORECASE):
        raise McpConfigError(f"{where} url must be an http:// or https:// address, got {value!r}")
    return value


def _timeout(value: Any, where: str) -> float:
    valid = isinstance(value, int | float) and not isinstance(value, bool)
    if not valid or not math.isfinite(value) or not 0 < value <= MAX_CALL_TIMEOUT:
        raise McpConfigError(
            f"{where} timeout must be a number of seconds above 0 and at most "
            f"{MAX_CALL_TIMEOUT:g}, got {value!r}"
        )
    return float(value)


def _prefix(value: Any, where: str) -> str:
    if not isinstance(value, str) or not _PREFIX.match(value):
        raise McpConfigError(
            f"{where} prefix must start a Python name (letters, digits, '_'), got {value!r}"
        )
    return value


def _check_command(config: McpServerConfig, where: str) -> None:
    """`command = "uvx mcp-server-time"` is a common slip: the words belong in `args`."""
    command = config.command
    spaced = command is not None and any(character.isspace() for character in command)
    if spaced and not config.args and not os.path.exists(str(command)):
        first, *rest = str(command).split()
        raise McpConfigError(
            f"{where} command {command!r} holds arguments; write "
            f"command = {first!r} and args = {rest!r}"
        )
