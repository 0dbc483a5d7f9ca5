"""The tables' database: engine, sessions and ``upgrade`` (Alembic).

Default: a SQLite file in the instance folder (nothing to install; WAL mode,
so readers never wait for the writer). Scale-out: any SQLAlchemy URL in
``CARDPRESS_DATABASE_URL``, e.g. ``postgresql+psycopg://user@host/cardpress``.
Several workers may start at once on a fresh database: the upgrade runs under
a lock. What each database needs set up apart (engine, BEGIN, pragmas, the
writers' and migrations' locks) is in :mod:`referee.tables.db_sqlite` and
:mod:`referee.tables.db_postgres`; :class:`Database` runs statements on either.
"""

from __future__ import annotations

import fcntl
import functools
import logging
import os
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, Executable
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from referee.tables import db_postgres, db_sqlite
from referee.tables.db_postgres import POOL_SIZE as POOL_SIZE
from referee.tables.db_sqlite import ONE_STATEMENT, WRITE, flock

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")

MIGRATIONS = Path(__file__).with_name("migrations")


def default_url(instance_path: str | Path) -> str:
    return f"sqlite:///{Path(instance_path) / 'tables.sqlite3'}"


def make_engine(url: str) -> Engine:
    """The engine of the database the URL names, set up as that database needs."""
    if make_url(url).get_backend_name() == "sqlite":
        return db_sqlite.make_engine(url)
    return db_postgres.make_engine(url)


def once_more_on_disconnect(work: Callable[P, T]) -> Callable[P, T]:
    """Run a unit of work again, once, if the database connection turned out dead.

    After a database restart every pooled connection is dead, and there is no
    ping before each use (a round trip per request). The first statement on a
    dead connection fails; SQLAlchemy then marks every connection of the pool
    made before the failure for replacement at its next checkout, so the
    second run starts on a fresh connection. A unit of work is safe to run
    again: reads are, and a change is computed anew against the table as then
    committed (a retried action with an Idempotency-Key that did land is
    found and answered, not applied twice)."""

    @functools.wraps(work)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return work(*args, **kwargs)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            log.warning("tables: database connection lost; running %s again", work.__name__)
        return work(*args, **kwargs)

    return run


def is_postgres(engine: Engine) -> bool:
    return engine.url.get_backend_name() == "postgresql"


def alembic_config(connection: Any = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine) -> bool:
    """Bring the schema to the newest migration; True if anything ran."""
    head = head_revision()
    if current_revision(engine) == head:
        return False
    kind = db_postgres if is_postgres(engine) else db_sqlite
    with kind.migration_lock(engine) as conn:
        if MigrationContext.configure(conn).get_current_revision() == head:
            return False
        from alembic import command

        command.upgrade(alembic_config(conn), "head")
        conn.commit()
    return True


@dataclass(frozen=True)
class Prepared:
    """A statement as the driver takes it (see :meth:`Database.prepare`)."""

    sql: str
    order: tuple[str, ...] | None  # positional drivers: the parameters' order
    defaults: dict[str, Any]  # every parameter's value unless given (literals included)
    processors: tuple[Callable[[Any], Any] | None, ...]  # per result column
    binds: tuple[tuple[str, Callable[[Any], Any]], ...]  # parameters the type converts


