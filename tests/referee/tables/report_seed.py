"""Finished tables written straight into the tables' database, fast: bot games
played by the engines, stored as the referee stores a table (its row, seats,
action log with each action's events), without the HTTP round trips.

What each seeded table was is returned (:class:`Seeded`), so a test can
compute the report's figures from the games themselves, independently of
the report's code.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, insert

from cardpress.games import GAMES, GameState
from referee.tables.db import Database
from referee.tables.models import Action, GameTable, Seat

#: a name no page or PDF may show
SECRET_NAME = "Zyxwvu"


@dataclass
class Seeded:
    table_id: str
    state: GameState
    #: every rule ID cited by the game's events, once per citation
    cited: list[str]
    minutes: float
    players: list[str]


def _play(game: str, players: int, seed: int, options: dict[str, Any]) -> tuple[GameState, list]:
    spec = GAMES[game]
    state = spec.new_game(players, seed, **options)
    bots = [spec.bots["random"](seed * 31 + s) for s in range(players)]
    moves = []
    while not state.is_terminal():
        seat = state.current_players()[0]
        action = bots[seat].act(state, seat)
        moves.append((seat, action, [e.to_json() for e in state.apply(seat, action)]))
    return state, moves


def seed(
    db: Database,
    game: str,
    count: int,
    players: int,
    start: int = 0,
    options: dict[str, Any] | None = None,
    now: datetime | None = None,
    deck_version: str | None = None,
) -> list[Seeded]:
    now = now or datetime.now(UTC)
    tables, seats, actions, out = [], [], [], []
    for i in range(start, start + count):
        state, moves = _play(game, players, 1000 + i, options or {})
        table_id = secrets.token_urlsafe(12)
        names = [f"{SECRET_NAME}{i}-{s}" for s in range(players)]
        minutes = 5.0 + (i % 37)
        created = now - timedelta(hours=2) - timedelta(minutes=minutes)
        step = timedelta(minutes=minutes) / max(len(moves), 1)
        tables.append(
            {
                "id": table_id,
                "game": game,
                "players": names,
                "seed": 1000 + i,
                "options": dict(state.options),
                "bots": [],
                "lang": "en",
                "host_hash": secrets.token_hex(32),
                "version": len(moves),
                "snapshot": state.to_json(),
                "events": [],
                "terminal": True,
                "deck_version": deck_version,
                "created_at": created,
                "touched_at": created + step * len(moves),
            }
        )
        seats += [
            {"table_id": table_id, "seat": s, "name": n, "token_hash": secrets.token_hex(32)}
            for s, n in enumerate(names)
        ]
        actions += [
            {
                "table_id": table_id,
                "seat": seat,
                "action": action,
                "by_bot": False,
                "version": k + 1,
                "undone_version": None,
                "events": events,
                "created_at": created + step * (k + 1),
            }
            for k, (seat, action, events) in enumerate(moves)
        ]
        cited = [r for *_, events in moves for e in events for r in e["rule_ids"]]
        out.append(Seeded(table_id, state, cited, minutes if moves else 0.0, names))
    if db.postgres:
        with db.writing() as conn:
            conn.execute(insert(GameTable.__table__), tables)
            conn.execute(insert(Seat.__table__), seats)
            for chunk in range(0, len(actions), 20_000):
                conn.execute(insert(Action.__table__), actions[chunk : chunk + 20_000])
        return out
    # SQLite: straight on the driver (executemany), as the store writes an action
    with db.driver_writing() as run:
        for model, rows in ((GameTable, tables), (Seat, seats), (Action, actions)):
            names = list(rows[0]) if rows else []
            statement = insert(model.__table__).values({n: bindparam(n, None) for n in names})
            if rows:
                run(statement, rows)
    return out
