"""Card backs, one design per deck, identical for every card of the deck.

Backs are point-symmetric except for the centred deck name, so a card turned
upside down in a hand tells nothing; the pattern runs into the bleed so a
slightly-off cut or duplex shift shows no white edge. No frame runs parallel to
the edge: a duplex printer's millimetre of misregistration would show as a
border thicker on one side than the other.
"""

from __future__ import annotations

import math

from reportlab.lib.units import mm

from cardpress.print.art import hex_rgb, mix
from cardpress.print.glyphs import draw_flower, draw_symbol
from cardpress.print.typeset import SANS, SANS_BOLD, SERIF, WHITE, Ctx, background, draw_fit


def _caption(canvas, ctx: Ctx, text: str, y: float, font: str, size: float) -> None:
    """A line of text centred across the back, shrunk to stay clear of the borders."""
    draw_fit(canvas, text, ctx.w / 2, y, font, size, ctx.w - 14 * mm * ctx.s, align="centre")


def _triptych(canvas, ctx: Ctx, deck) -> None:
    s = ctx.s
    navy = hex_rgb(deck.back_rgb)
    background(canvas, ctx, navy)
    gold = hex_rgb("#c9a45a")
    # a faint diagonal lattice
    canvas.saveState()
    canvas.setStrokeColorRGB(*mix(navy, WHITE, 0.08))
    canvas.setLineWidth(0.5)
    step = 5 * mm * s
    k = -ctx.h - ctx.bleed
    while k < ctx.w + ctx.bleed:
        canvas.line(k, -ctx.bleed, k + ctx.h + 2 * ctx.bleed, ctx.h + ctx.bleed)
        canvas.line(k, ctx.h + ctx.bleed, k + ctx.h + 2 * ctx.bleed, -ctx.bleed)
        k += step
    canvas.restoreState()
    # three arched panels: the triptych, one per painter colour
    pw, ph = 11 * mm * s, 30 * mm * s
    gap = 2.2 * mm * s
    x0 = ctx.w / 2 - 1.5 * pw - gap
    y0 = ctx.h / 2 - ph / 2 + 3 * mm * s
    for i, painter in enumerate(deck.painters):
        x = x0 + i * (pw + gap)
        h = ph if i == 1 else ph * 0.86
        y = y0 + (ph - h) / 2
        col = hex_rgb(painter.rgb)
        p = canvas.beginPath()
        p.moveTo(x, y)
        p.lineTo(x, y + h - pw / 2)
        p.arcTo(x, y + h - pw, x + pw, y + h, startAng=180, extent=-180)
        p.lineTo(x + pw, y)
        p.close()
        canvas.setFillColorRGB(*col)
        canvas.setStrokeColorRGB(*gold)
        canvas.setLineWidth(1.1 * s)
        canvas.drawPath(p, stroke=1, fill=1)
    canvas.setFillColorRGB(*gold)
    _caption(canvas, ctx, deck.name[ctx.lang], y0 - 9 * mm * s, SERIF, 15 * s)
    canvas.setFillColorRGB(*mix(gold, navy, 0.35))
    _caption(canvas, ctx, "TRIPTYCH · トリプティック", y0 - 14 * mm * s, SANS, 6 * s)


def _ultimatch(canvas, ctx: Ctx, deck) -> None:
    s = ctx.s
    bg = hex_rgb(deck.back_rgb)
    background(canvas, ctx, bg)
    cx, cy = ctx.w / 2, ctx.h / 2 + 4 * mm * s
    r = min(ctx.w, ctx.h) * 0.3
    n = len(deck.colours)
    for i, colour in enumerate(deck.colours):
        a = math.radians(90 + i * 360 / n)
        canvas.setFillColorRGB(*hex_rgb(colour.rgb))
        p = canvas.beginPath()
        p.moveTo(cx, cy)
        p.arc(cx - r, cy - r, cx + r, cy + r, startAng=90 + i * 360 / n, extent=360 / n)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
        mid = a + math.pi / n
        sx, sy = cx + math.cos(mid) * r * 0.68, cy + math.sin(mid) * r * 0.68
        draw_symbol(canvas, colour.symbol, sx, sy, r * 0.13, WHITE)
    canvas.setFillColorRGB(*bg)
    canvas.circle(cx, cy, r * 0.36, stroke=0, fill=1)
    canvas.setFillColorRGB(*WHITE)
    draw_fit(canvas, "U", cx, cy - r * 0.16, SANS_BOLD, r * 0.45, r * 0.6, align="centre")
    _caption(canvas, ctx, deck.name[ctx.lang], cy - r - 9 * mm * s, SANS_BOLD, 14 * s)


def _eshi100(canvas, ctx: Ctx, deck) -> None:
    s = ctx.s
    plum = hex_rgb(deck.back_rgb)
    background(canvas, ctx, plum)
    gold = hex_rgb("#d9b25a")
    # a ring of the four flowers, twice round
    cx, cy = ctx.w / 2, ctx.h / 2 + 5 * mm * s
    icons = deck.catalogue.icons
    ring = min(ctx.w, ctx.h) * 0.26
    for k in range(8):
        icon = icons[k % len(icons)]
        a = math.radians(90 + k * 45)
        draw_flower(
            canvas,
            str(icon.id),
            cx + math.cos(a) * ring,
            cy + math.sin(a) * ring,
            4.2 * mm * s,
            icon.rgb,
        )
    canvas.setFillColorRGB(*gold)
    canvas.circle(cx, cy, ring * 0.52, stroke=0, fill=1)
    canvas.setFillColorRGB(*plum)
    draw_fit(canvas, "絵師", cx, cy - 3 * mm * s, SERIF, 13 * s, ring * 0.9, align="centre")
    canvas.setFillColorRGB(*gold)
    name = deck.catalogue.name[ctx.lang]
    _caption(canvas, ctx, name, cy - ring - 11 * mm * s, SERIF, 10 * s)
    if deck.proxy:
        canvas.setFillColorRGB(*mix(gold, plum, 0.3))
        _caption(canvas, ctx, ctx._("PROXY"), cy - ring - 16 * mm * s, SANS_BOLD, 7 * s)


def draw_back(canvas, ctx: Ctx, deck) -> None:
    {"triptych": _triptych, "ultimatch": _ultimatch}.get(deck.id, _eshi100)(canvas, ctx, deck)
