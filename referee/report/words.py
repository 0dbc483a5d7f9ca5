"""The report's words in the reader's language (the ``report`` gettext domain).

A domain of its own (``locales/<lang>/LC_MESSAGES/report.po``), so the
report's wording stays apart from the referee's pages and the rule sheets.
"""

from __future__ import annotations

from collections.abc import Callable

from cardpress.catalogue import Catalogue, load_catalogue
from cardpress.games import GAMES
from cardpress.games.speech import CatalogueSpeech
from cardpress.i18n import translations


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
    never the engine's id: said by the game's own words, with the card data's names, as
    the phones say it."""
    spec = GAMES.get(game)
    return spec.words(_speech(lang)).card(card) if spec else card


#: lang -> (the catalogue it names from, the speech): made again for a changed cards/
_SPEECH: dict[str, tuple[Catalogue, CatalogueSpeech]] = {}


def _speech(lang: str) -> CatalogueSpeech:
    cards = load_catalogue()
    known = _SPEECH.get(lang)
    if known is None or known[0] is not cards:
        known = _SPEECH[lang] = (cards, CatalogueSpeech(lang, cards))
    return known[1]
