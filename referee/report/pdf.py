"""The report as a PDF: ReportLab, the project's fonts, plots as vector drawings.

A4, one document per language; invariant, so the same database and bot seed
give the same bytes. Plots are the SVGs of :mod:`.plots` turned into
ReportLab drawings by svglib (see :mod:`.plots` for why), each kept with
the caption above it (real text, so ``pdftotext`` finds every plot's title).
"""

from __future__ import annotations

import io
from html import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from svglib.fonts import register_font
from svglib.svglib import svg2rlg

from cardpress.print import fonts
from referee.report import plots
from referee.report.content import Block, Grid, Heading, Para, Plot, blocks
from referee.report.figures import Report
from referee.report.words import words

MARGIN = 18 * mm
WIDTH = A4[0] - 2 * MARGIN


def _styles(lang: str) -> dict[str, ParagraphStyle]:
    body, bold = (fonts.SANS, fonts.SANS_BOLD) if lang == "ja" else (fonts.TEXT, fonts.DISPLAY_BOLD)
    base = ParagraphStyle("body", fontName=body, fontSize=9, leading=13)
    if lang == "ja":
        base.wordWrap = "CJK"
    return {
        "body": base,
        "cell": ParagraphStyle("cell", parent=base, fontSize=8, leading=10.5),
        "head": ParagraphStyle("head", parent=base, fontName=bold, fontSize=8, leading=10.5),
        "caption": ParagraphStyle("caption", parent=base, fontName=bold, spaceBefore=6),
        **{
            f"h{level}": ParagraphStyle(
                f"h{level}",
                parent=base,
                fontName=bold,
                fontSize=size,
                leading=size * 1.35,
                spaceBefore=size * 0.8,
                spaceAfter=size * 0.4,
            )
            for level, size in ((0, 18), (1, 14), (2, 11), (3, 9))
        },
    }


def _grid(grid: Grid, styles: dict[str, ParagraphStyle]) -> Table:
    data = [[Paragraph(escape(c), styles["head"]) for c in grid.header]]
    data += [[Paragraph(escape(c), styles["cell"]) for c in row] for row in grid.rows]
    table = Table(data, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), styles["cell"].fontName),  # not Helvetica
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.Color(0.7, 0.7, 0.7)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    return table


def _plot(plot: Plot, styles: dict[str, ParagraphStyle]) -> KeepTogether:
    drawing = svg2rlg(io.BytesIO(plot.svg))
    drawing.initialFontName = styles["body"].fontName  # not Helvetica
    scale = min(1.0, WIDTH / drawing.width)
    drawing.width, drawing.height = drawing.width * scale, drawing.height * scale
    drawing.scale(scale, scale)
    return KeepTogether([Paragraph(escape(plot.title), styles["caption"]), drawing])


def flowables(items: list[Block], lang: str) -> list:
    styles = _styles(lang)
    out: list = []
    for block in items:
        if isinstance(block, Heading):
            out.append(Paragraph(escape(block.text), styles[f"h{block.level}"]))
        elif isinstance(block, Para):
            out.append(Paragraph(escape(block.text), styles["body"]))
            out.append(Spacer(1, 2 * mm))
        elif isinstance(block, Grid):
            out.append(_grid(block, styles))
            out.append(Spacer(1, 3 * mm))
        else:
            out.append(_plot(block, styles))
    return out


def _plot_fonts(lang: str) -> None:
    """svglib sets a plot's text in the family matplotlib named, mapped here to
    the project's registered font (re-registered after: svglib loads its own)."""
    name, role = plots.family(lang)
    register_font(name, str(fonts.locate(role)), rlgFontName=role)
    fonts.register_fonts()


def render(report: Report, lang: str) -> bytes:
    _plot_fonts(lang)
    t = words(lang)
    body = fonts.SANS if lang == "ja" else fonts.TEXT
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=t("What real tables say"),
        author="cardpress",
        creator="cardpress",
        lang=lang,
        invariant=1,
        initialFontName=body,
    )

    def footer(canvas, document) -> None:  # type: ignore[no-untyped-def]
        canvas.saveState()
        canvas.setFont(body, 8)
        canvas.drawRightString(A4[0] - MARGIN, MARGIN / 2, str(document.page))
        canvas.restoreState()

    doc.build(flowables(blocks(report, lang), lang), onFirstPage=footer, onLaterPages=footer)
    return out.getvalue()
