"""The server removes finished and abandoned tables itself (issue 22): a database
left alone, with no cron job, stays bounded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select, update

from referee.tables.models import GameTable, RateLimit
from tests.referee.tables.conftest import create_table, make_app


def _age(db, table_id: str, days: float) -> None:
    with db.session() as session, session.begin():
        session.execute(
            update(GameTable)
            .where(GameTable.id == table_id)
            .values(touched_at=datetime.now(UTC) - timedelta(days=days))
        )


def _exists(db, table_id: str) -> bool:
    with db.session() as session:
        return session.get(GameTable, table_id) is not None


def test_a_create_removes_finished_and_abandoned_tables(backend, database_urls):
    app = make_app(database_urls["make"](backend), TABLES_PRUNE_SECONDS=0)
    db = app.extensions["cardpress-tables"].db
    with app.test_client() as client:
        abandoned = create_table(client)["table"]
        finished = create_table(client, bots=[0, 1, 2])["table"]  # the bots play it out
        playing = create_table(client)["table"]
        recent_end = create_table(client, bots=[0, 1, 2], seed=8)["table"]
        _age(db, abandoned, 31)  # TABLES_IDLE_DAYS: 30
        _age(db, finished, 8)  # TABLES_FINISHED_DAYS: 7
        _age(db, playing, 8)
        _age(db, recent_end, 6)
        with db.writing() as conn:  # an ended rate-limit window
            conn.execute(RateLimit.__table__.insert().values(key="old", count=1, expires_at=1.0))
        new = create_table(client)["table"]
    assert not _exists(db, abandoned) and not _exists(db, finished)
    assert _exists(db, playing) and _exists(db, recent_end) and _exists(db, new)
    with db.read() as conn:
        left = conn.execute(select(func.count()).where(RateLimit.key == "old")).scalar()
    assert left == 0
    app.extensions["cardpress-tables"].bus.stop()


def test_a_worker_looks_at_most_once_per_prune_interval(backend, database_urls):
    app = make_app(database_urls["make"](backend), TABLES_PRUNE_SECONDS=3600)
    db = app.extensions["cardpress-tables"].db
    with app.test_client() as client:
        first = create_table(client)["table"]  # this worker's first look: nothing to remove
        _age(db, first, 31)
        create_table(client)
        assert _exists(db, first)  # looked within the hour already
        app.extensions["cardpress-tables"].pruned_at = None  # as an hour later
        create_table(client)
    assert not _exists(db, first)
    app.extensions["cardpress-tables"].bus.stop()
