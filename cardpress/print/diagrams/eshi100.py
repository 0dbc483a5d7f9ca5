"""絵師100人展's diagram: one proxy card sketched from its data, its parts numbered (ES-C2)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardpress.print.diagrams.drawing import label, new_drawing, text_block, text_height
from cardpress.print.fonts import SANS, SANS_BOLD, register_fonts
from cardpress.print.palette import ACCENT, INK, MUTED, PAPER
from cardpress.print.typography import typographic
from cardpress.rules import data

if TYPE_CHECKING:
    from cardpress.catalogue.models import Eshi100Card, Eshi100Deck

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
    deck = data.catalogue().eshi100
    types = deck.types
    card = next((c for c in types if c.id == card_id), None) or max(
        types, key=lambda c: (len(c.icons), c.bit is not None, c.settlement is not None)
    )
    # room under the card and over it for the markers
    s = _Sketch(2 * mm, 7 * mm, 42 * mm, 58.8 * mm, colors.HexColor(deck.back_rgb))
    list_x = s.x0 + s.cw + 10 * mm
    list_w = min(width, 160 * mm) - list_x
    size = 7.2
    # the list first: its height may set the drawing's
    items = [(k, label(labels, k)) for k in ANATOMY]
    list_h = sum(text_height(t, list_w - 7 * mm, size) + 2.2 * mm for _k, t in items)
    h = max(s.top + 7 * mm, list_h + 4 * mm)
    d = new_drawing(list_x + list_w, h)
    g = Group()
    d.add(g)
    # the card
    g.add(
        Rect(s.x0, s.y0, s.cw, s.chh, rx=2.5 * mm, ry=2.5 * mm, fillColor=s.plum, strokeColor=None)
    )
    g.add(
        Rect(
            s.x0 + s.side,
            s.y0 + s.side,
            s.cw - 2 * s.side,
            s.panel_top - s.y0 - s.side,
            rx=1.2 * mm,
            ry=1.2 * mm,
            fillColor=colors.HexColor("#f7f2e7"),
            strokeColor=None,
        )
    )
    spots = _header(g, s, card, deck)
    px, body_spots = _body(g, s, card, deck, lang)
    spots |= body_spots
    spots |= _foot(g, s, card, px)
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


#: a numbered part's marker and the point on the card its line runs to
Spot = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class _Sketch:
    """Where the sketched card lies, its back's colour, and where the markers stand."""

    x0: float
    y0: float
    cw: float
    chh: float
    plum: colors.Color
    side: float = 2 * mm
    header: float = 10 * mm

    @property
    def top(self) -> float:
        return self.y0 + self.chh

    @property
    def panel_top(self) -> float:
        return self.top - self.header

    @property
    def above(self) -> float:
        """Markers over the card, for the header's parts."""
        return self.top + 3.5 * mm

    @property
    def beside(self) -> float:
        """Markers right of the card, for the body's parts."""
        return self.x0 + self.cw + 3.8 * mm

    @property
    def below(self) -> float:
        """Markers under the card, for the foot's parts."""
        return self.y0 - 3.6 * mm


def _header(g: Group, s: _Sketch, card: Eshi100Card, deck: Eshi100Deck) -> dict[str, Spot]:
    """The header band: the bid coin, the flower icons and the title as bars."""
    from cardpress.print.faces_eshi100 import GOLD

    gold = colors.Color(*GOLD)
    x0, cw, side, top, header = s.x0, s.cw, s.side, s.top, s.header
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
    above = s.above
    return {
        "bid": ((coin[0], above), (coin[0], coin[1] + coin[2])),
        "title": ((tx + tw / 2, above), (tx + tw / 2, top - 1 * mm)),
        "icons": (
            (icon_xs[-1] if icon_xs else ix, above),
            (icon_xs[-1] if icon_xs else ix, top - header / 2 + icon_r),
        ),
    }


def _body(
    g: Group, s: _Sketch, card: Eshi100Card, deck: Eshi100Deck, lang: str
) -> tuple[float, dict[str, Spot]]:
    """The picture with its PROXY band and the effects; returns the picture's left edge."""
    from cardpress.print.typeset import label as card_label

    x0, cw, side, panel_top, plum = s.x0, s.cw, s.side, s.panel_top, s.plum
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
    beside = s.beside
    return px, {
        "picture": ((beside, py + ph / 2), (px + pw, py + ph / 2)),
        "effects": ((beside, ey - eh / 2), (px + pw, ey - eh / 2)),
    }


def _foot(g: Group, s: _Sketch, card: Eshi100Card, px: float) -> dict[str, Spot]:
    """The catalogue number and a QR code's sketch (its modules seeded by the card's id)."""
    x0, y0, cw, side, plum = s.x0, s.y0, s.cw, s.side, s.plum
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
    below = s.below
    return {
        "number": ((px + 3 * mm, below), (px + 3 * mm, qy + qs - 3.4 * mm)),
        "qr": ((qx + qs / 2, below), (qx + qs / 2, qy)),
    }
