"""Finger Auction's heuristic bot: a rule of thumb a rule sheet's strategy hints describe.

It exists to give ``cardpress simulate`` plausible games, not to play well; it
reads only what its seat may see and owns a seeded RNG, so a simulation repeats.
"""

from __future__ import annotations

from cardpress.games import finger_auction as fa
from cardpress.games.base import Action, GameState
from cardpress.games.seeded import Seeded
from cardpress.games.triptych import KIND, PAINTING


class FingerAuctionBot(Seeded):
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
