"""Typeset a rule document as a PDF rule sheet (ReportLab Platypus).

``render_rule_sheet(game_id, lang, paper, base_url) -> bytes`` walks the same
document tree the referee's web page renders (``cardpress.rules``): a title
block with a QR code to ``<base_url>/<lang>/rules/<game>``, the rule card's
summary, numbered clauses with their rule IDs as small margin labels, tables
with header rows, the blue supplement boxes, worked examples, diagrams drawn
from data, a glossary, the rulings as questions and answers, and "n / N"
page numbers. Only the registered TrueType fonts are used (every font is
embedded; no standard-14 font, not even the canvas's initial one), Japanese
wraps with kinsoku, and the bytes are reproducible (``invariant=1``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass, field, replace
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    FrameBreak,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import _listWrapOn

from cardpress.print import diagrams
from cardpress.print.card_figures import face_book
from cardpress.print.fonts import SheetFonts, register_fonts, sheet_fonts
from cardpress.print.justify import BookParagraph
from cardpress.print.layout import PAPERS
from cardpress.print.measure import LABEL_W, MARGIN_X, Measure, measure
from cardpress.print.palette import (
    ACCENT,
    BLUE,
    BLUE_BG,
    EXAMPLE_BG,
    EXAMPLE_LINE,
    EXAMPLE_WORD,
    HEAD_BG,
    INK,
    MUTED,
    RULE,
)
from cardpress.print.qr import qr_flowable
from cardpress.print.sheetstyles import sheet_styles
from cardpress.print.split_table import SplitTable
from cardpress.print.typography import (
    sheet_typography_markup,
    typographic,
    typographic_markup,
)
from cardpress.rules import load_rules
from cardpress.rules import model as m
from cardpress.rules.data import pinned_catalogue
from cardpress.rules.kinsoku import JustifiedKinsokuParagraph as SheetKinsoku
from cardpress.rules.kinsoku import PhraseKinsokuParagraph as SheetHeading
from cardpress.rules.kinsoku import is_cjk, phrase_parts, phrases
from cardpress.rules.paragraph_cache import PLAIN
from cardpress.rules.render import Renderer, handles
from cardpress.urls import rules_url

#: styles whose Japanese breaks only between phrases (titles and headings)
HEADINGS = frozenset(
    {"title", "subtitle", "h1", "h2", "box_title", "example_title", "table_caption", "question"}
)


MARGIN_TOP = 15 * mm
MARGIN_BOTTOM = 17 * mm
TITLE_GAP = 2 * mm  # between a two-column page's title block and its columns
BOX_PAD = 8  # inner padding of boxes and examples
TITLE_PAD = 10  # between the title and the QR code
TITLE_MIN = 16  # a long title is set no smaller than this (pt)
TITLE_WHOLE = 0.8  # a title phrase is kept on one line if that sets it no smaller than this
TITLE_FIT = 0.97  # a line's slack for the quarter-em gaps the width leaves out
FIGURE_CAPTION_W = 48 * mm  # the narrowest caption set beside a figure's cards
NOTES_MIN_ROOM = 60 * mm  # the notes start on the last page of rules when this much is left
NOTE_LINE = HexColor("#a7adbd")  # lines to write on: darker than the hairlines


class Styles:
    """The stylesheet's styles for one language (``sheet_styles.toml``), as attributes.

    Running text is justified (and English hyphenated); headings, titles,
    captions and table cells are set ragged and never hyphenated. Every style
    sets its font: nothing falls back to Helvetica.
    """

    def __init__(self, lang: str, compact: bool = False, label_w: float = LABEL_W) -> None:
        self.cjk = is_cjk(lang)
        self.fonts: SheetFonts = sheet_fonts(lang)
        self.lang = lang
        for name, st in sheet_styles(lang, label_w).items():
            setattr(self, name, st)
        if compact:  # rulings a little closer, to keep the last ones off a page of their own
            self.question = ParagraphStyle("question", self.question, spaceBefore=1)
            self.answer = ParagraphStyle("answer", self.answer, spaceAfter=1.5)
            self.answer.leading = self.question.leading = self.para.leading * 0.94

    def para_class(self, style: ParagraphStyle):
        """Japanese breaks by kinsoku (headings at phrases); English justified, hyphenated."""
        if not self.cjk:
            return BookParagraph
        return SheetHeading if style.name in HEADINGS else SheetKinsoku


# --------------------------------------------------------------------------- inline


def inline(spans: m.Inline, fonts: SheetFonts) -> str:
    """Document spans -> ReportLab paragraph markup (escaped), in the sheet's faces."""
    out: list[str] = []
    for s in spans:
        if s.style == "b":
            out.append(f'<font name="{fonts.bold}">{escape(s.text)}</font>')
        elif s.style == "em":
            out.append(f'<font name="{fonts.em}">{escape(s.text)}</font>')
        elif s.style == "ref":
            out.append(
                f'<a href="#{escape(s.target)}" color="{BLUE.hexval()}">'
                f'<font name="{fonts.label}" size="-1.2">{escape(s.text)}</font></a>'
            )
        elif s.style == "figref":
            out.append(
                f'<a href="#{escape(s.target)}" color="{BLUE.hexval()}">{escape(s.text)}</a>'
            )
        elif s.style == "br":
            out.append("<br/>")
        else:
            out.append(escape(s.text))
    return "".join(out)


