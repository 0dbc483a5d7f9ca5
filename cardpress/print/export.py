"""Raster exports: per-card PNGs (300 dpi, with bleed) and Tabletop Simulator sheets.

PNGs come from the same drawing code as the PDFs: we draw a PDF and let
PDFium rasterise it in this process (deterministic; one PDF per deck).
Tabletop Simulator takes a grid of faces, at most 10 x 7 cards and 4096 px
wide, plus one back image; each card type's 300 dpi render, less the bleed, is
averaged down to the grid's cell size and laid into the grid.
Print-on-demand services get every card at their template's exact pixels
(``export_pod_images``, templates in ``cardpress.print.pod``).

Outputs (under ``<out>/<lang>/``)::

    png/<deck>/<card-id>.png     every card type, 300 dpi, 1/8 in bleed
    png/<deck>/back.png          the deck's back, same size
    tts/<deck>-faces.png         the deck in order (every copy), TTS grid
    tts/<deck>-back.png          the back for TTS
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

import imagecodecs
import numpy as np
from PIL import Image

from cardpress.print.atomic import write_atomic
from cardpress.print.errors import ExportError
from cardpress.print.faces import printed_cards
from cardpress.print.layout import BLEED, SIZES, CardSize
from cardpress.print.pdfium_lock import PDFIUM
from cardpress.print.pod import POD_DRAW_BLEED, POD_TEMPLATES, pod_crop
from cardpress.print.sheets import deck_cards, render_back_pdf, render_print_shop_pdf, unique_cards
from cardpress.print.typeset import Ctx

TTS_MAX_COLS, TTS_MAX_ROWS, TTS_MAX_WIDTH = 10, 7, 4096
PNG_DPI = 300


def rasterise_images(pdf: bytes, dpi: int) -> list[Image.Image]:
    """Every page of a PDF as an RGB image, in page order.

    PDFium (pypdfium2, a wheel) renders in this process: no ``pdftoppm``
    process, no temporary PPM files, about three times less CPU than poppler
    for our card pages.
    """
    return _rasterise(pdf, lambda page: _render(page, dpi / 72))


def rasterise_pngs(pdf: bytes, dpi: int) -> list[bytes]:
    """Every page as PNG bytes: the pixels go from PDFium's bitmap to the encoder uncopied."""
    return [png for png, _ in rasterise_with_fits(pdf, dpi, 0.0, ())]


def rasterise_with_fits(
    pdf: bytes, dpi: int, inset: float, sizes: Sequence[tuple[int, int]]
) -> list[tuple[bytes, dict[tuple[int, int], Image.Image]]]:
    """Every page as PNG bytes at ``dpi`` and, from the same pixels, less ``inset`` points
    on each side, scaled down to each of ``sizes``: [(png, {size: image})].

    One render a page serves the PNG export and the Tabletop Simulator cells: averaged
    down from 300 dpi, a cell is as sharp as one drawn at its size, for a third of the
    time a second render took.
    """

    def both(page) -> tuple[bytes, dict[tuple[int, int], Image.Image]]:
        w, h = page.get_size()
        scale = dpi / 72
        bitmap = page.render(scale=scale, rev_byteorder=True)
        try:
            pixels = bitmap.to_numpy()
            fits = {}
            if sizes:
                img = Image.fromarray(pixels)
                box = (inset * scale, inset * scale, (w - inset) * scale, (h - inset) * scale)
                fits = {size: img.resize(size, Image.Resampling.BOX, box=box) for size in sizes}
            return encode_png(pixels, dpi), fits
        finally:
            bitmap.close()

    return _rasterise(pdf, both)


