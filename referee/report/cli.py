"""``cardpress report``: the command line's side (progress on stderr, clear errors)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from referee.report.build import ReportError, gather, open_database, shown, write


def _progress(what: str) -> object:
    """A progress line on stderr: rewritten in place on a terminal, else a line
    every tenth of the way (long reports only: nothing for a few tables)."""
    tty = sys.stderr.isatty()
    said = {"tenth": -1}

    def say(done: int, total: int) -> None:
        if total < 1000 and not tty:
            return
        if tty:
            click.echo(f"\r{what}: {done}/{total}", nl=done == total, err=True)
            return
        tenth = done * 10 // max(total, 1)
        if tenth != said["tenth"]:
            said["tenth"] = tenth
            click.echo(f"{what}: {done}/{total}", err=True)

    return say


def default_url() -> str:
    from referee import create_app

    # the referee's own configuration (CARDPRESS_DATABASE_URL, instance/config.py):
    # only read, no request served
    app = create_app({"TESTING": True, "SECRET_KEY": "unused-by-the-command-line"})
    return str(app.config["DATABASE_URL"])


def run(
    db_url: str | None, out: Path, langs: Sequence[str], bot_games: int, new_token: bool
) -> None:
    url = db_url or default_url()
    try:
        db = open_database(url)
    except ReportError as exc:
        raise click.ClickException(str(exc)) from None
    try:
        if new_token:
            from referee.report import tokens

            token = tokens.new(db)
            click.echo(f"report page: <referee address>/en/report/{token} (or /ja/...)")
            click.echo("shown once: keep it; anyone with the link sees the report")
            return
        report = gather(
            db,
            shown(url),
            bot_games,
            progress=_progress("tables read"),  # type: ignore[arg-type]
            bot_progress=_progress("bot groups played"),  # type: ignore[arg-type]
        )
    finally:
        db.dispose()
    for path in write(report, out, langs):
        click.echo(f"wrote {path}")
