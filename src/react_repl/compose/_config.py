"""The first stage of every composition: the config file, loaded once and validated whole."""

from __future__ import annotations

from pathlib import Path

from react_repl.config import Config
from react_repl.mcp import McpServerConfig, servers_from_config


def load_config(config: Config | str | Path | None = None) -> Config:
    """The config file found from the working directory upward (or the path given), validated
    whole before anything starts. Every command and library caller loads it here, so a file
    means the same thing everywhere."""
    return config if isinstance(config, Config) else Config.load(config)


def configured_servers(config: Config) -> list[McpServerConfig]:
    """The config file's `[mcp.servers.NAME]` servers, in the order written."""
    return servers_from_config(config.as_data(), origin=str(config.path or ""))
