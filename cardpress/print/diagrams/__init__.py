"""Rule-sheet diagrams drawn from data, as ReportLab Drawings: one module per game.

Each game's module returns a ``reportlab.graphics.shapes.Drawing`` built from
the card data (painter and colour RGBs, colour mixes, card symbols), the
engines (which right hand a two-hand auction blocks, what a play matches) and
the labels the rule template supplies in the document's language; the shared
helpers (wrapped text, boxes, arrows) are in ``drawing``. The same Drawing is
embedded in the PDF (``cardpress.print.rulesheet``) and, through
``renderSVG``, in the referee's HTML rules page (``referee.rules_html``). Only
the registered TrueType fonts are used.

``draw(diagram, lang, width)`` dispatches on a document ``Diagram``'s kind:

* ``fa-two-hands``  :func:`finger_auction_two_hands` (``finger_auction``)
* ``gr-flow``       :func:`gallery_rush_flow` (``gallery_rush``)
* ``um-pyramid``    :func:`ultimatch_pyramid` (``ultimatch``)
* ``um-mixing``     :func:`ultimatch_mixing` (``ultimatch``)
* ``de-table``      :func:`detective_eye_table` (``detective_eye``)
* ``es-anatomy``    :func:`eshi100_anatomy` (``eshi100``)
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardpress.print.diagrams.detective_eye import detective_eye_table
from cardpress.print.diagrams.drawing import (
    arrow,
    fill_lines,
    label,
    new_drawing,
    text_block,
    text_height,
    wrap,
)
from cardpress.print.diagrams.eshi100 import ANATOMY, eshi100_anatomy
from cardpress.print.diagrams.finger_auction import finger_auction_two_hands, hand
from cardpress.print.diagrams.gallery_rush import gallery_rush_flow
from cardpress.print.diagrams.ultimatch import ultimatch_mixing, ultimatch_pyramid, um_card
from cardpress.print.fonts import DISPLAY, DISPLAY_BOLD, SANS, SANS_BOLD
from cardpress.print.typography import typographic
from cardpress.rules.model import Diagram

__all__ = [
    "ANATOMY",
    "LATIN_FACES",
    "arrow",
    "detective_eye_table",
    "draw",
    "eshi100_anatomy",
    "fill_lines",
    "finger_auction_two_hands",
    "fitted",
    "gallery_rush_flow",
    "hand",
    "label",
    "new_drawing",
    "text_block",
    "text_height",
    "ultimatch_mixing",
    "ultimatch_pyramid",
    "um_card",
    "wrap",
]


def draw(diagram: Diagram, lang: str, width: float) -> Drawing | None:
    """The Drawing for a document diagram, or None for an unknown kind."""
    labels = diagram.label_map
    makers: dict[str, Callable[[], Drawing]] = {
        "fa-two-hands": lambda: finger_auction_two_hands(
            int(diagram.param("a-right", "3")),
            int(diagram.param("a-left", "3")),
            int(diagram.param("b-right", "3")),
            int(diagram.param("b-left", "4")),
            labels,
            width,
            int(diagram.param("field", "7")),
        ),
        "gr-flow": lambda: gallery_rush_flow(labels, width),
        "um-pyramid": lambda: ultimatch_pyramid(
            int(diagram.param("rows", "5")), labels, lang, width
        ),
        "um-mixing": lambda: ultimatch_mixing(labels, lang, width),
        "de-table": lambda: detective_eye_table(labels, width),
        "es-anatomy": lambda: eshi100_anatomy(labels, lang, diagram.param("card"), width),
    }
    maker = makers.get(diagram.kind)
    if maker is None:
        return None
    drawing = maker()
    _set_typographic(drawing, lang)
    if lang != "ja":
        drawing.initialFontName = DISPLAY
    return drawing


#: how far a diagram may stand into the page's margin (points) before it is set smaller
FIT_SLACK = 4.0


def fitted(drawing: Drawing, width: float) -> Drawing:
    """The drawing set smaller when what it draws is wider than ``width`` (a booklet's
    half page is narrower than some layouts can go), so it never stands more than
    ``FIT_SLACK`` into the margin; else the drawing itself (never changed)."""
    x0, _y0, x1, _y1 = drawing.getBounds()
    left = min(0.0, x0)
    need = max(drawing.width, x1) - left
    if need <= width + FIT_SLACK:
        return drawing
    scale = width / need
    out = new_drawing(width, drawing.height * scale)
    out.initialFontName = drawing.initialFontName
    inner = Group(*drawing.contents)
    inner.transform = (scale, 0, 0, scale, -left * scale, 0)
    out.add(inner)
    return out


#: an English diagram's labels move from the Japanese faces to the sheet's Latin ones
LATIN_FACES = {SANS: DISPLAY, SANS_BOLD: DISPLAY_BOLD}


def _set_typographic(node, lang: str) -> None:
    """Curly quotes and en dashes in every label of a finished drawing.

    Japanese separates items with 「・」, never the Latin " · ". English labels
    are set in the sheet's display face, never wider than the room the layout
    measured for them (a label that would be is set a little smaller).
    """
    for child in getattr(node, "contents", ()):
        if isinstance(child, String):
            child.text = typographic(child.text)
            if lang == "ja":
                child.text = child.text.replace(" · ", "・")
            elif child.fontName in LATIN_FACES:
                was = stringWidth(child.text, child.fontName, child.fontSize)
                child.fontName = LATIN_FACES[child.fontName]
                now = stringWidth(child.text, child.fontName, child.fontSize)
                if now > was > 0:
                    child.fontSize *= was / now
        else:
            _set_typographic(child, lang)
