"""Prompt templates, kept as jinja2 files so they can be read, diffed and overridden."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from react_repl._paths import prompts_dir


class PromptSet:
    """Renders prompts; a user folder overrides the built-in templates one file at a time."""

    def __init__(self, override_dir: Path | None = None) -> None:
        folders = [str(override_dir)] if override_dir else []
        if override_dir and not override_dir.is_dir():
            raise FileNotFoundError(f"prompt folder not found: {override_dir}")
        folders.append(str(prompts_dir()))
        self._env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(folders),
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=False,
            autoescape=False,
        )
        if override_dir:
            self._check_syntax(override_dir)

    def _check_syntax(self, folder: Path) -> None:
        """A user's template that does not parse stops the run before it starts, with its file
        and line, rather than mid-run when it is first rendered."""
        for path in sorted(folder.glob("*.jinja2")):
            try:
                self._env.parse(path.read_text(encoding="utf-8"), path.name, str(path))
            except jinja2.TemplateSyntaxError as error:
                raise ValueError(
                    f"prompt template {path}:{error.lineno}: {error.message}"
                ) from None
            except (OSError, UnicodeDecodeError) as error:
                raise ValueError(f"prompt template {path} cannot be read: {error}") from None

    def sources(self) -> dict[str, str]:
        """Every template's source as this set resolves it (a user's override wins)."""
        loader = self._env.loader
        assert loader is not None
        return {name: loader.get_source(self._env, name)[0] for name in self._env.list_templates()}

    def render(self, template_name: str, /, **values: Any) -> str:
        try:
            template = self._env.get_template(template_name)
        except jinja2.TemplateNotFound as error:
            raise FileNotFoundError(f"prompt template {template_name!r} not found") from error
        return template.render(**values).strip()