class Anchor(Flowable):
    """A zero-size flowable that drops a PDF destination named after a rule ID."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.width = self.height = 0

    def wrap(self, aw, ah):
        return 0, 0

    def draw(self) -> None:
        self.canv.bookmarkHorizontal(self.name, 0, 0)


class PageMark(Anchor):
    """Zero-size too: notes the page it lands on (how the rulings fell on pages)."""

    def __init__(self, log: list[int]) -> None:
        super().__init__("")
        self.log = log

    def draw(self) -> None:
        self.log.append(self.canv.getPageNumber())


#: a sheet's last page never holds fewer rulings than this when it holds nothing else
MIN_LAST_PAGE_RULINGS = 3


@dataclass
class Layout:
    """How to set the rulings: what the page balancing may change between attempts."""

    compact: bool = False  # tighter spacing between questions and answers
    tail: int = 1  # the last ``tail`` rulings are kept together on one page
    pages: list[int] = field(default_factory=list)  # filled in: each ruling's page
    notes: int = 0  # ruled notes blocks that close the sheet (to an even page count)
    total: list[int] = field(default_factory=list)  # filled in: the sheet's page count
    small_figures: bool = False  # the figures' cards a little smaller
    notes_pages: list[int] = field(default_factory=list)  # filled in: each notes block's page
    end: StoryEnd | None = None  # filled in: where the story ended


# --------------------------------------------------------------------------- blocks


class Typesetter(Renderer[list[Flowable]]):
    def __init__(
        self,
        doc: m.RuleDocument,
        page: Measure,
        layout: Layout | None = None,
        base_url: str = "https://example.invalid",
        drawings: dict[tuple[m.Diagram, float], Drawing | None] | None = None,
    ) -> None:
        self.doc = doc
        #: the diagrams drawn so far, by width: a sheet's layout trials share them
        self.drawings = {} if drawings is None else drawings
        self.base_url = base_url
        self.layout = layout or Layout()
        self.s = Styles(doc.lang, compact=self.layout.compact, label_w=page.label_w)
        self.page = page
        self.width = page.column_w  # a column: everything but the title block
        self.label_w = page.label_w

    def p(self, markup: str, style: ParagraphStyle, bullet: str | None = None) -> Flowable:
        if style is not self.s.url:  # a URL keeps its hyphens
            markup = sheet_typography_markup(typographic_markup(markup), self.doc.lang)
        return self.s.para_class(style)(markup, style, bulletText=bullet)

    def inline(self, spans: m.Inline) -> str:
        return inline(spans, self.s.fonts)

    def content_width(self, inner: bool) -> float:
        """Right of the rule-ID gutter, and inside a box's padding when ``inner``."""
        return self.width - self.label_w - (BOX_PAD * 2 if inner else 0)

    # blocks ---------------------------------------------------------------

    def blocks(self, blocks: tuple[m.Block, ...], inner: bool = False) -> list[Flowable]:
        out: list[Flowable] = []
        for b in blocks:
            out.extend(self.block(b, inner))
        return out

    def block(self, b: m.Block, inner: bool = False) -> list[Flowable]:
        return self.render(b, inner=inner)

    @handles(m.Clause)
    def _clause(self, b: m.Clause, inner: bool = False) -> list[Flowable]:
        return [Anchor(b.id), self.p(self.inline(b.spans), self.s.clause, b.id)]

    @handles(m.Paragraph)
    def _paragraph(self, b: m.Paragraph, inner: bool = False) -> list[Flowable]:
        return [self.p(self.inline(b.spans), self.s.box if inner else self.s.para)]

    @handles(m.BulletList)
    def _bullets(self, b: m.BulletList, inner: bool = False) -> list[Flowable]:
        style = self.s.box_bullet if inner else self.s.bullet
        marks = [f"{i}." for i in range(1, len(b.items) + 1)] if b.ordered else None
        return [
            self.p(self.inline(item), style, marks[i] if marks else "•")
            for i, item in enumerate(b.items)
        ]

    @handles(m.Box)
    def _box(self, b: m.Box, inner: bool = False) -> list[Flowable]:
        return [self.box(b)]

    @handles(m.Figure)
    def _figure(self, b: m.Figure, inner: bool = False) -> list[Flowable]:
        return [self.figure(b)]

    @handles(m.Glossary)
    def _glossary(self, b: m.Glossary, inner: bool = False) -> list[Flowable]:
        s = self.s
        out: list[Flowable] = []
        for t in b.terms:
            out.append(Anchor(t.id))
            out.append(
                self.p(
                    f'<font name="{s.fonts.bold}">{escape(t.name)}</font>'
                    f"{'　' if s.cjk else ' — '}{self.inline(t.definition)}",
                    s.glossary,
                    t.id,
                )
            )
        return out

    @handles(m.Ruling)
    def _ruling(self, b: m.Ruling, inner: bool = False) -> list[Flowable]:
        s = self.s
        q = self.doc.label("question", "Q")
        a = self.doc.label("answer", "A")
        # a question and its answer never part across pages
        return [
            KeepTogether(
                [
                    Anchor(b.id),
                    PageMark(self.layout.pages),
                    self.p(f"{escape(q)}. {self.inline(b.question_spans)}", s.question, b.id),
                    self.p(
                        f'<font name="{s.fonts.heading}" color="{BLUE.hexval()}">'
                        f"{escape(a)}.</font> "
                        f"{self.inline(b.answer_spans)}",
                        s.answer,
                    ),
                ]
            )
        ]

    @handles(m.Section)
    def section(self, sec: m.Section, inner: bool = False) -> list[Flowable]:
        s = self.s
        if sec.level == 1:
            head = [
                CondPageBreak(26 * mm),
                Anchor(sec.id),
                self.p(escape(sec.title), s.h1),
                Rule(self.width, ACCENT, 0.9),
            ]
        else:
            head = [Anchor(sec.id), self.p(escape(sec.title), s.h2)]
        return _with_first_kept(head, self.blocks(sec.blocks))

    @handles(m.Table)
    def table(self, t: m.Table, inner: bool = False) -> list[Flowable]:
        s = self.s
        data = []
        style = [
            ("FONT", (0, 0), (-1, -1), s.fonts.body, 8.4),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
            ("LINEABOVE", (0, 0), (-1, 0), 0.9, ACCENT),
            ("LINEBELOW", (0, -1), (-1, -1), 0.9, ACCENT),
        ]
        heads = t.header_rows
        if heads:
            style.append(("BACKGROUND", (0, 0), (-1, heads - 1), HEAD_BG))
            style.append(("LINEBELOW", (0, heads - 1), (-1, heads - 1), 0.7, ACCENT))
        for r, row in enumerate(t.rows):
            cells = []
            for c, cell in enumerate(row):
                if cell.header:
                    st = s.cell_head_center if cell.align == "center" else s.cell_head
                else:
                    st = {"center": s.cell_center, "right": s.cell_right}.get(cell.align, s.cell)
                cells.append(self.p(self.inline(cell.spans), st))
                if cell.colour:
                    style.append(("LINEBEFORE", (c, r), (c, r), 3.2, HexColor(cell.colour)))
            data.append(cells)
        avail = self.content_width(inner)
        ncols = max(len(r) for r in t.rows)
        rel = t.widths if len(t.widths) == ncols else (1.0,) * ncols
        widths = column_widths(avail, rel, _longest_words(t, ncols, s))
        table = Table(data, colWidths=widths, repeatRows=heads, hAlign="LEFT" if inner else "RIGHT")
        table.setStyle(TableStyle(style))
        out: list[Flowable] = []
        if t.caption:
            out.append(self.p(self.inline(t.caption), s.table_caption))
        out.append(table)
        out.append(Spacer(1, 5))
        if inner:
            return out
        # kept together where it fits, else it goes on over the page, header repeated
        return [SplitTable(out, heads, self.continued_caption(t))]

    def continued_caption(self, t: m.Table) -> Callable[[], Flowable] | None:
        """What makes the caption of a table's part on a further page: "… (continued)"."""
        if not t.caption:
            return None
        label = self.doc.label("table-continued", "{caption} (continued)")
        before, _, after = label.partition("{caption}")
        markup = f"{escape(before)}{self.inline(t.caption)}{escape(after)}"
        return lambda: self.p(markup, self.s.table_caption)

    def box(self, b: m.Box) -> Flowable:
        s = self.s
        inner: list[Flowable] = []
        if b.title:
            inner.append(self.p(self.inline(b.title), s.box_title))
        inner.extend(self.blocks(b.blocks, inner=True))
        return _Spaced(_panel(inner, self.width - self.label_w, BLUE_BG, BLUE, s.fonts.label), 2, 6)

    @handles(m.Example)
    def example(self, e: m.Example, inner: bool = False) -> list[Flowable]:
        s = self.s
        word = self.doc.label("example", "Example")
        colour = EXAMPLE_WORD.hexval()
        title = self.p(
            f'<font color="{colour}">{escape(word)}</font>　{self.inline(e.title)}'
            if s.cjk
            else f'<font color="{colour}">{escape(word)}:</font> {self.inline(e.title)}',
            s.example_title,
            e.id,
        )
        inner = self.blocks(e.blocks, inner=True)
        t = _panel(inner, self.width - self.label_w, EXAMPLE_BG, EXAMPLE_LINE, s.fonts.label)
        # a boxed aside: it floats like a figure rather than leave a gap before it
        return [FigureFloat([Anchor(e.id), title, _Spaced(t, 0, 6)])]

    @handles(m.Diagram)
    def diagram(self, d: m.Diagram, inner: bool = False) -> list[Flowable]:
        drawing = self.drawing(d, self.content_width(inner))
        wide = None
        if self.page.columns > 1 and not inner:
            wide = self.drawing(d, self.page.full_w - self.label_w)
        if wide is not None and _spans(drawing, wide, self.content_width(False)):
            drawing = wide
        elif drawing is None:
            return []
        else:
            wide = None
        if not inner:  # a layout too wide for the width chosen (a booklet's page): smaller
            room = self.content_width(False) if wide is None else self.page.full_w - self.label_w
            drawing = diagrams.fitted(drawing, room)
        parts: list[Flowable] = [Spacer(1, 3), _Indented(drawing, 0 if inner else self.label_w)]
        if d.caption:
            parts.append(self.p(self.inline(d.caption), self.s.caption))
        if inner:
            return parts
        return [WideFloat(parts, self.page.full_w) if wide is not None else FigureFloat(parts)]

    def drawing(self, d: m.Diagram, width: float) -> Drawing | None:
        """The diagram drawn ``width`` wide, once per sheet (drawing reads the card data,
        which does not change while a sheet is set; a drawing is not changed by placing it)."""
        key = (d, width)
        if key not in self.drawings:
            self.drawings[key] = diagrams.draw(d, self.doc.lang, width)
        return self.drawings[key]

    def figure(self, f: m.Figure) -> Flowable:
        """The real cards, with "Figure n." and the caption under them: one float."""
        from cardpress.print.card_figures import CardFigure

        picture = CardFigure(
            f, self.doc.game, self.doc.lang, self.base_url, self.s.fonts, self.layout.small_figures
        )
        head = f'<font name="{self.s.fonts.label_bold}">{escape(f.words)}</font>'
        caption = f"{head}{'　' if self.s.cjk else ' '}{self.inline(f.caption)}"
        room = self.content_width(False)
        cards_w = picture.natural_width(room)
        if cards_w + FIGURE_CAPTION_W <= room:  # the caption beside the cards: less height
            side = Table(
                [[picture, self.p(caption, self.s.figure_caption)]],
                colWidths=[cards_w + 6 * mm, room - cards_w - 6 * mm],
                hAlign="RIGHT",
            )
            side.setStyle(
                TableStyle(
                    [
                        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                        ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 0),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                        ("FONT", (0, 0), (-1, -1), self.s.fonts.label, 8),
                    ]
                )
            )
            parts: list[Flowable] = [side]
        else:
            parts = [
                _Indented(picture, self.label_w),
                Spacer(1, 3),
                _Indented(self.p(caption, self.s.caption), self.label_w, centre=False),
            ]
        return FigureFloat([Anchor(f.id), Spacer(1, 4), *parts, Spacer(1, 5)])

    # title block ----------------------------------------------------------

    def title_block(self, url: str) -> list[Flowable]:
        s = self.s
        doc = self.doc
        qr_size = 24 * mm
        qr_w = 34 * mm
        full = self.page.full_w  # the title block spans the columns
        left: list[Flowable] = [
            self.p(escape(doc.title), self.title_style(doc.title, full - qr_w - TITLE_PAD)),
            self.p(escape(doc.subtitle), s.subtitle),
        ]
        if doc.facts:
            sep = "　" if s.cjk else "   "
            facts = sep.join(
                f'<font name="{s.fonts.label_bold}" color="{MUTED.hexval()}">'
                f"{escape(f.label)}</font> "
                f"{escape(f.value)}"
                for f in doc.facts
            )
            left.append(self.p(facts, s.facts))
        left.extend(self.p(self.inline(p.spans), s.lead) for p in doc.lead)
        right = [
            qr_flowable(url, qr_size),
            Spacer(1, 2),
            self.p(escape(doc.label("online", "Rules online")), s.qr_caption),
            self.p("<br/>".join(escape(x) for x in url_lines(url, qr_w, s.url)), s.url),
        ]
        t = Table([[left, right]], colWidths=[full - qr_w, qr_w])
        t.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (0, 0), TITLE_PAD),
                    ("RIGHTPADDING", (1, 0), (1, 0), 0),
                    ("ALIGN", (1, 0), (1, 0), "CENTER"),
                    ("FONT", (0, 0), (-1, -1), s.fonts.label, 8),
                ]
            )
        )
        out: list[Flowable] = [t, Spacer(1, 5), Rule(full, ACCENT, 1.6), Spacer(1, 4)]
        if doc.card:
            out.append(self.card_summary())
        ids = doc.label("ids")
        if ids:
            out.append(self.p(escape(ids), s.ids))
        return out

    def title_style(self, title: str, width: float) -> ParagraphStyle:
        """The title's style, smaller when what it must not break inside is wider than
        ``width``: an English title's words; a Japanese title's phrases (it breaks only
        between them), or, when keeping a phrase whole would shrink the title by more
        than ``TITLE_WHOLE``, the words of that phrase (絵師100人展|トレーディング…)."""
        style = self.s.title

        def fitting(pieces: list[str]) -> float:
            widest = max(stringWidth(p, style.fontName, style.fontSize) for p in pieces)
            return min(style.fontSize, style.fontSize * width * TITLE_FIT / widest)

        if self.s.cjk:
            size = fitting(phrases(title))
            if size < style.fontSize * TITLE_WHOLE:
                size = fitting(phrase_parts(title))
        else:
            size = fitting(title.split())
        size = max(TITLE_MIN, size)
        if size >= style.fontSize:
            return style
        return ParagraphStyle(
            "title", style, fontSize=size, leading=style.leading * size / style.fontSize
        )

    def card_summary(self) -> Flowable:
        s = self.s
        head, body = s.summary_head, s.summary_body
        title = self.p(escape(self.doc.label("card", "On the rule card")), s.box_title)
        body_w = self.page.full_w - 26 * mm - 18
        rows = []
        for i in self.doc.card:
            cell: list[Flowable] = [self.p(escape(i.body), body)]
            if i.table is not None:  # the rule card's own table, as the card prints it
                from cardpress.print.faces_triptych import card_table

                navy = (BLUE.red, BLUE.green, BLUE.blue)
                faces = (s.fonts.body, s.fonts.bold)  # English: the sheet's text face
                ratio = body.leading / body.fontSize
                table = card_table(i.table, body_w - 4, 7.4, self.doc.lang, navy, faces, ratio)
                cell += [Spacer(0, 2), table]
            rows.append([self.p(escape(i.heading), head), cell])
        inner = Table(rows, colWidths=[26 * mm, body_w])
        inner.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                    ("FONT", (0, 0), (-1, -1), s.fonts.label, 8),
                ]
            )
        )
        t = _panel([title, inner], self.page.full_w, BLUE_BG, BLUE, s.fonts.label, 9, "CENTER")
        return _Spaced(t, 2, 4)

    def story(self, url: str) -> list[Flowable]:
        out = self.title_block(url)
        if self.page.columns > 1:  # the title block fills its own frame above the columns
            out += [NextPageTemplate("page"), FrameBreak()]
        for sec in self.doc.sections:
            out.extend(self.section(sec))
        tail = self.layout.tail
        if tail > 1:  # the last rulings go to their page together
            kept = [i for i, f in enumerate(out) if isinstance(f, KeepTogether)][-tail:]
            if len(kept) == tail and all(_is_ruling(out[i]) for i in kept):
                out[kept[0] :] = [KeepTogether(out[kept[0] :])]
        notes_head = ParagraphStyle("notes_head", self.s.h1, keepWithNext=0)
        for i in range(self.layout.notes):
            out += [
                # the notes begin under the rulings when a fair part of the page is left
                CondPageBreak(NOTES_MIN_ROOM) if i == 0 else PageBreak(),
                # not kept with the lines, which take whatever height is left
                self.p(escape(self.doc.label("notes", "Notes")), notes_head),
                Rule(self.width, ACCENT, 0.9, keep_with_next=False),
                NoteLines(
                    self.width, self.s.body.leading * 1.6, self.label_w, log=self.layout.notes_pages
                ),
            ]
            if self.page.columns > 1:  # the columns to the right of the notes, ruled too
                out.append(NoteLines(self.width, self.s.body.leading * 1.6, self.label_w, True))
        return out


