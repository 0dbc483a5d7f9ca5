"""A rule sheet imposed as a saddle-stitched booklet (``cardpress build --booklet``).

The sheet is typeset on half-size pages (A5 for A4 paper, half-letter for
Letter) and padded with notes pages to a multiple of four, so no blank page
falls in the middle; pypdf then places two pages side by side on each
landscape sheet in booklet order (for 8 pages: 8|1, 2|7, 6|3, 4|5), and each
side carries the printing instruction in its bottom margin. Printed
double-sided, flipped on the short edge, folded and stapled, the pages read
in order.

Each imposed side is labelled (the PDF's /PageLabels, what a viewer's page box
and a print dialog's page range show) with the reading pages it holds, left
then right: "8|1" for the outer sheet's front. The bar stands for the fold; a
dash would read as a range ("pages 2 to 7") where the side holds just two.
"""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter, Transformation
from reportlab.lib.pagesizes import A4, A5, LETTER, landscape
from reportlab.lib.units import inch, mm
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.fonts import register_fonts, sheet_fonts
from cardpress.print.palette import MUTED
from cardpress.print.rulesheet import PAPERS, render_pages
from cardpress.print.typography import aside, typographic
from cardpress.rules import load_rules

#: the page a booklet's sheet of each paper folds to
HALF = {"a4": A5, "letter": (5.5 * inch, 8.5 * inch)}
SHEET = {"a4": A4, "letter": LETTER}


def booklet_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers (1-based) of each imposed side, sheet by sheet."""
    if pages % 4:
        raise ValueError(f"a booklet has a multiple of 4 pages, not {pages}")
    sides = []
    for i in range(pages // 4):
        sides.append((pages - 2 * i, 2 * i + 1))  # front
        sides.append((2 * i + 2, pages - 2 * i - 1))  # back
    return sides


def side_label(left: int, right: int) -> str:
    """The page label of a side holding reading pages ``left`` and ``right``."""
    return f"{left}|{right}"


def _label_sides(writer: PdfWriter, order: list[tuple[int, int]]) -> None:
    for index, (left, right) in enumerate(order):
        writer.set_page_label(index, index, prefix=side_label(left, right))


def _instruction_overlay(text: str, lang: str, size: tuple[float, float]) -> PdfReader:
    buf = io.BytesIO()
    fonts = sheet_fonts(lang)
    c = Canvas(buf, pagesize=size, invariant=1, initialFontName=fonts.label)
    c.setFont(fonts.label, 6.5)
    c.setFillColor(MUTED)
    c.drawCentredString(size[0] / 2, 3.2 * mm, typographic(text))
    c.showPage()
    c.save()
    return PdfReader(io.BytesIO(buf.getvalue()))


def render_booklet(game_id: str, lang: str, paper: str, base_url: str) -> bytes:
    """The booklet of one game's rule sheet on ``paper`` (deterministic PDF bytes)."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}: {paper!r}")
    register_fonts()
    pages = PdfReader(io.BytesIO(render_pages(game_id, lang, HALF[paper], base_url, quantum=4)))
    n = len(pages.pages)
    if n % 4:  # a one-page sheet is a leaflet, not a booklet
        raise ValueError(f"{game_id}: {n} page(s) cannot fold into a booklet")
    sheet = landscape(SHEET[paper])
    half_w, half_h = HALF[paper]
    doc = load_rules(game_id, lang)
    instruction = doc.label("booklet", "")
    overlay = _instruction_overlay(instruction, lang, sheet).pages[0] if instruction else None
    writer = PdfWriter()
    order = booklet_order(n)
    for left, right in order:
        side = writer.add_blank_page(*sheet)
        for k, number in enumerate((left, right)):
            dx = (sheet[0] / 2 - half_w) / 2 + k * sheet[0] / 2
            dy = (sheet[1] - half_h) / 2
            side.merge_transformed_page(pages.pages[number - 1], Transformation().translate(dx, dy))
        if overlay is not None:
            side.merge_page(overlay)
    _label_sides(writer, order)
    title = doc.title + aside(doc.label("booklet-title", "booklet"), lang)
    writer.add_metadata({"/Title": title, "/Producer": "cardpress"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
