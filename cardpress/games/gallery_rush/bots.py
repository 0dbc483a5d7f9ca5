"""Gallery Rush's heuristic bot: a rule of thumb a rule sheet's strategy hints describe.

It exists to give ``cardpress simulate`` plausible games, not to play well; it
reads only what its seat may see and owns a seeded RNG, so a simulation repeats.
"""

from __future__ import annotations

from cardpress.catalogue.models import Painter
from cardpress.games import gallery_rush as gr
from cardpress.games.base import Action, GameState
from cardpress.games.seeded import Seeded
from cardpress.games.triptych import KIND, MONA_LISA, PAINTER_IDS, PAINTER_OF


class GalleryRushBot(Seeded):
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
