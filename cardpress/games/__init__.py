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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardpress.catalogue.models import Text
from cardpress.games import detective_eye, eshi100, finger_auction, gallery_rush, ultimatch
from cardpress.games.base import Event, GameState, IllegalAction, RandomBot, play
from cardpress.games.bots import BOTS
from cardpress.games.detective_eye.words import DetectiveEyeWords
from cardpress.games.eshi100.words import Eshi100Words
from cardpress.games.finger_auction.words import FingerAuctionWords
from cardpress.games.gallery_rush.words import GalleryRushWords
from cardpress.games.ultimatch.words import UltimatchWords
from cardpress.games.wording import Words


@dataclass(frozen=True)
class GameSpec:
    """Declarative metadata for one engine (OpenSpiel's GameInfo, roughly)."""

    id: str
    name: Text
    min_players: int
    max_players: int
    new_game: Callable[..., GameState]
    replay: Callable[[Mapping[str, Any]], GameState]
    state_class: type[GameState]
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)
    #: how the game's actions, events and results are said (given a Speech)
    words: type[Words] = Words

    def from_json(self, data: Mapping[str, Any]) -> GameState:
        return self.state_class.from_json(data)


def _spec(
    id_: str, ja: str, en: str, module: Any, cls: type[GameState], words: type[Words]
) -> GameSpec:
    return GameSpec(
        id=id_,
        name=Text(ja, en),
        min_players=cls.min_players,
        max_players=cls.max_players,
        new_game=module.new_game,
        replay=module.replay,
        state_class=cls,
        options=dict(cls.default_options),
        bots=BOTS[id_],
        words=words,
    )


GAMES: dict[str, GameSpec] = {
    s.id: s
    for s in (
        _spec(
            "gallery-rush",
            "ギャラリーラッシュ",
            "Gallery Rush",
            gallery_rush,
            gallery_rush.GalleryRushState,
            GalleryRushWords,
        ),
        _spec(
            "finger-auction",
            "フィンガーオークション",
            "Finger Auction",
            finger_auction,
            finger_auction.FingerAuctionState,
            FingerAuctionWords,
        ),
        _spec(
            "detective-eye",
            "ディテクティブアイ",
            "Detective Eye",
            detective_eye,
            detective_eye.DetectiveEyeState,
            DetectiveEyeWords,
        ),
        _spec(
            "ultimatch",
            "アルティマッチ",
            "Ultimatch",
            ultimatch,
            ultimatch.UltimatchState,
            UltimatchWords,
        ),
        _spec(
            "eshi100", "絵師100人展", "Eshi 100 TCG", eshi100, eshi100.Eshi100State, Eshi100Words
        ),
    )
}


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
    "RandomBot",
    "from_json",
    "play",
    "replay",
    "undo",
]