# --------------------------------------------------------------------------- helpers


#: a word of Latin letters or digits, which a table cell must not break inside
LATIN_WORD = re.compile(r"[A-Za-z0-9'’“”\"\-]+")
CELL_PAD = 8  # a cell's left and right padding together


def _longest_words(t: m.Table, ncols: int, s: Styles) -> list[float]:
    """The widest word in each column, set in its cell's face, plus the padding."""
    out = [0.0] * ncols
    for row in t.rows:
        for c, cell in enumerate(row):
            style = s.cell_head if cell.header else s.cell
            text = "".join(span.text for span in cell.spans)
            for word in LATIN_WORD.findall(text):
                w = stringWidth(word, style.fontName, style.fontSize) + CELL_PAD
                out[c] = max(out[c], w)
    return out


def column_widths(avail: float, rel: tuple[float, ...], least: list[float]) -> list[float]:
    """Widths in the proportions ``rel``, but none narrower than its longest word (in a
    narrow column "painter" would break as "paint/er"): the others give up the room."""
    widths = [avail * w / sum(rel) for w in rel]
    fixed: set[int] = set()
    while True:
        short = [i for i, w in enumerate(widths) if i not in fixed and w < least[i] - 0.01]
        if not short:
            return widths
        fixed.update(short)
        free = [i for i in range(len(widths)) if i not in fixed]
        room = avail - sum(least[i] for i in fixed)
        if not free or room <= 0:
            return widths  # the words cannot all fit: the proportions as given
        share = sum(rel[i] for i in free)
        widths = [least[i] if i in fixed else room * rel[i] / share for i in range(len(widths))]


