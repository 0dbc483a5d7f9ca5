"""Ultimatch's diagrams: the pyramid as dealt (UM-8) and the colour mixes (UM-1).

Cards, colours, symbols and mixes are the deck's own data, so a designer's
edit to ``cards/`` redraws the figures.
"""

from __future__ import annotations

import math
import random

from reportlab.graphics.shapes import Circle, Drawing, Group, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardpress.print.diagrams.drawing import label, new_drawing, text_block
from cardpress.print.fonts import SANS, SANS_BOLD, register_fonts
from cardpress.print.palette import INK, MUTED, PAPER
from cardpress.rules import data
from cardpress.rules.kinsoku import is_cjk
from cardpress.vocabulary import LANGS


def _symbol(g: Group, kind: str, cx: float, cy: float, r: float, colour) -> None:
    if kind == "circle":
        g.add(Circle(cx, cy, r, fillColor=colour, strokeColor=None))
        return
    if kind == "square":
        g.add(
            Rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, fillColor=colour, strokeColor=None)
        )
        return
    n, rot, inner = {
        "triangle": (3, 90, None),
        "diamond": (4, 90, None),
        "hexagon": (6, 0, None),
        "star": (5, 90, 0.45),
        "cross": (4, 45, 0.35),
    }.get(kind, (8, 0, None))
    pts: list[float] = []
    steps = n * 2 if inner else n
    for i in range(steps):
        ang = math.radians(rot + i * 360 / steps)
        rr = r if (not inner or i % 2 == 0) else r * inner
        pts += [cx + rr * math.cos(ang), cy + rr * math.sin(ang)]
    g.add(Polygon(pts, fillColor=colour, strokeColor=None))


def _colour_info(colour: str, lang: str) -> tuple[str, str, str]:
    """(rgb, symbol, name) of an Ultimatch colour from the card data."""
    c = data.catalogue().ultimatch.colour(colour)
    return c.rgb, c.symbol, c.name[lang] if lang in LANGS else c.name.en


def um_card(
    g: Group,
    x: float,
    y: float,
    w: float,
    h: float,
    colour: str | None,
    number: int,
    lang: str,
) -> None:
    """An Ultimatch card: face up (colour, number, symbol) or, with colour None, face down."""
    if colour is None:
        back = colors.HexColor(data.catalogue().ultimatch.back_rgb)
        g.add(Rect(x, y, w, h, rx=2.5, ry=2.5, fillColor=back, strokeColor=PAPER, strokeWidth=0.8))
        g.add(
            Rect(
                x + 2,
                y + 2,
                w - 4,
                h - 4,
                rx=1.6,
                ry=1.6,
                fillColor=None,
                strokeColor=colors.HexColor("#5a5675"),
                strokeWidth=0.5,
            )
        )
    else:
        rgb, symbol, _name = _colour_info(colour, lang)
        fill = colors.HexColor(rgb)
        g.add(Rect(x, y, w, h, rx=2.5, ry=2.5, fillColor=fill, strokeColor=PAPER, strokeWidth=0.8))
        g.add(
            String(
                x + w / 2,
                y + h / 2 - 4.5,
                str(number),
                fontName=SANS_BOLD,
                fontSize=min(13, h * 0.45),
                fillColor=PAPER,
                textAnchor="middle",
            )
        )
        _symbol(g, symbol, x + 4.2, y + h - 4.2, 2.3, PAPER)


def _frame(g: Group, x, y, w, h, colour, width: float, dash) -> None:
    """A highlight around a card, just outside it, on a white halo that parts it from dark backs."""
    for stroke, sw, pattern in ((PAPER, width + 1.6, None), (colour, width, dash)):
        frame = Rect(x - 1.4, y - 1.4, w + 2.8, h + 2.8, rx=3, ry=3, fillColor=None)
        frame.strokeColor, frame.strokeWidth = stroke, sw
        if pattern:
            frame.strokeDashArray = list(pattern)
        g.add(frame)


def _sample_cards(n: int, seed: int = 48) -> list[tuple[str, int]]:
    cards = [(c.colour, c.number) for c in data.catalogue().ultimatch.cards]
    rng = random.Random(seed)
    rng.shuffle(cards)
    return cards[:n]


