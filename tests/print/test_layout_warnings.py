"""Every layout draws without a warning: Python's and ReportLab's warnings are errors here.

A warning while a sheet is drawn (a deprecated call, an image mode Pillow
converts behind our back, a font fallback) is how a misprint starts quietly, so
every deck at every card size, paper, duplex layout and gutter setting, in both
languages, and its print-shop file, is drawn with warnings turned into errors
(the CMYK files are drawn by test_cmyk.py and the preflight tests). Ten cards a
deck keep it quick: more than one sheet of poker cards, and Triptych's last ten
hold its rule cards and their continuations.
"""

from __future__ import annotations

import warnings

import pytest

from cardpress.print.layout import DUPLEX, PAPERS, SIZES
from cardpress.print.sheets import deck_cards, render_deck_pdf, render_print_shop_pdf
from tests.print.helpers import BASE, catalogue

DECKS = ("triptych", "ultimatch", "eshi100")


@pytest.mark.parametrize("deck_id", DECKS)
def test_every_layout_draws_without_a_warning(deck_id: str) -> None:
    cat = catalogue()
    deck = cat.deck(deck_id)
    cards = deck_cards(deck)[-10:]
    drawn = 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for lang in ("en", "ja"):
            for size in SIZES:
                render_print_shop_pdf(deck, lang, BASE, size=size, root=cat.root, cards=cards)
                for paper in PAPERS:
                    for duplex in DUPLEX:
                        for gutter in (True, False):
                            pdf = render_deck_pdf(
                                deck,
                                lang,
                                paper,
                                BASE,
                                size=size,
                                duplex=duplex,
                                root=cat.root,
                                cards=cards,
                                gutter=gutter,
                            )
                            drawn += pdf.startswith(b"%PDF")
    assert drawn == 2 * len(SIZES) * len(PAPERS) * len(DUPLEX) * 2
