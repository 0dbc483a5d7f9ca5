"""The tables' database: engine, sessions and ``upgrade`` (Alembic).

Default: a SQLite file in the instance folder (nothing to install; WAL mode,
so readers never wait for the writer). Scale-out: any SQLAlchemy URL in
``CARDPRESS_DATABASE_URL``, e.g. ``postgresql+psycopg://user@host/cardpress``.
Several workers may start at once on a fresh database: the upgrade runs under
a lock. :class:`Database` is what both databases share (sessions, compiled
statements run straight on the driver, the retry of a read on a dead
connection); each database's own (engine, BEGIN, pragmas, how a statement runs
on its driver, the writers' and migrations' locks, warming the pool) is its
subclass in :mod:`referee.tables.db_sqlite` or :mod:`referee.tables.db_postgres`,
and :mod:`referee.tables.databases` opens the one a URL names.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import orjson
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, Executable
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")

MIGRATIONS = Path(__file__).with_name("migrations")


def default_url(instance_path: str | Path) -> str:
    return f"sqlite:///{Path(instance_path) / 'tables.sqlite3'}"


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
        return run_once_more(work, *args, **kwargs)

    return run


def run_once_more(work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``work(*args, **kwargs)``, once more if the connection turned out dead
    (:func:`once_more_on_disconnect`, without a wrapper made per call)."""
    try:
        return work(*args, **kwargs)
    except DBAPIError as exc:
        if not exc.connection_invalidated:
            raise
        log.warning("tables: database connection lost; running %s again", work.__name__)
    return work(*args, **kwargs)


def json_text(value: Any) -> str:
    """A JSON column's text: every change writes a table's whole state, and orjson
    writes it several times faster than the standard library (2 % of a tap's
    CPU); what orjson cannot write (an integer beyond 64 bits) the standard
    library does. Non-string keys become strings, as the standard library's."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value)


#: how both databases' engines read and write their JSON columns
JSON_CODEC: dict[str, Any] = {"json_serializer": json_text, "json_deserializer": orjson.loads}


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


@dataclass(frozen=True)
class Prepared:
    """A statement as the driver takes it (see :meth:`Database.prepare`)."""

    sql: str
    order: tuple[str, ...] | None  # positional drivers: the parameters' order
    defaults: dict[str, Any]  # every parameter's value unless given (literals included)
    processors: tuple[Callable[[Any], Any] | None, ...]  # per result column
    binds: tuple[tuple[str, Callable[[Any], Any]], ...]  # parameters the type converts


class Database:
    """One engine and its session factory, shared by a process's threads; what
    both databases share (each one's own is its subclass: SqliteDatabase,
    PostgresDatabase; :func:`referee.tables.databases.open_database`)."""

    #: whether this is PostgreSQL (a repository of its kind is chosen by it)
    postgres = False

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = self.make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.writer = self.engine.execution_options(**self.write_options())
        # a read is one statement, consistent by itself: no BEGIN/ROLLBACK around it
        self.reader = self.engine.execution_options(**self.read_options())
        self.write_sessions = sessionmaker(self.writer, expire_on_commit=False)
        self._prepared_statements: dict[int, tuple[Executable, Prepared]] = {}  # compiled

    def make_engine(self, url: str) -> Engine:
        """The engine, set up as this database needs."""
        raise NotImplementedError

    def write_options(self) -> dict[str, Any]:
        """The execution options of a write transaction."""
        return {}

    def read_options(self) -> dict[str, Any]:
        """The execution options of a one-statement read."""
        return {}

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
        engine = self.pool()
        for attempt in (1, 2):
            raw = engine.raw_connection()
            try:
                found = self._rows(raw, prepared.sql, bound)
                break
            except engine.dialect.loaded_dbapi.Error as exc:
                if attempt == 2 or not engine.dialect.is_disconnect(
                    exc, raw.dbapi_connection, None
                ):
                    raise
                log.warning("tables: database connection lost; reading again")
                raw.invalidate(exc)
                engine.dispose(close=False)  # the pool's other connections died too
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

    def pool(self) -> Engine:
        """The engine whose pooled connection :meth:`rows` takes now."""
        return self.engine

    def _rows(self, raw: Any, sql: str, bound: Any) -> list[tuple[Any, ...]]:
        """Run ``sql`` in autocommit on a pooled connection's driver."""
        raise NotImplementedError

    def read(self) -> Connection:
        """A connection for one statement, in autocommit: reads what is committed
        (never waits for a writer); PostgreSQL's one-statement writes use it too."""
        return self.reader.connect()

    def write_lock(self) -> AbstractContextManager[None]:
        """This thread's turn among the database's writers (PostgreSQL: none to
        take, it locks rows itself)."""
        return nullcontext()

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
        """Open connections ahead of the first request (PostgreSQL; SQLite's cost nothing)."""

    def dispose(self) -> None:
        self.engine.dispose()
