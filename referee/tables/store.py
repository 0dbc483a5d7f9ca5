"""Tables in the database: create, act, undo, record, prune.

Every change is one transaction that first takes the table's row lock (an
``UPDATE`` of its row: PostgreSQL's row lock, SQLite's writer lock), then
reads the current state, checks the action with the engine, appends to the
action log, lets the bots move, and stores the new snapshot and version. Two
actions racing on one table are therefore applied one after the other, each
against the state the other left; an action is acknowledged only after its
commit. The log is the truth: ``replayed`` rebuilds the state from it, and
the snapshot is only a cache of that replay.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, text, update
from sqlalchemy.orm import Session

from cardpress.games import GAMES, GameState, IllegalAction
from cardpress.games.bots import BOTS
from cardpress.players import first_repeat
from referee.tables import tokens
from referee.tables.db import Database
from referee.tables.models import Action, GameTable, Seat, utcnow
from referee.tables.schemas import CreateTable
from referee.validation import N_, ApiError

NOTIFY_CHANNEL = "cardpress_tables"
MAX_BOT_MOVES = 20_000  # per change; a whole all-bot game is far shorter
BOT = "heuristic"


@dataclass(frozen=True)
class Caller:
    """Who a request speaks for: a seat, the host, or a spectator (no token)."""

    role: str  # "seat" | "host" | "spectator"
    seat: int | None = None


SPECTATOR = Caller("spectator")


@dataclass
class Created:
    table: GameTable
    host_token: str
    seat_tokens: dict[int, str]


def not_found() -> ApiError:
    return ApiError(N_("there is no table with this id"), "table", status=404)


_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _checked(table_id: str) -> str:
    """Only an id of the shape we hand out reaches the database (no NUL, no megabytes)."""
    if not _TABLE_ID.fullmatch(table_id):
        raise not_found()
    return table_id


def state_of(table: GameTable) -> GameState:
    return GAMES[table.game].from_json(table.snapshot)


def identify(table: GameTable, token: str | None) -> Caller:
    """The caller a token names. Every stored hash is compared, in constant time each."""
    if token is None:
        return SPECTATOR
    host = tokens.matches(token, table.host_hash)
    found = None
    for seat in table.seats:
        if tokens.matches(token, seat.token_hash):
            found = seat.seat
    if host:
        return Caller("host")
    if found is not None:
        return Caller("seat", found)
    raise ApiError(N_("this token does not belong to this table"), "Authorization", status=403)


# --------------------------------------------------------------------------- create


def create(db: Database, request: CreateTable, create_key: str | None = None) -> Created:
    spec = GAMES[request.game]
    n = len(request.players)
    if not spec.min_players <= n <= spec.max_players:
        raise ApiError(
            N_("%(game)s is played by %(low)s to %(high)s players, not %(count)s"),
            "players",
            game=request.game,
            low=spec.min_players,
            high=spec.max_players,
            count=n,
        )
    repeat = first_repeat(request.players)
    if repeat is not None:
        raise ApiError(
            N_("two players have the same name: %(name)s"),
            f"players[{repeat}]",
            name=request.players[repeat],
        )
    for i, seat in enumerate(request.bots):
        if not 0 <= seat < n or seat in request.bots[:i]:
            raise ApiError(
                N_("bots lists seats 0 to %(last)s, each once; %(seat)s is not one"),
                f"bots[{i}]",
                last=n - 1,
                seat=seat,
            )
    unknown = sorted(set(request.options) - set(spec.options))
    if unknown:
        raise ApiError(
            N_("%(game)s has no option %(option)s; its options: %(known)s"),
            f"options.{unknown[0]}",
            game=request.game,
            option=unknown[0],
            known=", ".join(sorted(spec.options)) or "-",
        )
    seed = request.seed if request.seed is not None else secrets.randbits(63)
    try:
        state = spec.new_game(list(request.players), seed, **request.options)
    except (ValueError, TypeError, KeyError) as exc:
        raise ApiError(
            N_("these options do not work for %(game)s: %(detail)s"),
            "options",
            game=request.game,
            detail=str(exc),
        ) from None
    key_hash = _key_hash(create_key)
    with db.session() as session, session.begin():
        if key_hash is not None:
            retried = session.scalars(
                select(GameTable).where(GameTable.create_key == key_hash).with_for_update()
            ).first()
            if retried is not None:
                return _reissue(session, retried, request)
        host_token = tokens.new_host_token()
        table = GameTable(
            id=tokens.new_table_id(),
            game=request.game,
            players=list(request.players),
            seed=seed,
            options=dict(state.options),
            bots=sorted(request.bots),
            lang=request.lang,
            host_hash=tokens.token_hash(host_token),
            create_key=key_hash,
            version=0,
            snapshot={},
            events=[],
            terminal=False,
        )
        seat_tokens = _seat_tokens(host_token, n, request.bots)
        table.seats = [
            Seat(seat=i, name=name, token_hash=_hash_or_none(seat_tokens.get(i)))
            for i, name in enumerate(request.players)
        ]
        session.add(table)
        session.flush()  # the table row exists before its first logged action
        moves = _bot_moves(table, state)
        if moves:
            table.version = 1
            _log(session, table, moves, version=1)
        _store(table, state, [e for _, _, _, ev in moves for e in ev])
        if moves:
            _notify(db, session, table)
    return Created(table, host_token, seat_tokens)


def _reissue(session: Session, table: GameTable, request: CreateTable) -> Created:
    """A retried create: the same table, with new tokens (the first answer was lost)."""
    same = (table.game, table.players, table.bots, table.lang) == (
        request.game,
        list(request.players),
        sorted(request.bots),
        request.lang,
    )
    humans = session.scalar(
        select(Action.id).where(Action.table_id == table.id, Action.by_bot.is_(False)).limit(1)
    )
    if not same or humans is not None:
        raise ApiError(
            N_("this Idempotency-Key already created table %(table)s; use a new key"),
            "Idempotency-Key",
            status=409,
            table=table.id,
        )
    host_token = tokens.new_host_token()
    seat_tokens = _seat_tokens(host_token, len(table.players), table.bots)
    table.host_hash = tokens.token_hash(host_token)
    for seat in table.seats:
        seat.token_hash = _hash_or_none(seat_tokens.get(seat.seat))
    return Created(table, host_token, seat_tokens)


def _seat_tokens(host_token: str, n: int, bots: list[int]) -> dict[int, str]:
    return {i: tokens.seat_token(host_token, i) for i in range(n) if i not in bots}


def _hash_or_none(token: str | None) -> str | None:
    return tokens.token_hash(token) if token is not None else None


def _key_hash(key: str | None) -> str | None:
    return hashlib.sha256(key.encode()).hexdigest() if key else None


# --------------------------------------------------------------------------- read


def load(db: Database, table_id: str) -> GameTable:
    with db.session() as session:
        table = session.get(GameTable, _checked(table_id))
        if table is None:
            raise not_found()
        return table


def recent_events(db: Database, table_id: str, limit: int = 12) -> list[dict[str, Any]]:
    """The public events of the latest live actions, oldest first (for the phone pages)."""
    with db.session() as session:
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


def live_actions(session: Session, table_id: str) -> list[Action]:
    return list(
        session.scalars(
            select(Action)
            .where(Action.table_id == table_id, Action.undone_version.is_(None))
            .order_by(Action.id)
        )
    )


def record(db: Database, table_id: str, caller_token: str | None) -> dict[str, Any]:
    """The replayable record, built from the log (the truth), not the snapshot."""
    with db.session() as session:
        table = session.get(GameTable, _checked(table_id))
        if table is None:
            raise not_found()
        caller = identify(table, caller_token)
        if not table.terminal and caller.role != "host":
            raise ApiError(
                N_("the record is the host's until the game is over"),
                "Authorization",
                status=403 if caller_token else 401,
            )
        return _record(table, live_actions(session, table_id))


def _record(table: GameTable, actions: list[Action]) -> dict[str, Any]:
    return {
        "game": table.game,
        "players": list(table.players),
        "seed": table.seed,
        "options": dict(table.options),
        "actions": [[a.seat, a.action] for a in actions],
    }


def replayed(db: Database, table_id: str) -> GameState:
    """The state as the log says it is (what the snapshot must equal)."""
    with db.session() as session:
        table = session.get(GameTable, table_id)
        if table is None:
            raise not_found()
        return GAMES[table.game].replay(_record(table, live_actions(session, table_id)))


# --------------------------------------------------------------------------- change


def act(
    db: Database,
    table_id: str,
    token: str | None,
    action: str,
    version: int | None = None,
    client_key: str | None = None,
) -> GameTable:
    with db.session() as session, session.begin():
        table = _locked(session, table_id)
        caller = identify(table, token)
        if caller.role != "seat":
            raise _seat_needed(token)
        if client_key is not None:
            done = session.scalar(
                select(Action.id).where(
                    Action.table_id == table_id, Action.client_key == client_key
                )
            )
            if done is not None:
                return table  # a retry of an applied request: answer, apply nothing
        if version is not None and version != table.version:
            error = ApiError(
                N_("the table has moved on to version %(version)s; reload and try again"),
                "version",
                status=409,
                version=table.version,
            )
            error.extra["version"] = table.version
            raise error
        state = state_of(table)
        assert caller.seat is not None
        try:
            events = state.apply(caller.seat, action)
        except IllegalAction as exc:
            error = ApiError(
                N_("%(action)s is not allowed now: %(reason)s"),
                "action",
                action=action,
                reason=exc.reason,
            )
            error.extra["rule"] = exc.rule_id
            raise error from None
        moves = [(caller.seat, action, False, events), *_bot_moves(table, state)]
        table.version += 1
        _log(session, table, moves, table.version, client_key)
        _store(table, state, [e for *_, ev in moves for e in ev])
        _notify(db, session, table)
    return table


def undo(db: Database, table_id: str, token: str | None) -> GameTable:
    """Take back the last person's action (and the bot moves that followed it)."""
    with db.session() as session, session.begin():
        table = _locked(session, table_id)
        if identify(table, token).role != "host":
            raise ApiError(
                N_("only the host's link can undo"),
                "Authorization",
                status=403 if token else 401,
            )
        live = live_actions(session, table_id)
        people = [i for i, a in enumerate(live) if not a.by_bot]
        if not people:
            raise ApiError(N_("there is nothing to undo"), "table", status=409)
        keep, taken = live[: people[-1]], live[people[-1] :]
        table.version += 1
        for a in taken:
            a.undone_version = table.version
        state = GAMES[table.game].replay(_record(table, keep))
        undone = {
            "kind": "undo",
            "rule_ids": [],
            "player": taken[0].seat,
            "data": {"action": taken[0].action},
        }
        moves = _bot_moves(table, state)
        _log(session, table, moves, table.version)
        _store(table, state, [e for *_, ev in moves for e in ev])
        table.events = [undone, *table.events]
        _notify(db, session, table)
    return table


