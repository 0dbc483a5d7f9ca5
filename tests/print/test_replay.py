"""Recorded faces (cardpress.print.replay) print what drawing them live prints."""

from __future__ import annotations

import io

import numpy as np
import pytest
from pypdf import PdfReader
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardpress.print import replay
from cardpress.print.export import rasterise_images
from cardpress.print.sheets import (
    deck_cards,
    render_deck_pdf,
    render_print_shop_pdf,
    unique_cards,
)
from tests.print.helpers import BASE, catalogue


def _pixels(pdf: bytes) -> list[np.ndarray]:
    return [np.asarray(img) for img in rasterise_images(pdf, 72)]


@pytest.mark.parametrize(("deck_id", "lang"), [("triptych", "ja"), ("eshi100", "en")])
def test_replayed_faces_look_like_faces_drawn_live(deck_id, lang):
    """A PDF of several cards replays them; a one-card PDF draws its card live."""
    cat = catalogue()
    deck = cat.deck(deck_id)
    kinds = unique_cards(deck)
    # the first cards, a rule card (stripes, fitted text), and the last card
    picks = [*kinds[:3], *[c for c in kinds if getattr(c, "kind", "") == "rule"][:1], kinds[-1]]
    replayed = _pixels(
        render_print_shop_pdf(deck, lang, BASE, root=cat.root, cards=picks, backs=False)
    )
    for card, page in zip(picks, replayed, strict=True):
        live = _pixels(
            render_print_shop_pdf(deck, lang, BASE, root=cat.root, cards=[card], backs=False)
        )[0]
        # a form composites alpha a hair differently from inline operators: <= 2/255
        diff = np.abs(page.astype(int) - live.astype(int))
        assert page.shape == live.shape and diff.max() <= 2, (card.id, diff.max())


def test_bytes_do_not_depend_on_what_the_process_drew_before():
    cat = catalogue()
    replay._BOOKS.clear()
    fresh = render_deck_pdf(cat.ultimatch, "en", "letter", BASE, root=cat.root)
    render_print_shop_pdf(cat.triptych, "en", BASE, root=cat.root)
    render_deck_pdf(cat.ultimatch, "en", "a4", BASE, root=cat.root)
    assert render_deck_pdf(cat.ultimatch, "en", "letter", BASE, root=cat.root) == fresh


class _Card:
    def __init__(self, card_id: str) -> None:
        self.id = card_id


def _scratch() -> Canvas:
    return Canvas(io.BytesIO(), pagesize=(100, 100), invariant=1)


def test_a_face_that_places_an_image_is_drawn_live():
    image = ImageReader(io.BytesIO(_png()))

    def draw(canvas, card):
        canvas.rect(0, 0, 10, 10)
        if card.id == "picture":
            canvas.drawImage(image, 0, 0, 10, 10)

    canvas = _scratch()
    cards = [_Card("plain"), _Card("picture")]
    book = replay.record(canvas, cards, lambda c: draw(canvas, c), (0, 0, 10, 10))
    assert book.faces["plain"].stream is not None
    assert book.faces["picture"].stream is None


def test_copies_of_a_card_are_one_form():
    """絵師100人展 prints every copy: each card type is one form, placed once per copy."""
    cat = catalogue()
    deck = cat.eshi100
    reader = PdfReader(io.BytesIO(render_deck_pdf(deck, "ja", "a4", BASE, root=cat.root)))
    placed: list[str] = []
    for page in reader.pages:
        forms = page["/Resources"].get("/XObject", {})
        placed += [name for name in forms if "cardpress-face" in name]
    kinds = unique_cards(deck)
    assert len(set(placed)) == len(kinds) < len(deck_cards(deck))
    # every copy is placed: count the Do operators naming a face
    uses = sum(page.get_contents().get_data().count(b"cardpress-face") for page in reader.pages)
    assert uses == len(deck_cards(deck))


def _png() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (4, 4), (200, 30, 30)).save(buf, "PNG")
    return buf.getvalue()
