"""Deck PDFs: n-up duplex sheets for home printing and per-card print-shop files.

Home sheets (``render_deck_pdf``): pages alternate fronts and backs (long- or
short-edge flip), or, for a gutterfold, carry both halves on one landscape
page. Cards stand apart with their artwork bleeding into the gutters (or, with
``gutter=False``, butt together so each cut serves two cards); crop marks mark
every cut line, never on a card, and nothing is printed within 5 mm of the
paper's edge, where home printers clip.

Print-shop files (``render_print_shop_pdf``): one page per side, front then
back for each card (deck order, duplicates included), each page the card plus
1/8 in (3.175 mm) bleed with TrimBox and BleedBox set; text stays 3.2 mm inside the trim.

Every canvas is ``invariant`` (fixed dates and document id) and the art is
seeded from card ids, so the same inputs give byte-identical PDFs.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardpress.print import faces, replay
from cardpress.print.art import clip
from cardpress.print.cmyk import CmykCanvas, to_cmyk
from cardpress.print.fonts import SANS, register_fonts
from cardpress.print.layout import (
    BLEED,
    EDGE,
    CardSize,
    Sheet,
    Slot,
    bleed_box,
    card_size,
    draw_crop_marks,
    ink_area,
    sheet,
)
from cardpress.print.typeset import (
    CONDENSED,
    MIN_SIZE,
    MUTED,
    Ctx,
    draw_fit,
    fit_or_wrap,
    fit_size,
    label,
)
from cardpress.print.typography import side_by_side, typographic

CREATOR = "cardpress"


KIND_ORDER = {"painting": 0, "forgery": 1, "mona-lisa": 2, "rule": 3}


def deck_cards(deck) -> tuple:
    """The cards to print, in order; a 絵師100人展 deck prints every copy.

    Triptych prints painter by painter (the deck's painter order, then the
    corner index), then forgeries, the Mona Lisa and the rule cards, so a
    cut sheet sorts itself.
    """
    cards = tuple(deck.cards)
    if deck.id != "triptych":
        return cards
    painters = {str(p.id): i for i, p in enumerate(deck.painters)}
    return tuple(
        sorted(
            cards,
            key=lambda c: (
                KIND_ORDER.get(str(c.kind), 9),
                painters.get(str(c.painter), 9),
                c.number or 0,
                c.id,
            ),
        )
    )


def unique_cards(deck) -> tuple:
    seen: dict[str, object] = {}
    for card in deck.cards:
        seen.setdefault(card.id, card)
    return tuple(seen.values())


def new_canvas(buf, pagesize, title: str, *, cmyk: bool = False) -> Canvas:
    """A canvas for reproducible PDFs; ``cmyk`` converts every colour set on it to CMYK."""
    register_fonts()
    c = (CmykCanvas if cmyk else Canvas)(
        buf,
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=SANS,
        initialFontSize=8,
        enforceColorSpace=to_cmyk if cmyk else None,
    )
    c.setTitle(title)
    c.setAuthor(CREATOR)
    c.setCreator(CREATOR)
    c.setSubject(title)
    c.setFont(SANS, 8)  # the canvas starts on Helvetica: never let it be used
    return c


def _faces(c: Canvas, ctx: Ctx, deck, cards: Sequence, *, cmyk: bool = False):
    """``face(card)()`` draws the card's face on ``c``: recorded once per deck and context,
    placed as a form (see ``cardpress.print.replay``).

    A document that prints a single face draws it (recording the deck would cost more).
    """

    def live(card):
        return lambda: faces.draw_front(c, ctx, deck, card)

    if len(cards) < 2 or not replay.ENABLED:
        return live

    def scratch() -> Canvas:
        return new_canvas(io.BytesIO(), (ctx.w, ctx.h), "faces", cmyk=cmyk)

    book = replay.face_book(
        deck,
        (ctx, cmyk),
        faces.printed_cards(deck, unique_cards(deck), ctx),
        scratch,
        lambda canvas, card: faces.draw_front(canvas, ctx, deck, card),
        (-ctx.bleed, -ctx.bleed, ctx.w + ctx.bleed, ctx.h + ctx.bleed),
    )
    book.prime(c)
    return lambda card: lambda: book.draw(c, card, live(card))


def _card_at(c: Canvas, slot: Slot, draw, slots: tuple[Slot, ...] = (), bleed=(0.0, 0.0)) -> None:
    """Draw one card in its slot, its artwork running into the gutters beside it."""
    x, y, w, h = bleed_box(slot, slots, bleed) if slots else (slot.x, slot.y, slot.w, slot.h)
    c.saveState()
    c.translate(slot.x, slot.y)
    clip(c, x - slot.x, y - slot.y, w, h)
    draw()
    c.restoreState()


def _backs(c: Canvas, lay: Sheet, slots: tuple[Slot, ...]) -> None:
    """The deck's back (the form ``_define_back`` made) in every slot, with crop marks."""
    for slot in slots:
        _card_at(c, slot, lambda: c.doForm("back"), slots, lay.bleed)
    draw_crop_marks(c, slots, ink_area(lay, "back"), lay.bleed)


