"""The wheel carries the checkout's top-level data folders inside the package.

A checkout keeps the built-in API modules in `apis/`, the prompt templates in `prompts/` and the
bench's distractor pack and local world in `benchmarks/`, where a reader of the tree finds them; an
installed wheel has no checkout around it, so each folder is mapped into `react_repl/` here and
`react_repl._paths` looks in the package first. Everything else is declared in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

SHIPPED_FOLDERS = {
    "react_repl.apis": "apis",
    "react_repl.prompts": "prompts",
    "react_repl.distractors": "benchmarks/distractors",
    "react_repl.world": "benchmarks/world",
}

setup(
    packages=[*find_namespace_packages("src"), *SHIPPED_FOLDERS],
    package_dir={"": "src", **SHIPPED_FOLDERS},
)
