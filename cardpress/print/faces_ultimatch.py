"""Ultimatch card faces: big number, colour, colour-blind symbol, mixing primaries.

The colour's symbol *is* the centrepiece (red circle, yellow triangle...), so
a colour-blind player reads colour from shape at a glance. Corner indices sit
at both top corners because pyramid rows overlap the lower half of a card; a
smaller copy, turned, sits in the field's bottom-right corner above the QR code
so a hand held upside down still shows one.
An index is a disc in the card's own colour with the number in ink or white,
and the symbol under it darkened just enough to read on the card: yellow and
orange keep their own colour in the index instead of turning into two browns.
A secondary colour shows the two primaries that mix to it.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from cardpress.catalogue.models import UltimatchCard, UltimatchDeck
from cardpress.print.art import RGB, Ink, hex_rgb, mix, readable
from cardpress.print.glyphs import draw_symbol
from cardpress.print.layout import FRAME_MIN
from cardpress.print.typeset import (
    INK,
    MUTED,
    SANS,
    SANS_BOLD,
    WHITE,
    Ctx,
    background,
    draw_card_qr,
    draw_fit,
    draw_footer,
    qr_box,
    rect,
    text_colour_on,
)
from cardpress.print.typography import side_by_side
from cardpress.print.version_mark import with_version
from cardpress.rules.kinsoku import is_cjk

#: the turned index's size, as a share of the top ones
TURNED = 0.7

#: the light card stock inside the coloured border, where the indices sit
STOCK: RGB = (0.995, 0.99, 0.975)


def _field(rgb: RGB) -> RGB:
    """The tint behind the centrepiece."""
    return mix(rgb, WHITE, 0.86)


def corner_index(deck: UltimatchDeck, card: UltimatchCard) -> dict[str, Ink]:
    """The colours of a card's indices and colour name, each with the ground it is printed on.

    The faces draw with these, and tests/print/test_colours.py checks each reads at 4.5:1.
    """
    rgb = hex_rgb(deck.colour(card.colour).rgb)
    return {
        "number": Ink(text_colour_on(rgb), rgb),  # on a disc in the card's own colour
        "symbol": Ink(readable(rgb, STOCK), STOCK),
        "turned symbol": Ink(readable(rgb, _field(rgb)), _field(rgb)),  # on the tinted field
        "name": Ink(readable(rgb, _field(rgb)), _field(rgb)),
    }


def _index(
    canvas,
    ctx: Ctx,
    x: float,
    top: float,
    number: int,
    inks: dict[str, Ink],
    symbol: str,
    align: str,
    scale: float = 1.0,
    symbol_ink: str = "symbol",
) -> None:
    """A disc in the card's colour holding the number, the symbol under it (x: outer edge)."""
    r = 3.9 * mm * ctx.s * scale
    cx = x + r if align == "left" else x - r
    cy = top - r
    canvas.setFillColorRGB(*inks["number"].ground)
    canvas.circle(cx, cy, r, stroke=0, fill=1)
    canvas.setFillColorRGB(*inks["number"].ink)
    size = (15 if number < 10 else 12) * ctx.s * scale
    draw_fit(canvas, str(number), cx, cy - size * 0.36, SANS_BOLD, size, r * 1.7, align="centre")
    if number in (6, 9):  # underlined, as on playing cards: the turned copy must not read 9
        canvas.setStrokeColorRGB(*inks["number"].ink)
        canvas.setLineWidth(size * 0.08)
        canvas.line(cx - size * 0.25, cy - size * 0.5, cx + size * 0.25, cy - size * 0.5)
    sr = 2.0 * mm * ctx.s * scale
    draw_symbol(
        canvas, symbol, cx, cy - r - sr - 1.0 * mm * ctx.s * scale, sr, inks[symbol_ink].ink
    )


def _swatches(
    canvas,
    ctx: Ctx,
    deck: UltimatchDeck,
    title: str,
    ids,
    left: float,
    right: float,
    top: float,
    joiner: str = "",
) -> None:
    """A small row of colour symbols with their names, under a caption; ``joiner`` (＋)
    between them, or only space where the colours are a list, not a sum."""
    s = ctx.s
    canvas.setFillColorRGB(*MUTED)
    draw_fit(canvas, title, left, top - 2.4 * mm * s, SANS, 6.5 * s, right - left - 2 * mm)
    rr = 3.2 * mm * s
    y = top - 8.2 * mm * s
    x = left + rr
    for i, pid in enumerate(ids):
        p = deck.colour(pid)
        draw_symbol(canvas, p.symbol, x, y, rr, hex_rgb(p.rgb), stroke=INK, width=0.5)
        canvas.setFillColorRGB(*MUTED)
        draw_fit(
            canvas,
            p.name[ctx.lang],
            x,
            y - rr - 2.6 * mm * s,
            SANS,
            5.6 * s,
            rr * 3,
            align="centre",
        )
        x += rr * 2 + 1 * mm * s
        if i < len(ids) - 1:
            if joiner:
                canvas.setFillColorRGB(*INK)
                canvas.setFont(SANS_BOLD, 10 * s)
                canvas.drawCentredString(x, y - 3.5 * s, joiner)
            x += rr + 1 * mm * s


