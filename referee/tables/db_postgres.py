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
from referee.tables.priority import in_background

#: PostgreSQL connections per process (gunicorn worker), all opened as it starts
POOL_SIZE = 20
#: of them, the event streams' (:func:`referee.tables.priority.in_background`);
#: the rest serve the taps and every other request. One: at 125 tables x 4
#: phones, taps' p99 was 228 ms with the streams on the taps' pool, 147 ms with
#: four of their own, 125 with two and 73 with one (their reads are a primary
#: key's row each, a worker's turn at them short)
STREAM_POOL_SIZE = 1
_LOCK_KEY = 0x63617264  # "card": the advisory lock serialising migrations


def make_engine(url: str, pool_size: int = POOL_SIZE - STREAM_POOL_SIZE) -> Engine:
    # no pre-ping (a round trip per request): a connection lost to a restart
    # invalidates the pool on first use, and the unit of work runs once more
    # (once_more_on_disconnect). No overflow: a connection beyond the pool would be
    # a backend forked in the middle of a burst and closed again after it; two
    # cores run no more queries at once with it, so requests wait for one of the
    # pool's (opened before the first request: Database.warm).
    return create_engine(url, pool_size=pool_size, max_overflow=0, **JSON_CODEC)


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
    """A PostgreSQL database: fixed pools, warmed before the first request.

    The event streams read through a connection of their own. When every phone
    of a game night opens its stream at once (a restart, the start of a round
    of tables), each stream's first read, and each change's read for a worker's
    streams, took a pooled connection and a share of PostgreSQL's CPU from the
    taps, which waited behind them: the taps' tail (p99) in the first two
    seconds of a run at 125 tables x 4 phones was 160-350 ms. On their own
    connection the streams queue among themselves (the worker's other streams
    wait for it, not its taps), and a tap finds a connection free."""

    postgres = True

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.streams = make_engine(url, STREAM_POOL_SIZE)

    def make_engine(self, url: str) -> Engine:
        return make_engine(url)

    def pool(self) -> Engine:
        return self.streams if in_background() else self.engine

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
            for engine in (self.engine, self.streams):
                for _ in range(engine.pool.size()):  # type: ignore[attr-defined]
                    raw = engine.raw_connection()
                    opened.append(raw)
                    for statement, params in statements:
                        prepared = self._prepared(statement)
                        self._rows(raw, prepared.sql, self._bound(prepared, params))
        finally:
            for connection in opened:
                connection.close()  # back into the pool, still open

    def dispose(self) -> None:
        super().dispose()
        self.streams.dispose()