def _seat_needed(token: str | None) -> ApiError:
    if token is None:
        return ApiError(
            N_("send the seat's token: Authorization: Bearer <token>"),
            "Authorization",
            status=401,
        )
    return ApiError(N_("only a seat's link can act"), "Authorization", status=403)


def _locked(session: Session, table_id: str) -> GameTable:
    """Take the table's write lock first, then read it (so nothing reads stale)."""
    result = session.execute(
        update(GameTable).where(GameTable.id == _checked(table_id)).values(touched_at=utcnow())
    )
    if result.rowcount == 0:  # type: ignore[attr-defined]
        raise not_found()
    table = session.get(GameTable, table_id, populate_existing=True)
    assert table is not None
    return table


Move = tuple[int, str, bool, list[Any]]


def _bot_moves(table: GameTable, state: GameState) -> list[Move]:
    """Let the bot seats move for as long as it is their turn."""
    bots = set(table.bots)
    if not bots:
        return []
    factory: Callable[[int], Any] = BOTS[table.game][BOT]
    moves: list[Move] = []
    while not state.is_terminal() and len(moves) < MAX_BOT_MOVES:
        movers = [p for p in state.current_players() if p in bots]
        if not movers:
            break
        seat = movers[0]
        # seeded by the table and the position in the log: a replay after undo
        # makes the same bot choices
        bot = factory((table.seed * 1_000_003 + len(state.log)) & (2**63 - 1))
        action = bot.act(state, seat)
        moves.append((seat, action, True, state.apply(seat, action)))
    return moves


