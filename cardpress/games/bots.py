"""Bots for every game: uniformly random, and a sensible heuristic each.

The heuristics are deliberately simple, readable rules of thumb, the kind a
rule sheet's "strategy hints" describe; they exist to give ``cardpress
simulate`` plausible games, not to play well. Each reads only what its seat
may see (``state.view(player)`` shows the same facts); they take the state
itself for speed. Every bot owns a seeded RNG, so a simulation is repeatable.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardpress.catalogue.models import Painter
from cardpress.games import detective_eye as de
from cardpress.games import eshi100 as es
from cardpress.games import finger_auction as fa
from cardpress.games import gallery_rush as gr
from cardpress.games import ultimatch as um
from cardpress.games.base import Action, GameState, RandomBot
from cardpress.games.triptych import KIND, MONA_LISA, PAINTER_IDS, PAINTER_OF, PAINTING


class _Seeded:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)


# --------------------------------------------------------------------------- Gallery Rush


class GalleryRushBot(_Seeded):
    """Explore while the keep is safe; nominate when the odds favour it."""

    def act(self, state: GameState, player: int) -> Action:
        assert isinstance(state, gr.GalleryRushState)
        mine = state.collections[player]
        if state.phase == "steal":
            victim = state.collections[state.steal_from[0]]
            return "take:" + max(victim, key=lambda c: self._worth(mine, c))
        odds = state.flip_odds()
        if state.phase == "decide":
            counts, ml = gr.collection_counts(mine + state.keep)
            if gr.victory_conditions(counts, ml) or len(state.keep) >= 3:
                return "bank"
            return "continue" if odds.keep_lost < 0.3 else "bank"
        others = any(state.collections[p] for p in range(state.num_players) if p != player)
        if odds.mona_lisa >= 0.34:
            return "nominate:mona-lisa"
        if others and odds.forgery >= 0.34:
            return "nominate:forgery"
        counts, ml = gr.collection_counts(mine)
        best = max(PAINTER_IDS, key=lambda p: odds.painter[Painter(p)])
        chance = odds.painter[Painter(best)]
        if chance >= 0.45 or (counts[Painter(best)] + ml >= 2 and chance >= 0.34):
            return "nominate:" + best
        return "explore"

    @staticmethod
    def _worth(mine: list[str], card: str) -> int:
        if KIND[card] == MONA_LISA:
            return 100
        return sum(1 for c in mine if PAINTER_OF[c] == PAINTER_OF[card])


# --------------------------------------------------------------------------- Finger Auction


class FingerAuctionBot(_Seeded):
    """Bid about as many fingers as the field has cards worth having; block the rival."""

    def act(self, state: GameState, player: int) -> Action:
        assert isinstance(state, fa.FingerAuctionState)
        if state.picker == player:
            held = state.held[player]
            base = self._score(held, state.num_players)
            return "take:" + max(
                state.field,
                key=lambda c: (
                    self._score([*held, c], state.num_players) - base,
                    KIND[c] == PAINTING,
                    c,
                ),
            )
        actions = state.legal_actions(player)
        want = self._wanted(state, player)
        if len(state.participants) >= 3:
            bid = want + self.rng.choice((-1, 0, 0, 1))
            bid = min(5, max(1, bid))
            return f"bid:{bid}"
        rival = next(p for p in state.participants if p != player)
        guess = min(5, max(1, self._wanted(state, rival)))
        options = [a for a in actions if a.endswith(f"/{guess}")]
        rights = sorted(
            {int(a[6:].split("/")[0]) for a in options}, key=lambda r: (abs(r - want), r)
        )
        right = rights[0] if self.rng.random() < 0.7 else self.rng.choice(rights)
        if right == guess and len(rights) > 1:  # avoid offering the rival a void
            right = rights[1]
        return f"hands:{right}/{guess}"

    @staticmethod
    def _score(cards: list[str], players: int) -> int:
        return fa.score_hand(fa.FingerHand.from_cards(cards), players).total

    def _wanted(self, state: fa.FingerAuctionState, player: int) -> int:
        held = state.held[player]
        base = self._score(held, state.num_players)
        gains = sum(1 for c in state.field if self._score([*held, c], state.num_players) > base)
        return max(1, min(5, gains))


# --------------------------------------------------------------------------- Detective Eye


class DetectiveEyeBot(_Seeded):
    """Place your strongest painter; declare and raise on odds of at least a half."""

    threshold = 0.5

    def act(self, state: GameState, player: int) -> Action:
        assert isinstance(state, de.DetectiveEyeState)
        hand = state.hands[player]
        tally = {p: sum(1 for c in hand if PAINTER_OF[c] == p) for p in PAINTER_IDS}
        phase = state.phase
        if phase == "draft":
            order = sorted(hand, key=lambda c: (tally[PAINTER_OF[c] or ""], c))
            pair = sorted(order[:2])
            return f"pass:{pair[0]},{pair[1]}"
        if phase == "pay":
            return "discard:" + min(hand, key=lambda c: (tally[PAINTER_OF[c] or ""], c))
        if phase == "challenge":
            return self._flip(state, player)
        strong = max(PAINTER_IDS, key=lambda p: (tally[p], p))
        if phase == "reveal":
            return "place:" + next(c for c in hand if PAINTER_OF[c] == strong)
        total = state.facedown_total()
        best = self._best_claim(state, player, total, 0)
        if phase == "bid":
            assert state.bid is not None
            current = int(state.bid[1])  # type: ignore[call-overload]
            claim = self._best_claim(state, player, total, current)
            return f"raise:{claim[0]}:{claim[1]}" if claim else "pass"
        if hand and (total < state.num_players + 1 or best is None) and len(hand) > 1:
            return "place:" + next((c for c in hand if PAINTER_OF[c] == strong), hand[0])
        if best is None:
            best = (strong, 1)
        return f"declare:{best[0]}:{best[1]}"

    def _best_claim(
        self, state: de.DetectiveEyeState, player: int, total: int, above: int
    ) -> tuple[str, int] | None:
        best: tuple[str, int] | None = None
        for p in PAINTER_IDS:
            for k in range(above + 1, total + 1):
                if state.facedown_odds(player, p, k) < self.threshold:
                    break
                if best is None or k > best[1]:
                    best = (p, k)
        return best

    def _flip(self, state: de.DetectiveEyeState, player: int) -> Action:
        assert state.bid is not None
        painter = str(state.bid[0])
        for i, c in enumerate(state.placed[player]):
            if not state.flipped[player][i] and PAINTER_OF[c] == painter:
                return f"flip:{player}:{i}"
        seats = sorted(
            (s for s in range(state.num_players) if s != player and False in state.flipped[s]),
            key=lambda s: (s in state.owners, -state.flipped[s].count(False)),
        )
        if not seats:
            i = state.flipped[player].index(False)
            return f"flip:{player}:{i}"
        s = seats[0]
        return f"flip:{s}:{state.flipped[s].index(False)}"


# --------------------------------------------------------------------------- Ultimatch


class UltimatchBot(_Seeded):
    """Prefer Ultimatches, then single hand cards; save the shared alta hand."""

    def act(self, state: GameState, player: int) -> Action:
        assert isinstance(state, um.UltimatchState)
        phase = state.phase
        hand = state.hands[player]
        if phase == "give":
            return "give:" + max(hand, key=lambda c: (um.CARD[c][1], c))
        if phase == "offer":
            if len(hand) < 2:
                return "offer:none"
            cols, nums = self._target_faces(state)
            for c in hand:
                col, num = um.CARD[c]
                if col in cols or num in nums:
                    return "offer:" + c
            return "offer:none"
        if phase == "swap":
            offers = [s for s in range(state.num_players) if state.offers[s] is not None]
            if offers and hand and not self._hand_match(state, player):
                return f"swap:{offers[0]}:{min(hand, key=lambda c: (um.CARD[c][1], c))}"
            return "noswap"
        if phase == "reward":
            targets = state.targets()
            return "alta:" + max(
                state.drawn,
                key=lambda c: sum(
                    1
                    for t in targets
                    if um.CARD[c][0] == um.CARD[t][0] or um.CARD[c][1] == um.CARD[t][1]
                ),
            )
        found = state.matches(player)
        if not found:
            return "pass"
        mine = set(hand)
        bottom_row = um._index(state.rows - 1, 0)
        where = {c: i for i, c in enumerate(state.pyramid) if c}
        best_key: tuple[int, int, int, str] | None = None
        best = found[0]
        hand_only = False
        for m in found:
            target, cards, ultimatch = m
            alta = 0
            for c in cards:
                if c not in mine:
                    alta += 1
            hand_only = hand_only or not alta
            idx = where[target]
            key = (10 * ultimatch - 4 * alta - 2 * len(cards), -(idx >= bottom_row), idx, target)
            if best_key is None or key > best_key:
                best_key, best = key, m
        if (
            not hand_only
            and state.passes < state.num_players - 1
            and state.deck
            and state.pass_allowed(player)
        ):
            return "pass"
        return f"match:{best[0]}:{'+'.join(best[1])}"

    @staticmethod
    def _target_faces(state: um.UltimatchState) -> tuple[set[str], set[int]]:
        cols: set[str] = set()
        nums: set[int] = set()
        for t in state.targets():
            col, num = um.CARD[t]
            cols.add(col)
            nums.add(num)
        return cols, nums

    @staticmethod
    def _hand_match(state: um.UltimatchState, player: int) -> bool:
        mine = set(state.hands[player])
        return any(all(c in mine for c in m[1]) for m in state.matches(player))


# --------------------------------------------------------------------------- 絵師100人展


class Eshi100Bot(_Seeded):
    """Bid cheap cards when the prize is small; take the gallery card worth most."""

    def act(self, state: GameState, player: int) -> Action:
        assert isinstance(state, es.Eshi100State)
        phase = state.phase
        if phase in ("manual_bit", "manual_settle"):
            return "adjust:0"
        if phase == "win":
            return max(state.legal_actions(player), key=lambda a: self._gain(state, player, a))
        hand = sorted(state.hands[player], key=lambda c: (state.card(c)["bid"], c))
        if not hand:
            return "bid:"
        prize = max(
            (
                self._gain(state, player, "warehouse:" + c)
                for s in range(state.num_players)
                if s != player
                for c in state.galleries[s]
            ),
            default=0,
        )
        prize = max(
            prize,
            max(
                (self._gain(state, player, "collect:" + c) for c in state.galleries[player]),
                default=0,
            ),
        )
        if player == state.auctioneer:
            return "bid:" + hand[0]
        if prize >= 3 and len(hand) >= 2:
            return "bid:" + ",".join(hand[-2:])
        if prize >= 2 or self.rng.random() < 0.3:
            return "bid:" + hand[-1]
        return "bid:"

    @staticmethod
    def _gain(state: es.Eshi100State, player: int, action: str) -> int:
        kind, _, cid = action.partition(":")
        if kind == "warehouse":
            return int(state.card(cid)["bid"])
        if kind == "collect":
            coll = [state.card(c)["icons"] for c in state.collections[player]]
            before = es.settle(coll).score
            return es.settle([*coll, state.card(cid)["icons"]]).score - before
        return 0


BotFactory = Callable[[int], Any]

#: game id -> bot name -> factory(seed) -> bot
BOTS: dict[str, dict[str, BotFactory]] = {
    "gallery-rush": {"random": RandomBot, "heuristic": GalleryRushBot},
    "finger-auction": {"random": RandomBot, "heuristic": FingerAuctionBot},
    "detective-eye": {"random": RandomBot, "heuristic": DetectiveEyeBot},
    "ultimatch": {"random": RandomBot, "heuristic": UltimatchBot},
    "eshi100": {"random": RandomBot, "heuristic": Eshi100Bot},
}
