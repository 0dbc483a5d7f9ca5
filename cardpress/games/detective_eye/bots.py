"""Detective Eye's heuristic bot: a rule of thumb a rule sheet's strategy hints describe.

It exists to give ``cardpress simulate`` plausible games, not to play well; it
reads only what its seat may see and owns a seeded RNG, so a simulation repeats.
"""

from __future__ import annotations

from fractions import Fraction

from cardpress.games import detective_eye as de
from cardpress.games.base import Action, GameState
from cardpress.games.seeded import Seeded
from cardpress.games.triptych import PAINTER_IDS, PAINTER_OF


class DetectiveEyeBot(Seeded):
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
