"""Rule-sheet diagrams drawn from data, as ReportLab Drawings.

Each function returns a ``reportlab.graphics.shapes.Drawing`` built from the
card data (painter and colour RGBs, colour mixes, card symbols), the engines
(which right hand a two-hand auction blocks, what a play matches) and the
labels the rule template supplies in the document's language. The same
Drawing is embedded in the PDF and, through ``renderSVG``, in the referee's
HTML rules page. Only the registered TrueType fonts are used.

``draw(diagram, lang, width)`` dispatches on a document ``Diagram``'s kind:

* ``fa-two-hands``  :func:`finger_auction_two_hands`
* ``gr-flow``       :func:`gallery_rush_flow`
* ``um-pyramid``    :func:`ultimatch_pyramid`
* ``um-mixing``     :func:`ultimatch_mixing`
* ``de-table``      :func:`detective_eye_table`
* ``es-anatomy``    :func:`eshi100_anatomy`
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Path, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardpress.print.fonts import DISPLAY, DISPLAY_BOLD, SANS, SANS_BOLD, register_fonts
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
from cardpress.print.typography import typographic
from cardpress.rules import data
from cardpress.rules.kinsoku import is_cjk, line_breaks
from cardpress.rules.model import Diagram

# --------------------------------------------------------------------------- text helpers


def _is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x3000


#: closing marks that hang at the end of a line rather than start the next (kinsoku)
_HANGING = frozenset("、。」）』")


def fill_lines(tokens: list[str], font: str, size: float, width: float) -> list[str]:
    """Fill lines greedily with ``tokens``, each no wider than ``width`` when it can be.

    The rule sheet breaks its URL with this too, so captions and URL agree on
    what fits. A space never starts a line; a closing mark hangs past the edge.
    """
    lines: list[str] = []
    line = ""
    for tok in tokens:
        trial = line + tok
        if line and stringWidth(trial.rstrip(), font, size) > width:
            if tok in _HANGING:
                line = trial
                continue
            lines.append(line.rstrip())
            line = "" if tok == " " else tok
        else:
            line = trial
    lines.append(line.rstrip())
    return lines


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` with the project's one line breaker.

    Japanese follows kinsoku (``cardpress.rules.kinsoku.line_breaks``), other
    languages break at spaces; a word wider than the line is split.
    """
    text = typographic(text)
    chars = list(text)
    widths = [stringWidth(ch, font, size) for ch in chars]
    return [text[a:b].strip() for a, b in line_breaks(chars, widths, width)]


def text_block(
    g: Group,
    text: str,
    x: float,
    y_top: float,
    width: float,
    size: float = 7.5,
    font: str = SANS,
    colour=INK,
    anchor: str = "middle",
    leading: float | None = None,
) -> float:
    """Draw wrapped text with its first line's top at ``y_top``; returns the bottom y."""
    leading = leading or size * 1.28
    y = y_top - size
    for line in wrap(text, font, size, width):
        g.add(String(x, y, line, fontName=font, fontSize=size, fillColor=colour, textAnchor=anchor))
        y -= leading
    return y + leading - size * 0.3


def text_height(text: str, width: float, size: float = 7.5, font: str = SANS) -> float:
    return len(wrap(text, font, size, width)) * size * 1.28


def arrow(
    g: Group,
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    colour=ACCENT,
    w: float = 0.9,
    head: float = 4.0,
    dash: tuple[float, ...] | None = None,
) -> None:
    line = Line(x1, y1, x2, y2, strokeColor=colour, strokeWidth=w)
    if dash:
        line.strokeDashArray = list(dash)
    g.add(line)
    ang = math.atan2(y2 - y1, x2 - x1)
    pts = [
        x2,
        y2,
        x2 - head * math.cos(ang - 0.42),
        y2 - head * math.sin(ang - 0.42),
        x2 - head * math.cos(ang + 0.42),
        y2 - head * math.sin(ang + 0.42),
    ]
    g.add(Polygon(pts, fillColor=colour, strokeColor=colour, strokeWidth=0.3))


