from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from rich.console import Console

from react_repl.logs import RunLog, StepRecord, export_html, render_terminal

HOSTILE = "<script>alert('x')</script>"


def _hostile_run(logs_dir: Path, started: datetime) -> RunLog:
    log = RunLog.create(
        logs_dir,
        task=f"Summarise {HOSTILE}",
        model="m",
        settings={"note": HOSTILE},
        started=started,
    )
    thought = f"The page says {HOSTILE}\n<div onclick='x()'>"
    action = "html = fetch('https://example.com')\nprint(html)  # a < b"
    log.write_step(StepRecord(1, "step", thought, action, f"{HOSTILE}\n```", 5, 1, 0.2))
    log.finish(status="finished", answer=HOSTILE, prompt_tokens=5, completion_tokens=1)
    return log


def test_html_export_escapes_content_and_is_self_contained(
    tmp_path: Path, started: datetime
) -> None:
    log = _hostile_run(tmp_path, started)
    out = export_html(log.path)
    assert out == log.path.with_suffix(".html")
    page = out.read_text(encoding="utf-8")
    assert "<script" not in page.lower()
    assert "onclick='x()'>" not in page
    assert page.count("&lt;script&gt;") >= 5
    assert "<title>Summarise &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;</title>" in page
    assert "<style>" in page and "<link" not in page and "src=" not in page
    python_block = page.split('<pre><code class="language-python">', 1)[1].split("</pre>", 1)[0]
    assert "fetch" in python_block and "a &lt; b" in python_block
    assert "<h2>Result</h2>" in page


def test_html_export_to_a_chosen_file(tmp_path: Path, started: datetime) -> None:
    log = _hostile_run(tmp_path / "logs", started)
    out = export_html(log.path, tmp_path / "shared" / "run.html")
    assert out == tmp_path / "shared" / "run.html"
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_terminal_rendering_shows_the_steps_without_markdown_syntax(
    write_run: Callable[..., RunLog],
) -> None:
    log = write_run(steps=2, answer="the answer")
    console = Console(record=True, width=100, color_system=None)
    console.print(render_terminal(log.path))
    text = console.export_text()
    for expected in ("Print the date", "Step 2", "Thought number 2.", "print(1)", "the answer"):
        assert expected in text
    assert "```" not in text and "## " not in text
