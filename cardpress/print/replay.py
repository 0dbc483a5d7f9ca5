"""Draw each card face once; every PDF that prints it places the same compressed form.

A full build prints every face in up to four PDFs (A4 and Letter sheets, the
print-shop file, the PNG export's card PDF), and drawing a face (layout, text
fitting, Japanese line breaking, the generated art, the QR code) then writing
and compressing its operators was most of the build's CPU. So a deck's faces
are drawn once, in deck order, on a scratch canvas, keeping the content-stream
operators each one appended, compressed once; a document that prints a face
gets it as a form XObject (``/FormXob.cardpress-face-N Do``) whose stream is
those bytes. A face printed twice in one document (絵師100人展's copies) is
one form.

Operators name fonts (``/F3``) and TrueType subset codes (which byte stands
for which glyph), and a document numbers both in order of first use. So
``FaceBook.prime`` gives a fresh canvas the scratch canvas's final numbering
(every font it used, with the same name and glyph codes) before anything is
drawn on it; a face's transparency states go in its form's own resources.
The numbering depends only on the deck and the drawing context, never on what
else a process drew before, so a PDF's bytes still depend only on its inputs.

A face whose drawing touched the document in any other way (a placed image, a
link, a form) is not recorded and is drawn live wherever it is printed.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from reportlab.pdfbase.pdfdoc import (
    PDFDictionary,
    PDFFormXObject,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
)
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

from cardpress.print import deflate

#: face books kept per process (a build job uses one; --watch keeps the last few)
KEEP = 8
#: False: every face is drawn live (benchmarks/build.py records the live drawing)
ENABLED = True
FORM = "cardpress-face-{}"


@dataclass
class Face:
    card: object
    #: the face's content stream, compressed (None: drawn live)
    stream: bytes | None
    #: its transparency states: name -> (key, value)
    states: dict[str, tuple]
    number: int


@dataclass
class FaceBook:
    """The recorded faces of one deck in one drawing context, and the fonts they need."""

    #: the faces' box in card space (trim plus bleed): what a form may draw in
    box: tuple[float, float, float, float]
    faces: dict[str, Face] = field(default_factory=dict)
    #: (TrueType font, its per-document state on the scratch canvas), in order of first use
    fonts: list[tuple[object, object]] = field(default_factory=list)
    #: the font names a fresh canvas already maps (``prime`` needs a canvas in that state)
    fresh_fonts: dict[str, str] = field(default_factory=dict)

    def prime(self, canvas: Canvas) -> bool:
        """Give a fresh canvas the scratch canvas's fonts; False if it has used fonts already."""
        doc = canvas._doc
        if doc.fontMapping != self.fresh_fonts or getattr(canvas, "_cardpress_faces", None):
            return False
        for font, state in self.fonts:
            font.state[doc] = _copy_state(state)
            doc.fontMapping[font.fontName] = "/" + state.internalName
            doc.delayedFonts.append(font)
        canvas._cardpress_faces = self
        return True

    def draw(self, canvas: Canvas, card, live: Callable[[], None]) -> None:
        """Place the face's form (defined on first use), or draw it live.

        Live: not recorded, recorded from a different card with the same id,
        or the canvas was not primed by this book.
        """
        face = self.faces.get(card.id)
        if (
            face is None
            or face.stream is None
            or not (face.card is card or face.card == card)
            or getattr(canvas, "_cardpress_faces", None) is not self
        ):
            live()
            return
        name = FORM.format(face.number)
        doc = canvas._doc
        if not doc.hasForm(name):
            doc.addForm(name, self._form(face))
        canvas.doForm(name)

    def _form(self, face: Face) -> PDFFormXObject:
        form = PDFFormXObject(*self.box)
        stream = PDFStream(content=face.stream)
        stream.dictionary["Filter"] = PDFName("FlateDecode")  # already compressed
        form.Contents = stream
        resources = PDFResourceDictionary()
        resources.basicFonts()  # the document's fonts, primed to the recorded names
        resources.allProcs()
        if face.states:
            resources.ExtGState = PDFDictionary(
                {name: PDFDictionary(dict((key,))) for name, key in face.states.items()}
            )
        form.Resources = resources
        return form


def record(
    canvas: Canvas,
    cards: Sequence,
    draw: Callable[[object], None],
    box: tuple[float, float, float, float],
) -> FaceBook:
    """Draw every card on a fresh scratch ``canvas`` (never saved) and keep its faces."""
    doc = canvas._doc
    book = FaceBook(box=box, fresh_fonts=dict(doc.fontMapping))
    for card in cards:
        if card.id in book.faces:
            continue
        code = canvas._code
        before = _side_effects(canvas)
        # each face on a fresh page: transparency states are named per page
        canvas.saveState()
        start = len(code)
        draw(card)
        ops = code[start:]
        states = {name: key for key, name in canvas._extgstate._c.items()}
        canvas.restoreState()
        clean = canvas._code is code and _side_effects(canvas) == before
        stream = deflate.compress(ops) if clean else None
        book.faces[card.id] = Face(card, stream, states if clean else {}, len(book.faces))
        canvas.showPage()
    fonts = []
    for name in doc.fontMapping:
        if name in book.fresh_fonts:
            continue
        font = getFont(name)
        if not getattr(font, "_dynamicFont", False) or doc not in font.state:
            return FaceBook(box=box, fresh_fonts=book.fresh_fonts)  # a standard font: live
        fonts.append((font, _copy_state(font.state[doc])))
    book.fonts = fonts
    return book


def _copy_state(state):
    """A TrueType font's per-document state (glyph codes, subsets), copied for another."""
    new = copy.copy(state)
    new.assignments = dict(state.assignments)
    new.subsets = [list(subset) for subset in state.subsets]
    return new


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
    deck,
    key: tuple,
    cards: Sequence,
    new_canvas: Callable[[], Canvas],
    draw: Callable[[Canvas, object], None],
    box: tuple[float, float, float, float],
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
        book = record(canvas, cards, lambda card: draw(canvas, card), box)
        _BOOKS[full] = (deck, book)
        while len(_BOOKS) > KEEP:
            _BOOKS.popitem(last=False)
        return book
