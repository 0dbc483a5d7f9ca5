"""What ``cardpress db upgrade`` and ``cardpress tables prune`` run."""

from __future__ import annotations

from referee.tables import ratelimit, service
from referee.tables.databases import open_database, upgrade
from referee.tables.db import Database, current_revision, head_revision
from referee.tables.repositories import repository


def _database() -> tuple[Database, dict]:
    from referee import create_app

    # only the configuration is read: no upgrade behind our back (TESTING), no
    # request is served (so no secret key is needed)
    app = create_app({"TESTING": True, "SECRET_KEY": "unused-by-the-command-line"})
    return open_database(app.config["DATABASE_URL"]), dict(app.config)


def upgrade_database() -> str:
    db, _config = _database()
    try:
        ran = upgrade(db.engine)
        where = db.engine.url.render_as_string(hide_password=True)
        state = "upgraded to" if ran else "already at"
        return f"database {where}: {state} revision {current_revision(db.engine)}"
    finally:
        db.dispose()


def prune_tables(days: float | None) -> str:
    db, config = _database()
    try:
        if current_revision(db.engine) != head_revision():
            upgrade(db.engine)
        idle = float(config["TABLES_IDLE_DAYS"] if days is None else days)
        finished = float(config["TABLES_FINISHED_DAYS"])
        ratelimit.prune(db)  # rate-limit windows that have ended
        gone = service.prune(repository(db), idle, min(idle, finished))
        return (
            f"removed {gone} table(s) idle for {idle:g} day(s) or more, "
            f"or finished {min(idle, finished):g} day(s) ago or more"
        )
    finally:
        db.dispose()
