"""Read PDFs back: text, fonts, pages as images, decoded QR codes, card positions."""

from __future__ import annotations

import io
import re
import subprocess
from functools import cache

import zxingcpp
from PIL import Image
from pypdf import PdfReader

from cardpress.catalogue import load_catalogue
from cardpress.print.sheets import render_deck_pdf, render_print_shop_pdf

BASE = "https://referee.example.org"
NUM = r"(-?[\d.]+)"
CARD = re.compile(rf"(?m)^q\n1 0 0 1 {NUM} {NUM} cm\nn {NUM} {NUM} {NUM} {NUM} re W\* n")


@cache
def catalogue():
    return load_catalogue()


@cache
def deck_pdf(
    deck: str, lang: str, paper: str = "a4", size: str = "poker", duplex: str = "long"
) -> bytes:
    cat = catalogue()
    return render_deck_pdf(
        cat.deck(deck), lang, paper, BASE, size=size, duplex=duplex, root=cat.root
    )


@cache
def shop_pdf(deck: str, lang: str) -> bytes:
    cat = catalogue()
    return render_print_shop_pdf(cat.deck(deck), lang, BASE, root=cat.root)


def pdffonts(pdf: bytes) -> list[list[str]]:
    out = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True, check=True).stdout
    rows = out.decode().splitlines()[2:]
    return [row.split() for row in rows]


def page_text(pdf: bytes, page: int) -> str:
    out = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-layout", "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    ).stdout
    return out.decode()


def render(pdf: bytes, page: int, dpi: int = 100) -> Image.Image:
    png = subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", "-singlefile", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    ).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


def decode(img: Image.Image) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)]


def page_streams(page) -> list[bytes]:
    """A page's content stream and those of the forms it places (card faces, backs)."""
    streams = [page.get_contents().get_data()]
    for ref in page["/Resources"].get("/XObject", {}).values():
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Form":
            streams.append(xobject.get_data())
    return streams


def card_positions(pdf: bytes, page: int, w: float, h: float) -> list[tuple[float, float]]:
    """Lower-left corners of the cards on a page, read from the content stream.

    Each card is drawn as ``q / 1 0 0 1 x y cm / n bx by bw bh re W* n ... Q``: a
    translation to the trim's corner followed by a clip to the trim box grown by
    its bleed into the gutters (at most 3 mm a side).
    """
    reader = PdfReader(io.BytesIO(pdf))
    data = reader.pages[page - 1].get_contents().get_data().decode("latin-1")
    found = []
    most = 3 * 72 / 25.4 + 0.01
    for m in CARD.finditer(data):
        x, y, bx, by, bw, bh = (float(v) for v in m.groups())
        right, top = bx + bw - w, by + bh - h
        if all(-0.01 < v < most for v in (-bx, -by, right, top)):
            found.append((x, y))
    return found
