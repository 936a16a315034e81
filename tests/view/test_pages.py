"""The pages in a real headless Chromium, served by `react-repl view` in its own process."""

from __future__ import annotations

import shutil
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from view_runs import Served, new_run, step

DOCS_BENCH = Path(__file__).parents[2] / "docs" / "bench"


def test_the_run_list_renders_and_searches(served: Served, browser) -> None:
    weather = new_run(served.logs_dir, "Report the weather in Paris")
    weather.write_step(step(1, "Look it up.", "print(get_weather('Paris'))", "sunny"))
    weather.finish(status="finished", answer="sunny", prompt_tokens=10, completion_tokens=5)
    new_run(served.logs_dir, "Count the files").finish(
        status="max_steps", answer=None, prompt_tokens=1, completion_tokens=1
    )

    browser.get(served.url + "/")
    table = browser.find_element(By.ID, "runs").text
    assert "Report the weather in Paris" in table and "Count the files" in table
    assert "finished" in table and "max_steps" in table

    browser.get(served.url + "/?q=sunny")
    table = browser.find_element(By.ID, "runs").text
    assert "Report the weather in Paris" in table and "Count the files" not in table


def test_a_live_run_s_new_step_appears_without_a_reload(served: Served, browser) -> None:
    log = new_run(served.logs_dir, "Watch me work")
    log.write_step(step(1, "First look.", "print('one')", "one"))
    browser.get(f"{served.url}/runs/{log.id}")
    assert browser.find_element(By.ID, "status").text == "running"
    browser.execute_script("window.sameDocument = 'yes'")  # gone if the page reloads

    log.write_step(step(2, "Second look.", "print('two')", "two"))
    steps = browser.find_element(By.ID, "steps")
    WebDriverWait(browser, 30).until(lambda _: "Second look." in steps.text)
    assert browser.execute_script("return window.sameDocument") == "yes"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#steps .step")) == 2

    log.finish(status="finished", answer="two", prompt_tokens=20, completion_tokens=10)
    WebDriverWait(browser, 30).until(lambda b: b.find_element(By.ID, "status").text == "finished")
    assert browser.find_element(By.ID, "answer").text == "two"


def test_a_damaged_log_is_a_message_not_a_traceback(served: Served, browser) -> None:
    log = new_run(served.logs_dir, "Damaged later")
    log.write_step(step(1, "Fine.", "print(1)", "1"))
    log.finish(status="finished", answer="1", prompt_tokens=1, completion_tokens=1)
    browser.get(f"{served.url}/runs/{log.id}")  # open while the log was whole
    with log.jsonl_path.open("ab") as damaged:
        damaged.write(b'{"type": "step", cut off\n')
    browser.refresh()
    assert "corrupt line skipped" in browser.find_element(By.CLASS_NAME, "notice").text
    assert "Fine." in browser.find_element(By.ID, "steps").text

    log.jsonl_path.write_bytes(b"\x00\xffnot json at all\n")

    browser.refresh()
    message = browser.find_element(By.ID, "problem").text
    assert "cannot be read" in message and "no run header" in message
    assert "Traceback" not in browser.page_source


def test_a_bench_report_shows_its_tables_plots_and_damage(served: Served, browser) -> None:
    shutil.copytree(DOCS_BENCH / "seed_a_f", served.bench_dir / "seed_a_f")
    results = served.bench_dir / "seed_a_f" / "seed05" / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    results.write_text(lines[0] + '{"key": "cut off\n' + "".join(lines[1:]))
    (served.bench_dir / "broken").mkdir()
    (served.bench_dir / "broken" / "results.jsonl").write_text("this is not a record")

    browser.get(served.url + "/bench")
    listing = browser.find_element(By.ID, "bench").text
    assert "seed_a_f/seed05" in listing and "skipped a bad record" in listing
    assert "broken" in listing and "it is damaged" in listing

    browser.find_element(By.LINK_TEXT, "seed_a_f").click()
    report = browser.find_element(By.ID, "report")
    assert "12 attempt record(s)" in browser.find_element(By.TAG_NAME, "body").text
    assert "skipped a bad record" in browser.find_element(By.CLASS_NAME, "notice").text
    assert "Summary" in report.text and "Print the current date." in report.text
    plots = report.find_elements(By.TAG_NAME, "img")
    assert len(plots) == 4
    WebDriverWait(browser, 10).until(
        lambda b: all(b.execute_script("return arguments[0].naturalWidth", p) > 0 for p in plots)
    )
    report.find_element(By.PARTIAL_LINK_TEXT, "3 ✅").click()
    assert "Print the current date" in browser.find_element(By.TAG_NAME, "h1").text
