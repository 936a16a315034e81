"""Describing a server: `[mcp.servers.NAME]` tables and `mcp:` sources, and what they give it."""

from __future__ import annotations

import tomllib

import pytest

from react_repl.mcp import McpConfigError, McpServerConfig, parse_source, servers_from_config


def _servers(text: str) -> list[McpServerConfig]:
    return servers_from_config(tomllib.loads(text), origin="react-repl.toml")


def test_tables_describe_stdio_and_http_servers_in_order() -> None:
    time, docs = _servers(
        """
        [mcp.servers.time]
        command = "uvx"
        args = ["mcp-server-time", "--local-timezone=Europe/Paris"]
        env = { TZ = "Europe/Paris" }
        env_passthrough = ["GITHUB_TOKEN"]
        timeout = 5
        prefix = "clock_"

        [mcp.servers.docs]
        url = "https://user:pass@docs.example/mcp?token=abc"
        headers = { Authorization = "Bearer xyz" }
        """
    )
    assert (time.name, time.transport, time.command) == ("time", "stdio", "uvx")
    assert time.args == ("mcp-server-time", "--local-timezone=Europe/Paris")
    assert (time.timeout, time.prefix, time.origin) == (5.0, "clock_", "react-repl.toml")
    assert docs.transport == "http"
    assert dict(docs.headers) == {"Authorization": "Bearer xyz"}
    assert docs.label() == "https://docs.example/mcp", "credentials and query never shown"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('command = "x"\nurl = "http://a/mcp"', "exactly one of `command`"),
        ("timeout = 3", "exactly one of `command`"),
        ('command = "x"\ncomand = "y"', "unknown key(s) comand"),
        ('command = "x"\nargs = "--flag"', "args must be a list of strings"),
        ('url = "http://a/mcp"\nargs = ["x"]', "args apply to `command` only"),
        ('command = "x"\nheaders = { A = "b" }', "`headers` apply to `url` only"),
        ('url = "ftp://a"', "http:// or https://"),
        ('command = "x"\ntimeout = 0', "timeout must be a number of seconds above 0"),
        ('command = "x"\ntimeout = true', "timeout must be"),
        ('command = "x"\nprefix = "2x"', "prefix must start a Python name"),
        ('command = "x"\nenv = { A = 1 }', "env must be a table of strings"),
        ('command = "x"\nenv_passthrough = ["A B"]', "not variable names: A B"),
        ('command = "uvx mcp-server-time"', "args = ['mcp-server-time']"),
    ],
)
def test_bad_tables_are_refused_with_the_fix(table: str, message: str) -> None:
    with pytest.raises(McpConfigError, match=r"\[mcp\.servers\.s\]") as raised:
        _servers(f"[mcp.servers.s]\n{table}\n")
    assert message in str(raised.value)


def test_the_mcp_table_itself_is_checked() -> None:
    with pytest.raises(McpConfigError, match="unknown key"):
        servers_from_config({"mcp": {"server": {}}})
    with pytest.raises(McpConfigError, match="a server name may hold"):
        servers_from_config({"mcp": {"servers": {"bad name": {"command": "x"}}}})
    assert servers_from_config({}) == []


@pytest.mark.parametrize(
    ("source", "name", "command", "args", "url"),
    [
        ("mcp:time=uvx mcp-server-time", "time", "uvx", ("mcp-server-time",), None),
        ("mcp:uvx mcp-server-time", "mcp-server-time", "uvx", ("mcp-server-time",), None),
        ("mcp:python -m mcp_server_time", "mcp_server_time", "python", ("-m", "mcp_server_time"),
         None),
        ("mcp:npx -y @scope/server-files /tmp", "server-files", "npx",
         ("-y", "@scope/server-files", "/tmp"), None),
        ("mcp:node 'my dir/index.js'", "index", "node", ("my dir/index.js",), None),
        ("mcp:docs=http://127.0.0.1:8000/mcp", "docs", None, (), "http://127.0.0.1:8000/mcp"),
        ("mcp:https://tools.example/mcp", "tools.example", None, (), "https://tools.example/mcp"),
    ],
)  # fmt: skip
def test_mcp_sources(
    source: str, name: str, command: str | None, args: tuple[str, ...], url: str | None
) -> None:
    server = parse_source(source, origin="sources.json")
    assert (server.name, server.command, server.args, server.url) == (name, command, args, url)
    assert server.origin == "sources.json"


@pytest.mark.parametrize("source", ["mcp:", "mcp:  ", "mcp:name=", "mcp:cmd 'unclosed"])
def test_malformed_mcp_sources_say_what_is_expected(source: str) -> None:
    with pytest.raises(McpConfigError, match="mcp:"):
        parse_source(source)


def test_a_server_gets_only_the_variables_its_description_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "from-our-environment")
    monkeypatch.setenv("OPENAI_API_KEY", "never-passed")
    server = McpServerConfig(
        name="s",
        command="x",
        env=(("MODE", "test"),),
        env_passthrough=("GITHUB_TOKEN", "NOT_SET_ANYWHERE"),
    )
    assert server.process_environment() == {"GITHUB_TOKEN": "from-our-environment", "MODE": "test"}


def test_the_fingerprint_follows_the_target_but_never_holds_secret_values() -> None:
    base = McpServerConfig(name="s", url="http://a/mcp", headers=(("Authorization", "one"),))
    same_names = McpServerConfig(name="s", url="http://a/mcp", headers=(("Authorization", "two"),))
    other_url = McpServerConfig(name="s", url="http://b/mcp", headers=(("Authorization", "one"),))
    assert base.fingerprint() == same_names.fingerprint()
    assert base.fingerprint() != other_url.fingerprint()
