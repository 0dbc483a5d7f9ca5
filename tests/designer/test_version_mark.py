"""The deck's version is printed on every face, and only what the data says."""

from __future__ import annotations

import dataclasses

import pypdfium2
import pytest

from cardpress.catalogue import load_catalogue
from cardpress.designer.snapshot import face_text
from cardpress.print.sheets import render_print_shop_pdf

BASE = "https://cards.example.org"


@pytest.mark.parametrize("deck_id", ["triptych", "ultimatch", "eshi100"])
def test_every_face_carries_the_decks_version(deck_id: str) -> None:
    catalogue = load_catalogue()
    deck = catalogue.deck(deck_id)
    assert deck.version == "2026.12"  # set in the shipped card data
    marked = dataclasses.replace(deck, version="2027.01-b")
    for lang in ("ja", "en"):
        pdf = render_print_shop_pdf(marked, lang, BASE, root=catalogue.root, backs=False)
        doc = pypdfium2.PdfDocument(pdf)
        texts = [page.get_textpage().get_text_range() for page in doc]
        assert texts and all("2027.01-b" in t for t in texts), lang
        again = render_print_shop_pdf(marked, lang, BASE, root=catalogue.root, backs=False)
        assert again == pdf  # the mark comes from the data alone: same bytes
    plain = dataclasses.replace(deck, version="")
    card = [deck.cards[0]]
    pdf = render_print_shop_pdf(plain, "en", BASE, root=catalogue.root, cards=card, backs=False)
    assert "2026.12" not in face_text(pdf)