class Database:
    """One engine and its session factory, shared by a process's threads."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.writer = self.engine.execution_options(**{WRITE: True})
        # a read is one statement, consistent by itself: no BEGIN/ROLLBACK around it
        # (PostgreSQL: one round trip instead of three)
        self.reader = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT")
            if self.postgres
            else self.engine.execution_options(**{ONE_STATEMENT: True})
        )
        self.write_sessions = sessionmaker(self.writer, expire_on_commit=False)
        self._turn = threading.local()  # whether this thread holds the write lock
        self._local_turn = threading.Lock()  # this process's writers queue here first
        self._lock_fd: int | None = None  # the write lock's file (Database._lock_file)
        self._lock_pid = 0
        self._prepared_statements: dict[int, tuple[Executable, Prepared]] = {}  # compiled
        database = self.engine.url.database
        self._lock_path = (
            Path(f"{database}.write-lock")
            if not self.postgres and database and database != ":memory:"
            else None
        )

    @property
    def postgres(self) -> bool:
        return is_postgres(self.engine)

    def session(self) -> Session:
        """For reading (SQLite: a deferred transaction that never waits)."""
        return self.sessions()

    def prepare(self, statement: Executable) -> Prepared:
        """A Core statement compiled for this database (:meth:`rows` keeps it)."""
        dialect = self.engine.dialect
        # literal parameters (e.g. a separator) written into the text; a parameter
        # without a value in the statement (a text()'s :name) defaults to None
        compiled = statement.compile(dialect=dialect, compile_kwargs={"render_postcompile": True})
        columns = getattr(statement, "selected_columns", ())
        return Prepared(
            sql=str(compiled),
            order=tuple(compiled.positiontup or ()) if compiled.positional else None,
            defaults=compiled.construct_params(
                {name: None for name, bind in compiled.binds.items() if bind.required}
            ),
            processors=tuple(
                column.type.dialect_impl(dialect).result_processor(dialect, None)
                for column in columns
            ),
            binds=tuple(
                (name, process)
                for name, bind in compiled.binds.items()
                if (process := bind.type.dialect_impl(dialect).bind_processor(dialect))
            ),
        )

    def _prepared(self, statement: Executable) -> Prepared:
        known = self._prepared_statements.get(id(statement))
        if known is None or known[0] is not statement:
            known = self._prepared_statements[id(statement)] = (statement, self.prepare(statement))
        return known[1]

    @staticmethod
    def _bound(prepared: Prepared, params: dict[str, Any]) -> Any:
        """The parameters as the driver takes them (converted as SQLAlchemy would)."""
        values = {**prepared.defaults, **params}
        for name, process in prepared.binds:
            values[name] = process(values[name])
        if prepared.order is None:
            return values
        return tuple(values[name] for name in prepared.order)

    def rows(self, statement: Executable, **params: Any) -> list[tuple[Any, ...]]:
        """Run a prepared statement straight on the driver's connection, in autocommit.

        For the hottest reads (every answer's version check, every action's
        read, the event poll) and PostgreSQL's one-statement action write:
        SQLAlchemy's per-execution work (building, cache lookup, parameter and
        result processing, events) costs several times the statement itself
        here. A dead connection is replaced and the statement run again (see
        :func:`once_more_on_disconnect`: a write that did commit then finds its
        version moved, and the action is looked up again)."""
        prepared = self._prepared(statement)
        bound = self._bound(prepared, params)
        for attempt in (1, 2):
            raw = self.engine.raw_connection()
            try:
                found = self._rows(raw, prepared.sql, bound)
                break
            except self.engine.dialect.loaded_dbapi.Error as exc:
                if attempt == 2 or not self.engine.dialect.is_disconnect(
                    exc, raw.dbapi_connection, None
                ):
                    raise
                log.warning("tables: database connection lost; reading again")
                raw.invalidate(exc)
                self.engine.dispose(close=False)  # the pool's other connections died too
            finally:
                raw.close()
        processors = prepared.processors
        if not any(processors):
            return found
        return [
            tuple(
                value if p is None else p(value) for p, value in zip(processors, row, strict=True)
            )
            for row in found
        ]

    def _rows(self, raw: Any, sql: str, bound: Any) -> list[tuple[Any, ...]]:
        if not self.postgres:  # SQLite: the driver's own BEGIN is off (autocommit)
            cursor = raw.cursor()
            try:
                return cursor.execute(sql, bound).fetchall()
            finally:
                cursor.close()
        driver = raw.driver_connection
        driver.autocommit = True  # no BEGIN before, no ROLLBACK at checkin: one round trip
        try:
            with driver.cursor() as cursor:
                return cursor.execute(sql, bound).fetchall()
        finally:
            if not driver.closed:
                driver.autocommit = False

    @contextmanager
    def driver_writing(self) -> Iterator[Callable[[Executable, Any], int]]:
        """SQLite: a write transaction straight on the driver's connection; yields
        ``run(statement, params)`` (a list of parameter sets: executemany), which
        answers the number of rows changed. Committed at the end unless it raised.

        For the hot write (every action): a Core statement through SQLAlchemy's
        Connection costs several times its own work here (see :meth:`rows`); the
        statements are the same Core ones, compiled once, with their types'
        conversions. Same writers' turn and ``BEGIN IMMEDIATE`` as :meth:`writing`."""
        assert not self.postgres, "PostgreSQL writes in one statement (Database.rows)"
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

    def read(self) -> Connection:
        """A connection for one statement, in autocommit: reads what is committed
        (never waits for a writer); PostgreSQL's one-statement writes use it too."""
        return self.reader.connect()

    @contextmanager
    def write_lock(self) -> Iterator[None]:
        """SQLite: this thread's turn among every writer of the file; re-entrant
        within a thread (a greenlet under gevent). PostgreSQL locks rows itself.

        A process's writers first queue on a lock of its own, then one of
        them at a time on the file lock that processes share. Under gevent
        that order matters: a greenlet blocked in ``flock`` while another
        greenlet of the same worker held the file lock and waited for
        something (a pooled connection) would wait for ever; on the process's
        lock (gevent's, once patched) it yields. The one at the file lock
        waits only for other processes (:func:`~referee.tables.db_sqlite.flock`)."""
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

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """A write transaction on a connection; committed at the end unless it raised."""
        with self.write_lock(), self.writer.begin() as conn:
            yield conn

    @contextmanager
    def write_session(self) -> Iterator[Session]:
        """A write transaction as an ORM session; committed at the end unless it raised."""
        with self.write_lock(), self.write_sessions() as session, session.begin():
            yield session

    def warm(self, statements: Sequence[tuple[Executable, dict[str, Any]]] = ()) -> None:
        """PostgreSQL: open the pool's connections now, before the first request,
        and run ``statements`` once on each.

        Otherwise a worker's first burst (every phone of a game night opening
        its stream at once after a restart) forks a backend per connection
        in the middle of it, and each backend reads the catalog on its first
        statements. SQLite's connections cost nothing to open."""
        if not self.postgres:
            return
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

    def dispose(self) -> None:
        self.engine.dispose()


def _close_in(pid: int, fd: int) -> None:
    """Close a lock file the process ``pid`` opened (in a forked child, the number
    may be another file's)."""
    if os.getpid() == pid:
        os.close(fd)
