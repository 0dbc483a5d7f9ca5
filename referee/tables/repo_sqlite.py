"""Live tables in SQLite: the compare-and-set write, and hearing of other processes' changes.

SQLite has one writer at a time (:meth:`referee.tables.db_sqlite.SqliteDatabase.write_lock`):
the write holds it only for its few statements, straight on the driver's
connection (SQLAlchemy's per-execution work costs several times the
statements here). SQLite has no notifications: a process's listener
watches the file's change counter and reads the watched tables' versions
when it moved.
"""

from __future__ import annotations

import logging

from sqlalchemy import bindparam, insert, update

from referee.tables.models import Action, GameTable, utcnow
from referee.tables.repo_sql import SqlRepository
from referee.tables.repository import Change, Changes

log = logging.getLogger(__name__)

_T, _A = GameTable.__table__, Action.__table__

#: the compare-and-set on the version and host token hash, then the undone
#: marks and the log rows (a key already in the log fails the write: the
#: unique constraint)
_MOVE = (
    update(_T)
    .where(
        _T.c.id == bindparam("table_id", None),
        _T.c.version == bindparam("expected", None),
        _T.c.host_hash == bindparam("host_hash", None),
    )
    .values(
        version=bindparam("version", None),
        snapshot=bindparam("snapshot", None),
        events=bindparam("events", None),
        terminal=bindparam("terminal", None),
        touched_at=bindparam("now", None),
    )
)
_UNDONE = (
    update(_A)
    .where(_A.c.table_id == bindparam("table_id", None), _A.c.id == bindparam("id", None))
    .values(undone_version=bindparam("version", None))
)
_LOG = insert(_A).values(
    {
        name: bindparam(name, None)
        for name in (
            "table_id",
            "seat",
            "action",
            "by_bot",
            "version",
            "undone_version",
            "client_key",
            "request_hash",
            "events",
            "created_at",
        )
    }
)


class SqliteRepository(SqlRepository):
    """Live tables in a SQLite file (:class:`referee.tables.repository.Repository`)."""

    def write(self, change: Change) -> bool:
        """The compare-and-set is the write's first statement, so the write lock
        is held only from there to the commit; a retried request (same
        Idempotency-Key) that raced us finds the version moved, or at worst
        hits the unique key, and is not applied."""
        table = change.table
        try:
            with self.db.driver_writing() as run:
                values = {
                    "table_id": table.id,
                    "expected": table.version,
                    "host_hash": table.host_hash,
                    "version": change.version,
                    "snapshot": change.snapshot,
                    "events": change.events,
                    "terminal": change.terminal,
                    "now": utcnow(),
                }
                if run(_MOVE, values) != 1:
                    return False
                if change.taken:
                    run(
                        _UNDONE,
                        [
                            {"table_id": table.id, "id": i, "version": change.version}
                            for i in change.taken
                        ],
                    )
                if change.rows:
                    run(_LOG, change.rows)
        except self.db.engine.dialect.loaded_dbapi.IntegrityError:
            return False  # the same Idempotency-Key committed first: the next look finds it
        return True

    def listen(self, changes: Changes) -> None:
        """Look at the file's data_version each tick (a counter that moves when any
        other connection commits; no table is read), and read the watched
        tables' versions only when it moved."""
        raw = self.db.engine.raw_connection()
        try:
            last = None
            while not changes.stopped.wait(changes.poll_seconds):
                try:
                    now = raw.cursor().execute("PRAGMA data_version").fetchone()[0]
                    if (now != last or changes.recheck) and changes.watched():
                        changes.recheck = False
                        changes.poll_once()
                        last = now
                except Exception:  # the database is briefly away: try again next tick
                    log.warning("tables: version poll failed", exc_info=True)
        finally:
            raw.close()
