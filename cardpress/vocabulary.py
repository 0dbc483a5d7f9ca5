"""The games' fixed words, defined once: everything else imports them from here.

These are facts of the boxes and of the rulings (../shared/RULINGS.md), not
data a designer edits: the card loader checks ``cards/`` against them, the
engines play with them, the referee validates requests with them, and the
OpenAPI document publishes them as enums. Names and colours a person sees
live in ``cards/`` and the gettext catalogues, not here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal

#: the languages everything is written in (the first is the customer's)
Lang = Literal["ja", "en"]
LANGS: Final[tuple[Lang, ...]] = ("ja", "en")

# --------------------------------------------------------------------------- products

#: the printed products, one folder of ``cards/`` each. Which games there are,
#: their rule-ID prefixes and the deck each is played with are the games' own
#: facts: each game's spec declares them (``cardpress.games.registry``).
DECK_IDS: Final[tuple[str, ...]] = ("triptych", "ultimatch", "eshi100")
#: what Triptych's box holds: the games ``cards/triptych/deck.toml`` must define,
#: which the card loader (a layer below the games) checks; a game's spec that
#: says it is played with the Triptych deck must be one of them
TRIPTYCH_GAMES: Final[tuple[str, ...]] = ("gallery-rush", "finger-auction", "detective-eye")
#: Triptych's "how to choose a game" document, printed on rule card r0, and the
#: prefix of its rule IDs (a document of the box, not a game)
CHOOSE: Final = "choose"
CHOOSE_RULE_PREFIX: Final = "TR"
#: the documents Triptych's rule cards point to
RULE_CARD_DOCUMENTS: Final[tuple[str, ...]] = (CHOOSE, *TRIPTYCH_GAMES)


# --------------------------------------------------------------------------- Triptych


class Painter(StrEnum):
    MONET = "monet"
    GOGH = "gogh"
    VERMEER = "vermeer"


PAINTERS: Final[tuple[Painter, ...]] = tuple(Painter)
PAINTER_IDS: Final[tuple[str, ...]] = tuple(p.value for p in PAINTERS)
#: numbered 1-8 on each painter's paintings
PAINTINGS_PER_PAINTER: Final = 8
#: one forgery of each painter, one Mona Lisa
FORGERIES: Final = len(PAINTERS)
#: the 28 cards of Gallery Rush and Finger Auction (the four rule cards aside)
TRIPTYCH_CARDS: Final = len(PAINTERS) * PAINTINGS_PER_PAINTER + FORGERIES + 1
#: Finger Auction: cards laid out for each round
FINGER_AUCTION_FIELD: Final = 7
#: Finger Auction: fingers in a bid (FA-1, FA-3)
FINGERS: Final[tuple[int, int]] = (1, 5)

# --------------------------------------------------------------------------- Ultimatch

#: UM-1: the six colours in the deck's order, and the two primaries each secondary mixes from
COLOURS: Final[tuple[str, ...]] = ("red", "orange", "yellow", "green", "blue", "purple")
MIXES: Final[dict[str, frozenset[str]]] = {
    "orange": frozenset({"red", "yellow"}),
    "green": frozenset({"yellow", "blue"}),
    "purple": frozenset({"red", "blue"}),
}
ULTIMATCH_NUMBERS: Final[tuple[int, ...]] = tuple(range(1, 9))

# --------------------------------------------------------------------------- 絵師100人展


class Icon(StrEnum):
    UME = "ume"
    SAKURA = "sakura"
    ASAGAO = "asagao"
    KIKYO = "kikyo"


ICONS: Final[tuple[Icon, ...]] = tuple(Icon)
ICON_IDS: Final[tuple[str, ...]] = tuple(i.value for i in ICONS)
#: ES-7: a deck is exactly 40 cards, at most 4 copies of one card
ESHI100_DECK: Final = 40
ESHI100_MAX_COPIES: Final = 4
#: ES-O1/ES-T1: rounds of a game, each player's gallery and hand every round
ESHI100_ROUNDS: Final = 4
ESHI100_GALLERY: Final = 4
ESHI100_HAND: Final = 5
