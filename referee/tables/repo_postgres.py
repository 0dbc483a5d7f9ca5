"""Live tables in PostgreSQL: the compare-and-set write in one statement, LISTEN/NOTIFY.

The whole change is one statement (one round trip, one transaction): the
compare-and-set, the undone marks, the log rows and the notification happen
only if the version and host token hash were still the expected ones; the
notification is delivered to every worker's listener at commit, not before.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from sqlalchemy import Connection, text
from sqlalchemy.dialects import postgresql

from referee.tables.db import json_text
from referee.tables.models import utcnow
from referee.tables.repo_sql import HEAD, READ, SqlRepository
from referee.tables.repository import Change, Changes

log = logging.getLogger(__name__)

NOTIFY_CHANNEL = "cardpress_tables"

#: an Idempotency-Key already in the log: the unique constraint fails the statement
_WRITE = text(
    """
    WITH moved AS (
        UPDATE game_tables
        SET version = :version, snapshot = CAST(:snapshot AS JSON),
            events = CAST(:events AS JSON), terminal = :terminal, touched_at = :now
        WHERE id = :table_id AND version = :expected AND host_hash = :host_hash
        RETURNING id
    ), undone AS (
        UPDATE actions SET undone_version = :version
        WHERE table_id = :table_id AND id = ANY(CAST(:taken AS BIGINT[]))
            AND EXISTS (SELECT 1 FROM moved)
    ), logged AS (
        INSERT INTO actions
            (table_id, seat, action, by_bot, version, client_key, request_hash, events,
             created_at)
        SELECT moved.id, r.seat, r.action, r.by_bot, :version, r.client_key, r.request_hash,
            r.events, :now
        FROM moved, json_to_recordset(CAST(:rows AS JSON))
            AS r(seat INTEGER, action TEXT, by_bot BOOLEAN, client_key TEXT,
                 request_hash TEXT, events JSON)
    )
    SELECT pg_notify(:channel, moved.id || ':' || :version) FROM moved
    """
)
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
_ROW = ("seat", "action", "by_bot", "client_key", "request_hash", "events")


def warm_up() -> list[tuple[Any, dict[str, Any]]]:
    """The statements of every action and stream, with parameters that match no
    row: a new PostgreSQL backend's first run of a statement reads the catalog
    and plans it (3-6 ms instead of under one measured here), so each pooled
    connection runs them once before the first request (Database.warm)."""
    nothing = {"table_id": "-", "client_key": None}
    return [
        (READ, nothing),
        (HEAD, nothing),
        (
            _WRITE,
            {
                **nothing,
                "expected": -1,
                "host_hash": "-",
                "version": 0,
                "snapshot": "{}",
                "events": "[]",
                "terminal": False,
                "now": utcnow(),
                "taken": [],
                "rows": "[]",
                "channel": NOTIFY_CHANNEL,
            },
        ),
    ]


class PostgresRepository(SqlRepository):
    """Live tables in PostgreSQL (:class:`referee.tables.repository.Repository`)."""

    dialect = postgresql

    def write(self, change: Change) -> bool:
        table = change.table
        params = {
            "table_id": table.id,
            "expected": table.version,
            "host_hash": table.host_hash,
            "version": change.version,
            "snapshot": json_text(change.snapshot),
            "events": json_text(change.events),
            "terminal": change.terminal,
            "now": utcnow(),
            "taken": list(change.taken),
            "rows": json_text([{k: r[k] for k in _ROW} for r in change.rows]),  # type: ignore[literal-required]
            "channel": NOTIFY_CHANNEL,
        }
        # on the driver, in autocommit: the statement is its own transaction
        try:
            return bool(self.db.rows(_WRITE, **params))
        except self.db.engine.dialect.loaded_dbapi.IntegrityError:
            return False  # the same Idempotency-Key committed first: the next look finds it

    def notify(self, conn: Connection, table_id: str, version: int) -> None:
        conn.execute(_NOTIFY, {"channel": NOTIFY_CHANNEL, "payload": f"{table_id}:{version}"})

    def listen(self, changes: Changes) -> None:
        """LISTEN on a connection of its own, reconnecting when it is lost; the
        watched versions are read after each (re)connect (what changed while
        nobody listened) and every five seconds as a safety net."""
        import psycopg

        conninfo = self.db.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False
        )
        while not changes.stopped.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    changes.poll_once()
                    last_poll = time.monotonic()
                    while not changes.stopped.is_set():
                        for note in conn.notifies(timeout=1.0):
                            table_id, _, version = note.payload.rpartition(":")
                            changes.publish(table_id, int(version))
                        if changes.recheck or time.monotonic() - last_poll > 5:
                            changes.recheck = False
                            changes.poll_once()
                            last_poll = time.monotonic()
            except Exception:
                log.warning("tables: LISTEN connection lost; reconnecting", exc_info=True)
                changes.stopped.wait(1.0)

    def warm(self) -> None:
        self.db.warm(warm_up())
