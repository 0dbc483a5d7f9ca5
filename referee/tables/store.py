"""Tables in the database: create, act, undo, record, prune.

The action log is the truth: ``replayed`` rebuilds the state from it, and
the row's snapshot is a cache of that replay. An action is computed outside
any lock, from the table as last committed (snapshot + version, read without
waiting), then written in a short write transaction that first moves the
version on only if it is still the one the move was computed against (a
compare-and-set ``UPDATE``): two actions racing on one table can therefore
never both pass against the same state; the loser recomputes against the
winner's state and tries again (a bounded number of times). The write holds
SQLite's single writer lock (or PostgreSQL's lock on the table's row) only
for the few statements of the write, not while Python replays, runs the
bots and serialises. An action is acknowledged only after its commit.

The ``version`` a phone sends is the one its page showed. A move made on an
older version is not refused for that alone: simultaneous moves arrive in any
order, and one that commutes with everything committed since (the rule:
:mod:`referee.tables.late`) is applied at the current version; any other
gets a 409 naming the current version.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    Connection,
    String,
    bindparam,
    cast,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.orm import Session

from cardpress.games import GAMES, GameState, IllegalAction
from cardpress.games.base import OptionError, withheld
from cardpress.games.bots import BOTS
from cardpress.games.registry import TableOptionError
from cardpress.players import first_repeat
from referee.tables import late, refusals, tokens, words
from referee.tables.db import Database, once_more_on_disconnect
from referee.tables.models import Action, GameTable, Refusal, Seat, utcnow
from referee.tables.schemas import TABLE_OPTIONS, CreateTable, option_refusal
from referee.validation import N_, ApiError, English

NOTIFY_CHANNEL = "cardpress_tables"
MAX_TRIES = 50  # computations of one change while others keep committing first
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


@dataclass(frozen=True)
class Table:
    """A table as committed at ``version``, read in one query (seats' token hashes included)."""

    id: str
    game: str
    players: list[str]
    seed: int
    options: dict[str, Any]
    bots: list[int]
    lang: str
    host_hash: str
    version: int
    snapshot: dict[str, Any]
    events: list[dict[str, Any]]
    terminal: bool
    #: (seat, token hash) of every person's seat
    seat_hashes: tuple[tuple[int, str], ...]
    #: the game state at ``version`` when this process just computed it (the
    #: change's answer then needs no decoding); for reading only
    state: GameState | None = field(default=None, compare=False, repr=False)


_T, _S, _A = GameTable.__table__, Seat.__table__, Action.__table__
_SEAT_HASHES = (
    select(func.aggregate_strings(cast(_S.c.seat, String) + ":" + _S.c.token_hash, ","))
    .where(_S.c.table_id == _T.c.id, _S.c.token_hash.is_not(None))
    .scalar_subquery()
)
_READ = select(
    *(_T.c[name] for name in Table.__dataclass_fields__ if name not in ("seat_hashes", "state")),
    _SEAT_HASHES.label("seat_hashes"),
    # the request fingerprint of the action logged with this caller's Idempotency-Key
    # (NULL: none is; NULL key: none is looked for)
    select(func.coalesce(_A.c.request_hash, ""))
    .where(_A.c.table_id == _T.c.id, _A.c.client_key == bindparam("client_key", None))
    .scalar_subquery()
    .label("applied"),
).where(_T.c.id == bindparam("table_id", None))


_COLUMNS = tuple(column.name for column in _READ.selected_columns)


def _read(conn: Connection, table_id: str) -> Table:
    """The table, inside a session's transaction (consistent with the session's other reads)."""
    row = conn.execute(_READ, {"table_id": _checked(table_id), "client_key": None}).first()
    return _table_of(row)[0]


def _fetch(db: Database, table_id: str, client_key: str | None = None) -> tuple[Table, str | None]:
    """The table as committed and the fingerprint of the request ``client_key`` (a
    scoped key: :func:`scoped_key`) was applied with, if it was, in one query."""
    found = db.rows(_READ, table_id=_checked(table_id), client_key=client_key)
    return _table_of(found[0] if found else None)


def _table_of(row: Any) -> tuple[Table, str | None]:
    if row is None:
        raise not_found()
    values = dict(zip(_COLUMNS, row, strict=True))
    applied = values.pop("applied")
    pairs = (pair.partition(":") for pair in (values.pop("seat_hashes") or "").split(",") if pair)
    hashes = tuple(sorted((int(seat), digest) for seat, _, digest in pairs))
    return Table(**values, seat_hashes=hashes), applied


def state_of(table: Table) -> GameState:
    return GAMES[table.game].from_json(table.snapshot)


def identify(table: Table, token: str | None) -> Caller:
    """The caller a token names. Every stored hash is compared, in constant time each."""
    if token is None:
        return SPECTATOR
    presented = tokens.token_hash(token)
    host = hmac.compare_digest(presented, table.host_hash)
    found = None
    for seat, digest in table.seat_hashes:
        if hmac.compare_digest(presented, digest):
            found = seat
    if host:
        return Caller("host")
    if found is not None:
        return Caller("seat", found)
    raise ApiError(N_("this token does not belong to this table"), "Authorization", status=403)


# --------------------------------------------------------------------------- create


@dataclass(frozen=True)
class CreateKey:
    """A create's Idempotency-Key: one client's (its address), for ``seconds``.

    A keyed table's host token is derived from the app's secret, the scoped key
    and the table id, so a repeated create gives its client the same links
    again (nothing secret is stored); another client sending the same key and
    body gets a table of its own, never this one's links."""

    key: str
    client: str
    secret: str
    seconds: float

    @property
    def hash(self) -> str:
        return hashlib.sha256(f"{self.client}\0{self.key}".encode()).hexdigest()

    def host_token(self, table_id: str) -> str:
        return tokens.keyed_host_token(self.secret, self.hash, table_id)


@once_more_on_disconnect
def create(db: Database, request: CreateTable, create_key: CreateKey | None = None) -> Created:
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
    problems = spec.option_problems(request.options)
    if problems and isinstance(problems[0], TableOptionError):  # it names the game itself
        first = problems[0]
        raise ApiError(first.message, f"options.{first.option}", **first.params)
    options = _engine_options(request.game, dict(request.options), n)
    seed = request.seed if request.seed is not None else secrets.randbits(63)
    try:
        if problems:
            raise option_refusal(problems[0])
        state = spec.new_game(list(request.players), seed, **options)
    except OptionError as exc:  # the engine names the option and says why, in any language
        raise ApiError(
            N_("these options do not work for %(game)s: %(detail)s"),
            f"options.{exc.option}",
            game=request.game,
            detail=words.sentence(request.game, exc),
        ) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise ApiError(
            N_("these options do not work for %(game)s: %(detail)s"),
            "options",
            game=request.game,
            detail=English(str(exc), N_("check their values")),
        ) from None
    bots = sorted(request.bots)
    moves = _bot_moves(request.game, seed, bots, state)
    version = 1 if moves else 0
    with db.write_session() as session:
        if create_key is not None:
            retried = session.scalars(
                select(GameTable).where(GameTable.create_key == create_key.hash).with_for_update()
            ).first()
            if retried is not None and _expired(retried, create_key.seconds):
                retried.create_key = None  # forgotten: this create is a new one
                session.flush()
            elif retried is not None:
                return _repeated(retried, request, create_key)
        table_id = tokens.new_table_id()
        host_token = (
            create_key.host_token(table_id) if create_key is not None else tokens.new_host_token()
        )
        table = GameTable(
            id=table_id,
            game=request.game,
            players=list(request.players),
            seed=seed,
            options=dict(state.options),
            bots=bots,
            lang=request.lang,
            host_hash=tokens.token_hash(host_token),
            create_key=create_key.hash if create_key is not None else None,
            version=version,
            snapshot=state.to_json(),
            events=[e.to_json() for *_, ev in moves for e in ev],
            terminal=state.is_terminal(),
            deck_version=deck_version(request.game, request.options),
            touched_at=utcnow(),
        )
        seat_tokens = _seat_tokens(host_token, n, request.bots)
        table.seats = [
            Seat(seat=i, name=name, token_hash=_hash_or_none(seat_tokens.get(i)))
            for i, name in enumerate(request.players)
        ]
        session.add(table)
        session.flush()  # the table row exists before its first logged action
        if moves:
            session.execute(insert(_A), _log_rows(table.id, moves, version))
            _notify(db, session.connection(), table.id, version)
    return Created(table, host_token, seat_tokens)


def _engine_options(game: str, options: dict[str, Any], players: int) -> dict[str, Any]:
    """The engine's options for a table's: a printed deck becomes every player's cards."""
    deck = options.pop("deck", None) if "deck" in TABLE_OPTIONS[game] else None
    if deck is None or deck == "standard":
        return options
    from cardpress.catalogue import load_catalogue

    cards = list(load_catalogue().deck(game).cards)
    return {**options, "decks": [cards] * players}


def deck_version(game: str, options: dict[str, Any]) -> str | None:
    """The printed deck's version for a table of ``game`` (``cardpress report``
    groups by it); None when its cards are no printed deck (絵師100人展's own
    engine deck) or the card data cannot be read now (the table is made anyway)."""
    from cardpress.catalogue import CatalogueError, load_catalogue
    from cardpress.vocabulary import DECK_GAMES

    if game == "eshi100" and options.get("deck", "standard") == "standard":
        return None
    deck_id = next((d for d, games in DECK_GAMES.items() if game in games), None)
    try:
        return (getattr(load_catalogue().deck(deck_id), "version", "") or None) if deck_id else None
    except (CatalogueError, OSError, KeyError):  # KeyError: no such deck in the data
        return None


def _repeated(table: GameTable, request: CreateTable, create_key: CreateKey) -> Created:
    """A repeated create from the same client (its first answer was lost): the same
    table with the same links; with another body, or once the app's secret has
    changed (the links can no longer be derived), a 409."""
    same = (table.game, table.players, table.bots, table.lang) == (
        request.game,
        list(request.players),
        sorted(request.bots),
        request.lang,
    ) and request.seed in (None, table.seed)
    host_token = create_key.host_token(table.id)
    if not same or not hmac.compare_digest(tokens.token_hash(host_token), table.host_hash):
        raise ApiError(
            N_("this Idempotency-Key already created table %(table)s; use a new key"),
            "Idempotency-Key",
            status=409,
            table=table.id,
        )
    return Created(table, host_token, _seat_tokens(host_token, len(table.players), table.bots))


def _expired(table: GameTable, seconds: float) -> bool:
    created = table.created_at
    if created.tzinfo is None:  # SQLite keeps no time zone: stored as UTC
        created = created.replace(tzinfo=UTC)
    return datetime.now(UTC) - created > timedelta(seconds=seconds)


def _seat_tokens(host_token: str, n: int, bots: list[int]) -> dict[int, str]:
    return {i: tokens.seat_token(host_token, i) for i in range(n) if i not in bots}


def _hash_or_none(token: str | None) -> str | None:
    return tokens.token_hash(token) if token is not None else None


# --------------------------------------------------------------------------- read


def load(db: Database, table_id: str) -> Table:
    return _fetch(db, table_id)[0]


_HEAD = select(_T.c.version, _T.c.host_hash).where(_T.c.id == bindparam("table_id", None))


def head(db: Database, table_id: str) -> tuple[int, str]:
    """The table's current version and host token hash: what an answer kept in
    memory must match (referee.tables.answers)."""
    found = db.rows(_HEAD, table_id=_checked(table_id))
    if not found:
        raise not_found()
    return int(found[0][0]), str(found[0][1])


@once_more_on_disconnect
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


@dataclass(frozen=True)
class Record:
    """A table's record: the whole truth from the log, and whether the game is over."""

    full: dict[str, Any]
    over: bool

    def shown(self) -> dict[str, Any]:
        """The record as the caller may see it: whole once the game is over, and
        before that with the seed and every secret action withheld (Secrecy)."""
        if self.over:
            return self.full
        return withheld(GAMES[self.full["game"]].state_class, self.full)


@once_more_on_disconnect
def game_record(db: Database, table_id: str, caller_token: str | None) -> Record:
    """The record, built from the log (the truth), not the snapshot: the host's
    (withheld, see :meth:`Record.shown`) while the game goes on, everyone's after."""
    with db.session() as session:
        table = _read(session.connection(), table_id)
        caller = identify(table, caller_token)
        if not table.terminal and caller.role != "host":
            raise ApiError(
                N_("the record is the host's until the game is over"),
                "Authorization",
                status=403 if caller_token else 401,
            )
        return Record(_record(table, live_actions(session, table_id)), table.terminal)


def record(db: Database, table_id: str, caller_token: str | None) -> dict[str, Any]:
    """The record as the caller may see it (``GET .../record``)."""
    return game_record(db, table_id, caller_token).shown()


def _record(table: Table, actions: list[Action]) -> dict[str, Any]:
    return {
        "game": table.game,
        "players": list(table.players),
        "seed": table.seed,
        "options": dict(table.options),
        "actions": [[a.seat, a.action] for a in actions],
    }


@once_more_on_disconnect
def replayed(db: Database, table_id: str) -> GameState:
    """The state as the log says it is (what the snapshot must equal)."""
    with db.session() as session:
        table = _read(session.connection(), table_id)
        return GAMES[table.game].replay(_record(table, live_actions(session, table_id)))


# --------------------------------------------------------------------------- change


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
    """Apply a seat's action (and the bot moves it lets happen); the table after it.

    ``seen``: the newest version of the table this worker holds (its own last
    answer, or read when the bus announced it), maybe no longer the current
    one. The action is first computed against it without reading the table,
    and only a successful compare-and-set counts (on the version and the host
    token hash, so a re-issued table's old tokens cannot act; a key already
    in the log makes the write fail): a lost race, and every refusal, is then
    decided as always, against the table as committed. On PostgreSQL that
    saves a round trip per action, usually.

    ``client_key``: the caller's Idempotency-Key. It belongs to this table and
    this caller (stored as :func:`scoped_key`), and to one request: the same
    key with the same action and version answers the table, applying nothing;
    with another action or version it is a 409 (:func:`_key_reused`)."""
    try:
        return _act(db, table_id, token, action, version, client_key, seen)
    except ApiError as exc:
        refused_by = getattr(exc, "refused_by", None)
        if refused_by is not None:  # the engine refused the move (not a token or version)
            refusals.count(db, table_id, refused_by)
        raise


def _act(
    db: Database,
    table_id: str,
    token: str | None,
    action: str,
    version: int | None,
    client_key: str | None,
    seen: Table | None,
) -> Table:
    keyed = Keyed.of(token, client_key, action, version)
    if seen is not None and seen.id == table_id:
        try:
            changed = _act_once(db, table_id, token, action, version, keyed, seen)
        except ApiError:
            changed = None  # refused against what this worker saw: decide on the committed one
        if changed is not None:
            return changed
    for attempt in range(MAX_TRIES):
        # SQLite, after a lost race: keep the writers' turn while reading and computing
        # again, so a busy table costs at most two turns (PostgreSQL: no such turn)
        with db.write_lock() if attempt else nullcontext():
            changed = _act_once(db, table_id, token, action, version, keyed)
        if changed is not None:
            return changed
        # another change was committed first: compute again against it
    raise _moved_on(load(db, table_id).version)


def _act_once(
    db: Database,
    table_id: str,
    token: str | None,
    action: str,
    version: int | None,
    keyed: Keyed | None,
    seen: Table | None = None,
) -> Table | None:
    # as committed: no lock, no wait (or as last seen: see act)
    table, applied = (
        (seen, None)
        if seen is not None
        else _fetch(db, table_id, keyed.key if keyed is not None else None)
    )
    caller = identify(table, token)
    if caller.role != "seat":
        raise _seat_needed(token)
    if applied is not None and keyed is not None:
        # "": logged before requests were fingerprinted (taken as the same request)
        if applied and applied != keyed.fingerprint:
            raise _key_reused()
        return table  # a retry of an applied request: answer, apply nothing
    if version is not None and version > table.version:  # a version it never had
        raise _moved_on(table.version, asked=version)
    stale = version is not None and version != table.version
    if stale and seen is not None:
        raise _moved_on(table.version)  # decided on the table as committed (act)
    state = state_of(table)
    assert caller.seat is not None
    try:
        events = state.apply(caller.seat, action)
    except IllegalAction as exc:
        if stale:
            raise _moved_on(table.version) from None  # the page was older than the table
        raise _illegal(table.game, action, exc) from None
    if stale and not _still_applies(db, table, caller.seat, action, version or 0, state):
        raise _moved_on(table.version)
    moves = [
        (caller.seat, action, False, events),
        *_bot_moves(table.game, table.seed, table.bots, state),
    ]
    return _write(db, table, state, moves, keyed)


@dataclass(frozen=True)
class Keyed:
    """An action's Idempotency-Key as logged: scoped to its caller, with the
    fingerprint of the request it was sent with."""

    key: str
    fingerprint: str

    @classmethod
    def of(
        cls, token: str | None, client_key: str | None, action: str, version: int | None
    ) -> Keyed | None:
        if client_key is None or token is None:
            return None
        request = json.dumps({"action": action, "version": version}, sort_keys=True)
        return cls(scoped_key(token, client_key), hashlib.sha256(request.encode()).hexdigest())


def scoped_key(token: str, client_key: str) -> str:
    """The key as stored: the hash of the caller's token hash and the key, so one
    caller's key never answers another's request (and the log holds no raw key)."""
    return hashlib.sha256(f"{tokens.token_hash(token)}\0{client_key}".encode()).hexdigest()


def _key_reused() -> ApiError:
    return ApiError(
        N_(
            "this Idempotency-Key was already used for another request on this table; "
            "send a new key with every new action"
        ),
        "Idempotency-Key",
        status=409,
    )


_LOGGED = (
    select(_A.c.seat, _A.c.action, _A.c.version, _A.c.undone_version)
    .where(_A.c.table_id == bindparam("table_id", None))
    .order_by(_A.c.id)
)


def _still_applies(
    db: Database, table: Table, seat: int, action: str, seen: int, now: GameState
) -> bool:
    """A move made on an older version: applied if it commutes with what came
    since (the rule: referee.tables.late); ``now`` has it applied already."""
    log = [late.Logged(*row) for row in db.rows(_LOGGED, table_id=table.id)]
    return late.still_applies(
        table.game, _record(table, []), log, now, table.version, seat, action, seen
    )


def _illegal(game: str, action: str, exc: IllegalAction) -> ApiError:
    """The engine's reason, worded in the caller's language (cards named as players do)."""
    error = ApiError(
        N_("%(action)s is not allowed now: %(reason)s"),
        "action",
        action=action,
        reason=words.sentence(game, exc),
    )
    if exc.rule_id is not None:  # an action no rule knows (a typo) cites none; never null
        error.extra["rule"] = exc.rule_id
    error.refused_by = exc.rule_id or ""  # type: ignore[attr-defined]  # counted (act)
    return error


def _moved_on(version: int, asked: int | None = None) -> ApiError:
    """409 with the table's version; a version ahead of it (a page from another
    table, or typed by hand) is not "moved on": it was never reached."""
    if asked is not None and asked > version:
        message = N_("the table is at version %(version)s, not yet %(asked)s; reload and try again")
    else:
        message = N_("the table has moved on to version %(version)s; reload and try again")
    error = ApiError(message, "version", status=409, version=version, asked=asked)
    error.extra["version"] = version
    return error


#: SQLite's write of a change (Database.driver_writing): the compare-and-set on
#: the version and host token hash, the undone marks, the log rows (a key
#: already in the log fails the write: the unique constraint)
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


def _write(
    db: Database,
    table: Table,
    state: GameState,
    moves: list[Move],
    keyed: Keyed | None,
    taken: Sequence[int] = (),
    undone: dict[str, Any] | None = None,
) -> Table | None:
    """Commit a change computed against ``table``; None if the table moved meanwhile.

    The compare-and-set on the version is the write's first statement, so the
    write lock (SQLite) or row lock (PostgreSQL) is held only from there to
    the commit; a retried request (same Idempotency-Key) that raced us finds
    the version moved, or at worst hits the unique key, and is not applied."""
    version = table.version + 1
    events = [e.to_json() for *_, ev in moves for e in ev]
    if undone is not None:
        events.insert(0, undone)
    snapshot, terminal = state.to_json(), state.is_terminal()
    rows = _log_rows(table.id, moves, version, keyed)
    if db.postgres:
        if not _write_postgres(db, table, version, snapshot, events, terminal, rows, taken):
            return None
    else:
        try:
            with db.driver_writing() as run:
                values = {
                    "table_id": table.id,
                    "expected": table.version,
                    "host_hash": table.host_hash,
                    "version": version,
                    "snapshot": snapshot,
                    "events": events,
                    "terminal": terminal,
                    "now": utcnow(),
                }
                if run(_MOVE, values) != 1:
                    return None
                if taken:
                    marks = [{"table_id": table.id, "id": i, "version": version} for i in taken]
                    run(_UNDONE, marks)
                if rows:
                    run(_LOG, rows)
        except db.engine.dialect.loaded_dbapi.IntegrityError:
            return None  # the same Idempotency-Key committed first: the next look finds it
    return replace(
        table, version=version, snapshot=snapshot, events=events, terminal=terminal, state=state
    )


@once_more_on_disconnect
def undo(db: Database, table_id: str, token: str | None) -> Table:
    """Take back the last person's action (and the bot moves that followed it).

    Computed like an action: outside the lock, then a compare-and-set write;
    after a lost race (SQLite) the next try keeps the writers' turn."""
    for attempt in range(MAX_TRIES):
        with db.write_lock() if attempt else nullcontext():
            changed = _undo_once(db, table_id, token)
        if changed is not None:
            return changed
    raise _moved_on(load(db, table_id).version)


def _undo_once(db: Database, table_id: str, token: str | None) -> Table | None:
    with db.session() as session:
        table = _read(session.connection(), table_id)
        if identify(table, token).role != "host":
            raise ApiError(
                N_("only the host's link can undo"),
                "Authorization",
                status=403 if token else 401,
            )
        live = live_actions(session, table_id)
    people = [i for i, a in enumerate(live) if not a.by_bot]
    if not people:
        # a bot's move taken back alone would only be played again at once:
        # what a host can undo is a person's move (and the bot moves it led to)
        if live:
            raise ApiError(
                N_(
                    "nothing to undo yet: only the bots have moved, and a bot's move "
                    "taken back would be played again at once"
                ),
                "table",
                status=409,
            )
        raise ApiError(N_("there is nothing to undo"), "table", status=409)
    keep, taken = live[: people[-1]], live[people[-1] :]
    state = GAMES[table.game].replay(_record(table, keep))
    # whose move it was, never what it was: the table may not know a secret
    # move, and one word for every move keeps the two kinds alike
    undone = {"kind": "undo", "rule_ids": [], "player": taken[0].seat, "data": {}}
    moves = _bot_moves(table.game, table.seed, table.bots, state)
    return _write(db, table, state, moves, None, [a.id for a in taken], undone)


def _seat_needed(token: str | None) -> ApiError:
    if token is None:
        return ApiError(
            N_("send the seat's token: Authorization: Bearer <token>"),
            "Authorization",
            status=401,
        )
    return ApiError(N_("only a seat's link can act"), "Authorization", status=403)


Move = tuple[int, str, bool, list[Any]]


def _bot_moves(game: str, seed: int, bots: list[int], state: GameState) -> list[Move]:
    """Let the bot seats move for as long as it is their turn."""
    if not bots:
        return []
    factory: Callable[[int], Any] = BOTS[game][BOT]
    moves: list[Move] = []
    while not state.is_terminal() and len(moves) < MAX_BOT_MOVES:
        movers = [p for p in state.current_players() if p in bots]
        if not movers:
            break
        seat = movers[0]
        # seeded by the table and the position in the log: a replay after undo
        # makes the same bot choices
        bot = factory((seed * 1_000_003 + len(state.log)) & (2**63 - 1))
        action = bot.act(state, seat)
        moves.append((seat, action, True, state.apply(seat, action)))
    return moves


#: PostgreSQL: the whole change as one statement (one round trip, one
#: transaction): the compare-and-set, the undone marks, the log rows and the
#: notification happen only if the version and host token hash were still the
#: expected ones (an Idempotency-Key already in the log: the unique constraint
#: fails the statement).
_WRITE_POSTGRES = text(
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


_POSTGRES_ROW = ("seat", "action", "by_bot", "client_key", "request_hash", "events")


def _write_postgres(
    db: Database,
    table: Table,
    version: int,
    snapshot: dict[str, Any],
    events: list[dict[str, Any]],
    terminal: bool,
    rows: list[dict[str, Any]],
    taken: Sequence[int],
) -> bool:
    params = {
        "table_id": table.id,
        "expected": table.version,
        "host_hash": table.host_hash,
        "version": version,
        "snapshot": json.dumps(snapshot),
        "events": json.dumps(events),
        "terminal": terminal,
        "now": utcnow(),
        "taken": list(taken),
        "rows": json.dumps([{k: r[k] for k in _POSTGRES_ROW} for r in rows]),
        "channel": NOTIFY_CHANNEL,
    }
    # on the driver, in autocommit: the statement is its own transaction
    try:
        return bool(db.rows(_WRITE_POSTGRES, **params))
    except db.engine.dialect.loaded_dbapi.IntegrityError:
        return False  # the same Idempotency-Key committed first: the next look finds it


def warm_up() -> list[tuple[Any, dict[str, Any]]]:
    """The statements of every action and stream, with parameters that match no
    row: a new PostgreSQL backend's first run of a statement reads the catalog
    and plans it (3-6 ms instead of under one measured here), so each pooled
    connection runs them once before the first request (Database.warm)."""
    nothing = {"table_id": "-", "client_key": None}
    return [
        (_READ, nothing),
        (_HEAD, nothing),
        (
            _WRITE_POSTGRES,
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


def _log_rows(
    table_id: str, moves: list[Move], version: int, keyed: Keyed | None = None
) -> list[dict[str, Any]]:
    now = utcnow()
    return [
        {
            "table_id": table_id,
            "seat": seat,
            "action": action,
            "by_bot": by_bot,
            "version": version,
            "undone_version": None,
            "client_key": keyed.key if keyed is not None and i == 0 else None,
            "request_hash": keyed.fingerprint if keyed is not None and i == 0 else None,
            "events": [e.to_json() for e in events],
            "created_at": now,
        }
        for i, (seat, action, by_bot, events) in enumerate(moves)
    ]


def _notify(db: Database, conn: Connection, table_id: str, version: int) -> None:
    """PostgreSQL delivers this to every worker's listener at commit, not before."""
    if db.postgres:
        conn.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": NOTIFY_CHANNEL, "payload": f"{table_id}:{version}"},
        )


# --------------------------------------------------------------------------- prune


def prune(db: Database, idle_days: float, finished_days: float | None = None) -> int:
    """Delete tables untouched for ``idle_days`` (abandoned), and finished ones
    untouched for ``finished_days``; returns how many went."""
    now = datetime.now(UTC)
    old = GameTable.touched_at < now - timedelta(days=idle_days)
    if finished_days is not None:
        done = GameTable.terminal.is_(True) & (
            GameTable.touched_at < now - timedelta(days=finished_days)
        )
        old = old | done
    with db.write_session() as session:
        ids = select(GameTable.id).where(old)
        gone = list(session.scalars(ids))
        if gone:
            session.execute(delete(Action).where(Action.table_id.in_(gone)))
            session.execute(delete(Refusal).where(Refusal.table_id.in_(gone)))
            session.execute(delete(Seat).where(Seat.table_id.in_(gone)))
            session.execute(delete(GameTable).where(GameTable.id.in_(gone)))
    return len(gone)


#: the event poll's statement per number of watched tables
_VERSIONS: dict[int, Any] = {}


def versions(db: Database, table_ids: list[str]) -> dict[str, int]:
    statement = _VERSIONS.get(len(table_ids))
    if statement is None:
        ids = [bindparam(f"id{i}", None) for i in range(len(table_ids))]
        statement = _VERSIONS[len(table_ids)] = select(_T.c.id, _T.c.version).where(
            _T.c.id.in_(ids)
        )
    found = db.rows(statement, **{f"id{i}": table_id for i, table_id in enumerate(table_ids)})
    return {row[0]: row[1] for row in found}