def rasterise_fitted(
    pdf: bytes, size: tuple[int, int], inset: float | tuple[float, float, float, float] = 0.0
) -> list[Image.Image]:
    """Every page, less ``inset`` points on each side (or left, bottom, right, top),
    rendered to exactly ``size`` pixels.

    Drawing straight at the target size (Tabletop Simulator cells, a print
    service's template) is sharper and several times cheaper than scaling a
    300 dpi render down. When the kept part has the target's shape (to a
    pixel), whole pixels are cut from the render so exactly ``size`` remains;
    otherwise (a template's slightly different aspect ratio) a last resize
    fits it.
    """

    crop = (inset,) * 4 if isinstance(inset, int | float) else tuple(inset)

    def fitted(page) -> Image.Image:
        w, h = page.get_size()
        kept = (w - crop[0] - crop[2], h - crop[1] - crop[3])
        scale = max(size[0] / kept[0], size[1] / kept[1])
        img = _render(page, scale, _whole_pixels(page, scale, crop, size))
        if img.size != size:
            img = img.resize(size, Image.Resampling.BICUBIC)
        return img

    return _rasterise(pdf, fitted)


def _whole_pixels(page, scale: float, crop: tuple[float, ...], size: tuple[int, int]):
    """The crop (points, for PDFium) that leaves exactly ``size`` pixels, if one does.

    PDFium rounds the page and each cut up to whole pixels, which left the
    Tabletop Simulator cells one pixel narrow and needed a resize of every
    cell. Cut ``round(cut * scale)`` pixels on the left and top and the rest
    on the right and bottom instead; ``crop`` as given when that is more than
    a pixel away from the asked shape.
    """
    w, h = page.get_size()
    full = (math.ceil(w * scale), math.ceil(h * scale))
    if any(
        abs((w - crop[0] - crop[2], h - crop[1] - crop[3])[i] * scale - size[i]) > 1 for i in (0, 1)
    ):
        return crop
    left, top = round(crop[0] * scale), round(crop[3] * scale)
    right, bottom = full[0] - size[0] - left, full[1] - size[1] - top
    if min(left, top, right, bottom) < 0:
        return crop
    # PDFium takes points and rounds each cut up: half a pixel less gives the whole pixel
    return tuple(max(0.0, (px - 0.5) / scale) for px in (left, bottom, right, top))


def _rasterise(pdf: bytes, render: Callable[[object], Image.Image]) -> list[Image.Image]:
    import pypdfium2 as pdfium

    with PDFIUM:
        try:
            doc = pdfium.PdfDocument(pdf)
        except pdfium.PdfiumError as exc:
            raise ExportError(f"PDFium could not read the PDF: {exc}") from exc
        try:
            images = []
            for page in doc:
                try:
                    images.append(render(page))
                finally:
                    page.close()
            return images
        finally:
            doc.close()


def _render(page, scale: float, crop: tuple[float, ...] = (0, 0, 0, 0)) -> Image.Image:
    bitmap = page.render(scale=scale, crop=crop, rev_byteorder=True)
    try:
        return bitmap.to_pil()  # an RGB copy: the bitmap can go
    finally:
        bitmap.close()


def png_bytes(img: Image.Image, dpi: int | None = None) -> bytes:
    return encode_png(np.asarray(img), dpi)


def encode_png(pixels: np.ndarray, dpi: int | None = None) -> bytes:
    """PNG bytes of an 8-bit grey, RGB or RGBA array, encoded for speed, with its dpi.

    Our cards are flat colour: one "Up" filter for every row (numpy) and
    zlib-ng at level 1 compress them about three times faster than libpng
    with zlib level 1 (which was a fifth of a full build's CPU), files within
    a few per cent of its size. The chunks are written here (signature, IHDR,
    pHYs for the dpi, one IDAT, IEND): libpng cannot be given zlib-ng.
    """
    if pixels.dtype != np.uint8 or pixels.ndim not in (2, 3):
        raise ValueError(f"encode_png takes 8-bit images, not {pixels.dtype} {pixels.shape}")
    h, w = pixels.shape[:2]
    channels = 1 if pixels.ndim == 2 else pixels.shape[2]
    colour_type = {1: 0, 3: 2, 4: 6}[channels]
    rows = pixels.reshape(h, w, channels)
    filtered = np.empty((h, 1 + w * channels), np.uint8)
    filtered[:, 0] = 2  # Up: each byte minus the byte above it
    body = filtered[:, 1:].reshape(h, w, channels)
    body[0] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=body[1:])
    chunks = [_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0))]
    if dpi is not None:
        ppm = round(dpi / 0.0254)
        chunks.append(_chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    chunks.append(_chunk(b"IDAT", _deflate(filtered.data)))
    chunks.append(_chunk(b"IEND", b""))
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunks)


