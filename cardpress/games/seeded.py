"""The seeded RNG every heuristic bot owns, so a simulation is repeatable."""

from __future__ import annotations

import random


class Seeded:
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
