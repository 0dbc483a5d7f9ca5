"""The tables' database schema (SQLAlchemy 2 declarative models).

The game tables: ``game_tables`` (one row per live game, with a cached snapshot
of the engine state), ``seats`` (names and token hashes) and ``actions`` (the
log, the truth: the state is the replay of its live rows), and ``rate_limits``
(the rate limiter's counters, shared by every worker), and ``refusals`` (how
often each rule refused a table's players an action, for ``cardpress report``:
which rules confuse people). Alembic migrations
in ``migrations/`` create and evolve them; the models are what the code reads.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameTable(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[list[str]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    bots: Mapped[list[int]] = mapped_column(JSON)
    lang: Mapped[str] = mapped_column(String(8))
    host_hash: Mapped[str] = mapped_column(String(64))
    #: hash of the client and Idempotency-Key the table was created with (service.CreateKey:
    #: a repeat by that client gets the same links)
    create_key: Mapped[str | None] = mapped_column(String(64), unique=True)
    #: goes up by one with every committed change (actions, bot moves, undo)
    version: Mapped[int] = mapped_column(Integer, default=0)
    #: the engine's ``to_json()`` at ``version``: a cache of the log's replay
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: the public events of the latest change
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    terminal: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the ``version`` of the printed deck whose cards the table plays, as the card
    #: data said when the table was made (None: not a printed deck, or unset)
    deck_version: Mapped[str | None] = mapped_column(String(32), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    touched_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, index=True
    )

    seats: Mapped[list[Seat]] = relationship(
        back_populates="table",
        order_by="Seat.seat",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )


class Seat(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    #: None for a bot seat
    token_hash: Mapped[str | None] = mapped_column(String(64))

    table: Mapped[GameTable] = relationship(back_populates="seats")


class Action(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "client_key", name="uq_actions_client_key"),)

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the table version this action's change produced
    version: Mapped[int] = mapped_column(Integer)
    #: the version of the undo that took it back (None: still in the game)
    undone_version: Mapped[int | None] = mapped_column(Integer)
    #: the caller's Idempotency-Key, scoped to the caller (service.scoped_key): a
    #: retried POST finds it and is not applied again
    client_key: Mapped[str | None] = mapped_column(String(100))
    #: the fingerprint of the request sent with ``client_key``: the same key with
    #: another request is refused (409)
    request_hash: Mapped[str | None] = mapped_column(String(64))
    #: what the engine reported (public events, each citing its rule IDs)
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Refusal(Base):
    """How many actions the rule ``rule`` refused at a table (``""``: the engine
    named none). Counted, not logged: the report asks which rules people
    stumble on, not what they tried; an illegal action changes no state."""

    __tablename__ = "refusals"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    rule: Mapped[str] = mapped_column(String(32), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)


class ReportToken(Base):
    """The hash of a token that opens the referee's report page
    (``cardpress report --new-token``); the token itself is shown once."""

    __tablename__ = "report_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RateLimit(Base):
    """One fixed-window counter of Flask-Limiter (``referee.tables.ratelimit``)."""

    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    #: when the window ends (Unix time)
    expires_at: Mapped[float] = mapped_column(Float, index=True)
