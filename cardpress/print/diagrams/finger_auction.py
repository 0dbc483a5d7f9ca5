"""Finger Auction's diagram: two bidders' hands and which right hand is blocked (FA-3).

The outcome is the engine's (``adjudicate_auction``), so the picture can never
show a blocked hand the referee would let through.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Group, Path, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardpress.print.diagrams.drawing import arrow, label, new_drawing
from cardpress.print.fonts import SANS, SANS_BOLD, register_fonts
from cardpress.print.palette import ACCENT, BAD, GOOD, INK, MUTED, PAPER


def hand(g: Group, cx: float, base: float, fingers: int, colour, scale: float = 1.0) -> None:
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
        g.add(String(2, y, label(labels, key), fontName=SANS_BOLD, fontSize=9.5, fillColor=INK))
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
        _counted_hand(g, labels, cx, n, colour, key, base, label_y, u)
    # between the rows: each right hand against the left hand facing it
    lo, hi = bot_base + 16 * mm, top_base - 2.5 * mm
    for cx, ok, down in ((col[0], a_ok, False), (col[1], b_ok, True)):
        _verdict(g, labels, cx, ok, down, lo, hi)
    return d


def _counted_hand(
    g: Group,
    labels: dict[str, str],
    cx: float,
    n: int,
    colour,
    key: str,
    base: float,
    label_y: float,
    u: float,
) -> None:
    """One hand in its column: its name ("right"/"left"), the hand and its number."""
    g.add(
        String(
            cx,
            label_y,
            label(labels, key),
            fontName=SANS,
            fontSize=7.6,
            fillColor=MUTED,
            textAnchor="middle",
        )
    )
    hand(g, cx - 4 * mm, base, n, colour, u)
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


def _verdict(
    g: Group, labels: dict[str, str], cx: float, ok: bool, down: bool, lo: float, hi: float
) -> None:
    """The arrow from a left hand to the right hand it tests, and whether that bid stands."""
    colour = GOOD if ok else BAD
    dash = None if ok else (3, 2)
    # down: player 1's left hand tests player 2's right hand; up: the reverse
    start, end = (hi, lo) if down else (lo, hi)
    arrow(g, cx - 4 * mm, start, cx - 4 * mm, end, colour, 1.3, 5, dash)
    word = label(labels, "valid" if ok else "blocked")
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