def _deflate(data) -> bytes:
    if imagecodecs.ZLIBNG.available:
        return imagecodecs.zlibng_encode(data, level=1)
    return zlib.compress(data, 1)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def rasterise_one(pdf: bytes, dpi: int) -> bytes:
    """The first page as PNG bytes."""
    return rasterise_pngs(pdf, dpi)[0]


def card_png(
    deck_id: str,
    card_id: str,
    lang: str,
    *,
    dpi: int = 150,
    base_url: str,
    catalogue=None,
    size: str = "poker",
) -> bytes:
    """One card's face, trimmed (no bleed), as PNG bytes: the referee serves these."""
    if catalogue is None:
        from cardpress.catalogue import load_catalogue

        catalogue = load_catalogue()
    deck = catalogue.deck(deck_id)
    card = deck.card(card_id)
    pdf = render_print_shop_pdf(
        deck, lang, base_url, size=size, root=catalogue.root, cards=[card], backs=False, bleed=0.0
    )
    return rasterise_one(pdf, dpi)


def card_pngs(
    deck, lang: str, *, dpi: int = 150, base_url: str, root: Path | None = None
) -> dict[str, bytes]:
    """Every card type's face as :func:`card_png` draws it, in one rasterising pass.

    The static site needs all of them at once; one PDF for the deck is many
    times faster than one per card.
    """
    kinds = unique_cards(deck)
    # a rule card too long for one card prints on more: its first card is its picture
    printed = printed_cards(deck, kinds, Ctx(lang, base_url, SIZES["poker"]))
    pdf = render_print_shop_pdf(
        deck, lang, base_url, root=root, cards=printed, backs=False, bleed=0.0
    )
    wanted = {c.id for c in kinds}
    pages = zip(printed, rasterise_pngs(pdf, dpi), strict=True)
    return {c.id: png for c, png in pages if c.id in wanted}


def tts_grid(n: int) -> tuple[int, int]:
    cols = min(TTS_MAX_COLS, max(2, n))
    rows = min(TTS_MAX_ROWS, max(2, math.ceil(n / cols)))
    return cols, rows


def tts_cell(n: int, size: CardSize) -> tuple[int, int]:
    """The pixel size of one card in a TTS sheet of ``n`` cards."""
    cols, _ = tts_grid(n)
    cw = TTS_MAX_WIDTH // cols if cols == TTS_MAX_COLS else min(TTS_MAX_WIDTH // cols, 512)
    return cw, round(cw * size.height / size.width)


def tts_chunks(cards: Sequence[str]) -> list[Sequence[str]]:
    """The cards of each TTS sheet (69 a sheet: the 70th slot is TTS's hidden card)."""
    per = TTS_MAX_COLS * TTS_MAX_ROWS - 1
    return [cards[start : start + per] for start in range(0, max(1, len(cards)), per)]


