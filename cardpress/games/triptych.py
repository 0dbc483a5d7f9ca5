"""The Triptych deck as the three Triptych engines see it.

The engines are pure and do not load ``cards/``: they use these fixed card
ids. The box is fixed by the seed (8 paintings of each of three painters
numbered 1-8, one forgery per painter, one Mona Lisa), so a constant deck is
the real deck; the referee maps these ids to catalogue cards by
(kind, painter, number).
"""

from __future__ import annotations

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
