"""A Triptych card whose designer's picture runs edge to edge (``image_fit = "full-bleed"``).

Some decks want the art to the cut on every side, as a framed card cannot: the
picture covers the whole card and its bleed (to the BleedBox), cropped around its
focal point, and the card's words sit on two plates laid over it, the header (index,
painter) in the painter's colour and the caption, small print and QR code on paper.
A miscut of 1/16 in then only shows more or less picture, never an uneven border:
the plates stand ``FRAME_MIN`` (4 mm) inside the trim, the rule a frame keeps, and
their words further in than the 3.2 mm safe zone. The resolution that matters is
the picture's over the bleed size, which is what ``designer_art`` warns about.
"""

from __future__ import annotations

import warnings

from reportlab.lib.units import mm

from cardpress.catalogue.loader import FULL_BLEED
from cardpress.catalogue.models import TriptychCard, TriptychDeck, TriptychKind
from cardpress.print import faces_triptych
from cardpress.print.art import hex_rgb
from cardpress.print.designer_art import ArtError, draw_art
from cardpress.print.faces_triptych import (
    GOLD,
    GOLD_DARK,
    PAINTER_SYMBOL,
    WILD,
    _art_box,
    _badge,
    _caption,
    _footer,
    _header_text,
    _stamp,
    corner_index,
)
from cardpress.print.layout import FRAME_MIN, SAFE
from cardpress.print.typeset import (
    PAPER,
    SANS_BOLD,
    Ctx,
    draw_card_qr,
    draw_fit,
    rect,
    text_colour_on,
)
from cardpress.print.typography import side_by_side

#: how far the header's words stand inside the top trim: the plate's edge and a margin
INSET = FRAME_MIN + 0.6 * mm
#: the header band of a framed card, whose lower edge the header plate keeps
FRAMED_HEADER = 12.5 * mm


def draw_front(canvas, ctx: Ctx, deck: TriptychDeck, card: TriptychCard) -> None:
    """The card edge to edge; framed as any other where that cannot be (a rule card, whose
    words fill it; a picture that cannot be read, which gets the framed placeholder)."""
    if card.kind == TriptychKind.RULE or not draw_full_bleed(canvas, ctx, deck, card):
        faces_triptych.draw_front(canvas, ctx, deck, card)


def draw_full_bleed(canvas, ctx: Ctx, deck: TriptychDeck, card: TriptychCard) -> bool:
    """Draw ``card`` with its picture edge to edge; False (nothing drawn) when the picture
    cannot be read, so the framed face prints with its placeholder instead."""
    b = ctx.bleed
    try:
        draw_art(
            canvas,
            card.image,
            (-b, -b, ctx.w + 2 * b, ctx.h + 2 * b),
            card=card.id,
            fit=FULL_BLEED,
            focus=card.image_focus,
        )
    except ArtError as exc:
        warnings.warn(str(exc), stacklevel=2)
        return False
    painter = deck.painter(card.painter) if card.painter else None
    colour = hex_rgb(painter.rgb) if painter else GOLD
    # the words get the room below their inset that a framed card's get below the safe zone
    header_h = FRAMED_HEADER * ctx.s + (INSET - SAFE)
    radius = 1.6 * mm * ctx.s
    plate_w = ctx.w - 2 * FRAME_MIN
    # the painter's shape under the disc reaches the band's lower edge: the plate runs on
    # under it, so the shape sits on the plate and not on the picture
    below = 0.8 * mm * ctx.s
    rect(
        canvas,
        FRAME_MIN,
        ctx.h - header_h - below,
        plate_w,
        header_h + below - FRAME_MIN,
        colour,
        radius,
    )
    # the caption, small print and QR code where a framed card has them, on paper
    framed = (FRAME_MIN, FRAME_MIN, plate_w, ctx.h - FRAME_MIN - FRAMED_HEADER * ctx.s)
    ax, ay, aw, _ah = _art_box(ctx, framed)
    lower_top = ay - 1.0 * mm * ctx.s
    rect(canvas, FRAME_MIN, FRAME_MIN, plate_w, lower_top - FRAME_MIN, PAPER, radius)

    forgery = card.kind == TriptychKind.FORGERY
    name = painter.name[ctx.lang] if painter else ""
    if card.kind == TriptychKind.MONA_LISA:
        right = _badge(canvas, ctx, "", corner_index(deck, card), header_h, WILD, INSET)
        canvas.setFillColorRGB(*GOLD_DARK)
        title, sub = card.title[ctx.lang], ctx._("Counts toward any painter")
        _header_text(canvas, ctx, right + 2.2 * mm * ctx.s, header_h, title, sub, 11 * ctx.s, INSET)
        artist = card.artist[ctx.lang] if card.artist else ""
        caption = side_by_side((artist, str(card.year) if card.year else ""), ctx.lang)
    else:
        index = ctx._("F") if forgery else str(card.number)
        symbol = PAINTER_SYMBOL.get(str(card.painter))
        inks = corner_index(deck, card)
        right = _badge(canvas, ctx, index, inks, header_h, symbol, INSET)
        canvas.setFillColorRGB(*text_colour_on(colour))
        x0 = right + 2.2 * mm * ctx.s
        if forgery:
            _header_text(canvas, ctx, x0, header_h, ctx._("Forgery"), name, 11 * ctx.s, INSET)
            caption = ctx._("Not a real painting")
        else:  # centred on the plate, between the words' inset and its lower edge
            fs = 14 * ctx.s
            base = ctx.h - (INSET + header_h) / 2 - 0.38 * fs
            draw_fit(canvas, name, x0, base, SANS_BOLD, fs, ctx.w - x0 - INSET)
            caption = side_by_side((name, str(card.year) if card.year else ""), ctx.lang)
    if forgery:  # across the picture between the plates
        _stamp(canvas, ctx, ((ctx.w - aw) / 2, lower_top, aw, ctx.h - header_h - lower_top))
    _caption(canvas, ctx, card.title[ctx.lang], caption, ay, ax)
    _footer(canvas, ctx, deck, card, ax)
    draw_card_qr(canvas, ctx, deck.id, card.id)
    return True
