"""The tables' database a URL names: opened as its kind, and brought to the newest schema.

Each database's own setup and statements' runs are its subclass of
:class:`~referee.tables.db.Database` (:mod:`referee.tables.db_sqlite`,
:mod:`referee.tables.db_postgres`); this is the one place that chooses
between them by the URL.
"""

from __future__ import annotations

from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine
from sqlalchemy.engine import make_url

from referee.tables import db_postgres, db_sqlite
from referee.tables.db import Database, alembic_config, current_revision, head_revision
from referee.tables.db_postgres import POOL_SIZE as POOL_SIZE
from referee.tables.db_postgres import PostgresDatabase
from referee.tables.db_sqlite import SqliteDatabase


def open_database(url: str) -> Database:
    """The database the URL names (``sqlite:///...``, ``postgresql+psycopg://...``)."""
    if make_url(url).get_backend_name() == "sqlite":
        return SqliteDatabase(url)
    return PostgresDatabase(url)


def upgrade(engine: Engine) -> bool:
    """Bring the schema to the newest migration; True if anything ran."""
    head = head_revision()
    if current_revision(engine) == head:
        return False
    kind = db_postgres if engine.url.get_backend_name() == "postgresql" else db_sqlite
    with kind.migration_lock(engine) as conn:
        if MigrationContext.configure(conn).get_current_revision() == head:
            return False
        from alembic import command

        command.upgrade(alembic_config(conn), "head")
        conn.commit()
    return True
