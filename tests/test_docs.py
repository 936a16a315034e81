"""The documentation: the site builds with no broken link, and the README stays a short, true
front page whose set-up commands and Python example work as written.

The site is built for real with the venv's mkdocs (a subprocess), so a page that moves or an
anchor that is renamed fails CI rather than a reader. The README's Python example is run as it
is printed, against the scripted OpenAI-compatible server, the real index and the real sandbox.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from react_repl.llm import ScriptedServer

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
README_LIMIT = 8 * 1024
SET_UP_COMMANDS = (
    'bash scripts/install.sh && .venv/bin/react-repl run "Print the current date."',
    "bash scripts/install.sh --tests && .venv/bin/python -m pytest",
)
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)
MODULE_PATH_COMMENT = re.compile(r"\A# (\S+\.py)\n")
GENERATED_START = "<!-- generated: react-repl config options -->"
GENERATED_END = "<!-- end generated -->"


def mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """The venv's mkdocs, as CI and a contributor run it (`NO_MKDOCS_2_WARNING` only quiets a
    banner that is not about this site)."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    built = mkdocs_build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "bench" / "multistep" / "report" / "index.html").is_file()


def test_the_strict_build_fails_on_a_broken_link_or_anchor(tmp_path: Path) -> None:
    """The site's own settings, on two tiny pages: without them a wrong anchor builds green."""
    settings = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    settings.update(docs_dir=str(tmp_path / "docs"), nav=["index.md", "other.md"])
    settings.pop("not_in_nav", None)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "other.md").write_text("# Other\n\n## A section\n")
    config = tmp_path / "mkdocs.yml"
    config.write_text(yaml.safe_dump(settings))

    for link in ("other.md#no-such-section", "missing.md"):
        (tmp_path / "docs" / "index.md").write_text(f"# Home\n\n[there]({link})\n")
        built = mkdocs_build(config, tmp_path / "site")
        assert built.returncode != 0, f"{link} built without an error"
        assert link.split("#")[-1] in built.stdout + built.stderr

    (tmp_path / "docs" / "index.md").write_text("# Home\n\n[there](other.md#a-section)\n")
    assert mkdocs_build(config, tmp_path / "site").returncode == 0


def test_the_configuration_page_shows_the_declared_options_and_techniques() -> None:
    """The options and techniques are declared once, in code; the page shows what
    `react-repl config options` makes of that declaration, so no option goes undocumented."""
    printed = subprocess.run(
        [sys.executable, "-m", "react_repl", "config", "options"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.strip()
    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    shown = page.split(GENERATED_START, 1)[1].split(GENERATED_END, 1)[0].strip()
    assert "| `techniques` |" in printed and "| `plan` |" in printed
    assert shown == printed, "paste `react-repl config options` into docs/configuration.md"


def test_the_layout_page_states_the_layers_pyproject_enforces() -> None:
    """lint-imports enforces pyproject.toml's layers; the page a newcomer reads must not drift."""
    contract = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (layers,) = [c["layers"] for c in contract["contracts"] if c["type"] == "layers"]
    page = (ROOT / "docs" / "layout.md").read_text(encoding="utf-8")
    section = page.split("## Which way imports go", 1)[1]
    shown = section.split("```", 2)[1].strip().splitlines()
    assert shown == [layer.replace("react_repl.", "") for layer in layers]


def test_the_readme_is_a_short_front_page() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) <= README_LIMIT
    for command in SET_UP_COMMANDS:
        assert command in text
    assert SET_UP_COMMANDS[1] in (ROOT / ".ci" / "run").read_text(), "CI runs the README's tests"


def test_the_readmes_links_reach_files() -> None:
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README.read_text(encoding="utf-8"))
    local = [link for link in links if "://" not in link]
    assert local, "the README maps the docs"
    assert [link for link in local if not (ROOT / link).exists()] == []


def readme_example() -> tuple[dict[str, str], str]:
    """The README's module files (a python block opening with `# path.py`) and its program."""
    blocks = [code for lang, code in FENCE.findall(README.read_text()) if lang == "python"]
    files = {m.group(1): code for code in blocks if (m := MODULE_PATH_COMMENT.match(code))}
    programs = [code for code in blocks if not MODULE_PATH_COMMENT.match(code)]
    assert files and len(programs) == 1, "one module and one program in the README"
    return files, programs[0]


def test_the_readmes_python_example_runs_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files, program = readme_example()
    (tmp_path / ".git").mkdir()
    (tmp_path / "react-repl.toml").write_text("")
    for path, code in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(code)
    (tmp_path / "no_builtin_apis").mkdir()
    for name in list(os.environ):
        if name.startswith(("OPENAI_", "REACT_REPL_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("REACT_REPL_BUILTIN_APIS", str(tmp_path / "no_builtin_apis"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.chdir(tmp_path)

    printed = io.StringIO()
    with ScriptedServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        server.enqueue("1. Look up the temperature in Paris")
        server.enqueue(
            'THOUGHT: look it up\nACTION:\n```python\nt = get_city_temperature("Paris")\n```'
        )
        server.enqueue("THOUGHT: done\nACTION:\n```python\nstop(t)\n```")
        with contextlib.redirect_stdout(printed):
            exec(compile(program, "README.md", "exec"), {"__name__": "readme_example"})

    first, log_path = printed.getvalue().splitlines()
    promised = re.search(r"print\(result\.status, result\.answer\)  # (.+)", program)
    assert promised is not None and first == promised.group(1)
    assert Path(log_path).is_file() and Path(log_path).suffix == ".md"
    assert 'get_city_temperature("Paris")' in Path(log_path).read_text()
