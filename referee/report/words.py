"""The report's words in the reader's language (the ``report`` gettext domain).

A domain of its own (``locales/<lang>/LC_MESSAGES/report.po``), so the
report's wording stays apart from the referee's pages and the rule sheets.
"""

from __future__ import annotations

from collections.abc import Callable

from cardpress.games import GAMES
from cardpress.i18n import translations

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
