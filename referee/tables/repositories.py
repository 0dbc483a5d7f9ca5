"""A database's repository, of the database's kind: how the views and the
command line get the :class:`~referee.tables.repository.Repository` the
service works over from the process's :class:`~referee.tables.db.Database`."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from referee.tables.db import Database
from referee.tables.repo_postgres import PostgresRepository
from referee.tables.repo_sqlite import SqliteRepository
from referee.tables.repository import Repository

_REPOSITORIES: WeakKeyDictionary[Database, Repository] = WeakKeyDictionary()


def repository(db: Database) -> Repository:
    """The database's repository (one per Database: it keeps compiled statements)."""
    found = _REPOSITORIES.get(db)
    if found is None:
        kind = PostgresRepository if db.postgres else SqliteRepository
        found = _REPOSITORIES[db] = kind(db)
    return found
