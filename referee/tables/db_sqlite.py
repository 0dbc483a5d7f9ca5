"""The SQLite side of the tables' database: its engine, its own BEGIN, the
pragmas, and the file locks that queue its writers and its migrations.

SQLite has one writer at a time: a write transaction first queues among its
process's writers, then on a file lock beside the database, where the kernel
wakes the next writer the moment the lock is free (SQLite's own busy handler
sleeps and polls, up to 100 ms a try, which made the long tail), then starts
with ``BEGIN IMMEDIATE``; a one-statement read runs in autocommit, a session's
reads in a deferred transaction, and neither waits. (:class:`SqliteDatabase`
runs statements so; :mod:`referee.tables.repo_sqlite` holds the statements.)
"""

from __future__ import annotations

import fcntl
import os
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, Executable, create_engine, event
from sqlalchemy.engine import make_url

from referee.tables.db import JSON_CODEC, Database

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
        **JSON_CODEC,
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


class SqliteDatabase(Database):
    """A SQLite file: one writer at a time, queued on a file lock beside it."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self._turn = threading.local()  # whether this thread holds the write lock
        self._local_turn = threading.Lock()  # this process's writers queue here first
        self._lock_fd: int | None = None  # the write lock's file (SqliteDatabase._lock_file)
        self._lock_pid = 0
        database = self.engine.url.database
        self._lock_path = (
            Path(f"{database}.write-lock") if database and database != ":memory:" else None
        )

    def make_engine(self, url: str) -> Engine:
        return make_engine(url)

    def write_options(self) -> dict[str, Any]:
        return {WRITE: True}

    def read_options(self) -> dict[str, Any]:
        return {ONE_STATEMENT: True}

    def _rows(self, raw: Any, sql: str, bound: Any) -> list[tuple[Any, ...]]:
        cursor = raw.cursor()  # the driver's own BEGIN is off (autocommit)
        try:
            return cursor.execute(sql, bound).fetchall()
        finally:
            cursor.close()

    @contextmanager
    def driver_writing(self) -> Iterator[Callable[[Executable, Any], int]]:
        """A write transaction straight on the driver's connection; yields
        ``run(statement, params)`` (a list of parameter sets: executemany), which
        answers the number of rows changed. Committed at the end unless it raised.

        For the hot write (every action): a Core statement through SQLAlchemy's
        Connection costs several times its own work here (see :meth:`rows`); the
        statements are the same Core ones, compiled once, with their types'
        conversions. Same writers' turn and ``BEGIN IMMEDIATE`` as :meth:`writing`."""
        with self.write_lock():
            raw = self.engine.raw_connection()
            try:
                cursor = raw.driver_connection.cursor()

                def run(statement: Executable, params: Any) -> int:
                    prepared = self._prepared(statement)
                    if isinstance(params, list):
                        cursor.executemany(prepared.sql, [self._bound(prepared, p) for p in params])
                    else:
                        cursor.execute(prepared.sql, self._bound(prepared, params))
                    return cursor.rowcount

                cursor.execute("BEGIN IMMEDIATE")
                try:
                    yield run
                except BaseException:
                    cursor.execute("ROLLBACK")
                    raise
                cursor.execute("COMMIT")
                cursor.close()
            finally:
                raw.close()

    @contextmanager
    def write_lock(self) -> Iterator[None]:
        """This thread's turn among every writer of the file; re-entrant
        within a thread (a greenlet under gevent).

        A process's writers first queue on a lock of its own, then one of
        them at a time on the file lock that processes share. Under gevent
        that order matters: a greenlet blocked in ``flock`` while another
        greenlet of the same worker held the file lock and waited for
        something (a pooled connection) would wait for ever; on the process's
        lock (gevent's, once patched) it yields. The one at the file lock
        waits only for other processes (:func:`flock`)."""
        if self._lock_path is None or getattr(self._turn, "held", False):
            yield  # no lock to take, or this thread holds it already
            return
        with self._local_turn:
            lock = self._lock_file()
            flock(lock)
            self._turn.held = True
            try:
                yield
            finally:
                self._turn.held = False
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _lock_file(self) -> int:
        """The lock file, opened once per process (a write's open and close of it
        cost more than its two flocks); a forked child opens its own, since a
        flock belongs to the open file, which fork shares."""
        pid = os.getpid()
        if self._lock_fd is None or self._lock_pid != pid:
            assert self._lock_path is not None
            self._lock_fd = os.open(self._lock_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            self._lock_pid = pid
            weakref.finalize(self, _close_in, pid, self._lock_fd)  # with the Database
        return self._lock_fd


def _close_in(pid: int, fd: int) -> None:
    """Close a lock file the process ``pid`` opened (in a forked child, the number
    may be another file's)."""
    if os.getpid() == pid:
        os.close(fd)