def tts_sheets(
    cards: Sequence[str], size: CardSize, faces: Callable[[tuple[int, int]], dict[str, Image.Image]]
) -> list[bytes]:
    """Card ids laid into TTS grids (69 cards a sheet: the 70th slot is TTS's hidden card).

    ``faces(cell)`` gives every card type's face at that cell size.
    """
    out = []
    for chunk in tts_chunks(cards):
        cols, rows = tts_grid(len(chunk))
        cw, ch = cell = tts_cell(len(chunk), size)
        drawn = {card_id: np.asarray(img) for card_id, img in faces(cell).items()}
        # laid out in numpy and encoded from there: no copy of the whole sheet in between
        sheet = np.zeros((ch * rows, cw * cols, 3), np.uint8)
        for i, card_id in enumerate(chunk):
            x, y = (i % cols) * cw, (i // cols) * ch
            sheet[y : y + ch, x : x + cw] = drawn[card_id]
        out.append(encode_png(sheet))
    return out


def export_deck_images(
    deck,
    lang: str,
    base_url: str,
    out: Path,
    *,
    size: str = "poker",
    root: Path | None = None,
    dpi: int = PNG_DPI,
    write: Callable[[Path, bytes], None] = write_atomic,
) -> list[Path]:
    """Write the deck's card PNGs and TTS sheets under ``out/<lang>``; returns the paths.

    A card size other than poker is added to the names (``png/<deck>-<size>/``,
    ``tts/<deck>-<size>-faces.png``) so sizes never overwrite each other. One
    PDF of the card types is drawn, then rendered once, at 300 dpi, for the PNGs
    and (averaged down) the TTS sheets' cells.
    """
    cs = SIZES[size]
    kinds = printed_cards(deck, unique_cards(deck), Ctx(lang, base_url, cs))
    pdf = render_print_shop_pdf(deck, lang, base_url, size=cs, root=root, cards=kinds, backs=False)
    back_pdf = render_back_pdf(deck, lang, base_url, size=cs)
    written: list[Path] = []

    def put(path: Path, data: bytes) -> None:
        write(path, data)
        written.append(path)

    name = deck.id if size == "poker" else f"{deck.id}-{size}"
    png_dir = out / lang / "png" / name
    copies = [c.id for c in printed_cards(deck, deck_cards(deck), Ctx(lang, base_url, cs))]
    cells = sorted({tts_cell(len(chunk), cs) for chunk in tts_chunks(copies)})
    faces: dict[tuple[int, int], dict[str, Image.Image]] = {cell: {} for cell in cells}
    for card, (png, fits) in zip(kinds, rasterise_with_fits(pdf, dpi, BLEED, cells), strict=True):
        put(png_dir / f"{card.id}.png", png)
        for cell, img in fits.items():
            faces[cell][card.id] = img
    cw = TTS_MAX_WIDTH // TTS_MAX_COLS
    back_cell = (cw, round(cw * cs.height / cs.width))
    ((png, fits),) = rasterise_with_fits(back_pdf, dpi, BLEED, [back_cell])
    put(png_dir / "back.png", png)
    back = fits[back_cell]

    tts_dir = out / lang / "tts"
    for i, data in enumerate(tts_sheets(copies, cs, faces.__getitem__)):
        put(tts_dir / (f"{name}-faces.png" if i == 0 else f"{name}-faces-{i + 1}.png"), data)
    put(tts_dir / f"{name}-back.png", png_bytes(back))
    return written


def export_pod_images(
    deck,
    lang: str,
    base_url: str,
    out: Path,
    service: str,
    *,
    root: Path | None = None,
    write: Callable[[Path, bytes], None] = write_atomic,
) -> list[Path]:
    """Every card type and the back at the exact pixels of a service's poker template.

    Written to ``<out>/<lang>/pod/<service>/<deck>/<card-id>.png`` and ``back.png``.
    """
    template = POD_TEMPLATES[service]
    cs = SIZES["poker"]
    # a rule card too long for one card prints on more, each its own PNG (r1.png, r1-2.png)
    kinds = printed_cards(deck, unique_cards(deck), Ctx(lang, base_url, cs))
    crop = pod_crop(template, cs)
    faces = render_print_shop_pdf(
        deck, lang, base_url, size=cs, root=root, cards=kinds, backs=False, bleed=POD_DRAW_BLEED
    )
    back = render_back_pdf(deck, lang, base_url, size=cs, bleed=POD_DRAW_BLEED)
    folder = out / lang / "pod" / service / deck.id
    written = []
    names = [f"{card.id}.png" for card in kinds] + ["back.png"]
    images = rasterise_fitted(faces, template.size, crop) + rasterise_fitted(
        back, template.size, crop
    )
    for name, img in zip(names, images, strict=True):
        write(folder / name, png_bytes(img, template.dpi))
        written.append(folder / name)
    return written
