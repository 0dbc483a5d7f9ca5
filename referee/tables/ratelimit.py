"""Flask-Limiter's counters in the tables' own database.

Flask-Limiter's ``memory://`` storage counts per worker process and per host,
so two workers (or two hosts) behind one address would each allow the whole
limit. Keeping the counters in the database every worker already shares
makes the limit hold for all of them, with no new service to run. Redis or
memcached users set ``CARDPRESS_RATELIMIT_STORAGE_URI`` (any URI of the
``limits`` library) instead.

A counter is a fixed window: one row per key, counted up by one upsert (a
single statement, so two workers never lose a count), restarted when its
window has ended. Ended windows are deleted by ``cardpress tables prune``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

from limits.storage import Storage
from sqlalchemy import delete, select, text
from sqlalchemy.exc import SQLAlchemyError

from referee.tables.db import Database, once_more_on_disconnect
from referee.tables.models import RateLimit

SCHEME = "cardpress-tables"
URI = f"{SCHEME}://"

_LIMITS = RateLimit.__table__

#: one statement in SQLite (>= 3.35) and PostgreSQL alike
_INCREMENT = text(
    """
    INSERT INTO rate_limits (key, count, expires_at) VALUES (:key, :amount, :ends)
    ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.expires_at <= :now
                     THEN :amount ELSE rate_limits.count + :amount END,
        expires_at = CASE WHEN rate_limits.expires_at <= :now
                          THEN :ends ELSE rate_limits.expires_at END
    RETURNING count
    """
)


class DatabaseStorage(Storage):
    """A ``limits`` storage on the tables' database (``cardpress-tables://``).

    ``database`` is a callable giving the process's :class:`Database`: it is
    opened on first use, after gunicorn has forked its workers."""

    STORAGE_SCHEME: ClassVar[list[str]] = [SCHEME]  # type: ignore[misc]

    def __init__(
        self,
        uri: str | None = None,
        wrap_exceptions: bool = False,
        database: Callable[[], Database] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        assert database is not None, "RATELIMIT_STORAGE_OPTIONS needs the tables' database"
        self._database = database

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    @once_more_on_disconnect
    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        db = self._database()
        now = time.time()
        params = {"key": key, "amount": amount, "now": now, "ends": now + expiry}
        with db.writing() as conn:
            return int(conn.execute(_INCREMENT, params).scalar_one())

    @once_more_on_disconnect
    def get(self, key: str) -> int:
        with self._database().read() as conn:
            count = conn.execute(
                select(_LIMITS.c.count).where(
                    _LIMITS.c.key == key, _LIMITS.c.expires_at > time.time()
                )
            ).scalar()
        return int(count or 0)

    @once_more_on_disconnect
    def get_expiry(self, key: str) -> float:
        with self._database().read() as conn:
            ends = conn.execute(select(_LIMITS.c.expires_at).where(_LIMITS.c.key == key)).scalar()
        return float(ends) if ends is not None else time.time()

    def check(self) -> bool:
        with self._database().read() as conn:
            conn.execute(select(1))
        return True

    def reset(self) -> int | None:
        with self._database().writing() as conn:
            return conn.execute(delete(_LIMITS)).rowcount

    def clear(self, key: str) -> None:
        with self._database().writing() as conn:
            conn.execute(delete(_LIMITS).where(_LIMITS.c.key == key))


def prune(db: Database) -> int:
    """Delete the counters whose window has ended."""
    with db.writing() as conn:
        return conn.execute(delete(_LIMITS).where(_LIMITS.c.expires_at <= time.time())).rowcount
