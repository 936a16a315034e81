"""Model specs, profiles and arms: what each --model and --arm value means."""

import pytest

from react_repl.bench import ModelSpecError, PlanError, parse_arm, resolve_targets

CONFIG = {
    "model": {"temperature": 0.3},
    "bench": {
        "models": {
            "gpt": {
                "model": "gpt-4o", "base_url": "https://api.example/v1",
                "api_key_env": "GPT_KEY", "prompt_price": 2.5, "completion_price": 10,
            },
            "nokey": {"model": "m", "base_url": "http://h/v1", "api_key_env": "MISSING_KEY"},
            "small": {"model": "qwen2.5-coder-0.5b", "temperature": 0.7},
            "other": {"model": "o", "base_url": "http://other/v1", "max_tokens": 64},
        }
    },
}  # fmt: skip


def test_name_at_url() -> None:
    [target] = resolve_targets(
        ("gpt-4o-mini@http://host:8000/v1",), CONFIG, env={"OPENAI_API_KEY": "k"}
    )
    assert target.label == "gpt-4o-mini" and target.local is None
    assert target.settings.model == "gpt-4o-mini"
    assert target.settings.base_url == "http://host:8000/v1"
    assert target.settings.api_key == "k"
    assert target.settings.temperature == 0.3  # the [model] table still applies


def test_profiles_read_their_key_from_the_named_variable_and_never_describe_it() -> None:
    gpt, other = resolve_targets(("gpt", "other"), CONFIG, env={"GPT_KEY": "secret"})
    assert (gpt.settings.model, gpt.settings.base_url, gpt.settings.api_key) == (
        "gpt-4o", "https://api.example/v1", "secret",
    )  # fmt: skip
    assert (gpt.prompt_price, gpt.completion_price) == (2.5, 10.0)
    assert "secret" not in str(gpt.describe()) and gpt.describe()["api_key_env"] == "GPT_KEY"
    assert (other.settings.base_url, other.settings.max_tokens) == ("http://other/v1", 64)


def test_a_profile_whose_key_variable_is_unset() -> None:
    with pytest.raises(ModelSpecError, match="MISSING_KEY is not set"):
        resolve_targets(("nokey",), CONFIG, env={})


def test_bundled_local_models_and_local_profiles() -> None:
    local, small = resolve_targets(("qwen2.5-coder-1.5b", "small"), CONFIG, env={})
    assert (local.label, local.local) == ("qwen2.5-coder-1.5b", "qwen2.5-coder-1.5b")
    assert (small.local, small.settings.temperature) == ("qwen2.5-coder-0.5b", 0.7)
    assert local.describe()["base_url"] == "local:qwen2.5-coder-1.5b"


def test_the_old_models_table_names_its_new_place() -> None:
    old = {"models": {"other": {"model": "o"}}}
    with pytest.raises(ModelSpecError, match=r"rename it to \[bench\.models\.other\]"):
        resolve_targets(("other",), old, env={})


def test_plain_names_use_the_default_server() -> None:
    [target] = resolve_targets(("m1",), {}, base_url="http://h/v1", api_key="k", env={})
    assert (target.label, target.settings.base_url, target.local) == ("m1", "http://h/v1", None)
    with pytest.raises(ModelSpecError, match="not a profile"):
        resolve_targets(("mystery",), {}, env={})


def test_labels_stay_unique() -> None:
    first, second = resolve_targets(("m@http://a/v1", "m@http://b/v1"), {}, env={})
    assert (first.label, second.label) == ("m@http://a/v1", "m@http://b/v1")
    with pytest.raises(ModelSpecError, match="given twice"):
        resolve_targets(("gpt", "gpt"), CONFIG, env={"GPT_KEY": "k"})


def test_arms_split_agent_options_from_model_settings() -> None:
    arm = parse_arm(
        'hot:temperature=0.8,few_shot=false,stop_sequences=["A", "B"],thought_prefix=Hm, ok'
    )
    assert arm.name == "hot"
    assert dict(arm.model) == {"temperature": 0.8}
    assert dict(arm.agent) == {
        "few_shot": False,
        "stop_sequences": ["A", "B"],
        "thought_prefix": "Hm, ok",
    }
    assert parse_arm("base:").agent == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nocolon", "NAME:key=value"),
        ("a:few_shot", "is not key=value"),
        ("a:fewshot=1", "unknown agent option"),
    ],
)
def test_bad_arms(text: str, message: str) -> None:
    with pytest.raises(PlanError, match=message):
        parse_arm(text)
