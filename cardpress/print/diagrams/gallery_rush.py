"""Gallery Rush's diagram: a turn as a flow chart, explore or nominate and every outcome."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Group, Line, Path, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm

from cardpress.print.diagrams.drawing import arrow, label, new_drawing, text_block, text_height
from cardpress.print.fonts import SANS, SANS_BOLD, register_fonts
from cardpress.print.palette import (
    ACCENT,
    BAD,
    BAD_BG,
    BLUE,
    BLUE_BG,
    GOOD,
    GOOD_BG,
    INK,
    MUTED,
    PAPER,
    SOFT,
)


def _box(
    g: Group,
    x: float,
    y_top: float,
    w: float,
    text: str,
    *,
    fill=SOFT,
    stroke=ACCENT,
    size: float = 7.4,
    font: str = SANS,
    colour=INK,
    pad: float = 4,
    min_h: float = 0,
    title: str = "",
) -> float:
    """A rounded box with wrapped text, top-left at (x, y_top); returns its height."""
    th = text_height(title, w - 2 * pad, size + 0.6, SANS_BOLD) if title else 0
    bh = text_height(text, w - 2 * pad, size, font) if text else 0
    h = max(min_h, th + bh + 2 * pad)
    g.add(Rect(x, y_top - h, w, h, rx=4, ry=4, fillColor=fill, strokeColor=stroke, strokeWidth=0.8))
    y = y_top - pad
    if title:
        text_block(g, title, x + w / 2, y, w - 2 * pad, size + 0.6, SANS_BOLD, colour)
        y -= th
    if text:
        text_block(g, text, x + w / 2, y, w - 2 * pad, size, font, colour)
    return h


def _elbow(g: Group, points: list[tuple[float, float]], colour, w: float = 0.9) -> None:
    """A line through ``points`` whose last segment ends in an arrowhead."""
    p = Path(strokeColor=colour, strokeWidth=w, fillColor=None)
    p.moveTo(*points[0])
    for pt in points[1:-1]:
        p.lineTo(*pt)
    g.add(p)
    arrow(g, *points[-2], *points[-1], colour, w)


def gallery_rush_flow(labels: dict[str, str], width: float = 150 * mm) -> Drawing:
    """A Gallery Rush turn: explore or nominate, and an arrow to and from every outcome.

    Each action's outcomes hang off a trunk on their left; each outcome leaves on
    its right into a collector that ends the turn, except "continue", which goes
    back up to explore.
    """
    register_fonts()
    pad = 1.5 * mm  # right: the nominate column's collector
    w = min(width - pad, 160 * mm)
    gap = 7 * mm  # between the columns: the explore column's collector
    ex_w = (w - gap) * 0.58  # the explore column
    no_w = w - gap - ex_w  # the nominate column
    no_x = ex_w + gap
    indent = 5 * mm  # outcomes sit right of their action's trunk
    vgap = 4.2 * mm
    size = 6.8
    g = Group()
    top = 0.0
    sw = 70 * mm
    h0 = _box(
        g,
        (w - sw) / 2,
        top,
        sw,
        label(labels, "start"),
        fill=ACCENT,
        stroke=ACCENT,
        colour=PAPER,
        font=SANS_BOLD,
        size=7.8,
        pad=3.2,
    )
    y = top - h0 - vgap
    action = {"fill": BLUE_BG, "stroke": BLUE, "size": size, "pad": 3.2}
    actions = ((0.0, ex_w, "explore"), (no_x, no_w, "nominate"))
    ha = max(
        _box(Group(), 0, 0, bw, label(labels, k), title=label(labels, k + "-title"), **action)
        for _x, bw, k in actions
    )
    for x, bw, k in actions:
        _box(g, x, y, bw, label(labels, k), title=label(labels, k + "-title"), min_h=ha, **action)
    arrow(g, w / 2 - 10 * mm, top - h0, ex_w / 2, y, ACCENT)
    arrow(g, w / 2 + 10 * mm, top - h0, no_x + no_w / 2, y, ACCENT)
    exits: list[tuple[float, float, float]] = []  # (right edge, mid y, collector x) per outcome
    bottoms = []
    for x0, col_w, keys, collector in (
        (0.0, ex_w, ("new", "same", "forgery", "mona"), ex_w + gap / 2),
        (no_x, no_w, ("hit", "miss"), w + pad / 2 + 0.4 * mm),
    ):
        column = (x0, col_w, indent, vgap, size)
        bottoms.append(_outcomes(g, labels, keys, collector, y - ha, column, exits))
    yb = min(bottoms) - vgap - 2 * mm
    ew = min(w, 120 * mm)
    ex0 = (w - ew) / 2
    he2 = _box(
        g,
        ex0,
        yb,
        ew,
        label(labels, "end"),
        fill=ACCENT,
        stroke=ACCENT,
        colour=PAPER,
        size=7.4,
        font=SANS_BOLD,
        pad=3.2,
    )
    _collect(g, exits, ex0, ew, yb, he2)
    total_h = -(yb - he2) + 2
    d = new_drawing(w + pad + 1 * mm, total_h)
    g.translate(0, total_h - 1)
    d.add(g)
    return d


#: an outcome's box colours (fill, line): green goes on, red ends the turn
OUTCOME_COLOURS = {
    "new": (GOOD_BG, GOOD),
    "same": (BAD_BG, BAD),
    "forgery": (BAD_BG, BAD),
    "mona": (colors.HexColor("#fdf5e2"), colors.HexColor("#b88a1e")),
    "hit": (GOOD_BG, GOOD),
    "miss": (BAD_BG, BAD),
}


def _outcomes(
    g: Group,
    labels: dict[str, str],
    keys: tuple[str, ...],
    collector: float,
    below: float,
    column: tuple[float, float, float, float, float],
    exits: list[tuple[float, float, float]],
) -> float:
    """One action's outcomes down its trunk from ``below`` (the action box's foot).

    Appends each outcome's way out to ``exits``; returns the column's bottom.
    """
    x0, col_w, indent, vgap, size = column
    trunk = x0 + indent / 2
    yy = below - vgap
    for key in keys:
        fill, stroke = OUTCOME_COLOURS[key]
        bx, bw = x0 + indent, col_w - indent
        bh = _box(
            g,
            bx,
            yy,
            bw,
            label(labels, key),
            title=label(labels, key + "-title"),
            fill=fill,
            stroke=stroke,
            size=size,
            pad=3,
        )
        mid = yy - bh / 2
        arrow(g, trunk, mid, bx - 0.3, mid, ACCENT)
        exits.append((bx + bw, mid, collector))  # to the turn's end (banking, for "new")
        if key == "new":  # "continue": straight back up into explore
            cx = bx + bw - 9 * mm
            arrow(g, cx, yy, cx, below - 0.3, GOOD, 1)
            g.add(
                String(
                    cx - 1.5,
                    yy + vgap / 2 - 2.3,
                    label(labels, "again"),
                    fontName=SANS_BOLD,
                    fontSize=6.5,
                    fillColor=GOOD,
                    textAnchor="end",
                )
            )
        last_mid = mid
        yy -= bh + 2.5 * mm
    g.add(Line(trunk, below, trunk, last_mid, strokeColor=ACCENT, strokeWidth=0.9))
    return yy + 2.5 * mm


def _collect(
    g: Group, exits: list[tuple[float, float, float]], ex0: float, ew: float, yb: float, he2: float
) -> None:
    """Every outcome that ends the turn: a stub right into its column's collector, and
    each collector down into the end box (from the side when it runs past the box)."""
    for right, mid, collector in exits:
        g.add(Line(right, mid, collector, mid, strokeColor=MUTED, strokeWidth=0.8))
    for collector in sorted({c for _r, _m, c in exits}):
        top_y = max(m for _r, m, c in exits if c == collector)
        if ex0 <= collector <= ex0 + ew:
            arrow(g, collector, top_y, collector, yb + 0.3, MUTED, 0.8)
        else:  # beyond the end box: down beside it, then in from the side
            side = ex0 + ew + 0.3 if collector > ex0 else ex0 - 0.3
            turn = yb - min(he2 / 2, 3 * mm)
            _elbow(g, [(collector, top_y), (collector, turn), (side, turn)], MUTED, 0.8)
