"""Pictures of the real cards for the rule sheets: components, set-up, a play.

A ``Figure`` of the rule document names cards by id, grouped as they lie on the
table ("Deck", "Field", "Aki"). Each face is drawn by the deck's own face code
(``cardpress.print.faces``, the code that prints the decks), in the sheet's
language, once per PDF as a form XObject, and placed scaled down: vector
drawings of the very cards a player holds, not screenshots. A face-down card or
stack is the deck's back; a hand is the raised hand of the Finger Auction
diagrams.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Group
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from cardpress.print.fonts import SheetFonts
from cardpress.print.layout import card_size
from cardpress.print.palette import ACCENT, BAD, GOOD, INK, MUTED, RULE
from cardpress.print.typeset import Ctx
from cardpress.print.typography import typographic
from cardpress.rules import model as m

#: which deck a game's figures picture when the figure does not say
GAME_DECKS = {
    "gallery-rush": "triptych",
    "finger-auction": "triptych",
    "detective-eye": "triptych",
    "choose": "triptych",
    "ultimatch": "ultimatch",
    "eshi100": "eshi100",
}

CARD_W = 12.5 * mm  # a poker card at a fifth of its size
SMALL_CARD_W = 10.5 * mm  # when a sheet needs the room
MIN_CARD_W = 9 * mm
ITEM_GAP = 1.6 * mm
GROUP_GAP = 5 * mm
ROW_GAP = 3 * mm
LABEL_SIZE = 7.4
NOTE_SIZE = 7.0
STACK_STEP = 0.7 * mm  # how far each card of a stack peeks out
MAX_STACK = 4  # a stack is drawn at most this many cards high


class FigureError(ValueError):
    """A figure names a card its deck does not have (the message names both)."""


@dataclass(frozen=True, slots=True)
class _Placed:
    item: m.FigureItem
    x: float
    y: float  # the card's lower-left corner


def _deck(deck_id: str):
    """The deck and its data folder, from the card data the sheet is drawn from."""
    from cardpress.rules.data import catalogue

    cat = catalogue()
    return cat.deck(deck_id), cat.root


class CardFigure(Flowable):
    """The groups of a figure, laid out in rows across the available width."""

    def __init__(
        self,
        fig: m.Figure,
        game: str,
        lang: str,
        base_url: str,
        fonts: SheetFonts,
        small: bool = False,
    ) -> None:
        super().__init__()
        self.card_w = SMALL_CARD_W if small else CARD_W
        self.fig, self.lang, self.base_url, self.fonts = fig, lang, base_url, fonts
        self.deck_id = fig.deck or GAME_DECKS.get(game, "triptych")
        self.deck, root = _deck(self.deck_id)
        self.ctx = Ctx(lang, base_url, card_size("poker"), 0.0, root)
        # a figure names cards as the templates do; a card renamed in the data keeps
        # its old id as an alias (as printed QR codes do), so the figure still finds it
        self.cards = {a: c for c in self.deck.cards for a in getattr(c, "aliases", ())}
        self.cards.update({c.id: c for c in self.deck.cards})
        for g in fig.groups:
            for it in g.items:
                if it.kind == "card" and it.card not in self.cards:
                    raise FigureError(
                        f"figure {fig.id}: the {self.deck_id} deck has no card {it.card!r}"
                    )

    # layout ---------------------------------------------------------------

    def _item_w(self, it: m.FigureItem, cw: float) -> float:
        if it.kind == "back":
            return cw + STACK_STEP * (min(it.count, MAX_STACK) - 1)
        return cw

    def _group_w(self, g: m.FigureGroup, cw: float) -> float:
        items = sum(self._item_w(i, cw) for i in g.items) + ITEM_GAP * max(0, len(g.items) - 1)
        label = stringWidth(typographic(g.label), self.fonts.label_bold, LABEL_SIZE)
        return max(items, label)

    def _layout(self, aw: float) -> tuple[float, list[list[m.FigureGroup]]]:
        """The card width and the groups' rows: as large as fits, never below MIN_CARD_W."""
        cw = self.card_w
        while cw > MIN_CARD_W and any(self._group_w(g, cw) > aw for g in self.fig.groups):
            cw -= 0.5 * mm
        rows: list[list[m.FigureGroup]] = [[]]
        used = 0.0
        for g in self.fig.groups:
            w = self._group_w(g, cw)
            if rows[-1] and used + GROUP_GAP + w > aw:
                rows.append([])
                used = 0.0
            used += (GROUP_GAP if rows[-1] else 0) + w
            rows[-1].append(g)
        return cw, rows

    def natural_width(self, aw: float) -> float:
        """How wide the cards are laid out in ``aw``: the widest row."""
        cw, rows = self._layout(aw)
        return max(
            sum(self._group_w(g, cw) for g in row) + GROUP_GAP * (len(row) - 1) for row in rows
        )

    def _row_h(self, row: list[m.FigureGroup], cw: float) -> float:
        ch = cw * self.ctx.h / self.ctx.w
        label = LABEL_SIZE + 2.5 if any(g.label for g in row) else 0
        note = NOTE_SIZE + 2.5 if any(i.note for g in row for i in g.items) else 0
        return label + ch + note + STACK_STEP * (MAX_STACK - 1) * _has_stack(row)

    def wrap(self, aw, ah):
        self._cw, self._rows = self._layout(aw)
        self.width = aw
        self.height = sum(self._row_h(r, self._cw) for r in self._rows) + ROW_GAP * (
            len(self._rows) - 1
        )
        return self.width, self.height

    # drawing --------------------------------------------------------------

    def _form(self, key: str, draw) -> str:
        """A face drawn once per PDF, as a form in card space; its name."""
        name = f"cardpress-figure-{self.deck_id}-{key}-{self.lang}"
        c = self.canv
        if not c.hasForm(name):
            c.beginForm(name, 0, 0, self.ctx.w, self.ctx.h)
            c.setFont(self.fonts.label, 8)
            draw(c)
            c.endForm(Resources=_form_resources(c))
        return name

    def _face(self, card_id: str):
        """Draws the face in card space: the recorded form the canvas was primed with
        (``face_book``), else a form drawn here."""
        from cardpress.print import faces

        card = self.cards[card_id]

        def live() -> None:
            name = self._form(card_id, lambda c: faces.draw_front(c, self.ctx, self.deck, card))
            self.canv.doForm(name)

        book = getattr(self.canv, "_cardpress_faces", None)
        if book is None:
            return live
        return lambda: book.draw(self.canv, card, live)

    def _back(self):
        from cardpress.print import faces

        name = self._form("back", lambda c: faces.draw_back(c, self.ctx, self.deck))
        return lambda: self.canv.doForm(name)

    def _card(self, draw, x: float, y: float, cw: float) -> None:
        c = self.canv
        k = cw / self.ctx.w
        r = 2.6 * mm * k * (self.ctx.w / (63 * mm))
        c.saveState()
        c.translate(x, y)
        path = c.beginPath()
        path.roundRect(0, 0, cw, cw * self.ctx.h / self.ctx.w, r)
        c.clipPath(path, stroke=0, fill=0)
        c.scale(k, k)
        draw()
        c.restoreState()
        c.saveState()
        c.setStrokeColor(RULE)
        c.setLineWidth(0.35)
        c.roundRect(x, y, cw, cw * self.ctx.h / self.ctx.w, r, stroke=1, fill=0)
        c.restoreState()

    def _hand(self, fingers: int, x: float, y: float, cw: float, ch: float) -> None:
        from cardpress.print.diagrams import hand, new_drawing

        d = new_drawing(cw, ch)
        g = Group()
        scale = cw / (19 * mm) * mm
        hand(g, cw / 2, ch * 0.18, fingers, ACCENT, scale)
        d.add(g)
        renderPDF.draw(d, self.canv, x, y)

    def _ring(self, mark: str, x: float, y: float, w: float, h: float) -> None:
        colour = {"win": GOOD, "lose": BAD}.get(mark)
        if colour is None:
            return
        c = self.canv
        c.saveState()
        c.setStrokeColor(colour)
        c.setLineWidth(1.4)
        c.roundRect(x - 1.6, y - 1.6, w + 3.2, h + 3.2, 3, stroke=1, fill=0)
        c.restoreState()

    def draw(self) -> None:
        c = self.canv
        cw = self._cw
        ch = cw * self.ctx.h / self.ctx.w
        top = self.height
        for row in self._rows:
            rh = self._row_h(row, cw)
            has_label = any(g.label for g in row)
            has_note = any(i.note for g in row for i in g.items)
            widths = [self._group_w(g, cw) for g in row]
            total = sum(widths) + GROUP_GAP * (len(row) - 1)
            x = max(0.0, (self.width - total) / 2)
            card_y = top - rh + (NOTE_SIZE + 2.5 if has_note else 0)
            for g, gw in zip(row, widths, strict=True):
                if has_label and g.label:
                    c.setFont(self.fonts.label_bold, LABEL_SIZE)
                    c.setFillColor(INK)
                    c.drawString(x, top - LABEL_SIZE, typographic(g.label))
                ix = x
                for it in g.items:
                    iw = self._item_w(it, cw)
                    if it.kind == "card":
                        self._card(self._face(it.card), ix, card_y, cw)
                    elif it.kind == "back":
                        back = self._back()
                        n = min(it.count, MAX_STACK)
                        for k in range(n):
                            self._card(back, ix + k * STACK_STEP, card_y + k * STACK_STEP, cw)
                    else:
                        self._hand(it.count, ix, card_y, cw, ch)
                    self._ring(it.mark, ix, card_y, iw, ch)
                    if it.note:
                        c.setFont(self.fonts.label, NOTE_SIZE)
                        c.setFillColor(MUTED)
                        c.drawCentredString(
                            ix + iw / 2, card_y - NOTE_SIZE - 1.2, typographic(it.note)
                        )
                    ix += iw + ITEM_GAP
                x += gw + GROUP_GAP
            top -= rh + ROW_GAP


