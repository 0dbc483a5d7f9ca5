"""The Triptych deck as the three Triptych engines see it.

The engines are pure and do not load ``cards/``: they use these fixed card
ids. The box is fixed by the seed (8 paintings of each of three painters
numbered 1-8, one forgery per painter, one Mona Lisa), so a constant deck is
the real deck; the referee maps these ids to catalogue cards by
(kind, painter, number).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardpress.vocabulary import PAINTER_IDS as PAINTER_IDS
from cardpress.vocabulary import PAINTERS as PAINTERS
from cardpress.vocabulary import PAINTINGS_PER_PAINTER, Painter

MONA_LISA: Final = "mona-lisa"
PAINTING: Final = "painting"
FORGERY: Final = "forgery"


def painting_id(painter: Painter | str, number: int) -> str:
    return f"{Painter(painter).value}-{number}"


def forgery_id(painter: Painter | str) -> str:
    return f"forgery-{Painter(painter).value}"


PAINTINGS: Final[tuple[str, ...]] = tuple(
    painting_id(p, n) for p in PAINTERS for n in range(1, PAINTINGS_PER_PAINTER + 1)
)
FORGERIES: Final[tuple[str, ...]] = tuple(forgery_id(p) for p in PAINTERS)
#: the 28 cards Gallery Rush and Finger Auction shuffle
FULL_DECK: Final[tuple[str, ...]] = (*PAINTINGS, *FORGERIES, MONA_LISA)

#: card id -> kind ("painting", "forgery", "mona-lisa")
KIND: Final[dict[str, str]] = {
    **{c: PAINTING for c in PAINTINGS},
    **{c: FORGERY for c in FORGERIES},
    MONA_LISA: MONA_LISA,
}
#: card id -> painter id (None for the Mona Lisa)
PAINTER_OF: Final[dict[str, str | None]] = {
    **{c: c.split("-")[0] for c in PAINTINGS},
    **{c: c.split("-")[1] for c in FORGERIES},
    MONA_LISA: None,
}


class Tally:
    """Paintings counted against the one Triptych deck (8 of each painter).

    Whoever adds up what a table holds (a scorer's collections and discard
    pile, the scoring API's hands) counts here, so "more Monets than the box
    has" is decided in one place.
    """

    def __init__(self) -> None:
        self.paintings: dict[str, int] = dict.fromkeys(PAINTER_IDS, 0)

    def add(self, counts: Mapping[str, int]) -> None:
        for painter, n in counts.items():
            self.paintings[painter] += n

    def excess(self) -> tuple[str, int] | None:
        """The first painter (in the deck's order) counted more often than the
        deck has paintings of them, and how many were counted; else None."""
        for painter in PAINTER_IDS:
            if self.paintings[painter] > PAINTINGS_PER_PAINTER:
                return painter, self.paintings[painter]
        return None
