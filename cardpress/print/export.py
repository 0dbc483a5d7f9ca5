"""Raster exports: per-card PNGs (300 dpi, with bleed) and Tabletop Simulator sheets.

PNGs come from the same drawing code as the PDFs: we draw a PDF and let
poppler's ``pdftoppm`` rasterise it (deterministic, and one process renders a
whole deck). Tabletop Simulator takes a grid of faces, at most 10 x 7 cards
and 4096 px wide, plus one back image; we cut the bleed off the 300 dpi PNGs
and scale them into the grid with Pillow.

Outputs (under ``<out>/<lang>/``)::

    png/<deck>/<card-id>.png     every card type, 300 dpi, 3 mm bleed
    png/<deck>/back.png          the deck's back, same size
    tts/<deck>-faces.png         the deck in order (every copy), TTS grid
    tts/<deck>-back.png          the back for TTS
"""

from __future__ import annotations

import io
import math
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from cardpress.print.layout import BLEED, SIZES, CardSize
from cardpress.print.sheets import deck_cards, render_back_pdf, render_print_shop_pdf, unique_cards

TTS_MAX_COLS, TTS_MAX_ROWS, TTS_MAX_WIDTH = 10, 7, 4096
PNG_DPI = 300


class ExportError(RuntimeError):
    """Rasterising failed (poppler missing or broken input)."""


def _pdftoppm() -> str:
    exe = shutil.which("pdftoppm")
    if exe is None:
        raise ExportError("pdftoppm not found; install it with: apt-get install poppler-utils")
    return exe


def rasterise_images(pdf: bytes, dpi: int) -> list[Image.Image]:
    """Every page of a PDF as an RGB image, in page order.

    pdftoppm writes raw PPM (its own PNG encoder is the slow part); Pillow
    encodes the PNGs, faster and with the dpi recorded.
    """
    with tempfile.TemporaryDirectory(prefix="cardpress-") as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        proc = subprocess.run(
            [_pdftoppm(), "-r", str(dpi), str(src), str(Path(tmp) / "p")],
            capture_output=True,
            check=False,
        )
        if proc.returncode != 0:
            raise ExportError(f"pdftoppm failed: {proc.stderr.decode(errors='replace').strip()}")
        pages = sorted(Path(tmp).glob("p-*.ppm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        out = []
        for page in pages:
            with Image.open(page) as img:
                img.load()
                out.append(img if img.mode == "RGB" else img.convert("RGB"))
        return out


def png_bytes(img: Image.Image, dpi: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=1)
    return buf.getvalue()


def rasterise_one(pdf: bytes, dpi: int) -> bytes:
    """The first page as PNG bytes, through pipes (no temporary files)."""
    proc = subprocess.run(
        [_pdftoppm(), "-r", str(dpi), "-png", "-singlefile", "-f", "1", "-l", "1", "-"],
        input=pdf,
        capture_output=True,
        check=False,
    )
    if proc.returncode != 0 or not proc.stdout:
        raise ExportError(f"pdftoppm failed: {proc.stderr.decode(errors='replace').strip()}")
    return proc.stdout


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

    The static site needs all of them at once; one PDF and one pdftoppm run
    for the deck is many times faster than a process per card.
    """
    kinds = unique_cards(deck)
    pdf = render_print_shop_pdf(
        deck, lang, base_url, root=root, cards=kinds, backs=False, bleed=0.0
    )
    images = rasterise_images(pdf, dpi)
    return {card.id: png_bytes(img, dpi) for card, img in zip(kinds, images, strict=True)}


def write_atomic(path: Path, data: bytes) -> None:
    """Write via a temporary file in the same folder and os.replace: all or nothing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _trim(img: Image.Image, dpi: int, bleed: float) -> Image.Image:
    px = round(bleed / 72 * dpi)
    return img.crop((px, px, img.width - px, img.height - px))


def tts_grid(n: int) -> tuple[int, int]:
    cols = min(TTS_MAX_COLS, max(2, n))
    rows = min(TTS_MAX_ROWS, max(2, math.ceil(n / cols)))
    return cols, rows


def tts_sheets(faces: list[Image.Image], size: CardSize) -> list[bytes]:
    """Faces laid into TTS grids (69 cards a sheet: the 70th slot is TTS's hidden card)."""
    per = TTS_MAX_COLS * TTS_MAX_ROWS - 1
    out = []
    for start in range(0, max(1, len(faces)), per):
        chunk = faces[start : start + per]
        cols, rows = tts_grid(len(chunk))
        cw = TTS_MAX_WIDTH // cols if cols == TTS_MAX_COLS else min(TTS_MAX_WIDTH // cols, 512)
        ch = round(cw * size.height / size.width)
        sheet = Image.new("RGB", (cw * cols, ch * rows), (0, 0, 0))
        cache: dict[int, Image.Image] = {}
        for i, face in enumerate(chunk):
            small = cache.get(id(face))
            if small is None:
                small = cache[id(face)] = face.resize((cw, ch), Image.Resampling.BICUBIC)
            sheet.paste(small, ((i % cols) * cw, (i // cols) * ch))
        buf = io.BytesIO()
        sheet.save(buf, format="PNG", compress_level=1)
        out.append(buf.getvalue())
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
    ``tts/<deck>-<size>-faces.png``) so sizes never overwrite each other.
    """
    cs = SIZES[size]
    kinds = unique_cards(deck)
    pdf = render_print_shop_pdf(deck, lang, base_url, size=cs, root=root, cards=kinds, backs=False)
    pngs = rasterise_images(pdf, dpi)
    back_img = rasterise_images(render_back_pdf(deck, lang, base_url, size=cs), dpi)[0]
    written: list[Path] = []
    name = deck.id if size == "poker" else f"{deck.id}-{size}"
    png_dir = out / lang / "png" / name
    by_id: dict[str, Image.Image] = {}
    for card, png in zip(kinds, pngs, strict=True):
        path = png_dir / f"{card.id}.png"
        write(path, png_bytes(png, dpi))
        written.append(path)
        by_id[card.id] = _trim(png, dpi, BLEED)
    write(png_dir / "back.png", png_bytes(back_img, dpi))
    written.append(png_dir / "back.png")
    faces = [by_id[c.id] for c in deck_cards(deck)]
    tts_dir = out / lang / "tts"
    for i, data in enumerate(tts_sheets(faces, cs)):
        sheet_name = f"{name}-faces.png" if i == 0 else f"{name}-faces-{i + 1}.png"
        write(tts_dir / sheet_name, data)
        written.append(tts_dir / sheet_name)
    back = _trim(back_img, dpi, BLEED)
    cw = TTS_MAX_WIDTH // TTS_MAX_COLS
    back = back.resize((cw, round(cw * cs.height / cs.width)), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    back.save(buf, format="PNG")
    write(tts_dir / f"{name}-back.png", buf.getvalue())
    written.append(tts_dir / f"{name}-back.png")
    return written