def _with_first_kept(head: list[Flowable], body: list[Flowable]) -> list[Flowable]:
    """A heading and its section, the heading kept with what opens the section even
    when that is kept together itself (a ruling, a short table), or follows the zero-size
    anchor of its rule ID: Platypus's keepWithNext chain stops at both, and the heading
    was left at a column's foot."""
    first = next((i for i, f in enumerate(body) if not isinstance(f, Anchor)), None)
    for anchor in body[:first]:  # a rule ID's anchor would break keepWithNext's chain
        anchor.keepWithNext = 1
    opening = None if first is None else body[first]
    if type(opening) not in (KeepTogether, SplitTable):
        return head + body
    start = next(i for i, f in enumerate(head) if not isinstance(f, CondPageBreak))
    content = [*head[start:], *body[:first], *opening._content]
    if isinstance(opening, SplitTable):  # the heading goes with the table's first part
        kept: KeepTogether = KeptHeadingTable(content, opening.heads, opening.continued)
    else:
        kept = KeptHeading(content)
    return [*head[:start], kept, *body[first + 1 :]]


class KeptHeading(KeepTogether):
    """A heading kept with what opens its section, asking for the heading's space
    before it: a KeepTogether gives that of its first flowable, here the section's
    zero-size anchor, so the frame measured the group as fitting by less than the
    heading's space, the heading was set at the page's foot and its text went over."""

    def getSpaceBefore(self) -> float:
        sized = (f for f in self._content if not isinstance(f, Anchor))
        first = next(sized, None)
        return first.getSpaceBefore() if first is not None else 0


