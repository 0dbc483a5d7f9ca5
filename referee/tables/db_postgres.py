"""The PostgreSQL side of the tables' database: its engine's pool and the
advisory lock that runs migrations one at a time, and how
:class:`PostgresDatabase` runs a statement on the driver and warms the pool
(:mod:`referee.tables.repo_postgres` holds the statements, NOTIFY and LISTEN).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, Executable, create_engine, text

from referee.tables.db import JSON_CODEC, Database

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
    return create_engine(url, pool_size=POOL_SIZE, max_overflow=0, **JSON_CODEC)


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


class PostgresDatabase(Database):
    """A PostgreSQL database: a fixed pool, warmed before the first request."""

    postgres = True

    def make_engine(self, url: str) -> Engine:
        return make_engine(url)

    def read_options(self) -> dict[str, Any]:
        return {"isolation_level": "AUTOCOMMIT"}  # one round trip instead of three

    def _rows(self, raw: Any, sql: str, bound: Any) -> list[tuple[Any, ...]]:
        driver = raw.driver_connection
        driver.autocommit = True  # no BEGIN before, no ROLLBACK at checkin: one round trip
        try:
            with driver.cursor() as cursor:
                return cursor.execute(sql, bound).fetchall()
        finally:
            if not driver.closed:
                driver.autocommit = False

    def warm(self, statements: Sequence[tuple[Executable, dict[str, Any]]] = ()) -> None:
        """Open the pool's connections now, before the first request,
        and run ``statements`` once on each.

        Otherwise a worker's first burst (every phone of a game night opening
        its stream at once after a restart) forks a backend per connection
        in the middle of it, and each backend reads the catalog on its first
        statements."""
        opened = []
        try:
            for _ in range(self.engine.pool.size()):  # type: ignore[attr-defined]
                raw = self.engine.raw_connection()
                opened.append(raw)
                for statement, params in statements:
                    prepared = self._prepared(statement)
                    self._rows(raw, prepared.sql, self._bound(prepared, params))
        finally:
            for connection in opened:
                connection.close()  # back into the pool, still open
