"""An approval given on the page reaches a real `react-repl run --approve` in a terminal (a pty),
racing that terminal's prompt; and the answer channel lets exactly one answer land."""

from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pexpect
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from view_runs import Served, new_run

from react_repl.context import Review
from react_repl.llm import ScriptedServer
from react_repl.techniques import PageChannel, give_answer, pending_approval

NOTES_MODULE = '''
def post_note(text: str) -> str:
    """Post a short note to the team board.

    Args:
        text: The note.
    """
    return f"posted: {text}"
'''


def reply(thought: str, code: str) -> str:
    return f"THOUGHT: {thought}\nACTION:\n```python\n{code}\n```"


def _run_in_a_terminal(served: Served, server: ScriptedServer, home: Path) -> pexpect.spawn:
    (home / "myapis").mkdir()
    (home / "myapis" / "notes_board.py").write_text(NOTES_MODULE)
    env = {key: value for key, value in os.environ.items() if key not in ("EDITOR", "VISUAL")}
    env |= {"OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1", "COLUMNS": "120", "TERM": "dumb"}
    command = [
        "-m", "react_repl", "run", "Post a note.", "--approve", "all",
        "--base-url", server.base_url, "--model", "scripted",
        "--apis", str(home / "myapis"), "--index", str(home / "index"),
        "--logs-dir", str(served.logs_dir),
    ]  # fmt: skip
    return pexpect.spawn(
        sys.executable, command, cwd=home, env=env, encoding="utf-8", timeout=180,
        dimensions=(50, 120),
    )  # fmt: skip


def _wait_for_request(browser, step: int) -> None:
    WebDriverWait(browser, 120).until(
        lambda b: f"Step {step} wants to run" in b.find_element(By.ID, "approval").text
    )


def test_an_approval_given_on_the_page_reaches_the_run(
    served: Served, browser, tmp_path: Path
) -> None:
    with ScriptedServer() as server:
        server.enqueue(
            "1. Post the note",
            reply("Post it.", 'print(post_note("draft"))'),
            reply("Done.", 'stop("posted")'),
        )
        person = _run_in_a_terminal(served, server, tmp_path)
        person.expect("or answer on the web view")
        log = next(served.logs_dir.rglob("*post-a-note*.jsonl"))
        browser.get(f"{served.url}/runs/{log.stem}")
        _wait_for_request(browser, 2)
        code = browser.find_element(By.ID, "approval-code")
        code.clear()
        code.send_keys('print(post_note("edited on the page"))')
        browser.find_element(By.ID, "edit").click()
        person.expect("Answered on the web view: edit")
        person.expect("posted: edited on the page")

        _wait_for_request(browser, 3)
        browser.find_element(By.ID, "approve").click()
        person.expect("Answered on the web view: run")
        person.expect(pexpect.EOF)
        person.close()

    assert person.exitstatus == 0
    markdown = log.with_suffix(".md").read_text()
    assert 'post_note("draft")' in markdown and "edited on the page" in markdown
    assert not list(served.logs_dir.rglob("*.approval.json"))
    assert not list(served.logs_dir.rglob("*.answer.json"))


def test_only_the_first_answer_lands(served: Served) -> None:
    log = new_run(served.logs_dir, "Asked twice")
    channel = PageChannel.offer(log.path, {"step": 1, "action": "print(1)"})
    assert pending_approval(log.path)["action"] == "print(1)"
    assert not give_answer(log.path, "another request", Review.approve())
    assert channel.answer() is None

    assert give_answer(log.path, channel.id, Review.reject("not now"))
    assert not give_answer(log.path, channel.id, Review.approve())
    assert not channel.claim(Review.approve())  # the terminal was late
    assert channel.answer() == Review.reject("not now")
    channel.close()
    assert pending_approval(log.path) is None
    log.finish(status="finished", answer=None, prompt_tokens=0, completion_tokens=0)


def _post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, str]:
    request = urllib.request.Request(url, body, headers | {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_another_site_cannot_answer_or_read(served: Served) -> None:
    log = new_run(served.logs_dir, "Guarded")
    channel = PageChannel.offer(log.path, {"step": 1, "action": "print(1)"})
    answer = json.dumps({"id": channel.id, "decision": "run"}).encode()
    url = f"{served.url}/runs/{log.id}/approval"

    assert _post(url, answer, {"Origin": "http://evil.example"})[0] == 403
    assert _post(url, answer, {"Host": "evil.example"})[0] == 403  # a rebound DNS name
    assert channel.answer() is None
    status, text = _post(url, b'{"id": "x", "decision": "maybe"}', {})
    assert status == 400 and "decision must be one of" in text

    assert _post(url, answer, {"Origin": served.url})[0] == 200
    assert channel.answer() == Review.approve()
    assert _post(url, answer, {"Origin": served.url})[0] == 409
    channel.close()
    log.finish(status="finished", answer=None, prompt_tokens=0, completion_tokens=0)
