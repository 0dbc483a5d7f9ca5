"""The statements every database of live tables runs alike (SQLAlchemy Core).

The reads, the create, pruning and the refusal counts are the same SQL on
SQLite and PostgreSQL; what differs (the compare-and-set write, how other
processes hear of a change) is in :mod:`referee.tables.repo_sqlite` and
:mod:`referee.tables.repo_postgres`, which subclass :class:`SqlRepository`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import Connection, String, bindparam, cast, delete, func, insert, select
from sqlalchemy.dialects import sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from referee.tables.db import Database, run_once_more
from referee.tables.late import Logged
from referee.tables.models import Action, GameTable, Refusal, Seat, utcnow
from referee.tables.repository import Live, NewTable, Table, checked, not_found

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")

_T, _S, _A, _R = GameTable.__table__, Seat.__table__, Action.__table__, Refusal.__table__
_SEAT_HASHES = (
    select(func.aggregate_strings(cast(_S.c.seat, String) + ":" + _S.c.token_hash, ","))
    .where(_S.c.table_id == _T.c.id, _S.c.token_hash.is_not(None))
    .scalar_subquery()
)
READ = select(
    *(_T.c[name] for name in Table.__dataclass_fields__ if name not in ("seat_hashes", "state")),
    _SEAT_HASHES.label("seat_hashes"),
    # the request fingerprint of the action logged with this caller's Idempotency-Key
    # (NULL: none is; NULL key: none is looked for)
    select(func.coalesce(_A.c.request_hash, ""))
    .where(_A.c.table_id == _T.c.id, _A.c.client_key == bindparam("client_key", None))
    .scalar_subquery()
    .label("applied"),
).where(_T.c.id == bindparam("table_id", None))
_COLUMNS = tuple(column.name for column in READ.selected_columns)

HEAD = select(_T.c.version, _T.c.host_hash).where(_T.c.id == bindparam("table_id", None))

_LOGGED = (
    select(_A.c.seat, _A.c.action, _A.c.version, _A.c.undone_version)
    .where(_A.c.table_id == bindparam("table_id", None))
    .order_by(_A.c.id)
)
_LIVE = (
    select(_A.c.id, _A.c.seat, _A.c.action, _A.c.by_bot)
    .where(_A.c.table_id == bindparam("table_id", None), _A.c.undone_version.is_(None))
    .order_by(_A.c.id)
)


def table_of(row: Any) -> tuple[Table, str | None]:
    """A row of :data:`READ` as the table and the request fingerprint it found."""
    if row is None:
        raise not_found()
    values = dict(zip(_COLUMNS, row, strict=True))
    applied = values.pop("applied")
    pairs = (pair.partition(":") for pair in (values.pop("seat_hashes") or "").split(",") if pair)
    hashes = tuple(sorted((int(seat), digest) for seat, _, digest in pairs))
    return Table(**values, seat_hashes=hashes), applied


def live_actions(session: Session, table_id: str) -> list[Action]:
    """The live rows of a table's log as ORM objects, in a session's transaction."""
    return list(
        session.scalars(
            select(Action)
            .where(Action.table_id == table_id, Action.undone_version.is_(None))
            .order_by(Action.id)
        )
    )


class SqlRepository:
    """The shared half of a repository (:class:`referee.tables.repository.Repository`)."""

    #: the dialect whose INSERT ... ON CONFLICT counts refusals
    dialect: Any = sqlite

    def __init__(self, db: Database) -> None:
        self.db = db
        #: the event poll's statement per number of watched tables
        self._versions: dict[int, Any] = {}

    def once_more(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """See :func:`referee.tables.db.once_more_on_disconnect` (why running again is safe)."""
        return run_once_more(work, *args, **kwargs)

    # ------------------------------------------------------------------ read

    def fetch(self, table_id: str, client_key: str | None = None) -> tuple[Table, str | None]:
        found = self.db.rows(READ, table_id=checked(table_id), client_key=client_key)
        return table_of(found[0] if found else None)

    def head(self, table_id: str) -> tuple[int, str]:
        found = self.db.rows(HEAD, table_id=checked(table_id))
        if not found:
            raise not_found()
        return int(found[0][0]), str(found[0][1])

    def versions(self, table_ids: list[str]) -> dict[str, int]:
        statement = self._versions.get(len(table_ids))
        if statement is None:
            ids = [bindparam(f"id{i}", None) for i in range(len(table_ids))]
            statement = self._versions[len(table_ids)] = select(_T.c.id, _T.c.version).where(
                _T.c.id.in_(ids)
            )
        found = self.db.rows(
            statement, **{f"id{i}": table_id for i, table_id in enumerate(table_ids)}
        )
        return {row[0]: row[1] for row in found}

    def with_live(self, table_id: str) -> tuple[Table, list[Live]]:
        with self.db.session() as session:
            conn = session.connection()
            row = conn.execute(READ, {"table_id": checked(table_id), "client_key": None}).first()
            table = table_of(row)[0]
            return table, [Live(*found) for found in conn.execute(_LIVE, {"table_id": table_id})]

    def action_log(self, table_id: str) -> list[Logged]:
        return [Logged(*row) for row in self.db.rows(_LOGGED, table_id=table_id)]

    def recent_events(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        with self.db.session() as session:
            rows = session.scalars(
                select(Action.events)
                .where(Action.table_id == table_id, Action.undone_version.is_(None))
                .order_by(Action.id.desc())
                .limit(limit)
            ).all()
        out: list[dict[str, Any]] = []
        for events in reversed(rows):
            out.extend(events)
        return out[-limit:]

    def has_person_moves(self, table_id: str) -> bool:
        with self.db.session() as session:
            found = session.scalars(
                select(Action.id)
                .where(
                    Action.table_id == table_id,
                    Action.undone_version.is_(None),
                    Action.by_bot.is_(False),
                )
                .limit(1)
            ).first()
        return found is not None

    # ------------------------------------------------------------------ create

    def insert(self, new: NewTable, key_seconds: float) -> Table | None:
        with self.db.write_session() as session:
            if new.create_key is not None:
                retried = session.scalars(
                    select(GameTable)
                    .where(GameTable.create_key == new.create_key)
                    .with_for_update()
                ).first()
                if retried is not None and _expired(retried, key_seconds):
                    retried.create_key = None  # forgotten: this create is a new one
                    session.flush()
                elif retried is not None:
                    return self._committed(session.connection(), retried.id)
            t = new.table
            session.add(
                GameTable(
                    id=t.id,
                    game=t.game,
                    players=list(t.players),
                    seed=t.seed,
                    options=dict(t.options),
                    bots=list(t.bots),
                    lang=t.lang,
                    host_hash=t.host_hash,
                    create_key=new.create_key,
                    version=t.version,
                    snapshot=t.snapshot,
                    events=t.events,
                    terminal=t.terminal,
                    deck_version=new.deck_version,
                    touched_at=utcnow(),
                    seats=[
                        Seat(seat=i, name=name, token_hash=digest)
                        for i, (name, digest) in enumerate(
                            zip(new.names, new.token_hashes, strict=True)
                        )
                    ],
                )
            )
            session.flush()  # the table row exists before its first logged action
            if new.rows:
                session.execute(insert(_A), list(new.rows))
                self.notify(session.connection(), t.id, t.version)
        return None

    @staticmethod
    def _committed(conn: Connection, table_id: str) -> Table:
        return table_of(conn.execute(READ, {"table_id": table_id, "client_key": None}).first())[0]

    def notify(self, conn: Connection, table_id: str, version: int) -> None:
        """Tell the other processes of a change inside its transaction (at commit)."""

    # ------------------------------------------------------------------ maintenance

    @contextmanager
    def retry_turn(self) -> Iterator[None]:
        with self.db.write_lock():
            yield

    def count_refusal(self, table_id: str, rule: str) -> None:
        """Counted after the refusal is decided, and never changes the answer: a
        count that cannot be written is logged and the player still gets it."""
        statement = self.dialect.insert(_R).values(table_id=table_id, rule=rule, count=1)
        statement = statement.on_conflict_do_update(
            index_elements=[_R.c.table_id, _R.c.rule], set_={"count": _R.c.count + 1}
        )
        try:
            with self.db.writing() as conn:
                conn.execute(statement)
        except SQLAlchemyError:
            log.warning("tables: a refusal at %s could not be counted", table_id, exc_info=True)

    def prune(self, idle_days: float, finished_days: float | None = None) -> int:
        now = datetime.now(UTC)
        old = GameTable.touched_at < now - timedelta(days=idle_days)
        if finished_days is not None:
            done = GameTable.terminal.is_(True) & (
                GameTable.touched_at < now - timedelta(days=finished_days)
            )
            old = old | done
        with self.db.write_session() as session:
            gone = list(session.scalars(select(GameTable.id).where(old)))
            if gone:
                session.execute(delete(Action).where(Action.table_id.in_(gone)))
                session.execute(delete(Refusal).where(Refusal.table_id.in_(gone)))
                session.execute(delete(Seat).where(Seat.table_id.in_(gone)))
                session.execute(delete(GameTable).where(GameTable.id.in_(gone)))
        return len(gone)

    def warm(self) -> None:
        """Nothing to open ahead (SQLite's connections cost nothing to open)."""


def _expired(table: GameTable, seconds: float) -> bool:
    created = table.created_at
    if created.tzinfo is None:  # SQLite keeps no time zone: stored as UTC
        created = created.replace(tzinfo=UTC)
    return datetime.now(UTC) - created > timedelta(seconds=seconds)
