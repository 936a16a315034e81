"""`react-repl view` served by the real command on a free port, one headless Chromium for the folder
(it takes seconds to start on a loaded machine), and runs written through the real log writer."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from view_runs import Served

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("view")
    logs_dir, bench_dir, port = root / "logs", root / "bench-results", _free_port()
    logs_dir.mkdir()
    command = [
        sys.executable, "-m", "react_repl", "view", "--port", str(port),
        "--logs-dir", str(logs_dir), "--bench-dir", str(bench_dir),
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/bench", timeout=5).close()
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"react-repl view did not start: {server.stdout.read()}")  # type: ignore[union-attr]
            time.sleep(0.2)
    yield Served(url, logs_dir, bench_dir)
    server.terminate()
    server.wait(timeout=30)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1280,900"):  # fmt: skip
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


@pytest.fixture
def project_env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("EDITOR", "VISUAL")}
    return env | {"OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1", "COLUMNS": "120", "TERM": "dumb"}
