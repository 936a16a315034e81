"""Showing a run log: rich markdown in the terminal, a single self-contained HTML file to share.

The markdown and highlighting libraries are imported when a log is shown, not with the package:
they would double the start-up time of `logs list`.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.markdown import Markdown

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