def new_drawing(width: float, height: float) -> Drawing:
    """A Drawing whose initial font is a registered one (never Helvetica)."""
    register_fonts()
    d = Drawing(width, height)
    d.initialFontName = SANS
    d.initialFontSize = 8
    return d


def _label(labels: dict[str, str], key: str) -> str:
    return labels.get(key, key)


# --------------------------------------------------------------------------- Finger Auction


def _hand(g: Group, cx: float, base: float, fingers: int, colour, scale: float = 1.0) -> None:
    """A stylised raised hand: a palm and ``fingers`` raised fingers (thumb counts)."""
    pw, ph = 15 * scale, 11 * scale
    g.add(
        Rect(
            cx - pw / 2,
            base,
            pw,
            ph,
            rx=3 * scale,
            ry=3 * scale,
            fillColor=colour,
            strokeColor=None,
        )
    )
    fw, gap = 2.6 * scale, 0.9 * scale
    lengths = [9.5, 11, 10, 8]  # index .. little finger, in mm-ish units
    shown = min(fingers, 5)
    # four fingers across the top, the thumb on the side when five are shown
    up = min(shown, 4)
    total = 4 * fw + 3 * gap
    x0 = cx - total / 2
    for i in range(4):
        x = x0 + i * (fw + gap)
        raised = i < up
        length = (lengths[i] if raised else 2.2) * scale
        g.add(
            Rect(
                x,
                base + ph - 1.5 * scale,
                fw,
                length + 1.5 * scale,
                rx=fw / 2,
                ry=fw / 2,
                fillColor=colour,
                strokeColor=None,
            )
        )
    if shown == 5:
        tx = cx + pw / 2 - 1.0 * scale
        p = Path(fillColor=colour, strokeColor=None)
        p.moveTo(tx, base + 3 * scale)
        p.lineTo(tx + 6.5 * scale, base + 9.5 * scale)
        p.lineTo(tx + 4.5 * scale, base + 11.5 * scale)
        p.lineTo(tx - 0.5 * scale, base + 7.5 * scale)
        p.closePath()
        g.add(p)


def finger_auction_two_hands(
    a_right: int,
    a_left: int,
    b_right: int,
    b_left: int,
    labels: dict[str, str],
    width: float = 120 * mm,
    field: int = 7,
) -> Drawing:
    """Two bidders' hands, right over left, and which right hand the engine blocks (FA-3)."""
    register_fonts()
    from cardpress.games.finger_auction import TwoHands, adjudicate_auction

    outcome = adjudicate_auction(
        field, {"a": TwoHands(a_right, a_left), "b": TwoHands(b_right, b_left)}
    )
    a_ok = a_right != b_left
    b_ok = b_right != a_left
    w = min(width, 125 * mm)
    h = 68 * mm
    d = new_drawing(w, h)
    g = Group()
    d.add(g)
    name_w = 26 * mm
    col = [name_w + (w - name_w) * 0.27, name_w + (w - name_w) * 0.73]
    u = 0.62 * mm  # the hand's drawing unit
    top_base, bot_base = 44 * mm, 9 * mm  # where the palms sit
    right_c, left_c = ACCENT, colors.HexColor("#8a8fa3")
    for y, key in ((top_base + 5 * mm, "a"), (bot_base + 5 * mm, "b")):
        g.add(String(2, y, _label(labels, key), fontName=SANS_BOLD, fontSize=9.5, fillColor=INK))
    g.add(
        String(
            2,
            h - 5 * mm,
            " · ".join(outcome.rule_ids),
            fontName=SANS,
            fontSize=6.5,
            fillColor=MUTED,
        )
    )
    hands = (
        # (column, fingers, colour, label key, palm y, label y)
        (col[0], a_right, right_c, "right", top_base, h - 5 * mm),
        (col[1], a_left, left_c, "left", top_base, h - 5 * mm),
        (col[0], b_left, left_c, "left", bot_base, 2.5 * mm),
        (col[1], b_right, right_c, "right", bot_base, 2.5 * mm),
    )
    for cx, n, colour, key, base, label_y in hands:
        g.add(
            String(
                cx,
                label_y,
                _label(labels, key),
                fontName=SANS,
                fontSize=7.6,
                fillColor=MUTED,
                textAnchor="middle",
            )
        )
        _hand(g, cx - 4 * mm, base, n, colour, u)
        g.add(
            String(
                cx + 7 * mm,
                base + 2.2 * mm,
                str(n),
                fontName=SANS_BOLD,
                fontSize=17,
                fillColor=colour,
                textAnchor="middle",
            )
        )
    # between the rows: each right hand against the left hand facing it
    lo, hi = bot_base + 16 * mm, top_base - 2.5 * mm
    for cx, ok, down in ((col[0], a_ok, False), (col[1], b_ok, True)):
        colour = GOOD if ok else BAD
        dash = None if ok else (3, 2)
        # down: player 1's left hand tests player 2's right hand; up: the reverse
        start, end = (hi, lo) if down else (lo, hi)
        arrow(g, cx - 4 * mm, start, cx - 4 * mm, end, colour, 1.3, 5, dash)
        word = _label(labels, "valid" if ok else "blocked")
        mark = "○" if ok else "×"
        y = (lo + hi) / 2 - 3
        bw = stringWidth(mark + " " + word, SANS_BOLD, 8.5) + 10
        g.add(
            Rect(
                cx - 1 * mm,
                y - 4,
                bw,
                14,
                rx=4,
                ry=4,
                fillColor=PAPER,
                strokeColor=colour,
                strokeWidth=0.9,
            )
        )
        g.add(
            String(
                cx - 1 * mm + 5,
                y,
                f"{mark} {word}",
                fontName=SANS_BOLD,
                fontSize=8.5,
                fillColor=colour,
            )
        )
    return d


