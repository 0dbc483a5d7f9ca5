"""The games' words outside a web page: the ``messages`` catalogue read from the
.po files and the names from the card data.

A page hands a game's :class:`~cardpress.games.wording.Words` its Flask-Babel
catalogue (``referee.tables.words``); the play report, a terminal or a test
hands it this one, so a card is named the same way everywhere ("Monet 4",
"Forgery (Gogh)", 「青の2」).
"""

from __future__ import annotations

from typing import Any

from cardpress.catalogue import load_catalogue
from cardpress.catalogue.models import Catalogue
from cardpress.i18n import translations


class CatalogueSpeech:
    """A :class:`~cardpress.games.wording.Speech` in one language."""

    def __init__(self, lang: str, cards: Catalogue | None = None) -> None:
        self.lang = lang
        self.cjk = lang == "ja"
        self._t = translations(lang, "messages")
        cards = cards or load_catalogue()
        self._names = {
            "painters": {p.id.value: p.name[lang] for p in cards.triptych.painters},
            "colours": {c.id: c.name[lang] for c in cards.ultimatch.colours},
            "eshi100": {c.id: c.title[lang] for c in cards.eshi100.types},
            "icons": {i.id.value: i.name[lang] for i in cards.eshi100.catalogue.icons},
        }

    def _(self, message: str, **params: Any) -> str:
        out = self._t.gettext(message)
        return out % params if params else out

    def ngettext(self, singular: str, plural: str, num: int, **params: Any) -> str:
        return self._t.ngettext(singular, plural, num) % {"num": num, **params}

    def pgettext(self, context: str, message: str, **params: Any) -> str:
        out = self._t.pgettext(context, message)
        return out % params if params else out

    def name(self, kind: str, key: str) -> str | None:
        return self._names.get(kind, {}).get(key)

    def text(self, value: Any) -> str:
        return value[self.lang] if value is not None else ""
