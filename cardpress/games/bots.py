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
from fractions import Fraction
from itertools import groupby
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
    """A bot with its own ``random.Random``, seeded on first use.

    Seeding a Mersenne Twister costs more than a whole Ultimatch exchange,
    the simulator makes a bot per seat per game, and several bots never
    draw; the sequence drawn is the same either way.
    """

    def __init__(self, seed: int = 0) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        return rng


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
            if state.options["variant"] == "strict" and self.rng.random() < 0.5:
                # Under "strict" any collision is a re-bid; bids clustered
                # around the same want would collide for ever.
                return f"bid:{self.rng.randint(1, 5)}"
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
        return fa.quick_score(cards, players)[0]

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
        # exact either way; a Fraction compares faster with a Fraction than a float
        threshold = Fraction(self.threshold)
        for p in PAINTER_IDS:
            for k in range(above + 1, total + 1):
                if state.facedown_odds(player, p, k) < threshold:
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
        if phase == "offer":  # the commonest decision: players - 1 of them a turn
            if len(hand) < 2:
                return "offer:none"
            cols, nums = state.target_faces()
            for c in hand:
                col, num = um.CARD[c]
                if col in cols or num in nums:
                    return "offer:" + c
            return "offer:none"
        if phase == "give":
            return "give:" + max(hand, key=lambda c: (um.CARD[c][1], c))
        if phase == "swap":
            offers = [s for s, card in enumerate(state.offers) if card is not None]
            if offers and hand and not state.hand_only_match(player):
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
        return self._match(state, player)

    @staticmethod
    def _match(state: um.UltimatchState, player: int) -> Action:
        """A pass while only alta cards match and the pass is safe; else the
        play with the best (score, place), the first in ``matches()`` on a tie.

        score = 10 per Ultimatch - 4 per alta card - 2 per card; place prefers
        cards above the bottom row, then higher pyramid positions. Rather than
        score every play, ask the :class:`~cardpress.games.ultimatch.MatchIndex`
        for each kind of play, best score first: the first score any target
        reaches is the best, and the best place among those targets wins.
        """
        if (
            state.passes < state.num_players - 1
            and state.deck
            and not state.hand_only_match(player)
            and state.pass_allowed(player)
        ):
            return "pass"
        index = state.match_index(player)
        bottom_row = um.engine._index(state.rows - 1, 0)
        for kinds in _ULTIMATCH_KINDS_BY_SCORE:
            best: tuple[str, ...] | None = None
            best_place = (-2, -1, "")  # below any place
            for target in index.targets:
                for kind in kinds:
                    cards = index.first(target, kind)
                    if cards:
                        idx = state.pyramid.index(target)
                        place = (-(idx >= bottom_row), idx, target)
                        if place > best_place:
                            best, best_place = cards, place
                        break
            if best:
                return f"match:{best_place[2]}:{'+'.join(best)}"
        return "pass"  # no play at all


def _ultimatch_score(size: int, alta: int, ultimatch: bool) -> int:
    return 10 * ultimatch - 4 * alta - 2 * size


#: every kind of Ultimatch play (cards, alta cards, Ultimatch?), grouped by
#: the heuristic's score, best first; within a score, in the order of
#: ``matches()`` (single cards before pairs)
_ULTIMATCH_KINDS_BY_SCORE: list[list[tuple[int, int, bool]]] = [
    list(kinds)
    for _, kinds in groupby(
        sorted(
            [(1, alta, False) for alta in (0, 1)]
            + [(2, alta, ult) for alta in (0, 1, 2) for ult in (True, False)],
            key=lambda k: (-_ultimatch_score(*k), k[0]),
        ),
        key=lambda k: _ultimatch_score(*k),
    )
]


# --------------------------------------------------------------------------- 絵師100人展


class Eshi100Bot(_Seeded):
    """Bid cheap cards when the prize is small; take the gallery card worth most."""

    def act(self, state: GameState, player: int) -> Action:
        assert isinstance(state, es.Eshi100State)
        phase = state.phase
        if phase in ("manual_bit", "manual_settle"):
            return "adjust:0"
        gain = self._gains(state, player)
        if phase == "win":
            return max(state.legal_actions(player), key=gain)
        hand = sorted(state.hands[player], key=lambda c: (state.card(c)["bid"], c))
        if not hand:
            return "bid:"
        prize = max(
            (
                gain("warehouse:" + c)
                for s in range(state.num_players)
                if s != player
                for c in state.galleries[s]
            ),
            default=0,
        )
        prize = max(
            prize,
            max((gain("collect:" + c) for c in state.galleries[player]), default=0),
        )
        if player == state.auctioneer:
            return "bid:" + hand[0]
        if prize >= 3 and len(hand) >= 2:
            return "bid:" + ",".join(hand[-2:])
        if prize >= 2 or self.rng.random() < 0.3:
            return "bid:" + hand[-1]
        return "bid:"

    @staticmethod
    def _gains(state: es.Eshi100State, player: int) -> Callable[[str], int]:
        """What an action adds for ``player``: a warehouse card its bid, a
        collection card what it adds to the settlement; the collection as it
        stands is settled once per decision (on first need), not per action."""
        coll = [state.card(c)["icons"] for c in state.collections[player]]
        before: list[int] = []

        def gain(action: str) -> int:
            kind, _, cid = action.partition(":")
            if kind == "warehouse":
                return int(state.card(cid)["bid"])
            if kind == "collect":
                if not before:
                    before.append(es.settle(coll).score)
                return es.settle([*coll, state.card(cid)["icons"]]).score - before[0]
            return 0

        return gain


BotFactory = Callable[[int], Any]

#: game id -> bot name -> factory(seed) -> bot
BOTS: dict[str, dict[str, BotFactory]] = {
    "gallery-rush": {"random": RandomBot, "heuristic": GalleryRushBot},
    "finger-auction": {"random": RandomBot, "heuristic": FingerAuctionBot},
    "detective-eye": {"random": RandomBot, "heuristic": DetectiveEyeBot},
    "ultimatch": {"random": RandomBot, "heuristic": UltimatchBot},
    "eshi100": {"random": RandomBot, "heuristic": Eshi100Bot},
}