class KeptHeadingTable(KeptHeading, SplitTable):
    """A heading kept with the table that opens its section, which may go on over the
    page once the heading, the caption and the table's first rows are set."""


def _is_ruling(f: Flowable) -> bool:
    return isinstance(f, KeepTogether) and any(isinstance(c, PageMark) for c in f._content)


def stub_rulings(pages: list[int]) -> int:
    """How many rulings sit alone on the last page when they are too few to fill it, else 0.

    ``pages`` holds each ruling's page, in order; rulings close the sheet, so the last
    page holds nothing else when the first ruling on it is not the first ruling of all.
    """
    if not pages:
        return 0
    last = pages[-1]
    on_last = pages.count(last)
    alone = on_last < len(pages)  # an earlier page carries the rulings' heading
    return on_last if alone and on_last < MIN_LAST_PAGE_RULINGS else 0


def _panel(
    content: list[Flowable],
    width: float,
    fill: Color,
    line: Color,
    font: str,
    pad: float = BOX_PAD,
    h_align: str = "RIGHT",
) -> Table:
    """A tinted one-cell table with a coloured rule down its left edge.

    Supplements, worked examples and the rule-card summary must read as one
    family, so they differ only in colour and padding.
    """
    t = Table([[content]], colWidths=[width], hAlign=h_align)
    t.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), fill),
                ("LINEBEFORE", (0, 0), (0, -1), 2.6, line),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("FONT", (0, 0), (-1, -1), font, 8),  # a table sets its cells' font
            ]
        )
    )
    return t


class Rule(Flowable):
    """A horizontal rule (no text, so no font)."""

    def __init__(self, width: float, colour, thickness: float, keep_with_next: bool = True) -> None:
        super().__init__()
        self.width, self.colour, self.thickness = width, colour, thickness
        self.keepWithNext = int(keep_with_next)

    def wrap(self, aw, ah):
        return self.width, self.thickness + 3

    def draw(self) -> None:
        c = self.canv
        c.setStrokeColor(self.colour)
        c.setLineWidth(self.thickness)
        c.line(0, 1.5, self.width, 1.5)


class NoteLines(Flowable):
    """Ruled lines filling the rest of the frame, for a player's notes.

    ``next_columns``: the lines that fill the page's further columns once the
    notes have filled theirs (nothing, when the notes ended in the last column).
    """

    def __init__(
        self,
        width: float,
        step: float,
        label_w: float,
        next_columns: bool = False,
        log: list[int] | None = None,
    ) -> None:
        super().__init__()
        self.width, self.step, self.label_w = width, step, label_w
        self.next_columns = next_columns
        self._moved = False
        self.log = log  # notes the page the lines are drawn on

    def wrap(self, aw, ah):
        if self.next_columns:
            frame = self._doctemplateAttr("frame")
            template = self._doctemplateAttr("pageTemplate")
            last = template is None or frame is None or frame is template.frames[-1]
            if not last:  # first move on to the next column
                self._moved = True
                return self.width, ah + 1
            if not self._moved:
                self.height = 0.0
                return self.width, 0.0
        self.height = max(0.0, ah - 1)
        return self.width, self.height

    def split(self, aw, ah):
        return []

    def draw(self) -> None:
        c = self.canv
        if self.log is not None:
            self.log.append(c.getPageNumber())
        c.setStrokeColor(NOTE_LINE)  # darker than hairlines: lines to write on, printed
        c.setLineWidth(0.4)
        y = self.height - self.step
        while y > 0:
            c.line(self.label_w, y, self.width, y)
            y -= self.step


