"""Gallery Rush (ギャラリーラッシュ): victory conditions, flip odds, engine.

Rulings GR-1..GR-11.

Odds signature (for the referee and the rule sheet)::

    flip_odds(keep, seen_paintings, seen_forgeries=0, mona_lisa_seen=False) -> FlipOdds

* ``keep``: painters of the paintings in the active player's keep.
* ``seen_paintings``: painter -> number of that painter's paintings visible
  *outside* the keep: the discard pile plus every collection.
* ``seen_forgeries``: forgeries visible (in the discard pile), as a number or
  as the set of their painters.
* ``mona_lisa_seen``: the Mona Lisa is in a collection or the discard pile.

Every card not visible is in the deck, in an order nobody knows, so the next
flip is uniform over the unseen cards. ``bust`` is the chance of a painting
whose painter is already in the keep (the keep is discarded); ``forgery`` and
``mona_lisa`` are separate; ``keep_lost = bust + forgery``. When the deck is
empty the next flip comes from the reshuffled discard pile (GR-11), which is
what :meth:`GalleryRushState.flip_odds` then uses.

Engine actions: ``explore``; ``continue`` / ``bank`` after a safe flip;
``nominate:<monet|gogh|vermeer|forgery|mona-lisa>``; ``take:<card-id>`` to
pick the card taken from each opponent after a forgery nomination (GR-8).

GR-2: a Mona Lisa flipped on a *painter* nomination joins the collection
(GR-7) and, like every nomination that puts cards into the collection,
triggers the victory check at once.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from cardpress.catalogue.models import Painter
from cardpress.games.base import (
    N_,
    Action,
    Event,
    GameState,
    IllegalAction,
    rank_by,
    replay_record,
    seat_option,
)
from cardpress.games.triptych import (
    FORGERIES,
    FORGERY,
    FULL_DECK,
    KIND,
    MONA_LISA,
    PAINTER_IDS,
    PAINTER_OF,
    PAINTERS,
    PAINTING,
)

GAME_ID = "gallery-rush"
SEVEN_CARDS = "seven_cards"
FOUR_OF_A_PAINTER = "four_of_a_painter"
NOMINATIONS: tuple[str, ...] = (*PAINTER_IDS, FORGERY, MONA_LISA)


def victory_conditions(counts: Mapping[Painter, int], mona_lisa: bool) -> tuple[str, ...]:
    """Which victory conditions a collection meets (GR-4).

    ``seven_cards``: 7+ cards, the Mona Lisa counting as a card.
    ``four_of_a_painter``: for some painter, its count (+1 with the Mona Lisa) >= 4.
    """
    values = [int(counts.get(p, 0)) for p in PAINTERS]
    if any(v < 0 for v in values):
        raise ValueError("painting counts cannot be negative")
    extra = 1 if mona_lisa else 0
    out: list[str] = []
    if sum(values) + extra >= 7:
        out.append(SEVEN_CARDS)
    if max(values) + extra >= 4:
        out.append(FOUR_OF_A_PAINTER)
    return tuple(out)


def collection_counts(cards: Sequence[str]) -> tuple[dict[Painter, int], bool]:
    """Painter counts and Mona Lisa flag of a list of engine card ids."""
    counts = dict.fromkeys(PAINTERS, 0)
    for card in cards:
        if KIND[card] == PAINTING:
            counts[Painter(PAINTER_OF[card])] += 1
    return counts, MONA_LISA in cards


def round_ranking(sizes: Sequence[int], achievers: Collection[int]) -> list[int]:
    """GR-3: this round's achievers first, by collection size, equal sizes
    sharing a rank; everyone else after them, by size."""
    return rank_by([(p in achievers, sizes[p]) for p in range(len(sizes))])


@dataclass(frozen=True)
class FlipOdds:
    bust: Fraction
    forgery: Fraction
    mona_lisa: Fraction
    painter: dict[Painter, Fraction]
    unseen: int

    @property
    def keep_lost(self) -> Fraction:
        """Chance the keep is discarded: a bust or a forgery."""
        return self.bust + self.forgery


def _forgery_count(seen_forgeries: int | Collection[Painter | str]) -> int:
    if isinstance(seen_forgeries, int):
        return seen_forgeries
    return len({Painter(p) for p in seen_forgeries})


def _odds(
    keep: Sequence[str], painter_left: dict[str, int], forgeries_left: int, ml_left: int
) -> FlipOdds:
    unseen = sum(painter_left.values()) + forgeries_left + ml_left
    if unseen <= 0:
        raise ValueError("no unseen card is left to flip")
    painter = {Painter(p): Fraction(painter_left[p], unseen) for p in PAINTER_IDS}
    in_keep = set(keep)
    bust = Fraction(sum(painter_left[p] for p in in_keep), unseen)
    return FlipOdds(
        bust, Fraction(forgeries_left, unseen), Fraction(ml_left, unseen), painter, unseen
    )


def flip_odds(
    keep: Sequence[Painter | str],
    seen_paintings: Mapping[Painter | str, int],
    seen_forgeries: int | Collection[Painter | str] = 0,
    mona_lisa_seen: bool = False,
) -> FlipOdds:
    """Chances for the next flip from everything visible (see the module docstring)."""
    keep_ids = [Painter(p).value for p in keep]
    if len(set(keep_ids)) != len(keep_ids):
        raise ValueError("a keep never holds two paintings of one painter")
    seen = {Painter(p).value: int(n) for p, n in seen_paintings.items()}
    left: dict[str, int] = {}
    for p in PAINTER_IDS:
        n = 8 - seen.get(p, 0) - keep_ids.count(p)
        if n < 0 or seen.get(p, 0) < 0:
            raise ValueError(f"{p}: more paintings seen than the deck holds (8)")
        left[p] = n
    forgeries = _forgery_count(seen_forgeries)
    if not 0 <= forgeries <= 3:
        raise ValueError("there are 3 forgeries")
    return _odds(keep_ids, left, 3 - forgeries, 0 if mona_lisa_seen else 1)


# --------------------------------------------------------------------------- engine

_CHOOSE: list[str] = ["explore", *(f"nominate:{n}" for n in NOMINATIONS)]
_CHOOSE_SET = frozenset(_CHOOSE)
_DECIDE: list[str] = ["continue", "bank"]
_DECIDE_SET = frozenset(_DECIDE)


#: how the game ended -> the rulings that say so and rank the players
END_RULES: dict[str, tuple[str, ...]] = {
    "mona-lisa": ("GR-9",),  # named and found: a win alone, at once
    "round": ("GR-1", "GR-3"),  # the round of a victory ended: achievers by collection size
    "exhausted": ("GR-11", "GR-3"),  # deck and discards empty: achievers first, then the rest
}


class GalleryRushState(GameState):
    """A game of Gallery Rush. Options: ``start_player`` (default 0)."""

    game_id: ClassVar[str] = GAME_ID
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_options: ClassVar[dict[str, object]] = {"start_player": 0}
    turn_rule: ClassVar[str | None] = "GR-1"

    deck: list[str]
    discard: list[str]
    collections: list[list[str]]
    keep: list[str]
    turn: int
    start: int
    phase: str  # "choose" | "decide" | "steal" | "over"
    steal_from: list[int]
    achievers: list[int]
    sole_winner: int | None
    end_reason: str | None
    turns: int

    def _setup(self) -> None:
        start = seat_option(self.options, "start_player", self.num_players)
        self.deck = list(FULL_DECK)
        self._shuffle(self.deck)
        self.discard = []
        self.collections = [[] for _ in range(self.num_players)]
        self.keep = []
        self.turn = start
        self.start = start
        self.phase = "choose"
        self.steal_from = []
        self.achievers = []
        self.sole_winner = None
        self.end_reason = None
        self.turns = 1

    # ------------------------------------------------------------------ queries

    def current_players(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def legal_actions(self, player: int) -> list[Action]:
        if player != self.turn or self.phase == "over":
            return []
        if self.phase == "choose":
            return list(_CHOOSE)
        if self.phase == "decide":
            return list(_DECIDE)
        return ["take:" + c for c in self.collections[self.steal_from[0]]]

    def _is_legal(self, player: int, action: Action) -> bool:
        if player != self.turn:
            return False
        phase = self.phase
        if phase == "choose":
            return action in _CHOOSE_SET
        if phase == "decide":
            return action in _DECIDE_SET
        if phase == "steal":
            return action[:5] == "take:" and action[5:] in self.collections[self.steal_from[0]]
        return False

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        if self.phase == "choose":
            return IllegalAction(
                N_("explore, or name a painter, a forgery or the Mona Lisa (%(form)s)"),
                form="explore | nominate:<painter|forgery|mona-lisa>",
            )
        if self.phase == "decide":
            return IllegalAction(
                N_("after a safe flip: go on or bank (%(form)s)"), form="continue | bank"
            )
        return IllegalAction(
            N_("take one card from %(player)s's collection (%(form)s)"),
            "GR-8",
            player=self.names[self.steal_from[0]],
            form="take:<card>",
        )

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        return [float(len(c)) for c in self.collections]

    def result_rules(self) -> tuple[str, ...]:
        return END_RULES.get(self.end_reason or "", ())

    def collected(self, seat: int) -> list[str] | None:
        return list(self.collections[seat])

    def ranking(self) -> list[int]:
        if self.sole_winner is not None:
            return [1 if p == self.sole_winner else 2 for p in range(self.num_players)]
        sizes = [len(c) for c in self.collections]
        # GR-11: an exhausted deck ranks this round's achievers first too (GR-3)
        if self.end_reason in ("round", "exhausted") and self.achievers:
            return round_ranking(sizes, self.achievers)
        return rank_by(sizes)

    def conditions(self, player: int) -> tuple[str, ...]:
        counts, ml = collection_counts(self.collections[player])
        return victory_conditions(counts, ml)

    def flip_odds(self) -> FlipOdds:
        """Odds of the next flip, from what the table can see (GR-11 on an empty deck)."""
        keep = [PAINTER_OF[c] or "" for c in self.keep]
        pool = self.deck if self.deck else self.discard
        left = dict.fromkeys(PAINTER_IDS, 0)
        forg = ml = 0
        for card in pool:
            kind = KIND[card]
            if kind == PAINTING:
                left[PAINTER_OF[card] or ""] += 1
            elif kind == FORGERY:
                forg += 1
            else:
                ml += 1
        return _odds(keep, left, forg, ml)

    def view(self, player: int | None) -> dict[str, object]:
        """Everything is face up except the order of the deck."""
        return {
            "game": GAME_ID,
            "players": list(self.names),
            "viewer": player,
            "deck": len(self.deck),
            "discard": list(self.discard),
            "collections": [list(c) for c in self.collections],
            "keep": list(self.keep),
            "turn": self.turn,
            "start": self.start,
            "phase": self.phase,
            "steal_from": list(self.steal_from),
            "achievers": list(self.achievers),
            "to_act": self.current_players(),
            "legal_actions": self.legal_actions(player) if player is not None else [],
            "terminal": self.is_terminal(),
            "winners": self.winners() if self.is_terminal() else None,
        }

    # ------------------------------------------------------------------ moves

    def _apply(self, player: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        if action == "explore" or action == "continue":
            self._explore(player, ev)
        elif action == "bank":
            self.collections[player].extend(self.keep)
            ev.append(Event("bank", ("GR-2",), player, {"cards": self.keep}))
            self.keep = []
            self._check_victory(player, ev)
            self._end_turn(ev)
        elif action[:5] == "take:":
            card = action[5:]
            victim = self.steal_from.pop(0)
            self.collections[victim].remove(card)
            self.collections[player].append(card)
            ev.append(Event("take", ("GR-8",), player, {"from": victim, "card": card}))
            if not self.steal_from:
                self._check_victory(player, ev)
                self._check_reshuffle(ev)
                self._end_turn(ev)
        else:
            self._nominate(player, action[9:], ev)
        return ev

    def _draw(self, ev: list[Event]) -> str | None:
        if not self.deck:
            if not self.discard:
                self.phase = "over"
                self.end_reason = "exhausted"
                ev.append(Event("game_end", self.result_rules(), None, {"winners": self.winners()}))
                return None
            self.deck = self.discard
            self.discard = []
            self._shuffle(self.deck)
            ev.append(Event("reshuffle", ("GR-11",), None, {"deck": len(self.deck)}))
        return self.deck.pop()

    def _check_reshuffle(self, ev: list[Event]) -> None:
        """Three forgeries in the discard: discard + deck become a new deck (GR-10)."""
        discard = self.discard
        if FORGERIES[0] in discard and FORGERIES[1] in discard and FORGERIES[2] in discard:
            self.deck.extend(discard)
            self.discard = []
            self._shuffle(self.deck)
            ev.append(Event("reshuffle", ("GR-10",), None, {"deck": len(self.deck)}))

    def _lose_painter(self, player: int, painter: str) -> list[str]:
        """Discard every painting of ``painter`` from a collection (the Mona Lisa stays)."""
        coll = self.collections[player]
        lost = [c for c in coll if PAINTER_OF[c] == painter and KIND[c] == PAINTING]
        if lost:
            self.collections[player] = [c for c in coll if c not in lost]
            self.discard.extend(lost)
        return lost

    def _explore(self, player: int, ev: list[Event]) -> None:
        card = self._draw(ev)
        if card is None:
            return
        kind = KIND[card]
        if kind == PAINTING:
            painter = PAINTER_OF[card]
            bust = any(PAINTER_OF[k] == painter for k in self.keep)
            self.keep.append(card)
            if not bust:
                self.phase = "decide"
                ev.append(Event("flip", (), player, {"card": card}))
                return
            ev.append(Event("bust", (), player, {"card": card, "lost": self.keep}))
            self.discard.extend(self.keep)
            self.keep = []
            self._check_reshuffle(ev)
            self._end_turn(ev)
        elif kind == FORGERY:
            painter = PAINTER_OF[card] or ""
            self.discard.extend(self.keep)
            self.discard.append(card)
            lost = self._lose_painter(player, painter)
            ev.append(
                Event(
                    "forgery",
                    ("GR-6", "GR-10"),
                    player,
                    {"card": card, "keep": self.keep, "lost": lost},
                )
            )
            self.keep = []
            self._check_reshuffle(ev)
            self._end_turn(ev)
        else:
            self.keep.append(card)
            self.collections[player].extend(self.keep)
            ev.append(Event("mona_lisa", ("GR-5",), player, {"cards": self.keep}))
            self.keep = []
            self._check_victory(player, ev)
            self._end_turn(ev)

    def _nominate(self, player: int, named: str, ev: list[Event]) -> None:
        """One nomination is one decision tree over the drawn card (GR-4…GR-10: the Mona Lisa, a
        forgery, the named painter, another painter), each leaf with its own events; it stays one
        method so the rules read in the order the sheet states them."""
        card = self._draw(ev)
        if card is None:
            return
        kind = KIND[card]
        coll = self.collections[player]
        if named == MONA_LISA:
            if kind == MONA_LISA:
                coll.append(card)
                self.sole_winner = player
                self.phase = "over"
                self.end_reason = "mona-lisa"
                won = {"card": card, "winners": [player]}
                ev.append(Event("game_end", self.result_rules(), player, won))
                return
            self.discard.append(card)
            ev.append(Event("nomination_failed", ("GR-9",), player, {"named": named, "card": card}))
        elif named == FORGERY:
            if kind == FORGERY:
                self.discard.append(card)
                victims = [
                    (player + i) % self.num_players
                    for i in range(1, self.num_players)
                    if self.collections[(player + i) % self.num_players]
                ]
                ev.append(
                    Event(
                        "nomination_succeeded",
                        ("GR-8", "GR-10"),
                        player,
                        {"named": named, "card": card, "from": victims},
                    )
                )
                if victims:
                    self.steal_from = victims
                    self.phase = "steal"
                    return
                self._check_victory(player, ev)
            else:
                self.discard.append(card)
                ev.append(
                    Event("nomination_failed", ("GR-8",), player, {"named": named, "card": card})
                )
        elif kind == PAINTING and PAINTER_OF[card] == named:
            coll.append(card)
            extra: list[str] = []
            for _ in range(2):
                more = self._draw(ev)
                if more is None:
                    return
                extra.append(more)
                if KIND[more] == FORGERY:
                    self.discard.append(more)
                    self._check_reshuffle(ev)
                else:
                    coll.append(more)
            ev.append(
                Event(
                    "nomination_succeeded",
                    ("GR-7", "GR-10"),
                    player,
                    {"named": named, "card": card, "extra": extra},
                )
            )
            self._check_victory(player, ev)
        elif kind == PAINTING:
            self.discard.append(card)
            ev.append(Event("nomination_failed", ("GR-7",), player, {"named": named, "card": card}))
        elif kind == FORGERY:
            self.discard.append(card)
            lost = self._lose_painter(player, named)
            ev.append(
                Event(
                    "forgery",
                    ("GR-7", "GR-10"),
                    player,
                    {"named": named, "card": card, "lost": lost},
                )
            )
        else:
            coll.append(card)
            ev.append(Event("mona_lisa_joins", ("GR-7",), player, {"named": named, "card": card}))
            self._check_victory(player, ev)
        self._check_reshuffle(ev)
        self._end_turn(ev)

    def _check_victory(self, player: int, ev: list[Event]) -> None:
        if player in self.achievers:
            return
        conds = self.conditions(player)
        if conds:
            self.achievers.append(player)
            ev.append(
                Event("victory_condition", ("GR-2", "GR-4"), player, {"conditions": list(conds)})
            )

    def _end_turn(self, ev: list[Event]) -> None:
        if self.phase == "over":
            return
        if self.achievers and self.turn == (self.start - 1) % self.num_players:
            self.phase = "over"
            self.end_reason = "round"
            ev.append(Event("game_end", self.result_rules(), None, {"winners": self.winners()}))
            return
        self.turn = (self.turn + 1) % self.num_players
        self.turns += 1
        self.phase = "choose"


def new_game(players: int | Sequence[str], seed: int = 0, **options: object) -> GalleryRushState:
    return GalleryRushState(players, seed, **options)


def replay(record: Mapping[str, object]) -> GalleryRushState:
    state = replay_record(GalleryRushState, record)
    assert isinstance(state, GalleryRushState)
    return state


__all__ = [
    "FOUR_OF_A_PAINTER",
    "SEVEN_CARDS",
    "FlipOdds",
    "GalleryRushState",
    "collection_counts",
    "flip_odds",
    "new_game",
    "replay",
    "round_ranking",
    "victory_conditions",
]
