"""Ultimatch's heuristic bot: a rule of thumb a rule sheet's strategy hints describe.

It exists to give ``cardpress simulate`` plausible games, not to play well; it
reads only what its seat may see and owns a seeded RNG, so a simulation repeats.
"""

from __future__ import annotations

from itertools import groupby

from cardpress.games import ultimatch as um
from cardpress.games.base import Action, GameState
from cardpress.games.seeded import Seeded


class UltimatchBot(Seeded):
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