# --------------------------------------------------------------------------- Gallery Rush


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
        _label(labels, "start"),
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
        _box(Group(), 0, 0, bw, _label(labels, k), title=_label(labels, k + "-title"), **action)
        for _x, bw, k in actions
    )
    for x, bw, k in actions:
        _box(g, x, y, bw, _label(labels, k), title=_label(labels, k + "-title"), min_h=ha, **action)
    arrow(g, w / 2 - 10 * mm, top - h0, ex_w / 2, y, ACCENT)
    arrow(g, w / 2 + 10 * mm, top - h0, no_x + no_w / 2, y, ACCENT)
    outcome_fill = {
        "new": (GOOD_BG, GOOD),
        "same": (BAD_BG, BAD),
        "forgery": (BAD_BG, BAD),
        "mona": (colors.HexColor("#fdf5e2"), colors.HexColor("#b88a1e")),
        "hit": (GOOD_BG, GOOD),
        "miss": (BAD_BG, BAD),
    }
    exits: list[tuple[float, float, float]] = []  # (right edge, mid y, collector x) per outcome
    bottoms = []
    for x0, col_w, keys, collector in (
        (0.0, ex_w, ("new", "same", "forgery", "mona"), ex_w + gap / 2),
        (no_x, no_w, ("hit", "miss"), w + pad / 2 + 0.4 * mm),
    ):
        trunk = x0 + indent / 2
        yy = y - ha - vgap
        for key in keys:
            fill, stroke = outcome_fill[key]
            bx, bw = x0 + indent, col_w - indent
            bh = _box(
                g,
                bx,
                yy,
                bw,
                _label(labels, key),
                title=_label(labels, key + "-title"),
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
                arrow(g, cx, yy, cx, y - ha - 0.3, GOOD, 1)
                g.add(
                    String(
                        cx - 1.5,
                        yy + vgap / 2 - 2.3,
                        _label(labels, "again"),
                        fontName=SANS_BOLD,
                        fontSize=6.5,
                        fillColor=GOOD,
                        textAnchor="end",
                    )
                )
            last_mid = mid
            yy -= bh + 2.5 * mm
        g.add(Line(trunk, y - ha, trunk, last_mid, strokeColor=ACCENT, strokeWidth=0.9))
        bottoms.append(yy + 2.5 * mm)
    yb = min(bottoms) - vgap - 2 * mm
    ew = min(w, 120 * mm)
    ex0 = (w - ew) / 2
    he2 = _box(
        g,
        ex0,
        yb,
        ew,
        _label(labels, "end"),
        fill=ACCENT,
        stroke=ACCENT,
        colour=PAPER,
        size=7.4,
        font=SANS_BOLD,
        pad=3.2,
    )
    # every outcome that ends the turn: a stub right into its column's collector
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
    total_h = -(yb - he2) + 2
    d = new_drawing(w + pad + 1 * mm, total_h)
    g.translate(0, total_h - 1)
    d.add(g)
    return d


# --------------------------------------------------------------------------- Ultimatch


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
    return c.rgb, c.symbol, c.name[lang] if lang in ("ja", "en") else c.name.en


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
        text = _label(labels, key)
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
        note = _label(labels, "note")
        if k == 0 and note and note != "note":
            nx = 2 * step + cw + gap + name_w + gap
            text_block(g, note, nx, y + ch, max(w - nx, 30 * mm), 7, SANS, MUTED, anchor="start")
    # the numbers on the cards are blanked: colour mixing ignores them
    for node in list(g.contents):
        if isinstance(node, String) and node.text == "0":
            g.contents.remove(node)
    return d


# --------------------------------------------------------------------------- Detective Eye


def _tr_card(g: Group, x: float, y: float, w: float, h: float, kind: str, colour=None) -> None:
    """A small Triptych card: ``back`` (face down), ``face`` (a painting) or ``forgery``."""
    from cardpress.print.faces_triptych import FORGERY_FRAME, STAMP_RED

    deck = data.catalogue().triptych
    if kind == "back":
        fill = colors.HexColor(deck.back_rgb)
    elif kind == "forgery":  # the forgery's charcoal frame
        fill = colors.Color(*FORGERY_FRAME)
    else:
        fill = colour
    g.add(Rect(x, y, w, h, rx=1.2, ry=1.2, fillColor=fill, strokeColor=PAPER, strokeWidth=0.6))
    if kind == "forgery":  # the red stamp across it
        g.add(Rect(x + 1, y + h * 0.4, w - 2, h * 0.2, fillColor=colors.Color(*STAMP_RED)))
    elif kind == "face":
        g.add(Rect(x + 1, y + h * 0.3, w - 2, h * 0.5, fillColor=PAPER, strokeColor=None))


def _row(g, x, y, n, kind, w, h, step, colours=()) -> float:
    """``n`` cards from (x, y), ``step`` apart; returns the right edge."""
    for i in range(n):
        colour = colours[i % len(colours)] if colours else None
        _tr_card(g, x + i * step, y, w, h, kind, colour)
    return x + (n - 1) * step + w


def detective_eye_table(labels: dict[str, str], width: float = 150 * mm) -> Drawing:
    """Where everything lies at a Detective Eye table, seen from above (DE-S, DE-T, DE-H5).

    You sit at the bottom; your hand faces you, your placed cards lie face down in
    front of you, the forgeries you took lie apart; the supply is in the middle and
    the paintings nobody was dealt stay out of the game.
    """
    register_fonts()
    deck = data.catalogue().triptych
    painters = [colors.HexColor(p.rgb) for p in deck.painters]
    w = min(width, 160 * mm)
    cw, ch = 6.5 * mm, 9 * mm
    size = 6.8
    table_x, table_w = 24 * mm, w - 48 * mm
    table_y, table_h = 15 * mm, 58 * mm
    h = table_y + table_h + ch + 3 * mm
    d = new_drawing(w, h)
    g = Group()
    d.add(g)
    g.add(
        Rect(
            table_x,
            table_y,
            table_w,
            table_h,
            rx=8,
            ry=8,
            fillColor=SOFT,
            strokeColor=MUTED,
            strokeWidth=0.6,
        )
    )
    cx = table_x + table_w / 2
    note = {"size": size, "font": SANS, "colour": INK}

    def say(key: str, x: float, y_top: float, wide: float, anchor: str = "start") -> float:
        return text_block(g, _label(labels, key), x, y_top, wide, anchor=anchor, **note)

    # you: the hand under the table edge, face up; placed cards face down in front of you
    hand_x = cx - 2 * 3.6 * mm - cw / 2
    right = _row(g, hand_x, 1 * mm, 5, "face", cw, ch, 3.6 * mm, painters)
    say("hand", right + 2 * mm, 1 * mm + ch - 1, w - right - 4 * mm)
    placed_y = table_y + 3 * mm
    right = _row(g, cx - cw - 1 * mm, placed_y, 2, "back", cw, ch, cw + 2 * mm)
    say("placed", table_x + 3 * mm, placed_y + ch - 1, cx - cw - table_x - 7 * mm)
    # the forgeries you took: apart from the hand, never placed
    fx = right + 9 * mm
    _tr_card(g, fx, placed_y, cw, ch, "forgery")
    say("taken", fx + cw + 2 * mm, placed_y + ch - 1, table_x + table_w - fx - cw - 4 * mm)
    # the supply in the middle
    sy = table_y + table_h / 2 - ch / 2 + 2 * mm
    _row(g, cx - 1.5 * cw - 2 * mm, sy, 3, "forgery", cw, ch, cw + 2 * mm)
    say("supply", cx, sy - 1.5 * mm, 60 * mm, anchor="middle")
    # opponents: hands of backs outside the table, a placed card inside its edge
    top_y = table_y + table_h + 2 * mm
    _row(g, cx - 2 * 2.6 * mm - cw / 2, top_y, 5, "back", cw, ch, 2.6 * mm)
    _tr_card(g, cx - cw / 2, table_y + table_h - ch - 3 * mm, cw, ch, "back")
    side_y = sy  # the side players' cards level with the supply
    for hx, px in (
        (2 * mm, table_x + 3 * mm),
        (w - 2 * mm - cw - 4 * 2.2 * mm, table_x + table_w - 3 * mm - cw),
    ):
        _row(g, hx, side_y, 5, "back", cw, ch, 2.2 * mm)
        _tr_card(g, px, side_y, cw, ch, "back")
    left_w = table_x - 3 * mm
    left_h = text_height(_label(labels, "left"), left_w, size)
    say("left", 2 * mm, side_y + ch + 1.5 * mm + left_h, left_w)
    # the paintings nobody was dealt: out of the game, in a corner
    ox = table_x + table_w - cw - 5 * mm
    oy = table_y + table_h - ch - 3 * mm
    for k in range(3):
        _tr_card(g, ox + k * 1.2, oy + k * 1.2, cw, ch, "back")
    say("out", ox - 2 * mm, oy + ch - 1, 30 * mm, anchor="end")
    # the pass: once, at the start, two cards to the player on your left
    turn_y = 1 * mm + ch * 0.85
    p = Path(strokeColor=BLUE, strokeWidth=1, fillColor=None, strokeDashArray=[3, 2])
    p.moveTo(hand_x - 1 * mm, turn_y)
    p.lineTo(8 * mm, turn_y)
    g.add(p)
    arrow(g, 8 * mm, turn_y, 8 * mm, side_y - 1.5 * mm, BLUE, 1)
    wide = hand_x - 13 * mm
    text_block(
        g, _label(labels, "pass"), 10 * mm, turn_y - 1.5 * mm, wide, size, SANS, BLUE, "start"
    )
    return d


# --------------------------------------------------------------------------- 絵師100人展


#: the parts of a card the anatomy diagram numbers, in reading order
ANATOMY = ("bid", "title", "icons", "picture", "effects", "number", "qr")


def _marker(g: Group, n: int, x: float, y: float) -> None:
    g.add(Circle(x, y, 2.3 * mm, fillColor=ACCENT, strokeColor=PAPER, strokeWidth=0.8))
    g.add(
        String(
            x,
            y - 2.6,
            str(n),
            fontName=SANS_BOLD,
            fontSize=7.5,
            fillColor=PAPER,
            textAnchor="middle",
        )
    )


def eshi100_anatomy(
    labels: dict[str, str], lang: str, card_id: str = "", width: float = 150 * mm
) -> Drawing:
    """One proxy card drawn from its data, its parts numbered and explained (ES-C2).

    The card is a sketch of ``faces_eshi100``'s layout: bid coin, title and flower
    icons in the header, the picture with its PROXY band, the effects, the
    catalogue number and the QR code; the texts stay off the sketch, in the list.
    """
    register_fonts()
    from cardpress.print.faces_eshi100 import GOLD
    from cardpress.print.typeset import label as card_label

    deck = data.catalogue().eshi100
    types = deck.types
    card = next((c for c in types if c.id == card_id), None) or max(
        types, key=lambda c: (len(c.icons), c.bit is not None, c.settlement is not None)
    )
    plum = colors.HexColor(deck.back_rgb)
    gold = colors.Color(*GOLD)
    cw, chh = 42 * mm, 58.8 * mm
    x0, y0 = 2 * mm, 7 * mm  # room under the card and over it for the markers
    top = y0 + chh
    side, header = 2 * mm, 10 * mm
    list_x = x0 + cw + 10 * mm
    list_w = min(width, 160 * mm) - list_x
    size = 7.2
    # the list first: its height may set the drawing's
    items = [(k, _label(labels, k)) for k in ANATOMY]
    list_h = sum(text_height(t, list_w - 7 * mm, size) + 2.2 * mm for _k, t in items)
    h = max(top + 7 * mm, list_h + 4 * mm)
    d = new_drawing(list_x + list_w, h)
    g = Group()
    d.add(g)
    # the card
    g.add(Rect(x0, y0, cw, chh, rx=2.5 * mm, ry=2.5 * mm, fillColor=plum, strokeColor=None))
    panel_top = top - header
    g.add(
        Rect(
            x0 + side,
            y0 + side,
            cw - 2 * side,
            panel_top - y0 - side,
            rx=1.2 * mm,
            ry=1.2 * mm,
            fillColor=colors.HexColor("#f7f2e7"),
            strokeColor=None,
        )
    )
    coin = (x0 + side + 3.8 * mm, top - header / 2, 3.4 * mm)
    g.add(Circle(*coin, fillColor=gold, strokeColor=None))
    g.add(
        String(
            coin[0],
            coin[1] - 3.2,
            str(card.bid),
            fontName=SANS_BOLD,
            fontSize=10,
            fillColor=INK,
            textAnchor="middle",
        )
    )
    icon_r = 2.1 * mm
    ix = x0 + cw - side - icon_r - 0.5 * mm
    icon_xs = []
    for icon in reversed(card.icons):
        col = colors.HexColor(deck.catalogue.icon(icon).rgb)
        g.add(
            Circle(
                ix,
                top - header / 2,
                icon_r,
                fillColor=colors.white,
                strokeColor=col,
                strokeWidth=0.8,
            )
        )
        for k in range(5):  # five petals
            a = math.radians(90 + k * 72)
            cx, cy = (
                ix + math.cos(a) * icon_r * 0.42,
                top - header / 2 + math.sin(a) * icon_r * 0.42,
            )
            g.add(Circle(cx, cy, icon_r * 0.36, fillColor=col, strokeColor=None))
        icon_xs.append(ix)
        ix -= 2 * icon_r + 0.8 * mm
    tx = coin[0] + coin[2] + 1.5 * mm
    # the title as bars: a sketch, its words are in the list
    tw = ix + icon_r - tx - 0.5 * mm
    for k, frac in enumerate((1.0, 0.6)):
        g.add(
            Rect(
                tx,
                top - header / 2 + 0.6 * mm - k * 2.2 * mm,
                tw * frac,
                1.2 * mm,
                fillColor=colors.Color(1, 1, 1, 0.85),
                strokeColor=None,
            )
        )
    # the picture, with its PROXY band
    px, pw = x0 + side + 1.5 * mm, cw - 2 * side - 3 * mm
    ph = 20 * mm
    py = panel_top - 1.5 * mm - ph
    first = colors.HexColor(deck.catalogue.icon(card.icons[0]).rgb) if card.icons else plum
    g.add(
        Rect(
            px,
            py,
            pw,
            ph,
            fillColor=colors.linearlyInterpolatedColor(first, colors.white, 0, 1, 0.75),
            strokeColor=plum,
            strokeWidth=0.6,
        )
    )
    proxy = typographic(card_label(lang, "PROXY"))
    band_w = stringWidth(proxy, SANS_BOLD, 6) + 3 * mm
    g.add(Rect(px, py + ph - 3.4 * mm, band_w, 3.4 * mm, fillColor=plum, strokeColor=None))
    g.add(
        String(
            px + 1.5 * mm,
            py + ph - 2.5 * mm,
            proxy,
            fontName=SANS_BOLD,
            fontSize=6,
            fillColor=PAPER,
        )
    )
    # effects: headed boxes of text, sketched as bars
    ey = py - 1.5 * mm
    eh = 13 * mm
    g.add(
        Rect(
            px, ey - eh, pw, eh, rx=1, ry=1, fillColor=colors.HexColor("#efe7ec"), strokeColor=None
        )
    )
    for k in range(4):
        g.add(
            Rect(
                px + 1.5 * mm,
                ey - 2.5 * mm - k * 2.6 * mm,
                (pw - 3 * mm) * (0.9 if k % 2 else 0.55),
                1.1 * mm,
                fillColor=MUTED if k % 2 else plum,
                strokeColor=None,
            )
        )
    # number and QR code at the foot
    qs = 9 * mm
    qx, qy = x0 + cw - side - 1.2 * mm - qs, y0 + side + 1.2 * mm
    g.add(Rect(qx, qy, qs, qs, fillColor=colors.white, strokeColor=None))
    for fx, fy in ((0, 0), (0, 1), (1, 1)):  # the three finder squares
        bx, by = qx + 0.5 * mm + fx * (qs - 3.5 * mm), qy + 0.5 * mm + fy * (qs - 3.5 * mm)
        g.add(Rect(bx, by, 2.5 * mm, 2.5 * mm, fillColor=None, strokeColor=INK, strokeWidth=0.9))
    rng = random.Random(card.id)
    for i in range(5):
        for j in range(5):
            if (
                rng.random() < 0.45
                and not (i < 2 and j < 2)
                and not (i < 2 and j > 2)
                and not (i > 2 and j > 2)
            ):
                g.add(
                    Rect(
                        qx + 1.5 * mm + i * 1.2 * mm,
                        qy + 1.5 * mm + j * 1.2 * mm,
                        1.1 * mm,
                        1.1 * mm,
                        fillColor=INK,
                        strokeColor=None,
                    )
                )
    g.add(String(px, qy + qs - 3 * mm, card.number, fontName=SANS_BOLD, fontSize=8, fillColor=plum))
    # markers: over the card for the header, right of it for the body, under it for the foot
    above, beside, below = top + 3.5 * mm, x0 + cw + 3.8 * mm, y0 - 3.6 * mm
    spots = {
        "bid": ((coin[0], above), (coin[0], coin[1] + coin[2])),
        "title": ((tx + tw / 2, above), (tx + tw / 2, top - 1 * mm)),
        "icons": (
            (icon_xs[-1] if icon_xs else ix, above),
            (icon_xs[-1] if icon_xs else ix, top - header / 2 + icon_r),
        ),
        "picture": ((beside, py + ph / 2), (px + pw, py + ph / 2)),
        "effects": ((beside, ey - eh / 2), (px + pw, ey - eh / 2)),
        "number": ((px + 3 * mm, below), (px + 3 * mm, qy + qs - 3.4 * mm)),
        "qr": ((qx + qs / 2, below), (qx + qs / 2, qy)),
    }
    for n, key in enumerate(ANATOMY, 1):
        (mx, my), (ax, ay) = spots[key]
        g.add(Line(mx, my, ax, ay, strokeColor=ACCENT, strokeWidth=0.7))
        _marker(g, n, mx, my)
    # the list
    y = h - 2 * mm
    for n, (_key, text) in enumerate(items, 1):
        _marker(g, n, list_x + 2.3 * mm, y - 2.3 * mm)
        y = (
            text_block(
                g,
                text,
                list_x + 7 * mm,
                y - 0.2 * mm,
                list_w - 7 * mm,
                size,
                SANS,
                INK,
                anchor="start",
            )
            - 2.2 * mm
        )
    return d


# --------------------------------------------------------------------------- dispatch


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
