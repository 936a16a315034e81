"""Cost per run: the model's price from the config's [prices] gives each run's cost in its
result, its log and `logs list`; a model without a price has an unknown cost, never zero."""

import json
from pathlib import Path

import pytest
from conftest import fake_method_search, model_for
from test_loop import API_FUNCTIONS, PLAIN, fenced

from react_repl.agent import Agent
from react_repl.compose._open import _price
from react_repl.config import Config, ConfigError
from react_repl.llm import ScriptedReply, ScriptedServer
from react_repl.logs import list_runs, run_lines


def priced_run(server: ScriptedServer, logs: Path, price: tuple[float, float] | None):  # type: ignore[no-untyped-def]
    server.enqueue(
        ScriptedReply(fenced("Done.", "stop(1)"), prompt_tokens=1000, completion_tokens=250)
    )
    agent = Agent(model_for(server), apis=API_FUNCTIONS, method_search=fake_method_search,
                  options=PLAIN, logs_dir=logs, price=price)  # fmt: skip
    return agent.run("One.")


def test_a_priced_run_costs_its_tokens_times_the_price(
    server: ScriptedServer, tmp_path: Path
) -> None:
    result = priced_run(server, tmp_path / "logs", (2.0, 8.0))

    assert result.cost == pytest.approx((1000 * 2.0 + 250 * 8.0) / 1e6)  # $0.004
    text = result.log_path.read_text()
    assert "| prompt_price | 2.0 |" in text and "| completion_price | 8.0 |" in text
    assert "- Cost: $0.0040" in text
    end = json.loads(result.log_path.with_suffix(".jsonl").read_text().splitlines()[-1])
    assert end["cost"] == pytest.approx(0.004)


def test_an_unpriced_run_shows_unknown_never_zero(server: ScriptedServer, tmp_path: Path) -> None:
    result = priced_run(server, tmp_path / "logs", None)

    assert result.cost is None
    assert "- Cost: unknown" in result.log_path.read_text()


def test_logs_list_shows_each_runs_cost(server: ScriptedServer, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    priced_run(server, logs, (2.0, 8.0))
    priced_run(server, logs, None)
    runs = list_runs(logs)
    assert sorted(str(run.cost) for run in runs) == ["0.004", "None"]
    lines = run_lines(runs, width=160)
    assert "cost" in lines[0]
    assert any("$0.0040" in line for line in lines) and any("unknown" in line for line in lines)


def test_the_config_prices_table_gives_the_models_price() -> None:
    config = Config.from_mapping({"prices": {"gpt-4o": {"prompt": 2.5, "completion": 10}}})
    assert _price(config, "gpt-4o") == (2.5, 10.0)
    assert _price(config, "other-model") is None
    with pytest.raises(ConfigError, match="completion"):
        Config.from_mapping({"prices": {"gpt-4o": {"prompt": 2.5}}})
