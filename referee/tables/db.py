"""The tables' database: engine, sessions and ``upgrade`` (Alembic).

Default: a SQLite file in the instance folder (nothing to install; WAL mode,
so readers never wait for the writer). Scale-out: any SQLAlchemy URL in
``CARDPRESS_DATABASE_URL``, e.g. ``postgresql+psycopg://user@host/cardpress``.
Several workers may start at once on a fresh database: the upgrade runs under
a lock (a file lock beside a SQLite file, an advisory lock in PostgreSQL).
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")
_LOCK_KEY = 0x63617264  # "card": the advisory lock serialising migrations


def default_url(instance_path: str | Path) -> str:
    return f"sqlite:///{Path(instance_path) / 'tables.sqlite3'}"


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url, connect_args={"timeout": 30, "check_same_thread": False}, pool_size=20
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=10, max_overflow=30, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # WAL + NORMAL: a commit survives the process being killed (the crash
    # test's kill -9); only a power cut can lose the last commits
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


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
    with _migration_lock(engine) as conn:
        if MigrationContext.configure(conn).get_current_revision() == head:
            return False
        from alembic import command

        command.upgrade(alembic_config(conn), "head")
        conn.commit()
    return True


@contextmanager
def _migration_lock(engine: Engine) -> Iterator[Any]:
    if is_postgres(engine):
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _LOCK_KEY})
            conn.commit()
            try:
                yield conn
            finally:
                conn.rollback()
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _LOCK_KEY})
                conn.commit()
        return
    database = engine.url.database
    lock_path = Path(f"{database}.migrate-lock") if database and database != ":memory:" else None
    if lock_path is None:
        with engine.connect() as conn:
            yield conn
        return
    with lock_path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            with engine.connect() as conn:
                yield conn
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


class Database:
    """One engine and its session factory, shared by a process's threads."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def postgres(self) -> bool:
        return is_postgres(self.engine)

    def session(self) -> Session:
        return self.sessions()

    def dispose(self) -> None:
        self.engine.dispose()
