"""One entry point for every deck's fronts and backs (dispatch by deck id)."""

from __future__ import annotations

from cardpress.catalogue.loader import FULL_BLEED
from cardpress.print.fonts import SANS
from cardpress.print.typeset import Ctx


def draw_front(canvas, ctx: Ctx, deck, card) -> None:
    """Draw ``card``'s face in card space (origin at the trim's lower-left)."""
    if deck.id == "triptych":
        from cardpress.print.faces_triptych import draw_front as draw

        if card.image and card.image_fit == FULL_BLEED:
            from cardpress.print.faces_full_bleed import draw_front as draw
    elif deck.id == "ultimatch":
        from cardpress.print.faces_ultimatch import draw_front as draw
    else:
        from cardpress.print.faces_eshi100 import draw_front as draw
    canvas.setFont(SANS, 8)  # never leave the canvas default (Helvetica) active
    draw(canvas, ctx, deck, card)


def printed_cards(deck, cards, ctx: Ctx) -> tuple:
    """``cards`` as printed at ``ctx``'s size and language: a Triptych rule card whose
    text needs more than one card is followed by its continuations."""
    if deck.id != "triptych":
        return tuple(cards)
    from cardpress.print.faces_triptych import with_continuations

    return with_continuations(cards, ctx.lang, ctx.size, ctx.base_url)


def draw_back(canvas, ctx: Ctx, deck) -> None:
    from cardpress.print.backs import draw_back as draw

    canvas.setFont(SANS, 8)
    draw(canvas, ctx, deck)
