"""The web app of `react-repl view`: server-rendered pages over the logs and bench folders.

Only the run page has a script: it polls `/runs/ID/live` for new steps and a pending approval,
and posts the person's decision back. Every request must name a local host (a page of another
site that rebinds its name to 127.0.0.1 sends its own name), and a POST from another origin is
refused, so a web page the person visits cannot approve an action for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, PackageLoader, select_autoescape
from markdown_it import MarkdownIt
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from react_repl.techniques import give_answer, review_of
from react_repl.view._reading import (
    Problem,
    RunFinder,
    RunView,
    bench_entries,
    bench_entry,
    confined,
    list_runs,
)

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
_IMAGES = {".png": "image/png", ".svg": "image/svg+xml"}
_DEFAULT_REASONS = {"reject": "rejected on the web view", "stop": "stopped on the web view"}


@dataclass(frozen=True)
class ViewFolders:
    logs_dir: Path
    bench_dir: Path


def create_app(folders: ViewFolders, *, allowed_hosts: tuple[str, ...] = LOCAL_HOSTS) -> Starlette:
    """The app; `allowed_hosts` are the names a request's Host (and a POST's Origin) may carry."""
    pages = _Pages(folders)
    routes = [
        Route("/", pages.runs),
        Route("/runs/{run_id}", pages.run),
        Route("/runs/{run_id}/live", pages.live),
        Route("/runs/{run_id}/approval", pages.answer, methods=["POST"]),
        Route("/bench", pages.bench),
        Route("/bench/report/{name:path}", pages.report),
        Route("/files/{path:path}", pages.file),
    ]
    app = Starlette(routes=routes, exception_handlers={Problem: pages.problem})
    app.add_middleware(_LocalOnly, allowed_hosts=frozenset(allowed_hosts))
    return app


class _LocalOnly:
    def __init__(self, app: Any, allowed_hosts: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed_hosts

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            request = Request(scope)
            origin = request.headers.get("origin")
            refused = not self._local(f"//{request.headers.get('host', '')}") or (
                request.method != "GET" and origin is not None and not self._local(origin)
            )
            if refused:
                response = Response("Refused: this page is served to this machine only.", 403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _local(self, url: str) -> bool:
        try:
            return urlsplit(url).hostname in self.allowed
        except ValueError:
            return False


class _Pages:
    def __init__(self, folders: ViewFolders) -> None:
        self.folders = folders
        self.finder = RunFinder(folders.logs_dir)
        self.templates = Environment(
            loader=PackageLoader("react_repl.view", "templates"),
            autoescape=select_autoescape(default=True),
        )

    def page(self, name: str, code: int = 200, **values: Any) -> HTMLResponse:
        html = self.templates.get_template(name).render(folders=self.folders, **values)
        return HTMLResponse(html, code)

    async def problem(self, request: Request, error: Exception) -> Response:
        if request.url.path.endswith(("/live", "/approval")):
            return JSONResponse({"error": str(error)}, 404)
        return self.page("problem.html.jinja2", 404, message=str(error))

    async def runs(self, request: Request) -> Response:
        text, status = request.query_params.get("q", ""), request.query_params.get("status", "")
        listed = await run_in_threadpool(list_runs, self.folders.logs_dir, text, status)
        return self.page("runs.html.jinja2", listed=listed, q=text, status=status)

    async def run(self, request: Request) -> Response:
        run = await run_in_threadpool(self.finder.read, request.path_params["run_id"])
        return self.page("run.html.jinja2", run=run, steps_html=self._steps(run, 0))

    async def live(self, request: Request) -> Response:
        """Steps after the `after` first ones, the status, and the pending approval's form."""
        run = await run_in_threadpool(self.finder.read, request.path_params["run_id"])
        after = request.query_params.get("after", "0")
        shown = int(after) if after.isdigit() else 0
        approval = run.approval and {
            "id": run.approval["id"],
            "html": self.templates.get_template("approval.html.jinja2").render(a=run.approval),
        }
        return JSONResponse({
            "steps": self._steps(run, shown), "count": len(run.steps), "status": run.status,
            "approval": approval, "notices": run.notices,
        })  # fmt: skip

    async def answer(self, request: Request) -> Response:
        try:
            form = await request.json()
            decision = str(form["decision"])
            reason = str(form.get("reason") or _DEFAULT_REASONS.get(decision, ""))
            review = review_of(decision, str(form.get("code", "")), reason)
        except (ValueError, KeyError, TypeError, AttributeError) as error:  # not a JSON object
            return JSONResponse({"error": f"not an answer: {error}"}, 400)
        log_path = self.finder.log_path(request.path_params["run_id"])
        if not give_answer(log_path, str(form.get("id", "")), review):
            return JSONResponse({"error": "already answered, or the run stopped asking"}, 409)
        return JSONResponse({"answered": review.decision})

    async def bench(self, request: Request) -> Response:
        entries = await run_in_threadpool(bench_entries, self.folders.bench_dir)
        return self.page("bench.html.jinja2", entries=entries)

    async def report(self, request: Request) -> Response:
        root = self.folders.bench_dir
        folder = confined(root, f"{request.path_params['name']}/report.md").parent
        entry = await run_in_threadpool(bench_entry, root, folder)
        body = _markdown(folder / "report.md", root)
        return self.page("report.html.jinja2", entry=entry, body=body)

    async def file(self, request: Request) -> Response:
        """A plot or a run log a report links to, from the bench folder only."""
        target = confined(self.folders.bench_dir, request.path_params["path"])
        if target.suffix in _IMAGES:
            return FileResponse(target, media_type=_IMAGES[target.suffix])
        if target.suffix != ".md":
            raise Problem(f"{target.name} is not a page or a plot")
        body = _markdown(target, self.folders.bench_dir)
        return self.page("markdown.html.jinja2", title=target.stem, body=body)

    def _steps(self, run: RunView, after: int) -> list[str]:
        template = self.templates.get_template("step.html.jinja2")
        return [template.render(step=step) for step in run.steps[after:]]


def _markdown(file: Path, root: Path) -> str:
    """A markdown file as HTML (raw HTML in it escaped), relative links served by `/files/`."""
    try:
        text = file.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise Problem(f"cannot read {file}: {error.strerror or error}") from None
    renderer = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = renderer.parse(text)
    for token in tokens:
        for child in [token, *(token.children or [])]:
            for attribute in ("href", "src"):
                link = child.attrGet(attribute)
                if isinstance(link, str):
                    child.attrSet(attribute, _served(link, file.parent, root))
    return renderer.renderer.render(tokens, renderer.options, {})


def _served(link: str, folder: Path, root: Path) -> str:
    if urlsplit(link).scheme or link.startswith(("/", "#")):
        return link
    target = (folder / link).resolve()
    if not target.is_relative_to(root.resolve()):
        return link
    return "/files/" + target.relative_to(root.resolve()).as_posix()
