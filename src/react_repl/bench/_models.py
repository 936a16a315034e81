"""Which model each `--model SPEC` means, with its own server, key and prices.

A SPEC is `name@http://host/v1`, a profile from the config file (`[bench.models.NAME]`), a
bundled local model name (its server is started when its turn comes), or a
plain model name on the default server. Keys are read from the variable a profile names and are
never written to results or plans.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from react_repl.config import Config, model_settings, uses_local_model
from react_repl.llm import ModelSettings

_PROFILE_ONLY = {"api_key_env", "prompt_price", "completion_price"}
_SETTING_KEYS = {
    "model", "base_url", "temperature", "max_tokens", "timeout", "max_retries",
    "context_window", "seed", "extra_body",
}  # fmt: skip


class ModelSpecError(ValueError):
    """A --model value that names nothing runnable; the message says what was tried."""


@dataclass(frozen=True)
class ModelTarget:
    """One model column of a benchmark. `local` names a bundled model to start before its turn."""

    label: str
    settings: ModelSettings
    local: str | None = None
    api_key_env: str | None = None
    prompt_price: float | None = None
    completion_price: float | None = None

    def describe(self) -> dict[str, Any]:
        """What a plan and a results record say about the model: never the key."""
        return {
            "label": self.label,
            "model": self.settings.model,
            "base_url": f"local:{self.local}" if self.local else self.settings.base_url,
            "api_key_env": self.api_key_env,
            "temperature": self.settings.temperature,
            "max_tokens": self.settings.max_tokens,
            "prompt_price": self.prompt_price,
            "completion_price": self.completion_price,
        }


def resolve_targets(
    specs: tuple[str, ...],
    config: Mapping[str, Any],
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    env: Mapping[str, str] = os.environ,
) -> list[ModelTarget]:
    """Every SPEC resolved; the configured model when none is given.

    A column is labelled by the model's name (`gpt-4o` for `gpt-4o@https://…`); two specs that
    would share a label keep their full text instead.
    """
    specs = specs or ("",)
    repeated = sorted({spec for spec in specs if specs.count(spec) > 1})
    if repeated:
        raise ModelSpecError(f"--model given twice: {repeated}")
    targets = [_resolve(spec, config, base_url, api_key, env) for spec in specs]
    labels = [target.label for target in targets]
    return [
        replace(target, label=spec) if labels.count(target.label) > 1 else target
        for spec, target in zip(specs, targets, strict=True)
    ]


def _resolve(
    spec: str, config: Mapping[str, Any], base_url: str | None, api_key: str | None,
    env: Mapping[str, str],
) -> ModelTarget:  # fmt: skip
    from react_repl.local import DEFAULT_MODEL, KNOWN_MODELS

    name, at, url = spec.partition("@")
    if at and url.startswith(("http://", "https://")):
        key = api_key or env.get("OPENAI_API_KEY") or None
        label = name or urlsplit(url).netloc
        return ModelTarget(label, _settings(config, env, model=name, base_url=url, api_key=key))
    profile = _profile(spec, config)
    if profile is not None:
        return _from_profile(spec, profile, config, env)
    if spec in KNOWN_MODELS and not base_url:
        return ModelTarget(spec, _settings(config, env, model=spec), local=spec)
    settings = _settings(config, env, model=spec or None, base_url=base_url, api_key=api_key)
    if uses_local_model(settings):
        wanted = settings.model or DEFAULT_MODEL
        if wanted not in KNOWN_MODELS:
            raise ModelSpecError(
                f"--model {spec!r}: not a profile ([bench.models.{spec}] in the config file), "
                f"not name@http://host/v1, not a bundled model ({', '.join(KNOWN_MODELS)}), and "
                "no server is configured (--base-url or OPENAI_BASE_URL)"
            )
        return ModelTarget(spec or wanted, replace(settings, model=wanted), local=wanted)
    return ModelTarget(spec or settings.model or "default", settings)


def _profile(name: str, config: Mapping[str, Any]) -> dict[str, Any] | None:
    bench = config.get("bench", {})
    table = bench.get("models") if isinstance(bench, dict) else None
    if isinstance(table, dict) and isinstance(table.get(name), dict):
        return table[name]
    return None


def _from_profile(
    label: str, profile: Mapping[str, Any], config: Mapping[str, Any], env: Mapping[str, str]
) -> ModelTarget:
    from react_repl.local import KNOWN_MODELS

    unknown = sorted(set(profile) - _SETTING_KEYS - _PROFILE_ONLY)
    if unknown:
        known = sorted(_SETTING_KEYS | _PROFILE_ONLY)
        raise ModelSpecError(f"model profile {label!r}: unknown key(s) {unknown}; known: {known}")
    key_env = profile.get("api_key_env")
    key = env.get(key_env) if isinstance(key_env, str) else None
    if isinstance(key_env, str) and not key:
        raise ModelSpecError(f"model profile {label!r}: the variable {key_env} is not set")
    values = {k: v for k, v in profile.items() if k in _SETTING_KEYS}
    settings = _settings(config, env, api_key=key, **values)
    local = settings.model if not settings.base_url and settings.model in KNOWN_MODELS else None
    return ModelTarget(
        label,
        settings,
        local=local,
        api_key_env=key_env if isinstance(key_env, str) else None,
        prompt_price=_price(profile, "prompt_price", label),
        completion_price=_price(profile, "completion_price", label),
    )


def _settings(config: Mapping[str, Any], env: Mapping[str, str], **flags: Any) -> ModelSettings:
    """The [model] table and environment fill in what the spec leaves open, as in `run`."""
    try:
        return model_settings(Config.from_mapping(config), flags, env)[0]
    except Exception as error:  # ConfigError: a bad value in the file or the profile
        raise ModelSpecError(str(error)) from None


def _price(profile: Mapping[str, Any], key: str, label: str) -> float | None:
    value = profile.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ModelSpecError(f"model profile {label!r}: {key} must be USD per million tokens")
    return float(value)
