"""Draw each card face once, replay its PDF operators in every document that prints it.

A full build prints every face in up to four PDFs (A4 and Letter sheets, the
print-shop file, the PNG export's card PDF), and drawing a face (layout, text
fitting, Japanese line breaking, the generated art, the QR code) was most of
the build's CPU. So a deck's faces are drawn once, in deck order, on a scratch
canvas, keeping the content-stream operators each one appended; a document
that prints the deck then appends those operators instead of drawing again.

Operators name things the document numbers in order of first use: fonts
(``/F3``), TrueType subset codes (which byte stands for which glyph) and
transparency states (``/gRLs0 gs``). So a recorded face is valid only in a
document that numbers them as the scratch canvas did: ``FaceBook.prime`` gives
a fresh canvas the scratch canvas's final numbering (every font it used with
the same name and the same glyph codes, every transparency state) before
anything is drawn on it. The numbering depends only on the deck and the
drawing context, never on what else a process drew before, so a PDF's bytes
still depend only on its inputs.

A face whose drawing touched the document in any other way (a placed image, a
link, a form) is not recorded and is drawn live wherever it is printed.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

#: face books kept per process (a build job uses one; --watch keeps the last few)
KEEP = 8


@dataclass
class FaceBook:
    """The recorded faces of one deck in one drawing context, and the numbering they need."""

    #: card id -> (the card, the operators its face appends or None: drawn live)
    ops: dict[str, tuple[object, list[str] | None]] = field(default_factory=dict)
    #: (TrueType font, its per-document state on the scratch canvas), in order of first use
    fonts: list[tuple[object, object]] = field(default_factory=list)
    #: the scratch canvas's transparency states: (key, value) -> name
    states: dict = field(default_factory=dict)
    #: the font names a fresh canvas already maps (``prime`` needs a canvas in that state)
    fresh_fonts: dict[str, str] = field(default_factory=dict)

    def prime(self, canvas: Canvas) -> bool:
        """Give a fresh canvas the scratch canvas's fonts; False if it has used fonts already."""
        doc = canvas._doc
        if doc.fontMapping != self.fresh_fonts or _primed(canvas):
            return False
        for font, state in self.fonts:
            font.state[doc] = copy.deepcopy(state)
            doc.fontMapping[font.fontName] = "/" + state.internalName
            doc.delayedFonts.append(font)
        canvas._cardpress_faces = self
        return True

    def draw(self, canvas: Canvas, card, live: Callable[[], None]) -> None:
        """Append the face's operators, or draw it live (not recorded, or canvas not primed)."""
        recorded, ops = self.ops.get(card.id, (None, None))
        same = recorded is card or (recorded is not None and recorded == card)
        if ops is None or not same or getattr(canvas, "_cardpress_faces", None) is not self:
            live()
            return
        # transparency states are named per page (every page starts a new table): give
        # this page the scratch canvas's names unless it already named states otherwise
        names = canvas._extgstate._c  # one dict shared by the page's saved states
        if not names:
            names.update(self.states)
        elif any(names.get(key) != name for key, name in self.states.items()):
            live()
            return
        canvas._code.extend(ops)


def _primed(canvas: Canvas) -> bool:
    return getattr(canvas, "_cardpress_faces", None) is not None


def record(canvas: Canvas, cards: Sequence, draw: Callable[[object], None]) -> FaceBook:
    """Draw every card on a fresh scratch ``canvas`` (never saved) and keep its operators."""
    doc = canvas._doc
    book = FaceBook(fresh_fonts=dict(doc.fontMapping))
    if canvas._extgstate._c:
        return book  # not fresh: record nothing, every face is drawn live
    for card in cards:
        if card.id in book.ops:
            continue
        code = canvas._code
        before = _side_effects(canvas)
        canvas.saveState()
        start = len(code)
        draw(card)
        ops = code[start:]
        canvas.restoreState()
        clean = canvas._code is code and _side_effects(canvas) == before
        book.ops[card.id] = (card, ops if clean else None)
    fonts = []
    for name in doc.fontMapping:
        if name in book.fresh_fonts:
            continue
        from reportlab.pdfbase.pdfmetrics import getFont

        font = getFont(name)
        if not getattr(font, "_dynamicFont", False) or doc not in font.state:
            return FaceBook(fresh_fonts=book.fresh_fonts)  # a standard font: draw live
        fonts.append((font, copy.deepcopy(font.state[doc])))
    book.fonts = fonts
    book.states = dict(canvas._extgstate._c)
    return book


def _side_effects(canvas: Canvas) -> tuple:
    """What drawing may add to a document besides operators, fonts and transparency."""
    return (
        len(canvas._doc.idToObject),
        len(canvas._formsinuse),
        len(canvas._annotationrefs),
        len(canvas._colorsUsed),
        len(canvas._shadingUsed),
        canvas._formData,
    )


_BOOKS: OrderedDict[tuple, tuple[object, FaceBook]] = OrderedDict()
_LOCK = threading.Lock()  # the referee draws from many threads


def face_book(
    deck, key: tuple, cards: Sequence, new_canvas: Callable[[], Canvas], draw
) -> FaceBook:
    """The recorded faces of ``deck`` for ``key`` (the drawing context), recorded on first use.

    ``deck`` is compared by identity: a reloaded catalogue (``--watch``) is a new deck.
    """
    full = (id(deck), *key)
    with _LOCK:
        hit = _BOOKS.get(full)
        if hit is not None and hit[0] is deck:
            _BOOKS.move_to_end(full)
            return hit[1]
        canvas = new_canvas()
        book = record(canvas, cards, lambda card: draw(canvas, card))
        _BOOKS[full] = (deck, book)
        while len(_BOOKS) > KEEP:
            _BOOKS.popitem(last=False)
        return book
