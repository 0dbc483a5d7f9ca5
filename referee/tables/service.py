"""Live tables' logic over a repository: create, act, undo, record, and the bots' moves.

No web framework and no SQL here: the callers (the JSON API, the phones'
pages, the command line) check the request and word the answer; a
:class:`~referee.tables.repository.Repository` reads and commits.

The action log is the truth: ``replayed`` rebuilds the state from it, and
the row's snapshot is a cache of that replay. An action is computed outside
any lock, from the table as last committed (snapshot + version, read without
waiting), then written in a short write transaction that first moves the
version on only if it is still the one the move was computed against (a
compare-and-set): two actions racing on one table can therefore never both
pass against the same state; the loser recomputes against the winner's
state and tries again (a bounded number of times). The write holds the
database's lock only for the few statements of the write, not while Python
replays, runs the bots and serialises. An action is acknowledged only after
its commit.

The ``version`` a phone sends is the one its page showed. A move made on an
older version is not refused for that alone: simultaneous moves arrive in any
order, and one that commutes with everything committed since (the rule:
:mod:`referee.tables.late`) is applied at the current version; any other
gets a conflict naming the current version.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from cardpress.games import GAMES, GameState, IllegalAction
from cardpress.games.base import OptionError, withheld
from cardpress.games.bots import BOTS
from referee.tables import late, tokens
from referee.tables.refusals import Refusal, Refused
from referee.tables.repository import Change, Live, LogRow, NewTable, Repository, Table
from referee.validation import N_, English

P = ParamSpec("P")
T = TypeVar("T")

MAX_TRIES = 50  # computations of one change while others keep committing first
MAX_BOT_MOVES = 20_000  # per change; a whole all-bot game is far shorter
BOT = "heuristic"


def unit_of_work(
    work: Callable[Concatenate[Repository, P], T],
) -> Callable[Concatenate[Repository, P], T]:
    """A public call the repository runs once more if the connection turned out
    dead (:meth:`~referee.tables.repository.Repository.once_more`): each is safe to
    run again, since reads are and a change is computed anew against the table
    as then committed (a retried action with an Idempotency-Key that did land
    is found and answered, not applied twice)."""

    @functools.wraps(work)
    def run(repo: Repository, *args: P.args, **kwargs: P.kwargs) -> T:
        return repo.once_more(work, repo, *args, **kwargs)

    return run


class CreateTable(Protocol):
    """What a create asks for, as the callers have checked it (the API's model,
    :class:`referee.tables.schemas.CreateTable`, which the service need not know)."""

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> Sequence[str]: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def bots(self) -> Sequence[int]: ...
    @property
    def lang(self) -> str: ...


@dataclass(frozen=True)
class Caller:
    """Who a request speaks for: a seat, the host, or a spectator (no token)."""

    role: str  # "seat" | "host" | "spectator"
    seat: int | None = None


SPECTATOR = Caller("spectator")


@dataclass
class Created:
    table: Table
    host_token: str
    seat_tokens: dict[int, str]


class EngineReason(str):
    """An engine's refusal or option error as a message parameter: as a string the
    English the engine says; the view that shows it words it in its reader's
    language, cards named as players name them (:mod:`referee.tables.reasons`)."""

    game: str
    error: IllegalAction | OptionError

    def __new__(cls, game: str, error: IllegalAction | OptionError) -> EngineReason:
        english = error.reason if isinstance(error, IllegalAction) else str(error)
        self = super().__new__(cls, english)
        self.game, self.error = game, error
        return self


def options_refused(game: str, error: OptionError) -> Refused:
    """The engine named an option and said why (in any language, once worded)."""
    return Refused(
        Refusal.INVALID,
        N_("these options do not work for %(game)s: %(detail)s"),
        f"options.{error.option}",
        game=game,
        detail=EngineReason(game, error),
    )


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
    raise Refused(
        Refusal.NOT_PERMITTED, N_("this token does not belong to this table"), "Authorization"
    )


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


@unit_of_work
def create(
    repo: Repository,
    request: CreateTable,
    options: dict[str, Any],
    create_key: CreateKey | None = None,
    deck: str | None = None,
) -> Created:
    """A new table of a request its caller has checked (:mod:`referee.tables.create_request`),
    with the engine's ``options`` and the printed ``deck``'s version (for the report).

    A create key already used by its client within its lifetime answers that
    table again (same links) instead, or a conflict if the body differs."""
    spec = GAMES[request.game]
    seed = request.seed if request.seed is not None else secrets.randbits(63)
    try:
        state = spec.new_game(list(request.players), seed, **options)
    except OptionError as exc:
        raise options_refused(request.game, exc) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise Refused(
            Refusal.INVALID,
            N_("these options do not work for %(game)s: %(detail)s"),
            "options",
            game=request.game,
            detail=English(str(exc), N_("check their values")),
        ) from None
    bots = sorted(request.bots)
    moves = _bot_moves(request.game, seed, bots, state)
    version = 1 if moves else 0
    table_id = tokens.new_table_id()
    host_token = create_key.host_token(table_id) if create_key else tokens.new_host_token()
    seat_tokens = _seat_tokens(host_token, len(request.players), request.bots)
    hashes = [_hash_or_none(seat_tokens.get(i)) for i in range(len(request.players))]
    table = Table(
        id=table_id,
        game=request.game,
        players=list(request.players),
        seed=seed,
        options=dict(state.options),
        bots=bots,
        lang=request.lang,
        host_hash=tokens.token_hash(host_token),
        version=version,
        snapshot=state.to_json(),
        events=[e.to_json() for *_, ev in moves for e in ev],
        terminal=state.is_terminal(),
        seat_hashes=tuple((i, h) for i, h in enumerate(hashes) if h is not None),
    )
    new = NewTable(
        table=table,
        names=list(request.players),
        token_hashes=hashes,
        rows=_log_rows(table_id, moves, version),
        deck_version=deck,
        create_key=create_key.hash if create_key is not None else None,
    )
    retried = repo.insert(new, create_key.seconds if create_key is not None else 0.0)
    if retried is not None and create_key is not None:
        return _repeated(retried, request, create_key)
    return Created(table, host_token, seat_tokens)


def deck_version(game: str, options: dict[str, Any]) -> str | None:
    """The printed deck's version for a table of ``game`` (``cardpress report``
    groups by it); None when its cards are no printed deck (絵師100人展's own
    engine deck) or the card data cannot be read now (the table is made anyway)."""
    from cardpress.catalogue import CatalogueError, load_catalogue

    if game == "eshi100" and options.get("deck", "standard") == "standard":
        return None
    deck_id = GAMES[game].deck if game in GAMES else None
    try:
        return (getattr(load_catalogue().deck(deck_id), "version", "") or None) if deck_id else None
    except (CatalogueError, OSError, KeyError):  # KeyError: no such deck in the data
        return None


def _repeated(table: Table, request: CreateTable, create_key: CreateKey) -> Created:
    """A repeated create from the same client (its first answer was lost): the same
    table with the same links; with another body, or once the app's secret has
    changed (the links can no longer be derived), a conflict."""
    same = (table.game, table.players, table.bots, table.lang) == (
        request.game,
        list(request.players),
        sorted(request.bots),
        request.lang,
    ) and request.seed in (None, table.seed)
    host_token = create_key.host_token(table.id)
    if not same or not hmac.compare_digest(tokens.token_hash(host_token), table.host_hash):
        raise Refused(
            Refusal.CONFLICT,
            N_("this Idempotency-Key already created table %(table)s; use a new key"),
            "Idempotency-Key",
            table=table.id,
        )
    return Created(table, host_token, _seat_tokens(host_token, len(table.players), table.bots))


def _seat_tokens(host_token: str, n: int, bots: list[int]) -> dict[int, str]:
    return {i: tokens.seat_token(host_token, i) for i in range(n) if i not in bots}


def _hash_or_none(token: str | None) -> str | None:
    return tokens.token_hash(token) if token is not None else None


# --------------------------------------------------------------------------- read


def load(repo: Repository, table_id: str) -> Table:
    return repo.fetch(table_id)[0]


def head(repo: Repository, table_id: str) -> tuple[int, str]:
    """The table's current version and host token hash: what an answer kept in
    memory must match (referee.tables.answers)."""
    return repo.head(table_id)


def versions(repo: Repository, table_ids: list[str]) -> dict[str, int]:
    return repo.versions(table_ids)


@unit_of_work
def recent_events(repo: Repository, table_id: str, limit: int = 12) -> list[dict[str, Any]]:
    """The public events of the latest live actions, oldest first (for the phone pages)."""
    return repo.recent_events(table_id, limit)


def has_person_moves(repo: Repository, table_id: str) -> bool:
    """Whether undo has something to take back: a person's move still live
    (a bot's alone would only be played again at once)."""
    return repo.has_person_moves(table_id)


def prune(repo: Repository, idle_days: float, finished_days: float | None = None) -> int:
    """Delete tables untouched for ``idle_days`` (abandoned), and finished ones
    untouched for ``finished_days``; returns how many went."""
    return repo.prune(idle_days, finished_days)


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


@unit_of_work
def game_record(repo: Repository, table_id: str, caller_token: str | None) -> Record:
    """The record, built from the log (the truth), not the snapshot: the host's
    (withheld, see :meth:`Record.shown`) while the game goes on, everyone's after."""
    table, live = repo.with_live(table_id)
    caller = identify(table, caller_token)
    if not table.terminal and caller.role != "host":
        raise Refused(
            Refusal.NOT_PERMITTED if caller_token else Refusal.NO_CREDENTIALS,
            N_("the record is the host's until the game is over"),
            "Authorization",
        )
    return Record(_record(table, live), table.terminal)


def _record(table: Table, actions: Sequence[Live]) -> dict[str, Any]:
    return {
        "game": table.game,
        "players": list(table.players),
        "seed": table.seed,
        "options": dict(table.options),
        "actions": [[a.seat, a.action] for a in actions],
    }


@unit_of_work
def replayed(repo: Repository, table_id: str) -> GameState:
    """The state as the log says it is (what the snapshot must equal)."""
    table, live = repo.with_live(table_id)
    return GAMES[table.game].replay(_record(table, live))


# --------------------------------------------------------------------------- change


@unit_of_work
def act(
    repo: Repository,
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
    with another action or version it is a conflict (:func:`_key_reused`)."""
    try:
        return _act(repo, table_id, token, action, version, client_key, seen)
    except Refused as exc:
        refused_by = exc.refused_by
        if refused_by is not None:  # the engine refused the move (not a token or version)
            repo.count_refusal(table_id, refused_by)
        raise


def _act(
    repo: Repository,
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
            changed = _act_once(repo, table_id, token, action, version, keyed, seen)
        except Refused:
            changed = None  # refused against what this worker saw: decide on the committed one
        if changed is not None:
            return changed
    for attempt in range(MAX_TRIES):
        # after a lost race: keep the writers' turn (SQLite) while reading and
        # computing again, so a busy table costs at most two turns
        with repo.retry_turn() if attempt else nullcontext():
            changed = _act_once(repo, table_id, token, action, version, keyed)
        if changed is not None:
            return changed
        # another change was committed first: compute again against it
    raise _moved_on(load(repo, table_id).version)


def _act_once(
    repo: Repository,
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
        else repo.fetch(table_id, keyed.key if keyed is not None else None)
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
    if stale and not _still_applies(repo, table, caller.seat, action, version or 0, state):
        raise _moved_on(table.version)
    moves = [
        (caller.seat, action, False, events),
        *_bot_moves(table.game, table.seed, table.bots, state),
    ]
    return _write(repo, table, state, moves, keyed)


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


def _key_reused() -> Refused:
    return Refused(
        Refusal.CONFLICT,
        N_(
            "this Idempotency-Key was already used for another request on this table; "
            "send a new key with every new action"
        ),
        "Idempotency-Key",
    )


def _still_applies(
    repo: Repository, table: Table, seat: int, action: str, seen: int, now: GameState
) -> bool:
    """A move made on an older version: applied if it commutes with what came
    since (the rule: referee.tables.late); ``now`` has it applied already."""
    return late.still_applies(
        table.game,
        _record(table, []),
        repo.action_log(table.id),
        now,
        table.version,
        seat,
        action,
        seen,
    )


def _illegal(game: str, action: str, exc: IllegalAction) -> Refused:
    """The engine's reason (worded in the caller's language by the view that shows it)."""
    error = Refused(
        Refusal.INVALID,
        N_("%(action)s is not allowed now: %(reason)s"),
        "action",
        action=action,
        reason=EngineReason(game, exc),
    )
    if exc.rule_id is not None:  # an action no rule knows (a typo) cites none; never null
        error.extra["rule"] = exc.rule_id
    error.refused_by = exc.rule_id or ""  # counted (act)
    return error


def _moved_on(version: int, asked: int | None = None) -> Refused:
    """A conflict naming the table's version; a version ahead of it (a page from another
    table, or typed by hand) is not "moved on": it was never reached."""
    if asked is not None and asked > version:
        message = N_("the table is at version %(version)s, not yet %(asked)s; reload and try again")
    else:
        message = N_("the table has moved on to version %(version)s; reload and try again")
    error = Refused(Refusal.CONFLICT, message, "version", version=version, asked=asked)
    error.extra["version"] = version
    return error


def _write(
    repo: Repository,
    table: Table,
    state: GameState,
    moves: list[Move],
    keyed: Keyed | None,
    taken: Sequence[int] = (),
    undone: dict[str, Any] | None = None,
) -> Table | None:
    """Commit a change computed against ``table``; None if the table moved meanwhile."""
    version = table.version + 1
    events = [e.to_json() for *_, ev in moves for e in ev]
    if undone is not None:
        events.insert(0, undone)
    snapshot, terminal = state.to_json(), state.is_terminal()
    change = Change(
        table,
        version,
        snapshot,
        events,
        terminal,
        _log_rows(table.id, moves, version, keyed),
        tuple(taken),
    )
    if not repo.write(change):
        return None
    return replace(
        table, version=version, snapshot=snapshot, events=events, terminal=terminal, state=state
    )


@unit_of_work
def undo(repo: Repository, table_id: str, token: str | None) -> Table:
    """Take back the last person's action (and the bot moves that followed it).

    Computed like an action: outside the lock, then a compare-and-set write;
    after a lost race the next try keeps the writers' turn (SQLite)."""
    for attempt in range(MAX_TRIES):
        with repo.retry_turn() if attempt else nullcontext():
            changed = _undo_once(repo, table_id, token)
        if changed is not None:
            return changed
    raise _moved_on(load(repo, table_id).version)


