"""Benchmark the rules engines: games per second, and settlement vs brute force.

Run: ``.venv/bin/python benchmarks/engines.py [--games N] [--seconds S]``

Every figure is printed beside a baseline measured in the same run:

* games/s of each engine with random (and heuristic) bots, single process,
  beside a *baseline*: a bare loop doing the same number of steps, each a
  random choice from a list plus a log append (the floor any engine costs);
* the 絵師100人展 settlement optimiser beside brute force over every icon
  assignment, on collections small enough for brute force (answers must be
  equal), and alone on full 40-card collections.

Goals (from the issue): random Gallery Rush and Finger Auction >= 2,000
games/s; heuristic Ultimatch >= 500 games/s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardpress.games import GAMES
from cardpress.games.base import play
from cardpress.games.eshi100 import ICONS, settle, settle_brute_force

GOALS = {
    ("gallery-rush", "random"): 2000,
    ("finger-auction", "random"): 2000,
    ("ultimatch", "heuristic"): 500,
}
PLAYERS = {"gallery-rush": 3, "finger-auction": 3, "detective-eye": 3, "ultimatch": 4, "eshi100": 3}


REPEATS = 3  # best of: the figures are for an unloaded core, like timeit's min


def _games(game: str, bot: str, n: int, players: int | None = None) -> tuple[float, int]:
    spec = GAMES[game]
    players = players or PLAYERS[game]
    best = float("inf")
    steps = 0
    for _ in range(REPEATS):
        steps = 0
        start = time.perf_counter()
        for i in range(n):
            state = spec.new_game(players, i)
            play(state, [spec.bots[bot](i * 7 + s) for s in range(players)])
            steps += len(state.log)
        best = min(best, time.perf_counter() - start)
    return best, steps


def _baseline(steps: int, games: int) -> float:
    rng = random.Random(0)
    choices = [f"action:{i}" for i in range(8)]
    per = max(1, steps // games)
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(games):
            log: list[list[object]] = []
            for _ in range(per):
                log.append([0, choices[int(rng.random() * len(choices))]])
        best = min(best, time.perf_counter() - start)
    return best


def bench_games(n: int) -> list[str]:
    lines = [
        f"{'game':<15}{'bots':<10}{'players':>7}{'games/s':>10}{'steps/game':>11}"
        f"{'baseline g/s':>14}{'goal':>7}  ok",
    ]
    for game in GAMES:
        for bot in ("random", "heuristic"):
            count = n if bot == "random" else max(50, n // 4)
            elapsed, steps = _games(game, bot, count)
            base = _baseline(steps, count)
            rate = count / elapsed
            goal = GOALS.get((game, bot))
            ok = "" if goal is None else ("yes" if rate >= goal else "NO")
            lines.append(
                f"{game:<15}{bot:<10}{PLAYERS[game]:>7}{rate:>10.0f}{steps / count:>11.1f}"
                f"{count / base:>14.0f}{goal or '':>7}  {ok}"
            )
    return lines


def bench_ultimatch(n: int) -> list[str]:
    """Heuristic Ultimatch at every player count (the per-turn exchange makes
    larger tables cost more decisions per game)."""
    lines = [f"{'players':>7}{'games/s':>10}{'steps/game':>11}{'baseline g/s':>14}{'goal':>7}  ok"]
    for players in range(1, 6):
        elapsed, steps = _games("ultimatch", "heuristic", n, players)
        rate = n / elapsed
        base = _baseline(steps, n)
        ok = "yes" if rate >= 500 else "NO"
        lines.append(f"{players:>7}{rate:>10.0f}{steps / n:>11.1f}{n / base:>14.0f}{500:>7}  {ok}")
    return lines


def _collection(rng: random.Random, size: int, multi: float) -> list[list[str]]:
    icons = [i.value for i in ICONS]
    out = []
    for _ in range(size):
        k = rng.choice((2, 3, 4)) if rng.random() < multi else 1
        out.append(rng.sample(icons, k))
    return out


def bench_settlement(samples: int) -> list[str]:
    rng = random.Random(42)
    lines = [
        f"{'cards':>5}{'collections':>12}{'optimiser ms':>14}{'brute force ms':>16}{'equal':>7}"
    ]
    for size in (4, 6, 8, 10):
        colls = [_collection(rng, size, 0.6) for _ in range(samples)]
        t0 = time.perf_counter()
        fast = [settle(c) for c in colls]
        t1 = time.perf_counter()
        slow = [settle_brute_force(c) for c in colls]
        t2 = time.perf_counter()
        equal = all(
            (f.same_icon_bonus, f.different_icon_bonus) == s
            for f, s in zip(fast, slow, strict=True)
        )
        lines.append(
            f"{size:>5}{samples:>12}{1000 * (t1 - t0) / samples:>14.3f}"
            f"{1000 * (t2 - t1) / samples:>16.3f}{'yes' if equal else 'NO':>7}"
        )
        if not equal:
            raise SystemExit("settlement optimiser disagrees with brute force")
    full = [_collection(rng, 40, 1.0) for _ in range(samples)]
    t0 = time.perf_counter()
    for c in full:
        settle(c)
    t1 = time.perf_counter()
    lines.append(
        f"{40:>5}{samples:>12}{1000 * (t1 - t0) / samples:>14.3f}"
        f"{'  (4^40 assignments)':>16}{'-':>7}"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="random games per engine")
    parser.add_argument("--samples", type=int, default=100, help="collections per size")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, single process, best of {REPEATS} runs\n")
    print("Engines (baseline: a bare loop of random choices, same steps per game)")
    print("\n".join(bench_games(args.games)))
    print("\nHeuristic Ultimatch by player count")
    print("\n".join(bench_ultimatch(max(50, args.games // 4))))
    print("\n絵師100人展 settlement: optimiser vs brute force (mean per collection)")
    print("\n".join(bench_settlement(args.samples)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
