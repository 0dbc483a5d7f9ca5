"""The SQLite side of the tables' database: its engine, its own BEGIN, the
pragmas, and the file locks that queue its writers and its migrations.

SQLite has one writer at a time: a write transaction first queues among its
process's writers, then on a file lock beside the database, where the kernel
wakes the next writer the moment the lock is free (SQLite's own busy handler
sleeps and polls, up to 100 ms a try, which made the long tail), then starts
with ``BEGIN IMMEDIATE``; a one-statement read runs in autocommit, a session's
reads in a deferred transaction, and neither waits. (:class:`Database
<referee.tables.db.Database>` uses these; :mod:`referee.tables.repo_sqlite`
holds the statements.)
"""

from __future__ import annotations

import fcntl
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

WRITE = "cardpress_write"  # execution option of write transactions
ONE_STATEMENT = "cardpress_one_statement"  # execution option of single-statement reads


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    # a connection per busy request is cheap in SQLite (up to 256; more wait for one)
    engine = create_engine(
        url,
        connect_args={"timeout": 30, "check_same_thread": False},
        pool_size=32,
        max_overflow=224,
    )
    event.listen(engine, "connect", _pragmas)
    event.listen(engine, "begin", _begin)
    return engine


def _begin(conn: Any) -> None:
    """Our own BEGIN (the driver's is off): IMMEDIATE for writers, so a write
    transaction holds the write lock from its first statement on; none for a
    one-statement read (:meth:`Database.read`), which is consistent by itself."""
    options = conn.get_execution_options()
    if options.get(WRITE):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    elif not options.get(ONE_STATEMENT):
        conn.exec_driver_sql("BEGIN DEFERRED")


def _pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # transactions are begun by _begin
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # WAL + NORMAL: a commit survives the process being killed (the crash
    # test's kill -9); only a power cut can lose the last commits
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


@contextmanager
def migration_lock(engine: Engine) -> Iterator[Any]:
    """Migrations one at a time: a file lock beside the database file."""
    database = engine.url.database
    lock_path = Path(f"{database}.migrate-lock") if database and database != ":memory:" else None
    if lock_path is None:
        with engine.connect() as conn:
            yield conn
        return
    with lock_path.open("a") as lock:
        flock(lock.fileno())
        try:
            with engine.execution_options(**{WRITE: True}).connect() as conn:
                yield conn
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def flock(fd: int) -> None:
    """Take a file lock; in a gevent worker, without stopping its other greenlets.

    ``flock`` blocks its OS thread, and a gevent worker has one: while
    another process writes (another worker, ``cardpress tables prune``),
    every request and stream of the worker would wait. So a lock that is not
    free at once is waited for on a thread of gevent's pool, and only the
    greenlet that asked waits (detected as psycopg detects it: gevent has
    patched the standard library; gevent is not imported otherwise)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return
    except BlockingIOError:
        pass
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("threading"):
        import gevent

        gevent.get_hub().threadpool.apply(fcntl.flock, (fd, fcntl.LOCK_EX))
    else:
        fcntl.flock(fd, fcntl.LOCK_EX)