class _Spaced(Flowable):
    """Space before and after a flowable that cannot carry its own."""

    def __init__(self, inner: Flowable, before: float, after: float) -> None:
        super().__init__()
        self.inner, self.before, self.after = inner, before, after
        self.hAlign = getattr(inner, "hAlign", "LEFT")

    def wrap(self, aw, ah):
        w, h = self.inner.wrap(aw, ah)
        self.width, self.height = aw, h + self.before + self.after
        self._inner_w = w
        return self.width, self.height

    def draw(self) -> None:
        x = self.width - self._inner_w if self.hAlign == "RIGHT" else 0
        self.inner.drawOn(self.canv, x, self.after)


class FigureFloat(KeepTogether):
    """A figure and its caption, kept together, that floats: when it does not fit
    where it is referred to, the text after it fills the page and the figure opens
    the next one (``FloatingDocTemplate``)."""

    def height_in(self, aw: float, ah: float, canv) -> float:
        """Its height set ``aw`` wide (KeepTogether's own wrap always answers "too tall")."""
        return _listWrapOn(self._content, aw, canv)[1]


#: a diagram spans the columns when set in one it would stand this much taller
SPAN_TALLER = 1.25


def _spans(column: Flowable | None, wide: Flowable, room: float) -> bool:
    """Whether a diagram reads better across the page than in its column: it does not
    fit the column, or the column squeezes it into a tall stack of boxes."""
    if column is None:
        return True
    cw, ch = column.wrap(room, 1e6)
    _ww, wh = wide.wrap(1e6, 1e6)
    return cw > room - 0.5 or ch > SPAN_TALLER * wh  # at its narrowest: it does not fit


class WideFloat(FigureFloat):
    """A figure set across all the columns: it floats to the top of the next page,
    which opens with a frame of its height across the page (the columns below)."""

    def __init__(self, content: list[Flowable], width: float) -> None:
        super().__init__(content)
        self.span_w = width


class FloatingDocTemplate(BaseDocTemplate):
    """Platypus with floats: a ``FigureFloat`` that does not fit in what is left of
    the frame waits, and is set at the top of the next frame, before anything
    else; any still waiting at the end are set there."""

    def handle_flowable(self, flowables) -> None:
        waiting: list[Flowable] = self.__dict__.setdefault("_floats", [])
        wide: list[WideFloat] = self.__dict__.setdefault("_wide", [])
        frame = getattr(self, "frame", None)
        if frame is None:  # before the first page (the hanging flowables)
            super().handle_flowable(flowables)
            return
        if frame.id == "wide" and frame._atTop and wide:
            flowables[0].__dict__.pop("_postponed", None)
            flowables[0:0] = [wide.pop(0), FrameBreak()]
            self.handle_nextPageTemplate(self._span_page(wide[0]) if wide else "page")
            super().handle_flowable(flowables)  # set here, not queued again
            return
        if isinstance(flowables[0], WideFloat):
            f = flowables.pop(0)
            if not wide:  # the next page opens with it
                self.handle_nextPageTemplate(self._span_page(f))
            wide.append(f)
            if not flowables:
                flowables.extend([PageBreak(), Spacer(0, 0)])
            return
        if waiting and frame._atTop:
            # what was put off to this frame now follows the floats, and may be put off
            # again (Platypus calls a second put-off "too large")
            flowables[0].__dict__.pop("_postponed", None)
            flowables[0:0] = waiting
            waiting.clear()
        f = flowables[0]
        if isinstance(f, FigureFloat) and not frame._atTop:
            room = frame._y - frame._y1p - frame._prevASpace
            if f.height_in(frame._aW, room, self.canv) > room:
                waiting.append(flowables.pop(0))
                if not flowables:  # the story ends here: set it after all
                    flowables.extend(waiting)
                    waiting.clear()
                return
        super().handle_flowable(flowables)
        if not flowables and waiting:
            flowables.extend(waiting)
            waiting.clear()
        if not flowables and wide:  # the story ends: a page for the figures still waiting
            flowables.extend([PageBreak(), Spacer(0, 0)])

    def _span_page(self, f: WideFloat) -> str:
        """The name of a page template that opens with a frame for ``f`` across the page."""
        page = next(t for t in self.pageTemplates if t.id == "page")
        columns = page.frames
        h = f.height_in(f.span_w, 1e6, self.canv) + 2
        name = f"wide{h:.2f}"
        if all(t.id != name for t in self.pageTemplates):
            top = columns[0]._y1 + columns[0]._height
            below = columns[0]._height - h - TITLE_GAP
            frames = [_frame(columns[0]._x1, top - h, f.span_w, h, "wide")]
            frames += [_frame(c._x1, c._y1, c._width, below, c.id) for c in columns]
            self.addPageTemplates([PageTemplate(id=name, frames=frames)])
        return name

    def build(self, flowables, *args, **kwargs) -> None:
        self._floats = []
        self._wide = []
        self.story_end: StoryEnd | None = None
        super().build(flowables, *args, **kwargs)

    def _endBuild(self) -> None:
        frame, template = getattr(self, "frame", None), getattr(self, "pageTemplate", None)
        if frame is not None and template is not None:
            self.story_end = StoryEnd(
                self.canv.getPageNumber(),
                frame._y - frame._y1p,
                frame is template.frames[-1],
                bool(self._floats or self._wide),
            )
        super()._endBuild()


@dataclass(frozen=True)
class StoryEnd:
    """Where a story ended: what a notes block appended to it would find."""

    page: int
    room: float  # pt left in the frame
    last_frame: bool  # the page's last frame (a frame break opens a page)
    floats_waiting: bool  # figures still to set (the end is not where it seems)

    def notes_page(self) -> int | None:
        """The page a first notes block would fill, or None when that is not certain."""
        if self.floats_waiting:
            return None
        moves_on = self.room < NOTES_MIN_ROOM and self.last_frame  # CondPageBreak
        return self.page + 1 if moves_on else self.page


class _Indented(Flowable):
    """A drawing shifted right by the label gutter, centred in what is left."""

    def __init__(self, inner: Flowable, indent: float, centre: bool = True) -> None:
        super().__init__()
        self.inner, self.indent, self.centre = inner, indent, centre

    def wrap(self, aw, ah):
        w, h = self.inner.wrap(aw - self.indent, ah)
        self._iw = w
        self.width, self.height = aw, h
        return aw, h

    def draw(self) -> None:
        room = self.width - self.indent - self._iw
        x = self.indent + (max(0.0, room / 2) if self.centre else 0.0)
        self.inner.drawOn(self.canv, x, 0)

    def split(self, aw, ah):
        return []