def _bled_page(c: Canvas, bleed: float, draw) -> None:
    """One page of a print-shop file: the card drawn inside its bleed."""
    c.setFont(SANS, 8)
    c.saveState()
    c.translate(bleed, bleed)
    draw()
    c.restoreState()
    c.showPage()


FOOTER_SIZE = 6.5


def _footer(
    c: Canvas, lay: Sheet, slots: tuple[Slot, ...], parts: tuple[str, str], side: str = "front"
) -> None:
    """The sheet's two notes (which sheet; how to print), clear of marks and the edge.

    Under the middle column, between its crop marks, when the bottom margin holds
    them, else each note turned along one side margin beside the middle row (US
    Letter has no bottom room once nine cards and their gutters are on it).
    """
    ax0, ay0, ax1, _ay1 = ink_area(lay, side)
    xs = sorted({s.x for s in slots})
    ys = sorted({s.y for s in slots})
    x0, y0 = min(xs), min(ys)
    x1 = max(s.x + s.w for s in slots)
    line = FOOTER_SIZE * 1.2
    room = y0 - 1 * mm - ay0
    width = lay.size.width - 2 * mm
    notes = [_note_lines(text, width) for text in parts]
    c.saveState()
    c.setFillColorRGB(*MUTED)
    if room >= sum(len(lines) for _fs, lines in notes) * line:
        mid_col = xs[len(xs) // 2]
        cx = mid_col + lay.size.width / 2
        y = y0 - 1 * mm - FOOTER_SIZE * 0.9
        for fs, lines in notes:
            for text in lines:
                draw_fit(c, text, cx, y, SANS, fs, width, align="centre", min_size=fs)
                y -= line
    else:
        row = ys[len(ys) // 2]
        cy = row + lay.size.height / 2
        width = lay.size.height - 4 * mm
        side_room = min(x0 - ax0, ax1 - x1) - 0.2 * mm
        size = max(MIN_SIZE, min(FOOTER_SIZE, side_room / 1.1))
        # turned 90 degrees the glyphs rise towards the paper edge on the left and
        # away from it on the right: the baseline sits one ascent inside the ink area
        turns = ((parts[0], ax0 + 0.88 * size, 90), (parts[1], ax1 - 0.88 * size, -90))
        for text, x, angle in turns:
            c.saveState()
            c.translate(x, cy)
            c.rotate(angle)
            fs = fit_size(text, SANS, size, width, MIN_SIZE)
            draw_fit(c, text, 0, 0, SANS, fs, width, align="centre", min_size=fs)
            c.restoreState()
    c.restoreState()


def _note_lines(text: str, width: float) -> tuple[float, list[str]]:
    """A note on one line, shrunk and then condensed as ``draw_fit`` does, while that
    fits; else two lines at the smallest size: the gutterfold note under a mini-euro
    card is 25 pt too long for its 42 mm even condensed, and would run over the marks."""
    fs = fit_size(text, SANS, FOOTER_SIZE, width, MIN_SIZE)
    if stringWidth(typographic(text), SANS, fs) * CONDENSED <= width + 0.01:
        return fs, [text]
    return fit_or_wrap(text, SANS, FOOTER_SIZE, width, MIN_SIZE)


def _define_back(c: Canvas, ctx: Ctx, deck, name: str) -> None:
    c.beginForm(
        name,
        lowerx=-ctx.bleed,
        lowery=-ctx.bleed,
        upperx=ctx.w + ctx.bleed,
        uppery=ctx.h + ctx.bleed,
    )
    faces.draw_back(c, ctx, deck)
    c.endForm()


def render_deck_pdf(
    deck,
    lang: str,
    paper: str,
    base_url: str,
    *,
    size: str | CardSize = "poker",
    duplex: str = "long",
    root: Path | None = None,
    cards: Sequence | None = None,
    gutter: bool = True,
) -> bytes:
    """Fronts and backs of a deck on ``paper`` sheets, ready for duplex printing.

    ``gutter`` spaces the cards and bleeds each into the gutters (see ``layout.sheet``).
    """
    lay = sheet(paper, size, duplex, gutter=gutter)
    # faces run into the print shop's bleed, the most any gutter takes (the slot clips them),
    # so that every PDF of the deck prints the same recorded faces
    ctx = Ctx(lang, base_url, lay.size, BLEED, root)
    cards = faces.printed_cards(deck, cards if cards is not None else deck_cards(deck), ctx)
    buf = io.BytesIO()
    title = f"{deck.name[lang]} — {paper}"
    c = new_canvas(buf, lay.page, title)
    face = _faces(c, ctx, deck, cards)
    _define_back(c, ctx, deck, "back")
    per = lay.per_sheet
    total = max(1, -(-len(cards) // per))
    how = {
        "long": "Print double-sided, flip on long edge",
        "short": "Print double-sided, flip on short edge",
        "gutterfold": "Print single-sided, cut, fold along the centre line and glue",
    }[duplex]
    for n in range(total):
        chunk = cards[n * per : (n + 1) * per]
        fronts = lay.fronts[: len(chunk)]
        backs = lay.backs[: len(chunk)]
        c.setFont(SANS, 8)
        for slot, card in zip(fronts, chunk, strict=True):
            _card_at(c, slot, face(card), fronts, lay.bleed)
        draw_crop_marks(c, fronts, ink_area(lay), lay.bleed)
        sheet_no = label(lang, "sheet {n} of {total}").format(n=n + 1, total=total)
        if duplex == "gutterfold":
            _backs(c, lay, backs)
            _fold_line(c, lay, lang)
            where = side_by_side((deck.name[lang], sheet_no), lang)
            _footer(c, lay, fronts, (where, label(lang, how)))
            c.showPage()
            continue
        front = side_by_side((deck.name[lang], label(lang, "Front"), sheet_no), lang)
        _footer(c, lay, fronts, (front, label(lang, how)))
        c.showPage()
        c.setFont(SANS, 8)
        _backs(c, lay, backs)
        back = side_by_side((deck.name[lang], label(lang, "Back"), sheet_no), lang)
        _footer(c, lay, backs, (back, ""), "back")
        c.showPage()
    c.save()
    return buf.getvalue()


FOLD_WIDTH = 0.4  # points


def _fold_line(c: Canvas, lay: Sheet, lang: str) -> None:
    """The dashed fold line down the middle and "Fold here" beside it. The line stops half
    its width short of ``EDGE``, so that a reader boxing a stroke by half its width all
    round (``cardpress.print.marks``, a print shop's preflight) finds it 5 mm from the
    paper's top and bottom edges, not 4.93 mm. The words stand beside the middle of the
    top row of cards, where no cut line reaches the fold: at the page's middle the crop
    marks of the gutter between two rows ran across them."""
    x = lay.fold_x or lay.page[0] / 2
    top = lay.fronts[0]
    inset = EDGE + FOLD_WIDTH / 2
    c.saveState()
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    c.setLineWidth(FOLD_WIDTH)
    c.setDash(3, 2)
    c.line(x, inset, x, lay.page[1] - inset)
    c.setFillColorRGB(*MUTED)
    c.translate(x - 1.6 * mm, top.y + top.h / 2)
    c.rotate(90)
    fold = label(lang, "Fold here")
    draw_fit(c, fold, 0, 0, SANS, 6.5, 40 * mm, align="centre", min_size=MIN_SIZE)
    c.restoreState()


def render_print_shop_pdf(
    deck,
    lang: str,
    base_url: str,
    *,
    size: str | CardSize = "poker",
    root: Path | None = None,
    cards: Sequence | None = None,
    backs: bool = True,
    bleed: float = BLEED,
    cmyk: bool = False,
) -> bytes:
    """One page per side with bleed, TrimBox and BleedBox: what a print shop asks for.

    ``cmyk`` writes every colour as DeviceCMYK (see ``cardpress.print.cmyk``).
    """
    cs = card_size(size)
    ctx = Ctx(lang, base_url, cs, bleed, root)
    cards = faces.printed_cards(deck, cards if cards is not None else deck_cards(deck), ctx)
    page = (cs.width + 2 * bleed, cs.height + 2 * bleed)
    buf = io.BytesIO()
    c = new_canvas(buf, page, f"{deck.name[lang]} — print shop", cmyk=cmyk)
    face = _faces(c, ctx, deck, cards, cmyk=cmyk)
    c.setTrimBox((bleed, bleed, bleed + cs.width, bleed + cs.height))
    c.setBleedBox((0, 0, page[0], page[1]))
    if backs:
        _define_back(c, ctx, deck, "back")
    for card in cards:
        # each page named by its card ("m1", "m1/back"): a preflight reports cards, not pages
        c.addPageLabel(c.getPageNumber() - 1, prefix=card.id)
        _bled_page(c, bleed, face(card))
        if backs:
            c.addPageLabel(c.getPageNumber() - 1, prefix=f"{card.id}/back")
            _bled_page(c, bleed, lambda: c.doForm("back"))
    c.save()
    return buf.getvalue()


def render_back_pdf(
    deck, lang: str, base_url: str, *, size: str | CardSize = "poker", bleed: float = BLEED
) -> bytes:
    """The deck's back alone, one page with bleed (for the PNG and TTS exports)."""
    cs = card_size(size)
    ctx = Ctx(lang, base_url, cs, bleed)
    page = (cs.width + 2 * bleed, cs.height + 2 * bleed)
    buf = io.BytesIO()
    c = new_canvas(buf, page, f"{deck.name[lang]} — back")
    c.translate(bleed, bleed)
    faces.draw_back(c, ctx, deck)
    c.showPage()
    c.save()
    return buf.getvalue()