def _undo_once(repo: Repository, table_id: str, token: str | None) -> Table | None:
    table, live = repo.with_live(table_id)
    if identify(table, token).role != "host":
        raise Refused(
            Refusal.NOT_PERMITTED if token else Refusal.NO_CREDENTIALS,
            N_("only the host's link can undo"),
            "Authorization",
        )
    people = [i for i, a in enumerate(live) if not a.by_bot]
    if not people:
        # a bot's move taken back alone would only be played again at once:
        # what a host can undo is a person's move (and the bot moves it led to)
        if live:
            raise Refused(
                Refusal.CONFLICT,
                N_(
                    "nothing to undo yet: only the bots have moved, and a bot's move "
                    "taken back would be played again at once"
                ),
                "table",
            )
        raise Refused(Refusal.CONFLICT, N_("there is nothing to undo"), "table")
    keep, taken = live[: people[-1]], live[people[-1] :]
    state = GAMES[table.game].replay(_record(table, keep))
    # whose move it was, never what it was: the table may not know a secret
    # move, and one word for every move keeps the two kinds alike
    undone = {"kind": "undo", "rule_ids": [], "player": taken[0].seat, "data": {}}
    moves = _bot_moves(table.game, table.seed, table.bots, state)
    return _write(repo, table, state, moves, None, [a.id for a in taken], undone)


def _seat_needed(token: str | None) -> Refused:
    if token is None:
        return Refused(
            Refusal.NO_CREDENTIALS,
            N_("send the seat's token: Authorization: Bearer <token>"),
            "Authorization",
        )
    return Refused(Refusal.NOT_PERMITTED, N_("only a seat's link can act"), "Authorization")


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


def _log_rows(
    table_id: str, moves: list[Move], version: int, keyed: Keyed | None = None
) -> list[LogRow]:
    now = datetime.now(UTC)
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
