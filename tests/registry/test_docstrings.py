"""Each docstring style ends up in the same fields, through the real discovery path."""

from __future__ import annotations

from pathlib import Path

import pytest

from react_repl.registry import ApiRegistry, ApiSpec, ParamDoc


def _only(path: Path) -> ApiSpec:
    registry = ApiRegistry.discover([path], builtin=False, entry_points=False)
    assert registry.problems == ()
    assert len(registry) == 1
    return registry.specs[0]


def test_google_style(fixtures: Path) -> None:
    spec = _only(fixtures / "google_style.py")
    assert spec.signature == (
        "get_weather(city: str, days: int = 1, units: str | None = None) -> dict[str, Any]"
    )
    assert spec.summary == "Fetch the weather forecast for a city."
    assert spec.description == "The forecast comes from a public service and is cached for an hour."
    assert spec.params == (
        ParamDoc("city", "str", None, 'Name of the city, for example "London".'),
        ParamDoc("days", "int", "1", "How many days to forecast."),
        ParamDoc(
            "units",
            "str | None",
            "None",
            '"metric" or "imperial"; the service default when omitted.',
        ),
    )
    assert spec.returns == "The forecast, one entry per day."
    assert spec.raises == ("ValueError: If days is smaller than 1.",)


def test_numpy_style_splits_shared_parameter_lines(fixtures: Path) -> None:
    spec = _only(fixtures / "numpy_style.py")
    assert spec.signature == (
        "scale_point(x: float, y: float, factor: Optional[float] = None) -> tuple[float, float]"
    )
    assert spec.summary == "Multiply both coordinates of a point by a factor."
    assert [(p.name, p.description) for p in spec.params] == [
        ("x", "The coordinates."),
        ("y", "The coordinates."),
        ("factor", "The multiplier; 2.0 when omitted."),
    ]
    assert spec.returns == "The scaled point."
    assert spec.raises == ("OverflowError: When a coordinate overflows.",)


def test_rest_style(fixtures: Path) -> None:
    spec = _only(fixtures / "rest_style.py")
    assert spec.signature == "shout(text: str, times: int = 1) -> str"
    assert spec.summary == "Turn text into upper case and repeat it."
    assert spec.params == (
        ParamDoc("text", "str", None, "The text to shout."),
        ParamDoc("times", "int", "1", "How often to repeat it."),
    )
    assert spec.returns == "The shouted text."
    assert spec.raises == ("TypeError: If text is not a string.",)


def test_epydoc_style_fills_missing_annotations_from_the_docstring(fixtures: Path) -> None:
    spec = _only(fixtures / "epydoc_style.py")
    assert spec.signature == "greet(name, polite=True)"
    assert spec.params == (
        ParamDoc("name", "str", None, "Who to greet."),
        ParamDoc("polite", "bool", "True", "Whether to add a courtesy."),
    )
    assert spec.returns == "The greeting."
    assert spec.raises == ("KeyError: Never, in fact.",)


def test_plain_prose_summary_is_the_first_sentence_even_across_lines(write_module) -> None:
    path = write_module(
        "prose.py",
        '''
        def merge(a: list, b: list, *rest: list, **options: bool) -> list:
            """Merge sorted lists into one
            sorted list. Stable for equal items.

            Works on any number of lists.
            """
            return a + b
        ''',
    )
    spec = _only(path)
    assert spec.summary == "Merge sorted lists into one sorted list."
    assert spec.description == "Stable for equal items.\n\nWorks on any number of lists."
    assert [p.name for p in spec.params] == ["a", "b", "*rest", "**options"]
    assert spec.returns == ""
    assert spec.raises == ()


@pytest.mark.parametrize(
    ("first_paragraph", "summary"),
    [
        (
            "Raise a number to a power, e.g. 2 to the 8th. Fast.",
            "Raise a number to a power, e.g. 2 to the 8th.",
        ),
        ("List files, folders etc. That is all.", "List files, folders etc."),
        ("Compare i.e. The Two, fully.", "Compare i.e. The Two, fully."),
        ("Stop! Then go.", "Stop!"),
        ("Version 2.0 is used. Really.", "Version 2.0 is used."),
    ],
)
def test_summary_does_not_stop_at_abbreviations(write_module, first_paragraph, summary) -> None:
    path = write_module("abbrev.py", f'def tool() -> None:\n    """{first_paragraph}"""\n')
    assert _only(path).summary == summary


def test_string_annotations_render_unquoted_even_when_they_cannot_be_evaluated(
    write_module,
) -> None:
    path = write_module(
        "lazy.py",
        '''
        from __future__ import annotations

        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            from decimal import Decimal


        def to_cents(amount: Decimal, rounding: typing.Optional[str] = None) -> int:
            """Convert an amount to whole cents."""
            return int(amount * 100)
        ''',
    )
    spec = _only(path)
    assert spec.signature == "to_cents(amount: Decimal, rounding: Optional[str] = None) -> int"