def _log(
    session: Session,
    table: GameTable,
    moves: list[Move],
    version: int,
    client_key: str | None = None,
) -> None:
    for i, (seat, action, by_bot, events) in enumerate(moves):
        session.add(
            Action(
                table_id=table.id,
                seat=seat,
                action=action,
                by_bot=by_bot,
                version=version,
                client_key=client_key if i == 0 else None,
                events=[e.to_json() for e in events],
            )
        )


def _store(table: GameTable, state: GameState, events: list[Any]) -> None:
    table.snapshot = state.to_json()
    table.terminal = state.is_terminal()
    table.events = [e.to_json() for e in events]
    table.touched_at = utcnow()


def _notify(db: Database, session: Session, table: GameTable) -> None:
    """PostgreSQL delivers this to every worker's listener at commit, not before."""
    if db.postgres:
        session.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": NOTIFY_CHANNEL, "payload": f"{table.id}:{table.version}"},
        )


# --------------------------------------------------------------------------- prune


def prune(db: Database, idle_days: float) -> int:
    """Delete tables untouched for ``idle_days``; returns how many went."""
    cutoff = datetime.now(UTC) - timedelta(days=idle_days)
    with db.session() as session, session.begin():
        ids = select(GameTable.id).where(GameTable.touched_at < cutoff)
        gone = list(session.scalars(ids))
        if gone:
            session.execute(delete(Action).where(Action.table_id.in_(gone)))
            session.execute(delete(Seat).where(Seat.table_id.in_(gone)))
            session.execute(delete(GameTable).where(GameTable.id.in_(gone)))
    return len(gone)


def versions(db: Database, table_ids: list[str]) -> dict[str, int]:
    with db.session() as session:
        rows = session.execute(
            select(GameTable.id, GameTable.version).where(GameTable.id.in_(table_ids))
        )
        return {row[0]: row[1] for row in rows}


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