def ultimatch_pyramid(
    rows: int, labels: dict[str, str], lang: str, width: float = 150 * mm
) -> Drawing:
    """The pyramid as dealt (UM-8): the bottom row face up, covers shown by overlap."""
    register_fonts()
    cw, ch = 11 * mm, 15.5 * mm
    step_x = cw + 1.6 * mm
    step_y = ch * 0.58
    pyr_w = rows * step_x
    note_w = max(36 * mm, min(width - pyr_w - 8 * mm, 62 * mm))
    w = pyr_w + 8 * mm + note_w
    h = (rows - 1) * step_y + ch + 6
    d = new_drawing(w, h)
    g = Group()
    d.add(g)
    bottom = _sample_cards(rows)
    hi_row, hi_i = rows - 2, 1  # a card in the second row from the bottom, and its covers
    # frames told apart by line (dashed: the covered card, solid: its covers), in ink: the
    # card colours mean cards, so the legend never borrows one
    covered, covers = (INK, 1.4, (2.2, 1.6)), (INK, 1.4, None)
    for r in range(rows):  # top row first, so lower rows overlap it
        n = r + 1
        y = h - 3 - ch - r * step_y
        x0 = (pyr_w - n * step_x) / 2 + 0.8 * mm
        for i in range(n):
            x = x0 + i * step_x
            face = bottom[i] if r == rows - 1 else None
            um_card(g, x, y, cw, ch, face[0] if face else None, face[1] if face else 0, lang)
            if r == hi_row and i == hi_i:
                _frame(g, x, y, cw, ch, *covered)
            elif r == hi_row + 1 and i in (hi_i, hi_i + 1):
                _frame(g, x, y, cw, ch, *covers)
    # notes to the right, each after a small picture of what it names
    nx = pyr_w + 8 * mm
    yt = h - 2
    for key in ("top", "cover", "bottom"):
        text = label(labels, key)
        if not text or text == key:
            continue
        if key == "cover":  # a dashed frame under a solid one, as drawn
            _frame(g, nx + 1.4, yt - 9.5, 6, 8, covered[0], 1, covered[2])
            _frame(g, nx + 5.4, yt - 13, 6, 8, covers[0], 1, None)
        elif key == "top":  # a face-down card
            um_card(g, nx + 1.4, yt - 10, 6.5, 8.5, None, 0, lang)
        else:  # a face-up card: white, outlined
            g.add(Rect(nx + 1.4, yt - 10, 6.5, 8.5, rx=1, ry=1, fillColor=PAPER, strokeColor=INK))
        yb = text_block(g, text, nx + 15, yt - 2, note_w - 15, 7.2, SANS, INK, anchor="start")
        yt = yb - 5
    return d


def ultimatch_mixing(labels: dict[str, str], lang: str, width: float = 150 * mm) -> Drawing:
    """Primary + primary = secondary, from the colours' ``mixes`` in the card data (UM-1)."""
    register_fonts()
    mixes = data.colour_mixes()
    cw, ch = 12 * mm, 16 * mm
    row_h = ch + 5 * mm
    h = len(mixes) * row_h + 2
    # columns placed by measured width: card, its name, a gap, the sign, a gap, next card
    names = {c: _colour_info(c, lang)[2] for pair in mixes for c in (pair[0], *pair[1])}
    name_w = max(stringWidth(n, SANS_BOLD, 8) for n in names.values())
    sign_w = max(stringWidth(x, SANS_BOLD, 12) for x in "+=＋＝")
    gap = 2.2 * mm
    step = cw + gap + name_w + gap + sign_w + gap
    w = min(width, max(118 * mm, 2 * step + cw + gap + name_w + gap + 30 * mm))
    d = new_drawing(w, h)
    g = Group()
    d.add(g)
    for k, (secondary, (p1, p2)) in enumerate(mixes):
        y = h - (k + 1) * row_h + 3.5 * mm
        xs = [0, step, 2 * step]
        for x, colour in zip(xs, (p1, p2, secondary), strict=True):
            um_card(g, x, y, cw, ch, colour, 0, lang)
            g.add(
                String(
                    x + cw + gap,
                    y + ch / 2 - 3,
                    names[colour],
                    fontName=SANS_BOLD,
                    fontSize=8,
                    fillColor=INK,
                )
            )
        # Japanese sets maths in full-width signs, as the sheet's text does (赤＋黄＝オレンジ)
        plus, equals = ("＋", "＝") if is_cjk(lang) else ("+", "=")
        for x, sign in ((step - gap - sign_w / 2, plus), (2 * step - gap - sign_w / 2, equals)):
            g.add(
                String(
                    x,
                    y + ch / 2 - 4,
                    sign,
                    fontName=SANS_BOLD,
                    fontSize=12,
                    fillColor=MUTED,
                    textAnchor="middle",
                )
            )
        note = label(labels, "note")
        if k == 0 and note and note != "note":
            nx = 2 * step + cw + gap + name_w + gap
            text_block(g, note, nx, y + ch, max(w - nx, 30 * mm), 7, SANS, MUTED, anchor="start")
    # the numbers on the cards are blanked: colour mixing ignores them
    for node in list(g.contents):
        if isinstance(node, String) and node.text == "0":
            g.contents.remove(node)
    return d
