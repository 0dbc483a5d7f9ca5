"""Immutable card models shared by every part of cardpress.

The loader (``cardpress.catalogue.loader``) is the only place that builds
these from files; everything downstream (engines, print, referee) reads them
and never mutates them, so one loaded catalogue can be shared across threads
and build workers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import ClassVar, TypeVar

# the vocabulary, re-exported for the models' users
from cardpress.vocabulary import DECK_IDS as DECK_IDS
from cardpress.vocabulary import ESHI100_DECK, ESHI100_MAX_COPIES
from cardpress.vocabulary import LANGS as LANGS
from cardpress.vocabulary import TRIPTYCH_GAMES as TRIPTYCH_GAMES
from cardpress.vocabulary import Icon as Icon
from cardpress.vocabulary import Lang as Lang
from cardpress.vocabulary import Painter as Painter


@dataclass(frozen=True, slots=True)
class Text:
    """A user-facing string in every language the project ships."""

    ja: str
    en: str

    def __getitem__(self, lang: str) -> str:
        if lang == "ja":
            return self.ja
        if lang == "en":
            return self.en
        raise KeyError(lang)


# --------------------------------------------------------------------------- Triptych


class TriptychKind(StrEnum):
    PAINTING = "painting"
    FORGERY = "forgery"
    MONA_LISA = "mona-lisa"
    RULE = "rule"


@dataclass(frozen=True, slots=True)
class PainterInfo:
    id: Painter
    name: Text
    colour: Text
    rgb: str


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One of Triptych's games: which kinds of card it uses and what they do there
    (its name is the game's own: ``cardpress.games.GAMES[id].name``)."""

    id: str
    minutes: tuple[int, int]
    roles: dict[TriptychKind, Text]

    @property
    def uses(self) -> tuple[TriptychKind, ...]:
        return tuple(self.roles)


@dataclass(frozen=True, slots=True)
class TriptychCard:
    id: str
    kind: TriptychKind
    title: Text
    painter: Painter | None = None
    #: corner index of a painting, 1-8 within its painter
    number: int | None = None
    year: int | None = None
    artist: Text | None = None
    #: for a rule card: the game it explains, or "choose" for the chooser card
    game: str | None = None
    image: Path | None = None
    #: how ``image`` fills the art window: cover (cropped), contain (whole) or full-bleed
    #: (cropped over the whole card and its bleed, the words on plates over it); and the
    #: point of the picture (across, down from the top; 0-1) that a crop keeps in view
    image_fit: str = "cover"
    image_focus: tuple[float, float] = (0.5, 0.5)
    games: tuple[str, ...] = ()
    source: Path = Path()
    #: old ids of this card: printed codes carrying them still open its page
    aliases: tuple[str, ...] = ()

    @property
    def name(self) -> Text:
        return self.title


@dataclass(frozen=True, slots=True)
class TriptychDeck:
    id: str
    name: Text
    painters: tuple[PainterInfo, ...]
    games: tuple[GameInfo, ...]
    cards: tuple[TriptychCard, ...]
    back_rgb: str = "#1f2a44"
    #: printed small on every face (``cardpress.print.version_mark``); "" prints none
    version: str = ""

    def card(self, card_id: str) -> TriptychCard:
        return _by_id(self.cards, card_id)

    def painter(self, painter: Painter | str) -> PainterInfo:
        return next(p for p in self.painters if p.id == painter)

    def game(self, game_id: str) -> GameInfo:
        return next(g for g in self.games if g.id == game_id)

    def of_kind(self, kind: TriptychKind) -> tuple[TriptychCard, ...]:
        return tuple(c for c in self.cards if c.kind == kind)


# --------------------------------------------------------------------------- Ultimatch


@dataclass(frozen=True, slots=True)
class Colour:
    """An Ultimatch colour; ``mixes`` names the two primaries of a secondary."""

    id: str
    name: Text
    rgb: str
    symbol: str
    mixes: tuple[str, ...] = ()

    @property
    def primary(self) -> bool:
        return not self.mixes


@dataclass(frozen=True, slots=True)
class UltimatchCard:
    id: str
    colour: str
    number: int
    name: Text = Text("", "")
    source: Path = Path()
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class UltimatchDeck:
    id: str
    name: Text
    colours: tuple[Colour, ...]
    numbers: tuple[int, int]
    cards: tuple[UltimatchCard, ...]
    back_rgb: str = "#222222"
    version: str = ""

    def card(self, card_id: str) -> UltimatchCard:
        return _by_id(self.cards, card_id)

    def colour(self, colour_id: str) -> Colour:
        return next(c for c in self.colours if c.id == colour_id)


