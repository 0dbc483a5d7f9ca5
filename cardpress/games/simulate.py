"""``cardpress simulate``: play many games with bots and tabulate the outcome.

Pure and deterministic: the report is a plain-text table computed from the
seed alone (no timings), so the same arguments print the same bytes and a
rule sheet can quote it.
"""

from __future__ import annotations

from statistics import mean, median
from typing import Any

from cardpress.games import GAMES
from cardpress.games.base import GameState, play
from cardpress.games.registry import PerGame
from cardpress.games.ultimatch import DIFFICULTIES, UltimatchState

#: a second measure of length per game, beside the number of actions
#: what a game's length is counted in, and how (each game's spec says)
GAME_LENGTH: PerGame = PerGame(lambda spec: spec.length)
DEFAULT_PLAYERS = 3


def seed_of_game(seed: int, index: int) -> int:
    """The seed of game `index` of a run: the report replays the bots' runs with it."""
    return seed * 1_000_003 + index


def play_one(
    game: str, players: int, seed: int, bot: str = "heuristic", **options: Any
) -> GameState:
    """One game, every seat played by ``bot``; bots seeded from the game seed."""
    spec = GAMES[game]
    state = spec.new_game(players, seed, **options)
    bots = [spec.bots[bot](seed * 7 + seat) for seat in range(players)]
    return play(state, bots)


def _check(game: str, games: int, players: int | None, bot: str) -> None:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; valid games: {', '.join(GAMES)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"--games must be a whole number >= 1, not {games!r}")
    spec = GAMES[game]
    if players is not None and not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{game} is for {spec.min_players}-{spec.max_players} players, not {players}"
        )
    if bot not in spec.bots:
        raise ValueError(f"unknown bot {bot!r}; bots: {', '.join(spec.bots)}")


def _lengths(label: str, values: list[int]) -> str:
    return (
        f"{label:<9} mean {mean(values):7.1f}  median {median(values):6.1f}  "
        f"min {min(values):4d}  max {max(values):5d}"
    )


def run(
    game: str, games: int, players: int | None = None, seed: int = 0, bot: str = "heuristic"
) -> str:
    """Play ``games`` games and return the report the CLI prints."""
    _check(game, games, players, bot)
    if game == "ultimatch":
        return _run_ultimatch(games, players, seed, bot)
    spec = GAMES[game]
    n = (
        players
        if players is not None
        else max(spec.min_players, min(DEFAULT_PLAYERS, spec.max_players))
    )
    wins = [0.0] * n
    actions: list[int] = []
    other: list[int] = []
    label, measure = GAME_LENGTH[game]
    for i in range(games):
        state = play_one(game, n, seed_of_game(seed, i), bot)
        for seat, r in enumerate(state.returns()):
            wins[seat] += r
        actions.append(len(state.log))
        other.append(measure(state))
    lines = [
        f"{spec.name.en} ({spec.name.ja}) — {games} games, {n} players, seed {seed}, {bot} bots",
        "",
        "seat  wins      win rate",
    ]
    for seat in range(n):
        lines.append(f"P{seat + 1:<4} {wins[seat]:8.2f}  {100 * wins[seat] / games:7.1f}%")
    lines += [
        "(a win shared by k players counts 1/k to each)",
        "",
        "game length",
        _lengths("actions", actions),
        _lengths(label, other),
    ]
    return "\n".join(lines) + "\n"


def _run_ultimatch(games: int, players: int | None, seed: int, bot: str) -> str:
    counts = [players] if players is not None else list(range(1, 6))
    lines = [
        f"Ultimatch (アルティマッチ) — win rate, {games} games per cell, seed {seed}, {bot} bots",
        "",
        "players " + "".join(f"{d:>17}" for d in DIFFICULTIES) + "   mean turns",
    ]
    for n in counts:
        cells: list[str] = []
        turns: list[int] = []
        for d_index, difficulty in enumerate(DIFFICULTIES):
            if n == 1 and difficulty != "normal":
                cells.append(f"{'—':>17}")
                continue
            won = 0
            for i in range(games):
                game_seed = seed_of_game(seed, i) * 8 + d_index
                state = play_one("ultimatch", n, game_seed, bot, difficulty=difficulty)
                assert isinstance(state, UltimatchState)
                won += bool(state.won)
                turns.append(state.turns)
            cells.append(f"{100 * won / games:16.1f}%")
        lines.append(f"{n:>7} " + "".join(cells) + f"   {mean(turns):10.1f}")
    lines += [
        "",
        "difficulties (UM-12): easier-alta-1/2 = 1 or 2 extra alta cards; easier-exchange = two",
        "exchanges a turn; harder-remove = one random alta card removed; harder-reward = both",
        "Ultimatch reward cards to hand. Solitaire has no alta hand, exchange or pass (—).",
    ]
    return "\n".join(lines) + "\n"


__all__ = ["play_one", "run"]
