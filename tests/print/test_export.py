"""PNG and Tabletop Simulator exports, and the referee's card_png."""

from __future__ import annotations

import io

from PIL import Image

from cardpress.print.export import TTS_MAX_COLS, card_png, export_deck_images, tts_grid
from cardpress.print.qr import card_url
from tests.print.helpers import BASE, catalogue, decode


def test_card_png_is_trimmed_and_scannable():
    cat = catalogue()
    png = card_png("triptych", "m1", "ja", base_url=BASE, catalogue=cat)
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    assert abs(img.width - round(63 / 25.4 * 150)) <= 1
    assert abs(img.height - round(88 / 25.4 * 150)) <= 1
    assert decode(img.convert("RGB")) == [card_url(BASE, "ja", "triptych", "m1")]


def test_deck_images_and_tts_sheet(tmp_path):
    cat = catalogue()
    written = export_deck_images(cat.eshi100, "en", BASE, tmp_path, root=cat.root)
    types = {c.id for c in cat.eshi100.types}
    pngs = {p.stem for p in (tmp_path / "en" / "png" / "eshi100").glob("*.png")}
    assert pngs == types | {"back"}
    one = Image.open(tmp_path / "en" / "png" / "eshi100" / "px01.png")
    # 300 dpi with 1/8 in bleed each side: 63 mm + 1/4 in by 88 mm + 1/4 in
    assert abs(one.width - round((63 / 25.4 + 0.25) * 300)) <= 1
    assert abs(one.height - round((88 / 25.4 + 0.25) * 300)) <= 1
    assert round(one.info["dpi"][0]) == 300
    faces = Image.open(tmp_path / "en" / "tts" / "eshi100-faces.png")
    cols, rows = tts_grid(cat.eshi100.size)
    assert cols <= TTS_MAX_COLS and rows <= 7 and cols * rows >= 40
    assert faces.width <= 4096
    assert faces.width % cols == 0 and faces.height % rows == 0
    back = Image.open(tmp_path / "en" / "tts" / "eshi100-back.png")
    assert back.width == faces.width // cols
    assert all(p.exists() for p in written)


def test_each_tts_cell_is_its_card_trimmed_to_the_cut(tmp_path):
    """A Tabletop Simulator cell shows the card as cut (no bleed), the whole card: each cell
    is its 300 dpi PNG less the bleed, scaled to the cell, and the QR code still reads."""
    import numpy as np

    from cardpress.print.layout import BLEED
    from cardpress.print.sheets import deck_cards

    cat = catalogue()
    export_deck_images(cat.ultimatch, "ja", BASE, tmp_path, root=cat.root)
    faces = Image.open(tmp_path / "ja" / "tts" / "ultimatch-faces.png").convert("RGB")
    copies = [c.id for c in deck_cards(cat.ultimatch)]
    cols, rows = tts_grid(len(copies))
    cw, ch = faces.width // cols, faces.height // rows
    cut = round(BLEED / 72 * 300)
    for i in (0, len(copies) // 2, len(copies) - 1):
        cell = faces.crop(
            ((i % cols) * cw, (i // cols) * ch, (i % cols + 1) * cw, (i // cols + 1) * ch)
        )
        png = Image.open(tmp_path / "ja" / "png" / "ultimatch" / f"{copies[i]}.png").convert("RGB")
        trimmed = png.crop((cut, cut, png.width - cut, png.height - cut)).resize((cw, ch))
        shifted = png.resize((cw, ch))  # the bleed left in: everything a little off
        here = np.abs(np.asarray(cell, float) - np.asarray(trimmed, float)).mean()
        there = np.abs(np.asarray(cell, float) - np.asarray(shifted, float)).mean()
        assert here < 4 and here < there / 2, (copies[i], here, there)
        assert decode(cell) == [card_url(BASE, "ja", "ultimatch", copies[i])]
    back = Image.open(tmp_path / "ja" / "tts" / "ultimatch-back.png").convert("RGB")
    assert back.size == (cw, ch)