def url_lines(url: str, width: float, style: ParagraphStyle) -> list[str]:
    """Break a URL for display after its slashes, never inside a word."""
    text = url.split("://", 1)[-1]
    parts = [p + "/" for p in text.split("/")[:-1]] + [text.split("/")[-1]]
    lines = diagrams.fill_lines(parts, style.fontName, style.fontSize, width)
    return [line for line in lines if line]


#: the least size a footer's title and URL are set at to clear the folio
FOOTER_MIN_SIZE = 6.0


def footer_fit(text: str, font: str, size: float, room: float) -> tuple[str, float]:
    """A footer's title and URL as they fit in ``room`` points beside the folio: as they
    are, else without the URL's scheme (a reader types it without), else set smaller,
    never below ``FOOTER_MIN_SIZE``. Too long, the line ran into the folio ('…/eshi100'
    under '1 / 8' on the Japanese half-letter booklet)."""
    if stringWidth(text, font, size) <= room:
        return text, size
    text = re.sub(r"https?://", "", text)
    width = stringWidth(text, font, size)
    return text, max(FOOTER_MIN_SIZE, size * min(1.0, room / width))


def _canvas_maker(
    footer_title: str, fonts: SheetFonts, total_out: list[int], book=None, dry: bool = False
):
    """A canvas that starts in a registered font and prints "n / N" footers.

    ``dry``: a layout trial that only counts pages; nothing is drawn on it (see
    ``SheetFrame``) and saving it writes no PDF, it only reports the page count.
    """

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs) -> None:
            kwargs["initialFontName"] = fonts.label  # not Helvetica, the canvas default
            kwargs["initialFontSize"] = kwargs.get("initialFontSize") or 9
            kwargs["invariant"] = 1
            super().__init__(*args, **kwargs)
            self._saved: list[dict] = []
            self.dry = dry
            if book is not None and not dry:  # the figures' card faces, recorded once (replay)
                book.prime(self)

        def showPage(self) -> None:
            self._saved.append({} if dry else dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._saved)
            total_out.append(total)
            if dry:
                return
            for state in self._saved:
                self.__dict__.update(state)
                self._footer(total)
                Canvas.showPage(self)
            Canvas.save(self)

        def _footer(self, total: int) -> None:
            w, _h = self._pagesize
            y = MARGIN_BOTTOM - 9 * mm
            self.saveState()
            self.setStrokeColor(RULE)
            self.setLineWidth(0.5)
            self.line(MARGIN_X, y + 9, w - MARGIN_X, y + 9)
            folio = f"{self._pageNumber} / {total}"
            room = w - 2 * MARGIN_X - stringWidth(folio, fonts.label_bold, 7.6) - 3 * mm
            title, size = footer_fit(typographic(footer_title), fonts.label, 7.2, room)
            self.setFont(fonts.label, size)
            self.setFillColor(MUTED)
            self.drawString(MARGIN_X, y, title)
            self.setFont(fonts.label_bold, 7.6)
            self.setFillColor(INK)
            self.drawRightString(w - MARGIN_X, y, folio)
            self.restoreState()

    return NumberedCanvas


