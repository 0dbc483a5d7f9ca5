"""Rules engines for Triptych's three games, Ultimatch and the 絵師100人展 TCG.

Pure Python, no I/O: the referee adjudicates with these engines, the rule
sheets print their tables from the scoring functions, and ``cardpress
simulate`` plays them. ``GAMES`` lists every engine with one shape, so a
caller can drive any game generically::

    spec = GAMES["gallery-rush"]
    state = spec.new_game(3, seed=7)
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply(seat, state.legal_actions(seat)[0])
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from cardpress.games.base import Event, GameState, IllegalAction, RandomBot, play
from cardpress.games.registry import GAMES, GameSpec, Option, register


def _register_packages() -> None:
    """Import every game package's spec, which registers the game: a new game is
    a new package here, with no list to extend."""
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            try:
                importlib.import_module(f"{__name__}.{module.name}.spec")
            except ModuleNotFoundError as exc:  # a package that is no game
                if exc.name != f"{__name__}.{module.name}.spec":
                    raise


_register_packages()


def replay(record: Mapping[str, Any]) -> GameState:
    """Replay any game's ``record()`` (the record names its game)."""
    game = record.get("game")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    return GAMES[str(game)].replay(record)


def from_json(data: Mapping[str, Any]) -> GameState:
    """Restore any game's ``to_json()`` form."""
    game = data.get("game")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    return GAMES[str(game)].from_json(data)


def undo(state: GameState) -> GameState:
    """The state one action earlier (replay minus one)."""
    record = state.record()
    record["actions"] = record["actions"][:-1]
    return GAMES[state.game_id].replay(record)


__all__ = [
    "GAMES",
    "Event",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "Option",
    "RandomBot",
    "from_json",
    "play",
    "register",
    "replay",
    "undo",
]