# --------------------------------------------------------------------------- 絵師100人展


class EffectTiming(StrEnum):
    BIT = "bit"
    SETTLEMENT = "settlement"


#: Effect operations the engine knows how to apply. A card whose effect is
#: ``manual`` is resolved by the table by hand; the referee shows its text.
EFFECT_OPS: dict[EffectTiming, frozenset[str]] = {
    EffectTiming.BIT: frozenset({"manual", "bid_bonus", "draw", "discard_top_bid"}),
    EffectTiming.SETTLEMENT: frozenset({"manual", "points", "points_per_icon", "warehouse_relief"}),
}


@dataclass(frozen=True, slots=True)
class Effect:
    timing: EffectTiming
    op: str
    text: Text
    amount: int = 0
    icon: Icon | None = None


@dataclass(frozen=True, slots=True)
class IconInfo:
    id: Icon
    name: Text
    rgb: str


@dataclass(frozen=True, slots=True)
class Eshi100Card:
    id: str
    number: str
    title: Text
    bid: int
    icons: tuple[Icon, ...]
    bit: Effect | None = None
    settlement: Effect | None = None
    artist: Text | None = None
    proxy: bool = True
    source: Path = Path()
    aliases: tuple[str, ...] = ()

    @property
    def name(self) -> Text:
        return self.title


@dataclass(frozen=True, slots=True)
class Eshi100Catalogue:
    """The product as the catalogue describes it (facts, not the card list)."""

    name: Text
    maker: Text
    release: str
    general_release: str
    set_name: Text
    set_types: int
    pack_cards: int
    pack_price_yen: int
    icons: tuple[IconInfo, ...]

    #: ES-7's numbers are the game's (``cardpress.vocabulary``), not card data: the
    #: engine plays with them, so a designer's edit could only disagree with it
    deck_size: ClassVar[int] = ESHI100_DECK
    max_copies: ClassVar[int] = ESHI100_MAX_COPIES

    def icon(self, icon: Icon | str) -> IconInfo:
        return next(i for i in self.icons if i.id == icon)


@dataclass(frozen=True, slots=True)
class DeckEntry:
    card_id: str
    copies: int


@dataclass(frozen=True, slots=True)
class Eshi100Deck:
    id: str
    name: Text
    catalogue: Eshi100Catalogue
    types: tuple[Eshi100Card, ...]
    entries: tuple[DeckEntry, ...]
    proxy: bool = True
    back_rgb: str = "#5b2a4a"
    source: Path = Path()
    version: str = ""

    def card(self, card_id: str) -> Eshi100Card:
        return _by_id(self.types, card_id)

    @property
    def cards(self) -> tuple[Eshi100Card, ...]:
        """The deck as it is shuffled: every copy, in list order."""
        return tuple(self.card(e.card_id) for e in self.entries for _ in range(e.copies))

    @property
    def size(self) -> int:
        return sum(e.copies for e in self.entries)


# --------------------------------------------------------------------------- the whole


_C = TypeVar("_C", TriptychCard, UltimatchCard, Eshi100Card)
Deck = TriptychDeck | UltimatchDeck | Eshi100Deck
Card = TriptychCard | UltimatchCard | Eshi100Card


@dataclass(frozen=True, slots=True)
class Catalogue:
    triptych: TriptychDeck
    ultimatch: UltimatchDeck
    eshi100: Eshi100Deck
    root: Path = field(default=Path())

    @property
    def decks(self) -> tuple[Deck, ...]:
        return (self.triptych, self.ultimatch, self.eshi100)

    def deck(self, deck_id: str) -> Deck:
        for deck in self.decks:
            if deck.id == deck_id:
                return deck
        raise KeyError(deck_id)


def card_types(deck: Deck) -> tuple[Card, ...]:
    """Each card once: 絵師100人展's deck lists copies, its types are the cards."""
    return deck.types if isinstance(deck, Eshi100Deck) else deck.cards


def alias_target(deck: Deck, old_id: str) -> str | None:
    """The id of the card that ``old_id`` was renamed from, if any."""
    for card in card_types(deck):
        if old_id in card.aliases:
            return card.id
    return None


def _by_id(cards: tuple[_C, ...], card_id: str) -> _C:
    for card in cards:
        if card.id == card_id:
            return card
    raise KeyError(card_id)
