"""Put a report together: read the database, play the bots, write the PDFs.

What ``cardpress report`` runs; the referee's page uses :func:`gather` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from sqlalchemy.engine import make_url

from referee.report import bots, figures, pdf
from referee.report.figures import Progress, Report, _nothing
from referee.tables.db import Database


class ReportError(RuntimeError):
    """A report that cannot be made; the message says why (no traceback)."""


def open_database(url: str) -> Database:
    """The referee's database at ``url``, at the newest schema (as ``tables prune``
    does). A SQLite file that does not exist is an error, not a new empty database."""
    try:
        parsed = make_url(url)
    except Exception as exc:  # SQLAlchemy's ArgumentError, ValueError...
        raise ReportError(f"--db: not a database URL: {url!r} ({exc})") from None
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database
        if not path or path == ":memory:" or not Path(path).is_file():
            raise ReportError(f"--db: there is no SQLite database at {path or url!r}")
    from referee.tables import databases

    db = databases.open_database(url)
    try:
        databases.upgrade(db.engine)
    except Exception as exc:
        db.dispose()
        raise ReportError(f"--db: cannot open {shown(url)}: {type(exc).__name__}: {exc}") from None
    return db


def shown(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def gather(
    db: Database,
    source: str,
    bot_games: int = bots.GAMES_PER_COUNT,
    seed: int = 0,
    now: datetime | None = None,
    progress: Progress = _nothing,
    bot_progress: Progress = _nothing,
) -> Report:
    people = figures.read(db, now=now, progress=progress)
    played = bots.play_all(people, bot_games, seed, progress=bot_progress) if bot_games else {}
    return Report(people, played, source)


def write(report: Report, out: Path, langs: Sequence[str]) -> list[Path]:
    """``<out>/<lang>/report.pdf`` per language, each written whole or not at all."""
    from cardpress.print.export import write_atomic

    written = []
    for lang in langs:
        path = out / lang / "report.pdf"
        write_atomic(path, pdf.render(report, lang))
        written.append(path)
    return written