def draw_front(canvas, ctx: Ctx, deck: UltimatchDeck, card: UltimatchCard) -> None:
    colour = deck.colour(card.colour)
    rgb = hex_rgb(colour.rgb)
    inks = corner_index(deck, card)
    s = ctx.s
    background(canvas, ctx, rgb)
    side = FRAME_MIN  # the coloured border: even after a miscut of 1/16 in
    rect(
        canvas,
        side,
        side,
        ctx.w - 2 * side,
        ctx.h - 2 * side,
        STOCK,
        radius=2.2 * mm * s,
    )
    # tinted field behind the big symbol
    field_y = ctx.h * 0.305
    rect(
        canvas,
        side + 2 * mm * s,
        field_y,
        ctx.w - 2 * side - 4 * mm * s,
        ctx.h * 0.795 - field_y,
        _field(rgb),
        radius=2 * mm * s,
    )
    top = ctx.h - side - 2.2 * mm * s
    _index(canvas, ctx, side + 1.8 * mm * s, top, card.number, inks, colour.symbol, "left")
    _index(canvas, ctx, ctx.w - side - 1.8 * mm * s, top, card.number, inks, colour.symbol, "right")
    # the same, smaller and turned, in the field's corner above the QR code: a hand held
    # upside down shows it at its top-left (saveState/rotate only append: faces are replayed)
    canvas.saveState()
    canvas.translate(ctx.w - side - 2 * mm * s - 1.5 * mm * s, field_y + 1.2 * mm * s)
    canvas.rotate(180)
    _index(canvas, ctx, 0, 0, card.number, inks, colour.symbol, "left", TURNED, "turned symbol")
    canvas.restoreState()
    # the centrepiece: the symbol in the colour, the number on it
    cx, cy = ctx.w / 2, ctx.h * 0.585
    r = min(ctx.w * 0.26, ctx.h * 0.17)
    draw_symbol(canvas, colour.symbol, cx, cy, r, rgb, stroke=mix(rgb, INK, 0.35), width=1.2 * s)
    ink = inks["number"].ink
    size = r * (1.15 if colour.symbol not in ("star", "triangle") else 0.85)
    ny = cy - size * 0.36 - (r * 0.12 if colour.symbol == "triangle" else 0)
    canvas.setFillColorRGB(*ink)
    draw_fit(canvas, str(card.number), cx, ny, SANS_BOLD, size, r * 1.3, align="centre")
    # colour name under the centrepiece
    canvas.setFillColorRGB(*inks["name"].ink)
    draw_fit(
        canvas,
        colour.name[ctx.lang],
        cx,
        field_y + 2.6 * mm * s,
        SANS_BOLD,
        10 * s,
        ctx.w * 0.6,
        align="centre",
    )
    # bottom: the primaries that mix to a secondary, then the QR code
    qx, qy, qs = qr_box(ctx)
    left = side + 2.2 * mm * s
    # the swatch block (caption, symbols, names: 15 mm) sits on the footer line, not on the QR
    top = max(qy + qs, 5.0 * mm * s + 3 * mm + 15 * mm * s)
    if colour.mixes:  # a secondary: the two primaries that make it
        plus = "＋" if is_cjk(ctx.lang) else "+"  # full-width in Japanese, as on the sheets
        _swatches(canvas, ctx, deck, ctx._("Mixes"), colour.mixes, left, qx, top, plus)
    else:  # a primary: the secondaries it helps make
        made = tuple(c.id for c in deck.colours if colour.id in c.mixes)
        if made:
            _swatches(canvas, ctx, deck, ctx._("Mixes into"), made, left, qx, top)
    # a collector number, as printed cards carry; the id stays in the QR code
    number = next(i for i, c in enumerate(deck.cards, start=1) if c.id == card.id)
    count = f"{number}/{len(deck.cards)}"
    footer, short = side_by_side((deck.name[ctx.lang], count), ctx.lang), count
    draw_footer(
        canvas, ctx, left, with_version(footer, deck, ctx.lang), with_version(short, deck, ctx.lang)
    )
    draw_card_qr(canvas, ctx, deck.id, card.id)
