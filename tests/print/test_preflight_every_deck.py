"""Every deck's print-shop file, made for every service in ``preflight_services.toml``,
passes that service's preflight: no card of any deck is turned back.

Each design of a deck is printed once (``unique_cards``: two copies of a card are the
same page), front and back, so the darkest painting, the stamped forgery and the
longest rule card of every deck are all in the files. The DriveThruCards file is
PDF/X-1a, its transparent pages flattened by Ghostscript into 8-bit images: the file
whose three cards came back at 241 % total ink when colours were aimed at exactly 240 %.
"""

from __future__ import annotations

import pytest

from cardpress.print.pdfx import for_service
from cardpress.print.preflight import preflight, services
from cardpress.print.sheets import render_print_shop_pdf, unique_cards
from tests.print.helpers import BASE, catalogue

DECKS = tuple(d.id for d in catalogue().decks)


@pytest.mark.parametrize("deck_id", DECKS)
def test_every_service_s_file_of_every_deck_passes_its_preflight(deck_id: str) -> None:
    cat = catalogue()
    deck = next(d for d in cat.decks if d.id == deck_id)
    kinds = unique_cards(deck)
    cmyk = render_print_shop_pdf(deck, "en", BASE, root=cat.root, cmyk=True, cards=kinds)
    failed = {}
    for name, service in services().items():
        result = preflight(for_service(cmyk, service), service)
        assert result.cards, f"{deck_id} for {name}: no cards read"
        failed[name] = [f"{p.rule}: p. {p.page}: {p.text()}" for p in result.problems]
    assert failed == {name: [] for name in services()}
