"""Signatures as the agent reads them: `get_weather(city: str, days: int = 1) -> dict`.

Annotations are rendered without module noise (`typing.`, `collections.abc.`, `NoneType`), and
string annotations (`from __future__ import annotations`) are shown as written, not quoted.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import Any

from react_repl._secrets import shown_signature

_NOISE = re.compile(r"\b(?:typing|typing_extensions|collections\.abc|builtins)\.")


class TypeText:
    """Stands in for an annotation so that `inspect.Signature.__str__` prints our text verbatim."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def read_signature(func: Callable[..., Any]) -> inspect.Signature:
    """The signature as the model may read it: string annotations evaluated when possible (their
    text when names are missing), and every default that is not a plain literal written in the
    function's own source shown as `...` (react_repl._secrets, rule 1): an `api_key` default
    read from the environment would otherwise reach method_search results and the index."""
    try:
        signature = inspect.signature(func, eval_str=True)
    except (NameError, SyntaxError, TypeError, AttributeError):
        signature = inspect.signature(func)
    return shown_signature(func, signature)


def format_annotation(annotation: Any) -> str | None:
    if annotation is inspect.Parameter.empty:
        return None
    if isinstance(annotation, str):
        text = annotation
    elif annotation is None or annotation is type(None):
        text = "None"
    else:
        text = inspect.formatannotation(annotation)
    return _NOISE.sub("", text).replace("NoneType", "None")


def format_default(default: Any) -> str | None:
    return None if default is inspect.Parameter.empty else repr(default)


def format_signature(name: str, signature: inspect.Signature) -> str:
    parameters = [
        parameter.replace(annotation=_render(parameter.annotation))
        for parameter in signature.parameters.values()
    ]
    clean = signature.replace(
        parameters=parameters, return_annotation=_render(signature.return_annotation)
    )
    return f"{name}{clean}"


def _render(annotation: Any) -> Any:
    text = format_annotation(annotation)
    return inspect.Parameter.empty if text is None else TypeText(text)
