from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

import react_repl
from react_repl.logs import RunLog, RunParameters, StepRecord, prompts_hash

STARTED = datetime(2026, 11, 21, 14, 5, 9, tzinfo=UTC)
WriteRun = Callable[..., RunLog]
MakeStep = Callable[..., StepRecord]

SETTINGS = {"base_url": "http://127.0.0.1:8000/v1", "max_steps": 20, "apis": ["apis", "my|apis"]}
PARAMETERS = RunParameters(temperature=0.2, max_tokens=1024, seed=None, prompts_hash="9f86d0")

STEPS = [
    StepRecord(
        index=1,
        kind="decompose",
        thought="Steps:\n1. Get the date.\n\n2. Print it.",
        action='method_search("current date")',
        observation="`today() -> date`: Today's date.",
        prompt_tokens=812,
        completion_tokens=64,
        duration=2.5,
        model_seconds=2.25,
        sandbox_seconds=0.25,
        raw_reply="THOUGHT 1: Steps: ...",
    ),
    StepRecord(
        index=2,
        kind="reminder",
        thought="I will just answer.",
        action="",
        observation="Reply with one ```python block.",
        prompt_tokens=900,
        completion_tokens=12,
        duration=0.5,
    ),
    StepRecord(
        index=3,
        kind="step",
        thought="Call it.",
        action="print(today())\nstop()",
        observation="",
        prompt_tokens=950,
        completion_tokens=20,
        duration=1.0,
    ),
]

EXPECTED_MARKDOWN = """\
# Print today's date

| Setting | Value |
| --- | --- |
| task | Print today's date |
| date | 2026-11-21 14:05:09+00:00 |
| model | gpt-4 |
| temperature | 0.2 |
| max_tokens | 1024 |
| seed | - |
| prompts_hash | 9f86d0 |
| react_repl_version | <VERSION> |
| bench_run | bench-7 |
| base_url | http://127.0.0.1:8000/v1 |
| max_steps | 20 |
| apis | apis, my\\|apis |

## Step 1: plan

### Thought 1

> Steps:
> 1. Get the date.
>
> 2. Print it.

### Action 1

```python
method_search("current date")
```

### Observation 1

```
`today() -> date`: Today's date.
```

_Tokens: 812 prompt, 64 completion · 2.50 s (model 2.25 s, sandbox 0.25 s)_

## Step 2: malformed reply

### Thought 2

> I will just answer.

### Action 2

_(no action)_

### Reminder 2

````
Reply with one ```python block.
````

_Tokens: 900 prompt, 12 completion · 0.50 s_

## Step 3

### Thought 3

> Call it.

### Action 3

```python
print(today())
stop()
```

### Observation 3

_(no output)_

_Tokens: 950 prompt, 20 completion · 1.00 s_

## Result

- Status: **finished**
- Steps: 3
- Tokens: 2662 prompt, 96 completion
- Cost: unknown
- Duration: <DURATION>

### Answer

```
2026-11-21
```
"""


def _write_example(logs_dir: Path) -> RunLog:
    log = RunLog.create(
        logs_dir,
        task="Print today's date",
        model="gpt-4",
        settings=SETTINGS,
        parameters=PARAMETERS,
        bench_run="bench-7",
        started=STARTED,
    )
    for step in STEPS:
        log.write_step(step)
    log.finish(status="finished", answer="2026-11-21", prompt_tokens=2662, completion_tokens=96)
    return log


def test_markdown_log_line_by_line(tmp_path: Path) -> None:
    log = _write_example(tmp_path)
    text = log.path.read_text(encoding="utf-8")
    text = re.sub(r"- Duration: \d+\.\d\d s", "- Duration: <DURATION>", text)
    expected = EXPECTED_MARKDOWN.replace("<VERSION>", react_repl.__version__)
    assert text.splitlines() == expected.splitlines()


def test_jsonl_twin_has_header_steps_and_end(tmp_path: Path) -> None:
    log = _write_example(tmp_path)
    records = [json.loads(line) for line in log.jsonl_path.read_text().splitlines()]
    header, *steps, end = records
    assert header["type"] == "run" and header["id"] == log.id and header["version"] == 2
    assert (header["task"], header["model"], header["settings"]) == (
        "Print today's date",
        "gpt-4",
        SETTINGS,
    )
    assert header["started"] == "2026-11-21T14:05:09+00:00"
    assert {key: header[key] for key in ("temperature", "max_tokens", "seed", "prompts_hash")} == {
        "temperature": 0.2,
        "max_tokens": 1024,
        "seed": None,
        "prompts_hash": "9f86d0",
    }
    assert header["react_repl_version"] == react_repl.__version__
    assert header["bench_run"] == "bench-7"
    as_json = [json.loads(json.dumps(dataclasses.asdict(step))) for step in STEPS]
    assert steps == [{"type": "step", **record} for record in as_json]
    assert steps[0]["raw_reply"] == "THOUGHT 1: Steps: ..."
    assert end["type"] == "end"
    assert {key: end[key] for key in ("status", "steps", "answer", "error")} == {
        "status": "finished",
        "steps": 3,
        "answer": "2026-11-21",
        "error": None,
    }
    assert (end["prompt_tokens"], end["completion_tokens"]) == (2662, 96)


def test_path_layout_by_model_and_date(tmp_path: Path) -> None:
    task = "Café ☕: what's the WEATHER in Zürich tomorrow, and in Genève after that?"
    log = RunLog.create(
        tmp_path, task=task, model="Qwen/qwen2.5-coder:1.5b", settings={}, started=STARTED
    )
    model_dir = "Qwen_qwen2.5-coder_1.5b"
    slug = "cafe-what-s-the-weather-in-zurich-tomorrow-and-in"
    assert len(slug) <= 50
    stem = f"{slug}__{model_dir}__2026_11_21__14-05-09"
    assert log.path == tmp_path / model_dir / "2026" / "11" / "21" / f"{stem}.md"
    assert log.jsonl_path == log.path.with_suffix(".jsonl")
    assert log.id == stem