def render_rule_sheet(game_id: str, lang: str, paper: str, base_url: str) -> bytes:
    """The rule sheet of one game as PDF bytes (deterministic)."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}: {paper!r}")
    return render_pages(game_id, lang, PAPERS[paper], base_url, quantum=2)


def render_pages(
    game_id: str, lang: str, pagesize: tuple[float, float], base_url: str, quantum: int
) -> bytes:
    """The rule sheet on pages of ``pagesize``, padded with notes pages to a multiple of
    ``quantum`` pages when it runs to more than one (2: folded sheets, 4: a booklet)."""
    register_fonts()
    # the document first, then the pin: a document is cached on its files as they were
    # when it was read, so it must never be rendered from data read before that
    doc = load_rules(game_id, lang)
    with pinned_catalogue():
        return _render_pages(doc, game_id, lang, pagesize, base_url, quantum)


def _render_pages(
    doc: m.RuleDocument,
    game_id: str,
    lang: str,
    pagesize: tuple[float, float],
    base_url: str,
    quantum: int,
) -> bytes:
    url = rules_url(base_url, lang, game_id)
    buf = io.BytesIO()
    template = FloatingDocTemplate(
        buf,
        pagesize=pagesize,
        leftMargin=MARGIN_X,
        rightMargin=MARGIN_X,
        topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM,
        title=f"{doc.title} — {doc.subtitle}" if doc.subtitle else doc.title,
        author="cardpress",
        subject=url,
        creator="cardpress",
        lang=lang,
        invariant=1,
        initialFontName=sheet_fonts(lang).label,
    )
    footer = f"{doc.title}{'・' if lang == 'ja' else ' · '}{url}"
    # a last page with only a ruling or two looks unfinished, and a sheet of more than
    # one page prints on folded sheets (an odd page count closes with notes pages):
    # set the rulings tighter, then the figures' cards smaller, and if the rulings
    # still spill, send the last few over together; the first layout that needs
    # neither wins, else the first without a stub of rulings, padded with notes.
    # Every layout is tried dry, counting pages, and the one kept is drawn once at the
    # end: most sheets try more than one, and once the first trial has broken the
    # paragraphs' lines (kept, ``paragraph_cache``) a dry trial is cheap.

    drawings: dict[tuple[m.Diagram, float], Drawing | None] = {}

    def attempt(layout: Layout, draw: bool) -> bytes | None:
        _build(
            template,
            buf,
            doc,
            pagesize,
            url,
            footer,
            layout,
            base_url,
            dry=not draw,
            drawings=drawings,
        )
        layout.end = template.story_end
        return buf.getvalue() if draw else None

    def drawn(layout: Layout) -> bytes:
        return attempt(replace(layout, pages=[], total=[], end=None), True) or b""

    chosen: Layout | None = None
    for layout in TRIAL_LAYOUTS:
        layout = replace(layout, pages=[], total=[])
        attempt(layout, draw=False)
        if stub_rulings(layout.pages):
            continue
        total = layout.total[-1]
        if layout.tail > 1 and chosen is not None and total > chosen.total[-1]:
            continue  # sending the rulings over together opened a page: the one before is bare
        if total == 1 or total % quantum == 0:
            return drawn(layout)
        if chosen is None:
            chosen = layout
    layout = chosen or layout
    total = layout.total[-1]
    if total == 1 or total % quantum == 0:
        return drawn(layout)
    # pad with notes: the rest of the last page (when there is room) and whole pages.
    # Each notes block after the first opens a page, so where the first falls (read off
    # the build of the layout kept) says how many make the count: built once, checked
    # by the page each block's lines were drawn on, else tried one by one
    start = layout.end.notes_page() if layout.end is not None else None
    if start is not None:
        notes = next(k for k in range(1, quantum + 1) if (start + k - 1) % quantum == 0)
        trial = replace(layout, notes=notes, pages=[], total=[], notes_pages=[], end=None)
        data = attempt(trial, True)
        heads = trial.notes_pages
        if (
            trial.total[-1] % quantum == 0
            and heads == list(range(start, start + notes))
            and trial.total[-1] == heads[-1]
            and all(page % quantum for page in heads[:-1])
        ):
            return data or b""
    for notes in range(1, quantum + 2):
        layout = replace(layout, notes=notes, pages=[], total=[], notes_pages=[], end=None)
        attempt(layout, True)
        if layout.total[-1] % quantum == 0:
            break
    return buf.getvalue()


#: the layouts a sheet tries in turn (``render_pages``)
TRIAL_LAYOUTS = (
    Layout(),
    Layout(compact=True),
    Layout(compact=True, small_figures=True),
    Layout(compact=True, small_figures=True, tail=MIN_LAST_PAGE_RULINGS),
)


def _build(
    template,
    buf,
    doc,
    pagesize,
    url: str,
    footer: str,
    layout: Layout,
    base_url: str,
    dry: bool = False,
    drawings: dict[tuple[m.Diagram, float], Drawing | None] | None = None,
) -> None:
    buf.seek(0)
    buf.truncate()
    page = sheet_measure(doc.lang, pagesize)
    ts = Typesetter(doc, page, layout, base_url, drawings)
    template.pageTemplates = []
    template.addPageTemplates(_page_templates(page, pagesize, ts.title_block(url)))
    book = None if dry else face_book(doc, base_url, ts.s.fonts.label)
    maker = _canvas_maker(footer, ts.s.fonts, layout.total, book, dry)
    template.build(ts.story(url), canvasmaker=maker)


def sheet_measure(lang: str, pagesize: tuple[float, float]) -> Measure:
    """The columns a rule sheet in ``lang`` sets on pages of ``pagesize``."""
    register_fonts()  # the measure is the body face's
    body = sheet_styles(lang, LABEL_W)["body"]
    return measure(pagesize, is_cjk(lang), sheet_fonts(lang).body, body.fontSize)


class SheetFrame(Frame):
    """A frame that, on a dry trial's canvas, places flowables without drawing them.

    A trial layout only needs where things fall (page count, each ruling's page): the
    flowables are wrapped and split as when drawn, and only the ``PageMark``s, which
    note their page, draw.
    """

    def _add(self, flowable, canv, trySplit=0):
        if not getattr(canv, "dry", False) or isinstance(flowable, PageMark):
            return super()._add(flowable, canv, trySplit)
        try:
            flowable.drawOn = _placed_only  # Frame._add's one drawing call
        except AttributeError:  # a flowable that refuses new attributes is drawn
            return super()._add(flowable, canv, trySplit)
        try:
            return super()._add(flowable, canv, trySplit)
        finally:
            del flowable.drawOn

    add = _add

    def __deepcopy__(self, memo: dict) -> SheetFrame:
        """What ``copy.deepcopy`` makes, quicker: platypus copies the frame to measure each
        kept-together group in (thousands of times a sheet), and a frame is numbers and
        strings (shared, as deepcopy shares them) and a list of backgrounds (copied)."""
        twin = object.__new__(type(self))
        memo[id(self)] = twin
        twin.__dict__.update(  # not ``__dict__ =``: Frame's __setattr__ would file it as a field
            (k, v if isinstance(v, PLAIN) else deepcopy(v, memo)) for k, v in vars(self).items()
        )
        return twin


def _placed_only(*args, **kwargs) -> None:
    """A dry trial's ``drawOn``: the flowable has its place, nothing is drawn."""


def _frame(x: float, y: float, w: float, h: float, name: str) -> Frame:
    return SheetFrame(
        x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=name
    )


def _page_templates(
    page: Measure, pagesize: tuple[float, float], title: list[Flowable]
) -> list[PageTemplate]:
    """One frame per column; with two, the first page sets its title block across
    both in a frame of its own, the columns starting under it."""
    height = pagesize[1] - MARGIN_TOP - MARGIN_BOTTOM
    columns = [
        _frame(page.column_x(i), MARGIN_BOTTOM, page.column_w, height, f"column{i}")
        for i in range(page.columns)
    ]
    if page.columns == 1:
        return [PageTemplate(id="page", frames=columns)]
    probe = Canvas(io.BytesIO())
    title_h = _listWrapOn(title, page.full_w, probe)[1] + 2  # a little slack for rounding
    below = height - title_h - TITLE_GAP
    first = [_frame(page.x0, MARGIN_BOTTOM + below + TITLE_GAP, page.full_w, title_h, "title")]
    first += [
        _frame(page.column_x(i), MARGIN_BOTTOM, page.column_w, below, f"column{i}")
        for i in range(page.columns)
    ]
    return [PageTemplate(id="first", frames=first), PageTemplate(id="page", frames=columns)]
