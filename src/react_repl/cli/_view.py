"""`react-repl view`: the web view of runs, approvals and bench reports (docs/view.md)."""

from __future__ import annotations

from pathlib import Path

import click

from react_repl.cli._options import logs_dir_option


@click.command()
@logs_dir_option
@click.option(
    "--bench-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("bench-results"),
    show_default=True, help="Folder of bench results to list reports from.",
)  # fmt: skip
@click.option(
    "--host", default="127.0.0.1", show_default=True,
    help="Address to listen on. Another address lets other machines approve this one's runs.",
)  # fmt: skip
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
def view(logs_dir: Path | None, bench_dir: Path, host: str, port: int) -> None:
    """Serve a local web page to watch runs live, answer their approvals and read bench reports."""
    import uvicorn

    from react_repl._paths import default_logs_dir
    from react_repl.view import LOCAL_HOSTS, ViewFolders, create_app

    folders = ViewFolders((logs_dir or default_logs_dir()).resolve(), bench_dir.resolve())
    app = create_app(folders, allowed_hosts=(*LOCAL_HOSTS, host))
    click.echo(f"Serving {folders.logs_dir} and {folders.bench_dir} on http://{host}:{port}/")
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning")
    except OSError as error:  # the port is taken, the address is not this machine's
        raise click.ClickException(f"cannot listen on {host}:{port}: {error}") from None