def test_same_name_gets_a_suffix_instead_of_overwriting(write_run: WriteRun) -> None:
    first = write_run()
    second = write_run(status=None)
    assert second.path.name == first.path.stem + "-2.md"
    assert "## Result" in first.path.read_text()
    assert "## Result" not in second.path.read_text()


def test_fences_and_html_in_content_cannot_break_the_document(
    tmp_path: Path, make_step: MakeStep
) -> None:
    action = 'print("```")\nprint("````python")'
    observation = "```\n````\n<script>"
    log = RunLog.create(tmp_path, task="t", model="m", settings={}, started=STARTED)
    unclosed = StepRecord(1, "step", "```python\nx = 1\n<pre>", action, observation, 1, 1, 0.1)
    log.write_step(unclosed)
    log.write_step(make_step(2))
    log.finish(status="finished", answer="```", prompt_tokens=2, completion_tokens=2)

    tokens = MarkdownIt("commonmark").parse(log.path.read_text())
    fences = [token for token in tokens if token.type == "fence" and token.level == 0]
    assert [fence.content.rstrip("\n") for fence in fences] == [
        action,
        observation,
        "print(1)",
        "output 2",
        "```",
    ]
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert "Step 2" in headings and "Result" in headings


def test_finish_is_ignored_the_second_time_and_closes_the_log(
    write_run: WriteRun, make_step: MakeStep
) -> None:
    log = write_run()
    log.finish(status="error", answer=None, prompt_tokens=0, completion_tokens=0, error="late")
    text = log.path.read_text()
    assert text.count("## Result") == 1 and "late" not in text
    with pytest.raises(RuntimeError, match="finished"):
        log.write_step(make_step(3))


def test_error_is_reported_in_the_result(write_run: WriteRun) -> None:
    log = write_run(status=None, alive=True)
    log.finish(
        status="error",
        answer=None,
        prompt_tokens=1,
        completion_tokens=1,
        error="APIConnectionError: nothing listening",
    )
    tail = log.path.read_text().split("## Result", 1)[1]
    assert "- Status: **error**" in tail
    assert "### Answer\n\n_(no answer)_" in tail
    assert "### Error\n\n```\nAPIConnectionError: nothing listening\n```" in tail


def test_bad_status_and_kind_are_refused(write_run: WriteRun, make_step: MakeStep) -> None:
    log = write_run(status=None, alive=True)
    with pytest.raises(ValueError, match="unknown run status 'done'"):
        log.finish(status="done", answer=None, prompt_tokens=0, completion_tokens=0)
    with pytest.raises(ValueError, match="unknown step kind 'thinking'"):
        make_step(1, kind="thinking")


def test_settings_that_are_not_json_are_kept_as_text(tmp_path: Path) -> None:
    settings = {"apis": [tmp_path / "apis"], "prompts": tmp_path / "prompts", "stop": None}
    log = RunLog.create(tmp_path, task="t", model="m", settings=settings, started=STARTED)
    header = json.loads(log.jsonl_path.read_text().splitlines()[0])
    assert header["settings"] == {
        "apis": [str(tmp_path / "apis")],
        "prompts": str(tmp_path / "prompts"),
        "stop": None,
    }
    table = log.path.read_text()
    assert f"| apis | {tmp_path / 'apis'} |" in table
    assert "| stop | - |" in table


def test_a_caller_that_cannot_tell_still_gets_every_key(tmp_path: Path) -> None:
    """Reproduction fields are null, not missing, so a reader can tell "unknown" from "old"."""
    log = RunLog.create(tmp_path, task="t", model="m", settings={}, started=STARTED)
    header = json.loads(log.jsonl_path.read_text().splitlines()[0])
    for key in ("temperature", "max_tokens", "seed", "prompts_hash", "bench_run"):
        assert key in header and header[key] is None
    assert header["react_repl_version"] == react_repl.__version__
    table = log.path.read_text()
    assert "| temperature | - |" in table and "| prompts_hash | - |" in table
    assert "bench_run" not in table


def test_prompts_hash_follows_content_and_names_not_order() -> None:
    templates = {"system.jinja2": "You are {{ role }}.", "task.jinja2": "Task: {{ task }}"}
    reordered = dict(reversed(templates.items()))
    assert prompts_hash(templates) == prompts_hash(reordered)
    assert re.fullmatch(r"[0-9a-f]{64}", prompts_hash(templates))
    edited = {**templates, "task.jinja2": "Task: {{ task }}!"}
    renamed = {
        "system2.jinja2": templates["system.jinja2"],
        "task.jinja2": templates["task.jinja2"],
    }
    moved = {"system.jinja2": "You are {{ role }}.Task: ", "task.jinja2": "{{ task }}"}
    hashes = {prompts_hash(variant) for variant in (templates, edited, renamed, moved)}
    assert len(hashes) == 4


def test_ctrl_c_before_anything_was_written_leaves_no_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("react_repl.logs._markdown.header", _raise_keyboard_interrupt)
    with pytest.raises(KeyboardInterrupt):
        RunLog.create(tmp_path / "logs", task="t", model="m", settings={})
    assert [*(tmp_path / "logs").rglob("*.md"), *(tmp_path / "logs").rglob("*.jsonl")] == []


def _raise_keyboard_interrupt(*args: object, **kwargs: object) -> None:
    raise KeyboardInterrupt
