"""The report's words in the reader's language (the ``report`` gettext domain).

A domain of its own (``locales/<lang>/LC_MESSAGES/report.po``), so the
report's wording stays apart from the referee's pages and the rule sheets.
"""

from __future__ import annotations

from collections.abc import Callable

from cardpress.catalogue import load_catalogue
from cardpress.catalogue.models import Text, TriptychKind
from cardpress.games import GAMES
from cardpress.i18n import translations
from cardpress.vocabulary import TRIPTYCH_GAMES

LANGS = ("ja", "en")


def words(lang: str) -> Callable[..., str]:
    """``t(msgid, **params)`` in ``lang``."""
    catalogue = translations(lang, "report")

    def t(message: str, **params: object) -> str:
        text = catalogue.gettext(message)
        return text % params if params else text

    return t


def game_name(game: str, lang: str) -> str:
    name = GAMES[game].name
    return name.ja if lang == "ja" else name.en


def length_word(word: str, lang: str) -> str:
    """The game's own measure of length (``turns``, ``auctions``, ``rounds``)."""
    t = words(lang)
    return {"turns": t("turns"), "auctions": t("auctions"), "rounds": t("rounds")}.get(word, word)


def card_name(game: str, card: str, lang: str) -> str:
    """A card as players name it ("Monet 8", "Forgery (Gogh)", "Red 7", "Plum Branch"),
    never the engine's id: the names come from the card data, in the reader's language."""
    data = load_catalogue()

    def say(text: Text) -> str:
        return text.ja if lang == "ja" else text.en

    if game in TRIPTYCH_GAMES:
        deck = data.triptych
        if card == "mona-lisa":
            mona = next(c for c in deck.cards if c.kind == TriptychKind.MONA_LISA)
            return say(mona.title)
        who, _sep, number = card.partition("-")
        if who == "forgery":
            return words(lang)("Forgery (%(painter)s)", painter=say(deck.painter(number).name))
        return f"{say(deck.painter(who).name)} {number}"
    if game == "ultimatch":
        colour, _sep, number = card.rpartition("-")
        return f"{say(data.ultimatch.colour(colour).name)} {number}"
    if game == "eshi100":
        titled = next((c for c in data.eshi100.types if c.id == card), None)
        if titled is not None:
            return say(titled.title)
    return card
