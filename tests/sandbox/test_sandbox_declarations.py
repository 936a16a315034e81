"""API declarations (side effects, network, budgets): read from the decorator and module-level
dicts, carried by the registry's ApiSpec, and set on the shipped APIs."""

from __future__ import annotations

import textwrap
from pathlib import Path

import declared_api
import pytest

from react_repl.registry import ApiRegistry, Declaration, api, declaration_of
from react_repl.sandbox import Sandbox, SandboxError


def test_decorator_and_module_level_declarations_are_read() -> None:
    assert declaration_of(declared_api.send_note) == Declaration(
        side_effects=True, max_calls_per_run=3
    )
    assert declaration_of(declared_api.post_note) == Declaration(
        side_effects=True, max_calls_per_action=2
    )
    assert declaration_of(declared_api.count) == Declaration()


def test_shipped_apis_declare_side_effects_and_network() -> None:
    specs = {spec.name: spec for spec in ApiRegistry.discover(entry_points=False).specs}
    side_effects = {name for name, spec in specs.items() if spec.side_effects}
    network = {name for name, spec in specs.items() if spec.network}
    assert side_effects == {
        "send_slack_message", "send_discord_message", "write_text_file", "append_to_text_file",
        "delete_file", "execute_sql_statement", "create_sample_database", "save_image",
    }  # fmt: skip
    assert {
        "get_current_weather", "get_weather_forecast", "find_locations",
        "get_location_coordinates", "get_nasa_astronomy_picture_of_the_day",
        "get_latest_stock_price", "get_stock_price_history", "download_image",
        "send_slack_message", "send_discord_message",
    } == network  # fmt: skip


def test_registry_reports_a_malformed_declaration(tmp_path: Path) -> None:
    module = tmp_path / "bad_declarations.py"
    module.write_text(
        textwrap.dedent('''
        """Module with broken declarations."""
        from react_repl.registry import api

        __react_repl__ = {"ping": {"side_effect": True}}

        @api(max_calls_per_run=0)
        def pong() -> str:
            """Pong."""
            return "pong"

        def ping() -> str:
            """Ping."""
            return "ping"
        ''')
    )
    registry = ApiRegistry.discover(paths=[tmp_path], builtin=False, entry_points=False)
    assert registry.specs == ()
    problems = "\n".join(str(problem) for problem in registry.problems)
    assert "unknown declaration 'side_effect'" in problems and "'ping' not registered" in problems
    assert "max_calls_per_run must be a positive int, got 0" in problems


@api(network="yes")  # type: ignore[arg-type]
def fetch() -> None:
    """Fetch, declared wrongly."""


def test_the_sandbox_refuses_a_malformed_declaration() -> None:
    with pytest.raises(SandboxError, match="network must be True or False"):
        Sandbox([fetch])
