"""The report's figures, from the tables' database and from bot games.

One :class:`Figures` per game, deck version and setup (the options that
differ from the engine's defaults). The deck version is the printed deck's
``version`` as the card data said when the table was made (stored since
migration 0005); tables made before have none and form a group of their
own, which the report names as such. People's
figures come from finished tables (abandoned ones are counted, not
measured); the bots' from games played by :mod:`cardpress.games.simulate`'s
bots with the same player counts and options.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select, text

from cardpress.games import GAMES, GameState
from cardpress.games.simulate import GAME_LENGTH
from referee.tables.db import Database
from referee.tables.models import Action, GameTable, Refusal

#: a table in play untouched this long counts as abandoned
ABANDONED_AFTER = timedelta(hours=24)

Progress = Callable[[int, int], None]


def _nothing(_done: int, _total: int) -> None:
    pass


@dataclass
class Figures:
    """Everything the report says about one game and setup, from people or bots."""

    game: str
    setup: str  # "" for the engine's defaults
    #: the printed deck's version the tables played ("": not recorded)
    version: str = ""
    games: int = 0
    abandoned: int = 0
    #: per finished game, the game's own measure of length (turns, auctions, rounds)
    rounds: list[int] = field(default_factory=list)
    #: per finished game, minutes from the table's creation to its last move (people only)
    minutes: list[float] = field(default_factory=list)
    #: player count -> games
    players: Counter[int] = field(default_factory=Counter)
    #: player count -> wins per place in the seating order from the first player
    #: (a win shared by k players counts 1/k to each); competitive games
    seat_wins: dict[int, list[float]] = field(default_factory=dict)
    #: player count -> games the team won; cooperative games
    team_wins: Counter[int] = field(default_factory=Counter)
    #: rule ID -> how many events of finished games cited it
    rulings: Counter[str] = field(default_factory=Counter)
    #: rule ID ("" when the engine named none) -> refusals, over every table
    refusals: Counter[str] = field(default_factory=Counter)
    #: card id -> winning collections (hands, held cards) that held it
    winning_cards: Counter[str] = field(default_factory=Counter)
    winning_collections: int = 0
    #: the options of the group's tables (the bots play with them)
    options: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def cooperative(self) -> bool:
        return GAMES[self.game].state_class.cooperative

    @property
    def length_word(self) -> str:
        return GAME_LENGTH[self.game][0]

    def add_finished(self, state: GameState, minutes: float | None) -> None:
        n = state.num_players
        self.games += 1
        self.players[n] += 1
        self.rounds.append(int(GAME_LENGTH[self.game][1](state)))
        if minutes is not None:
            self.minutes.append(minutes)
        if self.cooperative:
            self.team_wins[n] += bool(getattr(state, "won", False))
            return
        wins = self.seat_wins.setdefault(n, [0.0] * n)
        first = first_seat(state)
        for seat, share in enumerate(state.returns()):
            wins[(seat - first) % n] += share
        for seat in state.winners():
            cards = state.collected(seat)
            if cards is None:
                continue
            self.winning_collections += 1
            self.winning_cards.update(set(cards))

    def seat_rates(self) -> list[tuple[int, float, int]]:
        """(place in the seating order, win rate, games with it), over every player count."""
        out = []
        for place in range(max(self.seat_wins, default=0)):
            played = sum(g for n, g in self.players.items() if n > place)
            won = sum(w[place] for n, w in self.seat_wins.items() if n > place)
            out.append((place, won / played if played else 0.0, played))
        return out

    def card_presence(self) -> dict[str, float]:
        if not self.winning_collections:
            return {}
        return {c: k / self.winning_collections for c, k in sorted(self.winning_cards.items())}


def first_seat(state: GameState) -> int:
    """The seat that moved first (seating order counts from it): the option
    that chose it (the state's own ``start`` moves on round by round)."""
    for name in ("start_player", "auctioneer"):
        value = state.options.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def setup_of(game: str, options: Mapping[str, Any]) -> str:
    """The options that differ from the engine's defaults, as ``name=value``
    (a list such as a deck as ``name=custom``): what tells tables apart while
    no deck version is stored."""
    defaults = GAMES[game].options
    parts = []
    for name in sorted(options):
        value = options[name]
        if name in defaults and value == defaults[name]:
            continue
        if name in ("start_player", "auctioneer", "dealer"):
            continue  # who begins: the seating order already counts from them
        shown = value if isinstance(value, str | int | float | bool) else "custom"
        parts.append(f"{name}={json.dumps(shown) if isinstance(shown, bool) else shown}")
    return ", ".join(parts)


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


@dataclass
class Report:
    """Every group's figures from people, and (once :mod:`.bots` ran) from bots."""

    people: dict[tuple[str, str, str], Figures]
    bots: dict[tuple[str, str, str], Figures]
    #: the database as shown to a reader (password hidden)
    source: str

    def groups(self) -> list[tuple[str, str, str]]:
        order = list(GAMES)
        return sorted(self.people, key=lambda k: (order.index(k[0]), k[1], k[2]))

    @property
    def finished(self) -> int:
        return sum(f.games for f in self.people.values())


def read(
    db: Database, now: datetime | None = None, progress: Progress = _nothing
) -> dict[tuple[str, str, str], Figures]:
    """People's figures per (game, setup), from every table in the database."""
    now = _aware(now or datetime.now(UTC))
    out: dict[tuple[str, str, str], Figures] = {}
    refused: dict[str, Counter[str]] = {}
    with db.session() as session:
        for table_id, rule, n in session.execute(
            select(Refusal.table_id, Refusal.rule, Refusal.count)
        ):
            refused.setdefault(table_id, Counter())[rule] += n
        t = GameTable
        rows = session.execute(
            select(
                t.id,
                t.game,
                t.options,
                t.deck_version,
                t.snapshot,
                t.terminal,
                t.created_at,
                t.touched_at,
            )
            .where(t.game.in_(list(GAMES)))
            .order_by(t.id)
        ).all()
        total = len(rows)
        finished = {row.id for row in rows if row.terminal}
        logs = _logs(session, finished)
        progress(0, total)
        for done, row in enumerate(rows, 1):
            key = (row.game, row.deck_version or "", setup_of(row.game, row.options))
            figures = out.get(key) or out.setdefault(
                key, Figures(row.game, key[2], key[1], options=row.options)
            )
            figures.refusals.update(refused.get(row.id, Counter()))
            if row.terminal:
                rulings, last = logs.get(row.id, (Counter(), None))
                figures.rulings.update(rulings)
                state = GAMES[row.game].from_json(row.snapshot)
                end = _aware(last or row.touched_at)
                figures.add_finished(state, (end - _aware(row.created_at)).total_seconds() / 60)
            elif now - _aware(row.touched_at) >= ABANDONED_AFTER:
                figures.abandoned += 1
            if done % 500 == 0 or done == total:
                progress(done, total)
    return out


#: per finished table, each rule ID its live actions' events cited and how often,
#: counted by the database (decoding every event in Python took a minute at 10,000 games)
_CITED = {
    "sqlite": """
        SELECT a.table_id, r.value, COUNT(*)
        FROM actions AS a JOIN game_tables AS t ON t.id = a.table_id,
             json_each(a.events) AS e, json_each(e.value, '$.rule_ids') AS r
        WHERE a.undone_version IS NULL AND t.terminal
        GROUP BY a.table_id, r.value""",
    "postgresql": """
        SELECT a.table_id, r.value, COUNT(*)
        FROM actions AS a JOIN game_tables AS t ON t.id = a.table_id,
             json_array_elements(a.events) AS e,
             json_array_elements_text(e.value -> 'rule_ids') AS r
        WHERE a.undone_version IS NULL AND t.terminal
        GROUP BY a.table_id, r.value""",
}


def _logs(session: Any, finished: set[str]) -> dict[str, tuple[Counter[str], datetime | None]]:
    """Per finished table: the rulings its live actions' events cited, and its last move."""
    a = Action
    last = session.execute(
        select(a.table_id, func.max(a.created_at))
        .join(GameTable, GameTable.id == a.table_id)
        .where(a.undone_version.is_(None), GameTable.terminal.is_(True))
        .group_by(a.table_id)
    )
    out: dict[str, tuple[Counter[str], datetime | None]] = {
        table_id: (Counter(), moved) for table_id, moved in last if table_id in finished
    }
    dialect = session.get_bind().dialect.name
    for table_id, rule, n in session.execute(text(_CITED[dialect])):
        if table_id in out:
            out[table_id][0][str(rule)] += int(n)
    return out


def iter_groups(report: Report) -> Iterator[tuple[Figures, Figures | None]]:
    for key in report.groups():
        yield report.people[key], report.bots.get(key)
