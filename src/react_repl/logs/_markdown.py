"""The markdown a person reads after a run: written in appendable chunks, shown with rich in the
terminal or exported as one self-contained HTML file to share.

Content from the model or the sandbox is never trusted to keep the document's structure: thoughts
are quoted (a stray fence or HTML block ends with the quote), code and output sit in fences longer
than any backtick run they contain. The markdown and highlighting libraries are imported when a
log is shown, not with the package: they would double the start-up time of `logs list`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._cost import cost_text
from ._records import StepRecord

if TYPE_CHECKING:
    from rich.markdown import Markdown

_STEP_TITLES = {
    "step": "Step {index}",
    "decompose": "Step {index}: plan",
    "reminder": "Step {index}: malformed reply",
    "wrap_up": "Step {index}: wrap-up at max steps",
    "plan": "Step {index}: plan",
    "critic": "Step {index}: critic",
    "validation": "Step {index}: progress check",
}


def header(task: str, model: str, started: datetime, settings: Mapping[str, Any]) -> str:
    rows: dict[str, Any] = {"task": task, "date": format_date(started), "model": model}
    rows.update((key, value) for key, value in settings.items() if key not in rows)
    table = "\n".join(f"| {_cell(key)} | {_cell(value)} |" for key, value in rows.items())
    return f"# {_one_line(task)}\n\n| Setting | Value |\n| --- | --- |\n{table}\n"


def step(record: StepRecord) -> str:
    index = record.index
    title = _STEP_TITLES[record.kind].format(index=index)
    observation_label = "Reminder" if record.kind == "reminder" else "Observation"
    sections = [
        f"## {title}",
        f"### Thought {index}",
        quote(record.thought) if record.thought.strip() else "_(no thought)_",
    ]
    if record.proposed_action:
        sections += [f"### Proposed action {index}", fence(record.proposed_action, "python")]
    sections += [
        f"### Action {index}",
        fence(record.action, "python") if record.action.strip() else "_(no action)_",
    ]
    if record.review:
        sections.append(f"_Review: {_one_line(record.review)}_")
    sections += [
        f"### {observation_label} {index}",
        fence(record.observation) if record.observation.strip() else "_(no output)_",
        _usage_line(record),
    ]
    if record.retries:
        sections.append("_Retries: " + "; ".join(_one_line(r) for r in record.retries) + "_")
    return "\n" + "\n\n".join(sections) + "\n"


def result(outcome: Mapping[str, Any]) -> str:
    answer, value, summary, error = (
        outcome[key] for key in ("answer", "answer_value", "summary", "error")
    )
    sections = [
        "## Result",
        f"- Status: **{outcome['status']}**\n"
        f"- Steps: {outcome['steps']}\n"
        f"- Tokens: {outcome['prompt_tokens']} prompt, {outcome['completion_tokens']} completion\n"
        f"- Cost: {cost_text(outcome['cost'])}\n"
        f"- Duration: {outcome['duration']:.2f} s",
        "### Answer",
        "_(no answer)_" if answer is None else fence(answer),
    ]
    if value is not None and not isinstance(value, str):
        sections.append(f"_Value type: {outcome['answer_type'] or type(value).__name__}_")
    if summary:
        sections += ["### Summary", fence(summary)]
    if error:
        sections += ["### Error", fence(error)]
    return "\n" + "\n\n".join(sections) + "\n"


def fence(text: str, info: str = "") -> str:
    """A code fence that the text cannot close: one backtick longer than its longest run."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    marker = "`" * max(3, longest + 1)
    return f"{marker}{info}\n{text.rstrip(chr(10))}\n{marker}"


def quote(text: str) -> str:
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.strip("\n").splitlines())


def format_date(moment: datetime) -> str:
    return moment.isoformat(sep=" ", timespec="seconds")


def _usage_line(record: StepRecord) -> str:
    timing = f"{record.duration:.2f} s"
    if record.model_seconds or record.sandbox_seconds:
        timing += f" (model {record.model_seconds:.2f} s, sandbox {record.sandbox_seconds:.2f} s)"
    tokens = f"{record.prompt_tokens} prompt, {record.completion_tokens} completion"
    return f"_Tokens: {tokens} · {timing}_"


def _cell(value: Any) -> str:
    """Table cells hold one line and no unescaped pipes, or the table breaks."""
    if isinstance(value, list | tuple | set | frozenset):
        value = ", ".join(str(item) for item in value)
    elif value is None:
        value = "-"
    return _one_line(str(value)).replace("|", "\\|")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def link(relation: str, other: Path, step: int) -> str:
    """A line linking another run that continues this one (`resumed` or `forked`) at `step`."""
    return f"\n_{relation.capitalize()} at step {step} as [{other.stem}]({other})._\n"


_CSS = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       color: #1f2328; }
h1 { border-bottom: 1px solid #d0d7de; padding-bottom: .3rem; }
h2 { margin-top: 2rem; border-bottom: 1px solid #d0d7de; }
h3 { font-size: 1rem; color: #57606a; margin-bottom: .3rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d7de; padding: .25rem .6rem; text-align: left; vertical-align: top; }
pre { background: #f6f8fa; padding: .75rem; overflow-x: auto; border-radius: 6px; }
code { font: 13px/1.4 ui-monospace, monospace; }
blockquote { margin: 0; padding: 0 1rem; border-left: 4px solid #d0d7de; color: #3d444d; }
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
{body}</body>
</html>
"""


def render_terminal(path: Path) -> Markdown:
    """A renderable for `rich.console.Console.print`; python fences come out highlighted."""
    from rich.markdown import Markdown

    return Markdown(_read(path), code_theme="monokai")


def export_html(path: Path, out: Path | None = None) -> Path:
    """Write the log as one HTML file with inline CSS, next to the log unless `out` is given.

    Raw HTML in the log (which may come from the model or a web page) is escaped, not rendered.
    """
    from markdown_it import MarkdownIt

    text = _read(path)
    renderer = MarkdownIt("commonmark", {"html": False, "highlight": _highlight}).enable("table")
    title = next((line[2:] for line in text.splitlines() if line.startswith("# ")), Path(path).stem)
    page = _PAGE.format(title=html.escape(title), css=_CSS, body=renderer.render(text))
    target = Path(out) if out is not None else Path(path).with_suffix(".html")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(page, encoding="utf-8")
    return target


def _highlight(code: str, language: str, _attributes: str) -> str:
    """Inline-styled spans for python; other fences fall back to markdown-it's escaped text."""
    if language != "python":
        return ""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    return highlight(code, PythonLexer(), HtmlFormatter(nowrap=True, noclasses=True))


def _read(path: Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise FileNotFoundError(f"cannot read run log {path}: {error.strerror}") from error
