from __future__ import annotations

import dataclasses
import io
import warnings
from pathlib import Path

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.art import draw_card_art
from cardpress.print.fonts import SANS, register_fonts
from tests.print.helpers import catalogue


def _ops(card, root=None) -> bytes:
    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200), invariant=1, initialFontName=SANS, pageCompression=0)
    draw_card_art(c, card, 10, 10, 150, 110, root=root)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_art_is_deterministic_per_card_and_differs_between_cards():
    t = catalogue().triptych
    assert _ops(t.card("m1")) == _ops(t.card("m1"))
    assert _ops(t.card("m1")) != _ops(t.card("m2"))
    assert _ops(t.card("g1")) != _ops(t.card("v1"))


def test_forgery_is_dulled():
    t = catalogue().triptych
    forged = dataclasses.replace(t.card("fm"), id="m1")
    assert _ops(forged) != _ops(t.card("m1"))


def test_missing_image_warns_and_draws_a_placeholder(tmp_path: Path):
    card = dataclasses.replace(catalogue().triptych.card("m1"), image=Path("art/nope.png"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdf = _ops(card, root=tmp_path)
    assert any("nope.png" in str(w.message) for w in caught)
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "nope.png" in text  # the placeholder names the missing picture
    assert pdf != _ops(catalogue().triptych.card("m1"))  # instead of the generated art


def test_image_file_replaces_generated_art(tmp_path: Path):
    from PIL import Image

    (tmp_path / "art").mkdir()
    Image.new("RGB", (40, 30), (200, 10, 10)).save(tmp_path / "art" / "m1.png")
    card = dataclasses.replace(catalogue().triptych.card("m1"), image=Path("art/m1.png"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pdf = _ops(card, root=tmp_path)
    assert b"/Image" in pdf or b"/XObject" in pdf


def _art_images():
    """Each painting's art box alone, rasterised: (card id, image)."""
    import io as _io

    from reportlab.pdfgen.canvas import Canvas as _Canvas

    from cardpress.print.art import draw_card_art
    from cardpress.print.export import rasterise_images
    from cardpress.print.fonts import SANS as _SANS
    from cardpress.print.fonts import register_fonts as _register
    from tests.print.helpers import catalogue

    _register()
    cat = catalogue()
    cards = [c for c in cat.deck("triptych").cards if str(c.kind) == "painting"]
    buf = _io.BytesIO()
    c = _Canvas(buf, pagesize=(150, 115), invariant=1, initialFontName=_SANS)
    for card in cards:
        draw_card_art(c, card, 0, 0, 150, 115, root=cat.root)
        c.showPage()
    c.save()
    return list(zip([card.id for card in cards], rasterise_images(buf.getvalue(), 72), strict=True))


def test_every_painting_is_its_own_picture():
    """No two of the 24 paintings' art is near-identical (perceptual hash, every pair)."""
    import imagehash

    hashes = [(cid, imagehash.phash(img, hash_size=8)) for cid, img in _art_images()]
    assert len(hashes) == 24
    close = [
        (a, b, ha - hb)
        for i, (a, ha) in enumerate(hashes)
        for b, hb in hashes[i + 1 :]
        if ha - hb < 12
    ]
    assert not close, f"near-identical art (pHash distance of 64 bits): {close}"
