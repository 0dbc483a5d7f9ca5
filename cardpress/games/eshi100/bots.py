"""絵師100人展's heuristic bot: a rule of thumb a rule sheet's strategy hints describe.

It exists to give ``cardpress simulate`` plausible games, not to play well; it
reads only what its seat may see and owns a seeded RNG, so a simulation repeats.
"""

from __future__ import annotations

from collections.abc import Callable

from cardpress.games import eshi100 as es
from cardpress.games.base import Action, GameState
from cardpress.games.seeded import Seeded


class Eshi100Bot(Seeded):
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