def face_book(doc: m.RuleDocument, base_url: str, initial_font: str):
    """The faces a sheet's figures picture, drawn once per process and language and
    kept as forms (``cardpress.print.replay``): A4, Letter and the booklet, and every
    attempt of the page balancing, place the same recorded faces. None: no figures."""
    from cardpress.print import faces, replay
    from cardpress.print.sheets import unique_cards

    figures = doc.figures
    if not figures or not replay.ENABLED:
        return None
    deck_id = figures[0].deck or GAME_DECKS.get(doc.game, "triptych")
    wanted = frozenset(
        i.card for f in figures for g in f.groups for i in g.items if i.kind == "card"
    )
    deck, root = _deck(deck_id)
    ctx = Ctx(doc.lang, base_url, card_size("poker"), 0.0, root)
    cards = [c for c in unique_cards(deck) if c.id in wanted]

    def scratch():
        import io

        from reportlab.pdfgen.canvas import Canvas

        return Canvas(io.BytesIO(), (ctx.w, ctx.h), invariant=1, initialFontName=initial_font)

    return replay.face_book(
        deck,
        ("rule-sheet", ctx, initial_font, wanted),
        cards,
        scratch,
        lambda canvas, card: faces.draw_front(canvas, ctx, deck, card),
        (0.0, 0.0, ctx.w, ctx.h),
    )


def _form_resources(canvas) -> PDFResourceDictionary:
    """The resources of the form being drawn: ReportLab's own leave out its
    transparency states (the faces' translucent panels), so they are named here."""
    res = PDFResourceDictionary()
    res.basicFonts()
    res.allProcs()
    states = canvas._extgstate.getState()
    if states:
        res.ExtGState = states
    holder = SimpleNamespace(XObjects=None)
    canvas._setXObjects(holder)
    if holder.XObjects:
        res.XObject = holder.XObjects
    return res


def _has_stack(row: list[m.FigureGroup]) -> int:
    return int(any(i.kind == "back" and i.count > 1 for g in row for i in g.items))
