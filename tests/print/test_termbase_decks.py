"""The printed decks (card faces, rule cards, sheet notes) use the termbase.

A card face is laid out in separate pieces of text, so only the terms are read
here; the style rules (spacing around signs) are checked on the sheets, the
pages and the catalogues, where text runs as sentences.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from cardpress import termbase

from .helpers import catalogue, deck_pdf

TERMS = [t for t in termbase.load_termbase() if t.kind == "term"]


def _text(deck: str, lang: str) -> str:
    return subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-", "-"],
        input=deck_pdf(deck, lang),
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("deck", ["triptych", "ultimatch", "eshi100"])
def test_deck_uses_the_termbase(deck: str, lang: str) -> None:
    raw = _text(deck, lang)
    found = [
        str(h)
        for page, text in enumerate(raw.split("\f"), start=1)
        for h in termbase.scan(
            termbase.pdf_text_for_scan(text, lang),
            lang,
            f"{lang}/decks/{deck}-a4.pdf p.{page}",
            TERMS,
        )
    ]
    assert not found, f"{len(found)} forbidden variant(s):\n" + "\n".join(found)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("deck", ["triptych", "ultimatch", "eshi100"])
def test_no_internal_card_id_on_a_card_face(deck: str, lang: str) -> None:
    ids = [c.id for c in catalogue().deck(deck).cards]
    words = set(re.findall(r"[\w-]+", _text(deck, lang)))
    shown = sorted(i for i in ids if i in words or i.upper() in words)
    assert not shown, f"{deck} ({lang}) prints card ids: {shown[:10]}"
