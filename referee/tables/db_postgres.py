"""The PostgreSQL side of the tables' database: its engine's pool and the
advisory lock that runs migrations one at a time. (:class:`Database
<referee.tables.db.Database>` uses these; :mod:`referee.tables.repo_postgres`
holds the statements, NOTIFY and LISTEN.)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, text

#: PostgreSQL connections per process (gunicorn worker)
POOL_SIZE = 20
_LOCK_KEY = 0x63617264  # "card": the advisory lock serialising migrations


def make_engine(url: str) -> Engine:
    # no pre-ping (a round trip per request): a connection lost to a restart
    # invalidates the pool on first use, and the unit of work runs once more
    # (once_more_on_disconnect). No overflow: a connection beyond the pool would be
    # a backend forked in the middle of a burst and closed again after it; two
    # cores run no more queries at once with it, so requests wait for one of the
    # pool's (opened before the first request: Database.warm).
    return create_engine(url, pool_size=POOL_SIZE, max_overflow=0)


@contextmanager
def migration_lock(engine: Engine) -> Iterator[Any]:
    """Migrations one at a time: an advisory lock, held on the connection they run on."""
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _LOCK_KEY})
        conn.commit()
        try:
            yield conn
        finally:
            conn.rollback()
            conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _LOCK_KEY})
            conn.commit()
