"""The same figures from bot games: what the game looks like when nobody is confused.

Played as ``cardpress simulate`` plays (its bots, seeded from the game's
seed), with each group's options and for each player count people played,
so the two columns compare like with like. Deterministic: same seed, same
figures.
"""

from __future__ import annotations

from collections import Counter

from cardpress.games import GAMES
from cardpress.games.simulate import seed_of_game
from referee.report.figures import Figures, Progress, _nothing

BOT = "heuristic"
#: bot games per player count and group, unless asked otherwise
GAMES_PER_COUNT = 200


def play(people: Figures, games: int = GAMES_PER_COUNT, seed: int = 0) -> Figures:
    """Bot games like ``people``'s: same game, options and player counts."""
    spec = GAMES[people.game]
    out = Figures(people.game, people.setup, people.version, options=people.options)
    options = {k: v for k, v in people.options.items() if k in spec.options}
    for n in sorted(people.players):
        for i in range(games):
            game_seed = seed_of_game(seed, i) * 8 + n
            state = spec.new_game(n, game_seed, **options)
            bots = [spec.bots[BOT](game_seed * 7 + s) for s in range(n)]
            rulings: Counter[str] = Counter()
            while not state.is_terminal():
                seat = state.current_players()[0]
                for event in state.apply(seat, bots[seat].act(state, seat)):
                    rulings.update(event.rule_ids)
            out.rulings.update(rulings)
            out.add_finished(state, None)
    return out


def play_all(
    people: dict[tuple[str, str, str], Figures],
    games: int = GAMES_PER_COUNT,
    seed: int = 0,
    progress: Progress = _nothing,
) -> dict[tuple[str, str, str], Figures]:
    groups = [key for key, f in people.items() if f.games]
    progress(0, len(groups))
    out = {}
    for done, key in enumerate(groups, 1):
        out[key] = play(people[key], games, seed)
        progress(done, len(groups))
    return out
