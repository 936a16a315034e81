"""Paths a person copies or a script reads are printed whole, whatever width rich assumes."""

from __future__ import annotations

from pathlib import Path

from cli_process import react_repl


def test_config_show_prints_the_config_files_path_on_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "a-project-folder-with-a-rather-long-name" / "and-a-subfolder"
    folder.mkdir(parents=True)
    (folder / "react-repl.toml").write_text("[agent]\nmax_steps = 7\n")
    shown = react_repl("config", "show", "--file", str(folder / "react-repl.toml"),
                       home=tmp_path, env={"COLUMNS": "30"})  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert f"Config file: {folder / 'react-repl.toml'}" in shown.stdout.splitlines()
