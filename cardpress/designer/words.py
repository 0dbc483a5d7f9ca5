"""What ``cardpress diff`` says, in the designer's language (gettext domain ``designer``).

The terminal report and the changelog sheet are made of the same sentences,
so they say the same thing in both languages; the catalogues are
``locales/<lang>/LC_MESSAGES/designer.po``.
"""

from __future__ import annotations

import os
from typing import Any

from cardpress.i18n import gettext

DOMAIN = "designer"


def say(lang: str, message: str, **values: Any) -> str:
    text = gettext(lang, message, domain=DOMAIN)
    return text.format(**values) if values else text


def terminal_lang() -> str:
    """Japanese when the terminal's locale is, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def value(lang: str, v: Any) -> str:
    """A field's value as a designer reads it: quoted text, bare numbers, "(not set)"."""
    if v is None:
        return say(lang, "(not set)")
    if isinstance(v, str):
        return f"「{v}」" if lang == "ja" else f"“{v}”"
    return str(v)


def colon(lang: str) -> str:
    """Between a name and what is said of it: full-width in Japanese, as on the sheets."""
    return "：" if lang == "ja" else ": "


def listing(lang: str, items: list[str]) -> str:
    return ("、" if lang == "ja" else ", ").join(items)


# the words, so a catalogue check can list them (each goes through ``say``)
MESSAGES = (
    "Changes since {since}",
    "git revision {rev}",
    "the print run recorded on {date}",
    "Nothing changed.",
    "version {new} (was {old})",
    "Deck settings",
    "added",
    "removed",
    "changed",
    "data only",
    "prints differently: {reasons}",
    "prints the same",
    "new card",
    "taken out of the deck",
    "text",
    "art",
    "layout",
    "renamed from {old}",
    "(not set)",
    "Rules",
    "{game}, {language}",
    "Japanese",
    "English",
    "Reprint pack: 1 card",
    "Reprint pack: {n} cards",
    "Nothing to reprint.",
    "Card",
    "What changed",
    "How it prints",
    "Changelog",
    "Reprint pack",
    "{deck}: {cards}",
    "Files",
    "wrote {path}",
    "the document's title and introduction",
    "{rule} {status}",
)
