"""The live tables as the referee's views reach them: a :class:`Database` in, the service out.

Each call checks what the request says (a create: :mod:`referee.tables.create_request`),
runs the table logic of :mod:`referee.tables.service` over the repository of
the database's kind (:mod:`referee.tables.repo_sqlite`,
:mod:`referee.tables.repo_postgres`) and, when the connection turned out
dead after a database restart, runs it once more
(:func:`~referee.tables.db.once_more_on_disconnect`: every unit of work is
safe to run again). Wording stays with the views (:mod:`referee.tables.reasons`).
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from cardpress.games import GameState
from referee.tables import create_request, service
from referee.tables.db import Database, once_more_on_disconnect
from referee.tables.repo_postgres import NOTIFY_CHANNEL, PostgresRepository, warm_up
from referee.tables.repo_sql import live_actions
from referee.tables.repo_sqlite import SqliteRepository
from referee.tables.repository import Repository, Table, not_found
from referee.tables.schemas import TABLE_OPTIONS, CreateTable
from referee.tables.service import (
    SPECTATOR,
    Caller,
    Created,
    CreateKey,
    Record,
    deck_version,
    identify,
    scoped_key,
    state_of,
)

__all__ = [
    "NOTIFY_CHANNEL",
    "SPECTATOR",
    "TABLE_OPTIONS",
    "Caller",
    "CreateKey",
    "Created",
    "Record",
    "Table",
    "deck_version",
    "identify",
    "live_actions",
    "not_found",
    "scoped_key",
    "state_of",
    "warm_up",
]

_REPOSITORIES: WeakKeyDictionary[Database, Repository] = WeakKeyDictionary()


def repository(db: Database) -> Repository:
    """The database's repository (one per Database: it keeps compiled statements)."""
    found = _REPOSITORIES.get(db)
    if found is None:
        kind = PostgresRepository if db.postgres else SqliteRepository
        found = _REPOSITORIES[db] = kind(db)
    return found


@once_more_on_disconnect
def create(db: Database, request: CreateTable, create_key: CreateKey | None = None) -> Created:
    options = create_request.engine_options(request)
    deck = deck_version(request.game, request.options)
    return service.create(repository(db), request, options, create_key, deck)


def load(db: Database, table_id: str) -> Table:
    return repository(db).fetch(table_id)[0]


def head(db: Database, table_id: str) -> tuple[int, str]:
    """The table's current version and host token hash: what an answer kept in
    memory must match (referee.tables.answers)."""
    return repository(db).head(table_id)


def versions(db: Database, table_ids: list[str]) -> dict[str, int]:
    return repository(db).versions(table_ids)


@once_more_on_disconnect
def recent_events(db: Database, table_id: str, limit: int = 12) -> list[dict[str, Any]]:
    """The public events of the latest live actions, oldest first (for the phone pages)."""
    return repository(db).recent_events(table_id, limit)


def has_person_moves(db: Database, table_id: str) -> bool:
    """Whether undo has something to take back: a person's move still live
    (a bot's alone would only be played again at once)."""
    return repository(db).has_person_moves(table_id)


@once_more_on_disconnect
def game_record(db: Database, table_id: str, caller_token: str | None) -> Record:
    return service.game_record(repository(db), table_id, caller_token)


def record(db: Database, table_id: str, caller_token: str | None) -> dict[str, Any]:
    """The record as the caller may see it (``GET .../record``)."""
    return game_record(db, table_id, caller_token).shown()


@once_more_on_disconnect
def replayed(db: Database, table_id: str) -> GameState:
    return service.replayed(repository(db), table_id)


@once_more_on_disconnect
def act(
    db: Database,
    table_id: str,
    token: str | None,
    action: str,
    version: int | None = None,
    client_key: str | None = None,
    seen: Table | None = None,
) -> Table:
    """:func:`referee.tables.service.act`."""
    return service.act(repository(db), table_id, token, action, version, client_key, seen)


@once_more_on_disconnect
def undo(db: Database, table_id: str, token: str | None) -> Table:
    return service.undo(repository(db), table_id, token)


def prune(db: Database, idle_days: float, finished_days: float | None = None) -> int:
    """Delete tables untouched for ``idle_days`` (abandoned), and finished ones
    untouched for ``finished_days``; returns how many went."""
    return repository(db).prune(idle_days, finished_days)
