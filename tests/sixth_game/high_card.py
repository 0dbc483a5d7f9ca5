"""High Card, a game for the tests only: each player is dealt two cards of ten
(1-10) and lays one face down at the same time; the highest card wins (or the
lowest, by the option ``wins``), players laying equal cards share the win.
Its rules are HC-1 (lay one card of your hand) and HC-2 (the highest wins).

It is declared as the real games are (an engine, its words, a spec), and is
registered by the tests that play it, never in the product.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from cardpress.catalogue.models import Text
from cardpress.games.base import (
    N_,
    Action,
    Event,
    GameState,
    IllegalAction,
    RandomBot,
    choice_option,
    replay_record,
)
from cardpress.games.registry import GameSpec, choice, register
from cardpress.games.seeded import Seeded
from cardpress.games.wording import Said, Words

GAME = "high-card"
WINS = ("high", "low")
HAND = 2


class HighCardState(GameState):
    game_id: ClassVar[str] = GAME
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_options: ClassVar[dict[str, object]] = {"wins": "high"}
    #: the card laid stays face down until everyone has laid one
    secret_actions: ClassVar[tuple[str, ...]] = ("lay:",)

    hands: list[list[str]]
    laid: list[str | None]

    def _setup(self) -> None:
        choice_option(self.options, "wins", WINS)
        deck = [str(n) for n in range(1, 11)]
        self._shuffle(deck)
        self.hands = [deck[i * HAND : (i + 1) * HAND] for i in range(self.num_players)]
        self.laid = [None] * self.num_players

    def current_players(self) -> list[int]:
        return [p for p, card in enumerate(self.laid) if card is None]

    def legal_actions(self, player: int) -> list[Action]:
        if self.laid[player] is not None:
            return []
        return [f"lay:{c}" for c in self.hands[player]]

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return IllegalAction(N_("%(action)s is not a card in your hand"), "HC-1", action=action)

    def _apply(self, player: int, action: Action) -> list[Event]:
        card = action.partition(":")[2]
        self.laid[player] = card
        self.hands[player].remove(card)
        events = [Event("laid", ("HC-1",), player)]
        if self.is_terminal():
            events.append(Event("game_end", ("HC-2",), None, {"winners": self.winners()}))
        return events

    def is_terminal(self) -> bool:
        return all(card is not None for card in self.laid)

    def scores(self) -> list[float]:
        sign = 1 if self.options["wins"] == "high" else -1
        return [sign * int(card) if card is not None else 0.0 for card in self.laid]

    def ranking(self) -> list[int]:
        scores = self.scores()
        return [1 + sum(1 for other in scores if other > mine) for mine in scores]

    def view(self, player: int | None) -> dict[str, Any]:
        over = self.is_terminal()
        return {
            "hand": list(self.hands[player]) if player is not None else None,
            "laid": [
                card if over or p == player else (None if card is None else "hidden")
                for p, card in enumerate(self.laid)
            ],
            "wins": self.options["wins"],
        }


def new_game(players: int | Sequence[str], seed: int = 0, **options: Any) -> HighCardState:
    return HighCardState(players, seed, **options)


def replay(record: Mapping[str, Any]) -> GameState:
    return replay_record(HighCardState, record)


class HighCardWords(Words):
    """How High Card's moves and events are said."""

    one_card = frozenset({"lay"})

    def act_lay(self, arg: str, view: Any) -> str:
        return self.s._("Lay %(card)s face down", card=arg)

    def ev_laid(self, e: Said) -> str:
        return self.s._("%(player)s laid a card face down", player=e.who)


class HighCardBot(Seeded):
    """Lay the card the option favours."""

    def act(self, state: GameState, player: int) -> Action:
        assert isinstance(state, HighCardState)
        cards = sorted(state.hands[player], key=int)
        return "lay:" + (cards[-1] if state.options["wins"] == "high" else cards[0])


#: the tool a High Card table's card page offers (the tests add its endpoint)
TOOL = "high_card_tool.score"

SPEC = GameSpec(
    id=GAME,
    name=Text("ハイカード", "High Card"),
    new_game=new_game,
    replay=replay,
    state_class=HighCardState,
    parameters=(
        choice(
            "wins",
            WINS,
            label=N_("Who wins"),
            labels=(("high", N_("the highest card")), ("low", N_("the lowest card"))),
        ),
    ),
    bots={"random": RandomBot, "heuristic": HighCardBot},
    words=HighCardWords,
    tools=((TOOL, N_("High Card: who wins")),),
    length=("cards laid", lambda s: sum(card is not None for card in s.laid)),
    order=60,
    rule_prefix="HC",
)


#: the game's own templates: its table's panel (``panel.html``)
TEMPLATES = Path(__file__).with_name("templates")


def registered(panel: bool = False) -> GameSpec:
    """Register the game (what a package's spec module does on import); with
    ``panel``, as a package that draws its own table."""
    return register(replace(SPEC, templates=TEMPLATES) if panel else SPEC)
