"""Detective Eye's diagram: where everything lies at the table, seen from above."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Group, Path, Rect
from reportlab.lib import colors
from reportlab.lib.units import mm

from cardpress.print.diagrams.drawing import (
    arrow,
    balanced_width,
    label,
    new_drawing,
    text_block,
    text_height,
)
from cardpress.print.fonts import SANS, register_fonts
from cardpress.print.palette import BLUE, INK, MUTED, PAPER, SOFT
from cardpress.rules import data


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


#: the narrowest the table is laid out (a booklet's half page is narrower: scaled down)
MIN_W = 130 * mm
#: the width the supply's label may wrap to, under the supply
SUPPLY_W = 60 * mm


def detective_eye_table(labels: dict[str, str], width: float = 150 * mm) -> Drawing:
    """Where everything lies at a Detective Eye table, seen from above (DE-S, DE-T, DE-H5).

    You sit at the bottom; your hand faces you, your placed cards lie face down in
    front of you, the forgeries you took lie apart; the supply is in the middle and
    the paintings nobody was dealt stay out of the game.
    """
    register_fonts()
    deck = data.catalogue().triptych
    painters = [colors.HexColor(p.rgb) for p in deck.painters]
    # narrower than MIN_W its labels would wrap a word a line and run out of the
    # drawing: it is laid out at MIN_W and set smaller
    w = max(MIN_W, min(width, 160 * mm))
    cw, ch = 6.5 * mm, 9 * mm
    size = 6.8
    table_x, table_w = 24 * mm, w - 48 * mm
    table_y = 15 * mm
    cx = table_x + table_w / 2
    # your zone, bottom up: the placed cards in front of you, and at the table's right
    # edge the forgeries you took with their label standing over them; the supply sits
    # clear above that label (measured: a narrow layout wraps it over more lines and
    # the table grows), never beside it, where its words ran down over your hand's
    placed_y = table_y + 3 * mm
    placed_right = cx - cw - 1 * mm + 2 * cw + 2 * mm
    inner_right = table_x + table_w - 3 * mm
    taken_w = balanced_width(label(labels, "taken"), inner_right - placed_right - 3 * mm, size)
    taken_top = placed_y + ch + 1.5 * mm + text_height(label(labels, "taken"), taken_w, size)
    supply_h = text_height(label(labels, "supply"), SUPPLY_W, size)
    sy = max(table_y + 26.5 * mm, taken_top + supply_h + 3 * mm)
    table_h = sy - table_y + 31.5 * mm
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
    note = {"size": size, "font": SANS, "colour": INK}

    def say(key: str, x: float, y_top: float, wide: float, anchor: str = "start") -> float:
        """A label in ``wide`` points, its lines evened out (as many as ``wide`` sets)."""
        text = label(labels, key)
        wide = balanced_width(text, wide, size)
        return text_block(g, text, x, y_top, wide, anchor=anchor, **note)

    # you: the hand under the table edge, face up; placed cards face down in front of you
    hand_x = cx - 2 * 3.6 * mm - cw / 2
    right = _row(g, hand_x, 1 * mm, 5, "face", cw, ch, 3.6 * mm, painters)
    say("hand", right + 2 * mm, 1 * mm + ch - 1, w - right - 4 * mm)
    _row(g, cx - cw - 1 * mm, placed_y, 2, "back", cw, ch, cw + 2 * mm)
    say("placed", table_x + 3 * mm, placed_y + ch - 1, cx - cw - table_x - 7 * mm)
    # the forgeries you took: apart from the hand, never placed
    _tr_card(g, inner_right - cw, placed_y, cw, ch, "forgery")
    say("taken", inner_right, taken_top, taken_w, anchor="end")
    # the supply in the middle
    _row(g, cx - 1.5 * cw - 2 * mm, sy, 3, "forgery", cw, ch, cw + 2 * mm)
    say("supply", cx, sy - 1.5 * mm, SUPPLY_W, anchor="middle")
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
    left_h = text_height(label(labels, "left"), left_w, size)
    say("left", 2 * mm, side_y + ch + 1.5 * mm + left_h, left_w)
    # the paintings nobody was dealt: out of the game, in a corner
    ox = table_x + table_w - cw - 5 * mm
    oy = table_y + table_h - ch - 3 * mm
    for k in range(3):
        _tr_card(g, ox + k * 1.2, oy + k * 1.2, cw, ch, "back")
    # right of the far player's placed card, never over it
    say("out", ox - 2 * mm, oy + ch - 1, min(30 * mm, ox - cx - cw / 2 - 4 * mm), anchor="end")
    _the_pass(g, labels, hand_x, side_y, ch, size)
    if w > width:
        scale = width / w
        g.transform = (scale, 0, 0, scale, 0, 0)
        d.width, d.height = width, h * scale
    return d


def _the_pass(
    g: Group, labels: dict[str, str], hand_x: float, side_y: float, ch: float, size: float
) -> None:
    """The pass: once, at the start, two cards from your hand to the player on your left."""
    turn_y = 1 * mm + ch * 0.85
    p = Path(strokeColor=BLUE, strokeWidth=1, fillColor=None, strokeDashArray=[3, 2])
    p.moveTo(hand_x - 1 * mm, turn_y)
    p.lineTo(8 * mm, turn_y)
    g.add(p)
    arrow(g, 8 * mm, turn_y, 8 * mm, side_y - 1.5 * mm, BLUE, 1)
    text = label(labels, "pass")
    wide = balanced_width(text, hand_x - 13 * mm, size)
    text_block(g, text, 10 * mm, turn_y - 1.5 * mm, wide, size, SANS, BLUE, "start")
