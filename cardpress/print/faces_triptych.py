"""Triptych card faces: paintings, forgeries, the Mona Lisa and the rule cards.

A painting is framed in its painter's colour (the colour the games talk
about), with the corner index and painter name in the header band, the art
box, then title and year over the QR code. Forgeries swap the frame for
charcoal, grey the picture and stamp it; the Mona Lisa is framed in gold.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from itertools import pairwise
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, Spacer, TableStyle
from reportlab.platypus import Table as RLTable

from cardpress.catalogue.models import TriptychCard, TriptychDeck, TriptychKind
from cardpress.games import GAMES
from cardpress.print.art import RGB, Ink, draw_card_art, hex_rgb, mix, readable
from cardpress.print.fonts import MONO, register_fonts
from cardpress.print.glyphs import draw_symbol
from cardpress.print.layout import FRAME_MIN, SAFE
from cardpress.print.typeset import (
    INK,
    MIN_SIZE,
    MIN_TITLE_SIZE,
    MUTED,
    PAPER,
    SANS,
    SANS_BOLD,
    SERIF,
    WHITE,
    Ctx,
    draw_card_qr,
    draw_fit,
    draw_footer,
    draw_lines,
    fit_lines,
    fit_or_wrap,
    framed_panel,
    label,
    paragraph,
    qr_box,
    rect,
    text_colour_on,
)
from cardpress.print.typography import side_by_side, typographic
from cardpress.print.version_mark import with_version
from cardpress.rules.model import CardItem, Table

FORGERY_FRAME = hex_rgb("#2d2b2a")
STAMP_RED = hex_rgb("#d21f26")
GOLD = hex_rgb("#b8913a")
GOLD_DARK = hex_rgb("#5a4318")
MONA_STAR = hex_rgb("#f3d98b")


#: the shape beside each painter's number, so colour is never the only signal
PAINTER_SYMBOL = {"monet": "circle", "gogh": "star", "vermeer": "diamond"}


def corner_index(deck: TriptychDeck, card: TriptychCard) -> dict[str, Ink]:
    """The colours of a card's corner index, each with the ground it is printed on.

    ``number`` is the number (the forgery's F, the Mona Lisa's star) on its disc;
    ``shape`` the painter's shape under the disc on the header band; ``turned shape``
    the one under the turned copy on the card's panel. The faces draw with these, and
    tests/print/test_colours.py checks each reads at 4.5:1.
    """
    if card.kind == TriptychKind.RULE:
        return {}  # a rule card has no index
    if card.kind == TriptychKind.MONA_LISA:
        return {"number": Ink(MONA_STAR, GOLD_DARK)}
    painter = deck.painter(card.painter) if card.painter else None
    colour = hex_rgb(painter.rgb) if painter else GOLD
    if card.kind == TriptychKind.FORGERY:
        inks = {"number": Ink(WHITE, STAMP_RED), "turned shape": Ink(STAMP_RED, PAPER)}
    else:
        inks = {"number": Ink(readable(colour, PAPER), PAPER)}
        inks["turned shape"] = Ink(inks["number"].ink, PAPER)
    if painter:
        inks["shape"] = Ink(text_colour_on(colour), colour)
    return inks


def _index(canvas, ctx: Ctx, text: str, symbol: str | None, fill: RGB, ink: RGB, cx, cy, r) -> None:
    """A disc centred at (cx, cy) with the number, or with a mark when there is no number."""
    canvas.setFillColorRGB(*fill)
    canvas.circle(cx, cy, r, stroke=0, fill=1)
    canvas.setFillColorRGB(*ink)
    if not text and symbol == WILD:
        _wild_mark(canvas, cx, cy, r, ink)
        return
    if not text and symbol:
        draw_symbol(canvas, symbol, cx, cy, r * 0.62, ink)
        return
    size = r * 1.3 if len(text) == 1 else r * 1.0
    draw_fit(canvas, text, cx, cy - size * 0.36, SANS_BOLD, size, r * 1.7, align="centre")


#: the Mona Lisa's index: the three painters' shapes in one disc (it counts as any of them)
WILD = "wild"


def _wild_mark(canvas, cx: float, cy: float, r: float, ink: RGB) -> None:
    """●, ★ and ◆ together, small, in a triangle: no painter's shape alone, every one."""
    sr = r * 0.3
    spots = ((0.0, 0.36), (-0.4, -0.3), (0.4, -0.3))
    for shape, (dx, dy) in zip(("circle", "star", "diamond"), spots, strict=True):
        draw_symbol(canvas, shape, cx + dx * r, cy + dy * r, sr, ink)


def _disc_radius(ctx: Ctx, header_h: float, pip: bool, inset: float = SAFE) -> float:
    """The index disc's radius: as big as the header band holds below the safe zone
    (``inset`` from the top trim), with the painter's shape (0.3 r, 0.2 mm apart) under
    it when there is one."""
    room = header_h - inset - 0.5 * mm * ctx.s
    return min(header_h * 0.34, (room - 0.2 * mm) / 2.6 if pip else room / 2)


def _badge(
    canvas,
    ctx: Ctx,
    text: str,
    inks: dict[str, Ink],
    header_h: float,
    symbol: str | None = None,
    inset: float = SAFE,
) -> float:
    """The corner index at the top-left and, turned, above the QR code; returns its right edge.

    A hand fanned either way up shows one of the two; each carries the painter's
    shape under the number so the suit reads without colour. The disc and its shape
    stay ``inset`` (``SAFE``; more on a plate over full-bleed art) inside the trim: a cut
    1/16 in off never touches them.
    """
    pip = bool(symbol and text)  # a shape under the number (the Mona Lisa's is in the disc)
    r = _disc_radius(ctx, header_h, pip, inset)
    cx = inset + 0.4 * mm + r
    cy = ctx.h - inset - 0.3 * mm * ctx.s - r
    number = inks["number"]
    _index(canvas, ctx, text, None if pip else symbol, number.ground, number.ink, cx, cy, r)
    if pip:  # the shape sits in the header band under the disc
        sr = r * 0.3
        # outlined in the number's ink: it reaches the panel's edge, where the fill alone may vanish
        y = cy - r - sr - 0.2 * mm
        draw_symbol(canvas, symbol, cx, y, sr, inks["shape"].ink, stroke=number.ink, width=0.5)
    qx, qy, qs = qr_box(ctx)
    canvas.saveState()
    sr = min(r, header_h * 0.3) * 0.62
    canvas.translate(qx + qs - sr * 1.3, qy + qs + sr * 3.1 + 1.0 * mm)
    canvas.rotate(180)
    _index(canvas, ctx, text, None if pip else symbol, number.ground, number.ink, 0, 0, sr)
    if pip:  # on the card's panel
        y = -sr - sr * 0.45 - 0.3 * mm
        draw_symbol(canvas, symbol, 0, y, sr * 0.4, inks["turned shape"].ink)
    canvas.restoreState()
    return cx + r


def _header_text(
    canvas,
    ctx: Ctx,
    x0: float,
    header_h: float,
    title: str,
    sub: str,
    title_size: float,
    inset: float = SAFE,
) -> None:
    """A header's title and, under it, a smaller line (Forgery / Monet; Mona Lisa / Counts
    for any painter; belongs to none), both between the safe zone (``inset`` from the
    top trim) and the panel."""
    maxw = ctx.w - x0 - max(inset, FRAME_MIN)
    sub_size = max(MIN_SIZE, 7 * ctx.s)
    base = ctx.h - inset - 0.3 * mm - 0.88 * title_size
    draw_fit(canvas, title, x0, base, SANS_BOLD, title_size, maxw, min_size=MIN_TITLE_SIZE)
    sub_base = base - 0.25 * title_size - 0.88 * sub_size - 0.5 * mm * ctx.s
    draw_fit(canvas, sub, x0, sub_base, SANS, sub_size, maxw)


def _art_box(ctx: Ctx, panel) -> tuple[float, float, float, float]:
    px, py, pw, ph = panel
    inset = 2.2 * mm * ctx.s
    aw = pw - 2 * inset
    ah = min(aw * 0.78, ph * 0.56)
    return px + inset, py + ph - inset - ah, aw, ah


def _art_frame(canvas, x, y, w, h, colour: RGB) -> None:
    canvas.saveState()
    canvas.setStrokeColorRGB(*colour)
    canvas.setLineWidth(1.4)
    canvas.rect(x - 0.7, y - 0.7, w + 1.4, h + 1.4, stroke=1, fill=0)
    canvas.setStrokeColorRGB(1, 1, 1)
    canvas.setStrokeAlpha(0.5)
    canvas.setLineWidth(0.4)
    canvas.rect(x + 0.2, y + 0.2, w - 0.4, h - 0.4, stroke=1, fill=0)
    canvas.restoreState()


_KATAKANA_END = re.compile(r"[\u30a1-\u30fa]$")
_KATAKANA_START = re.compile(r"[\u30a1-\u30fa]")


def _caption(
    canvas, ctx: Ctx, title: str, sub: str, art_y: float, left: float, colour: RGB = INK
) -> None:
    """Title (serif, two lines before it shrinks) and a subtitle under the art, left of the QR."""
    qx, _qy, _qs = qr_box(ctx)
    width = qx - left - 2 * mm * ctx.s
    top = art_y - 2.2 * mm * ctx.s
    # a katakana word wider than the column (アルジャントゥイユ on a small card) is set
    # condensed (長体, down to 80 %) rather than split
    for squeeze in (1.0, 0.9, 0.8):
        fs, lines = fit_lines(title, SERIF, 10.5 * ctx.s, width / squeeze)
        if not any(
            _KATAKANA_END.search(a) and _KATAKANA_START.match(b) for a, b in pairwise(lines)
        ):
            break
    else:
        squeeze = 1.0
        fs, lines = fit_lines(title, SERIF, 10.5 * ctx.s, width)
    canvas.setFillColorRGB(*colour)
    canvas.saveState()
    canvas.translate(left, 0)
    canvas.scale(squeeze, 1)
    bottom = draw_lines(canvas, lines, 0, top, SERIF, fs, 1.15)
    canvas.restoreState()
    if sub:
        canvas.setFillColorRGB(*MUTED)
        fs, sub_lines = fit_or_wrap(sub, SANS, max(MIN_SIZE, 7.2 * ctx.s), width)
        draw_lines(canvas, sub_lines, left, bottom - fs * 1.2 + 0.88 * fs, SANS, fs, 1.15)


def _footer(canvas, ctx: Ctx, deck: TriptychDeck, card: TriptychCard, left: float) -> None:
    # a collector number, as printed cards carry; the id stays in the QR code
    number = next(i for i, c in enumerate(deck.cards, start=1) if c.id == card.id)
    count = f"{number}/{len(deck.cards)}"
    footer, short = side_by_side((deck.name[ctx.lang], count), ctx.lang), count
    draw_footer(
        canvas, ctx, left, with_version(footer, deck, ctx.lang), with_version(short, deck, ctx.lang)
    )


def draw_painting(canvas, ctx: Ctx, deck: TriptychDeck, card: TriptychCard) -> None:
    painter = deck.painter(card.painter) if card.painter else None
    forgery = card.kind == TriptychKind.FORGERY
    colour = hex_rgb(painter.rgb) if painter else GOLD
    header_h = 12.5 * mm * ctx.s
    # a forgery keeps its painter's colour in the header (whose fake it is, at a glance
    # in a fan) and turns charcoal below it
    panel = framed_panel(canvas, ctx, FORGERY_FRAME if forgery else colour, header_h)
    if forgery:
        rect(
            canvas,
            -ctx.bleed,
            ctx.h - header_h,
            ctx.w + 2 * ctx.bleed,
            header_h + ctx.bleed,
            colour,
        )
    frame = FORGERY_FRAME if forgery else colour
    head_ink = text_colour_on(colour)
    symbol = PAINTER_SYMBOL.get(str(card.painter)) if card.painter else None
    index = str(card.number) if card.number is not None else card.id[1:]
    if forgery:
        index = ctx._("F")
    right = _badge(canvas, ctx, index, corner_index(deck, card), header_h, symbol)
    canvas.setFillColorRGB(*head_ink)
    name = painter.name[ctx.lang] if painter else ""
    x0 = right + 2.2 * mm * ctx.s
    if forgery:
        _header_text(canvas, ctx, x0, header_h, ctx._("Forgery"), name, 11 * ctx.s)
    else:  # centred between the safe zone and the panel
        fs = 14 * ctx.s
        base = ctx.h - (SAFE + header_h) / 2 - 0.38 * fs
        draw_fit(canvas, name, x0, base, SANS_BOLD, fs, ctx.w - x0 - max(SAFE, FRAME_MIN))
    ax, ay, aw, ah = _art_box(ctx, panel)
    draw_card_art(canvas, card, ax, ay, aw, ah, root=ctx.root)
    _art_frame(canvas, ax, ay, aw, ah, mix(frame, INK, 0.35))
    if forgery:
        _stamp(canvas, ctx, (ax, ay, aw, ah))
    sub = ""
    if card.year:
        sub = str(card.year)
    if painter and not forgery:
        sub = side_by_side((painter.name[ctx.lang], sub), ctx.lang)
    if forgery:
        sub = ctx._("Not a real painting")
    _caption(canvas, ctx, card.title[ctx.lang], sub, ay, ax)
    _footer(canvas, ctx, deck, card, ax)
    draw_card_qr(canvas, ctx, deck.id, card.id)


def _stamp(canvas, ctx: Ctx, box: tuple[float, float, float, float]) -> None:
    """A red rubber stamp, 贋作 / FORGERY, struck across the lower right corner of the picture
    box: the copy stays in view above and beside it, to be seen as off before it is read."""
    x, y, bw, _bh = box
    w, h = bw * 0.54, 10 * mm * ctx.s
    canvas.saveState()
    canvas.translate(x + bw - w / 2 - 1.5 * mm * ctx.s, y + h / 2 + w * 0.11 + 1.5 * mm * ctx.s)
    canvas.rotate(12)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFillAlpha(0.55)
    canvas.roundRect(-w / 2, -h / 2, w, h, 1.6 * mm, stroke=0, fill=1)
    canvas.setFillAlpha(1)
    canvas.setStrokeColorRGB(*STAMP_RED)
    canvas.setLineWidth(1.8 * ctx.s)
    canvas.roundRect(-w / 2, -h / 2, w, h, 1.6 * mm, stroke=1, fill=0)
    canvas.setLineWidth(0.6 * ctx.s)
    canvas.roundRect(-w / 2 + 1.6, -h / 2 + 1.6, w - 3.2, h - 3.2, 1.2 * mm, stroke=1, fill=0)
    canvas.setFillColorRGB(*STAMP_RED)
    text = ctx._("FORGERY")
    draw_fit(canvas, text, 0, -h * 0.24, SANS_BOLD, h * 0.62, w * 0.84, align="centre")
    canvas.restoreState()


def draw_mona_lisa(canvas, ctx: Ctx, deck: TriptychDeck, card: TriptychCard) -> None:
    """Framed in gold, a gilt line inside the frame; its index is every painter's shape."""
    header_h = 12.5 * mm * ctx.s
    # a gilt edge: the panel's own border in dark gold, the cream panel inside it
    edge = 0.5 * mm
    px, py, pw, ph = framed_panel(canvas, ctx, GOLD, header_h)
    rect(canvas, px, py, pw, ph, GOLD_DARK, radius=1.6 * mm * ctx.s)
    panel = (px + edge, py + edge, pw - 2 * edge, ph - 2 * edge)
    rect(canvas, *panel, hex_rgb("#fbf4e0"), radius=1.4 * mm * ctx.s)
    right = _badge(canvas, ctx, "", corner_index(deck, card), header_h, WILD)
    canvas.setFillColorRGB(*GOLD_DARK)
    x0 = right + 2.2 * mm * ctx.s
    _header_text(
        canvas,
        ctx,
        x0,
        header_h,
        card.title[ctx.lang],
        ctx._("Counts toward any painter"),
        11 * ctx.s,
    )
    ax, ay, aw, ah = _art_box(ctx, panel)
    draw_card_art(canvas, card, ax, ay, aw, ah, root=ctx.root)
    _art_frame(canvas, ax, ay, aw, ah, GOLD_DARK)
    artist = card.artist[ctx.lang] if card.artist else ""
    sub = side_by_side((artist, str(card.year) if card.year else ""), ctx.lang)
    _caption(canvas, ctx, card.title[ctx.lang], sub, ay, ax)
    _footer(canvas, ctx, deck, card, ax)
    draw_card_qr(canvas, ctx, deck.id, card.id)


# --------------------------------------------------------------------------- rule cards


#: the type size a rule card's text never goes below, tables included (6 pt blurs in print)
RULE_CARD_MIN_PT = 6.5
#: a rule card's lines, table cells included, stand at least this many sizes apart
RULE_CARD_LEADING = 1.2
#: a rule card never continues onto more cards than this (a test fails before it would)
RULE_CARD_MOST_PARTS = 5


@dataclass(frozen=True, slots=True)
class RuleCardPart(TriptychCard):
    """A rule card's continuation: part ``part`` of ``parts`` of card ``first``.

    A publisher does not print rules too small to read: where a rule card's text does
    not fit one card at ``RULE_CARD_MIN_PT`` (bridge and mini-euro sizes), it goes on
    to extra cards of the same deck, titled "continued" and numbered 2/2; they carry
    the first card's QR code and the deck's back.
    """

    part: int = 2
    parts: int = 2
    first: str = ""  # the id of the card it continues


def with_continuations(cards, lang: str, size, base_url: str) -> tuple:
    """``cards`` with each rule card followed by the continuation cards it needs at
    ``size`` in ``lang`` (any continuations already in ``cards`` are made anew)."""
    out = []
    for card in cards:
        if isinstance(card, RuleCardPart):
            continue
        out.append(card)
        if getattr(card, "kind", None) == TriptychKind.RULE:
            parts = rule_card_split(lang, size, base_url, card.game or "choose")[1]
            base = {f.name: getattr(card, f.name) for f in fields(TriptychCard)}
            for k in range(2, parts + 1):
                out.append(
                    RuleCardPart(
                        **{**base, "id": f"{card.id}-{k}"}, part=k, parts=parts, first=card.id
                    )
                )
    return tuple(out)


#: the least room between the words of neighbouring cells in a rule card's table
MIN_GAP = 1.0

#: what a table cell must not split: a katakana word with its brackets, a Latin word
_WORD = re.compile(r"[「『（]?[\u30a1-\u30fc]+[」』）]?|[A-Za-z0-9'’“”\"-]+")


def _word_needs(table: Table, fs: float, gap: float | None = None) -> list[float]:
    """Each column's longest word ("painter", フェルメール, 256) with the cells' padding
    and ``gap`` (a comfortable 0.36 em unless given) between it and its neighbour."""
    extra = fs * 0.44 + (fs * 0.36 if gap is None else gap)
    need = [0.0] * len(table.rows[0])
    for row in table.rows:
        for i, cell in enumerate(row[: len(need)]):
            for word in _WORD.findall(cell.text):
                need[i] = max(need[i], stringWidth(typographic(word), SANS_BOLD, fs) + extra)
    return need


def _column_groups(table: Table, width: float, fs: float) -> list[Table]:
    """``table`` as it is when its words fit ``width``; else split between columns into
    the fewest tables that fit, each repeating the row labels (Finger Auction's ten
    columns on a mini-euro card: paintings 1–5, then 6–9), as a typesetter would."""
    need = _word_needs(table, fs, MIN_GAP)
    n = len(need)
    if n < 3 or sum(need) <= width:
        return [table]
    for k in range(2, n):
        step = -(-(n - 1) // k)
        groups = [list(range(a, min(n, a + step))) for a in range(1, n, step)]
        if all(need[0] + sum(need[c] for c in g) <= width for g in groups):
            break
    return [
        replace(
            table,
            rows=tuple((row[0], *(row[c] for c in g)) for row in table.rows),
            widths=(table.widths[0], *(table.widths[c] for c in g)) if table.widths else (),
        )
        for g in groups
    ]


def _widen_for_words(table: Table, cols: list[float], fs: float) -> list[float]:
    """Column widths that hold each column's longest word whole ("painter", フェルメール),
    taken from the columns with room to spare; as they were when the words cannot all fit."""
    need = _word_needs(table, fs)
    short = sum(max(0.0, n - c) for n, c in zip(need, cols, strict=True))
    spare = sum(max(0.0, c - n) for n, c in zip(need, cols, strict=True))
    if short <= 0:
        return cols
    if spare < short:  # each word whole and MIN_GAP apart, the rest shared out evenly
        tight = _word_needs(table, fs, MIN_GAP)
        rest = sum(cols) - sum(tight)
        return [t + rest / len(tight) for t in tight] if rest >= 0 else cols
    return [n if n > c else c - (c - n) * short / spare for n, c in zip(need, cols, strict=True)]


def card_table(
    table: Table,
    width: float,
    fs: float,
    lang: str,
    navy: RGB,
    faces: tuple[str, str] = (SANS, SANS_BOLD),
    leading: float = RULE_CARD_LEADING,
) -> RLTable:
    """A rule card's table (nomination results, scoring): ruled, compact, header in navy.

    ``faces`` (regular, bold): the card's BIZ UD, or the rule sheet's text face when
    the sheet reprints the table in English; ``leading`` (times the size) then the
    sheet's own, as a serif text face needs more than the card's compact 1.2."""
    weights = table.widths or (1.0,) * len(table.rows[0])
    total = sum(weights)
    cols = _widen_for_words(table, [width * w / total for w in weights], fs)
    head_rows = table.header_rows
    rows = []
    for r, row in enumerate(table.rows):
        cells = []
        for cell in row:
            font = faces[1] if cell.header or r < head_rows else faces[0]
            align = TA_CENTER if cell.align == "center" else TA_LEFT
            colour = hex_rgb(cell.colour) if cell.colour else INK
            if cell.colour:
                colour = mix(colour, INK, 0.45)
            para = paragraph(cell.text, font, fs, lang, colour, leading=fs * leading, align=align)
            if cell.text.isdigit():  # "256" stays whole: a number never breaks
                para.style.splitLongWords = False
                para.style.wordWrap = None
            cells.append(para)
        rows.append(cells)
    t = RLTable(rows, colWidths=cols)
    line = Color(*mix(navy, PAPER, 0.55))
    commands = [
        ("FONT", (0, 0), (-1, -1), faces[0], fs),  # the table's default would embed Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), fs * 0.22),
        ("RIGHTPADDING", (0, 0), (-1, -1), fs * 0.22),
        ("TOPPADDING", (0, 0), (-1, -1), fs * 0.12),
        ("BOTTOMPADDING", (0, 0), (-1, -1), fs * 0.24),  # descenders clear of the rule
        ("LINEBELOW", (0, 0), (-1, -1), 0.35, line),
    ]
    # a rule above each group of rows (a new declaration starts with a filled first cell)
    for r, row in enumerate(table.rows):
        if r > 0 and row[0].text:
            commands.append(("LINEABOVE", (0, r), (-1, r), 0.8, Color(*navy)))
    if head_rows:
        commands.append(("LINEBELOW", (0, head_rows - 1), (-1, head_rows - 1), 0.8, Color(*navy)))
    t.setStyle(TableStyle(commands))
    return t


def _rule_card_flowables(items: tuple[CardItem, ...], width: float, fs: float, lang: str, navy):
    out = []
    for item in items:
        # a run-in heading ends in its language's colon, so "Goal" does not run into the sentence
        head = label(lang, "%(heading)s:") % {"heading": item.heading}
        gap = " " if head[-1:].isascii() else ""  # a full-width colon carries its own space
        text = f'<font name="{SANS_BOLD}">{escape(head)}</font>{gap}{escape(item.body)}'
        out.append(paragraph(text, SANS, fs, lang, INK, markup=True))
        if item.table is not None and item.table.rows:
            tfs = max(RULE_CARD_MIN_PT, fs * 0.95)
            for part in _column_groups(item.table, width, tfs):
                out.append(Spacer(0, fs * 0.15))
                out.append(card_table(part, width, tfs, lang, navy))
        out.append(Spacer(0, fs * 0.3))
    return out[:-1]


def _flow(story: list, areas, canvas) -> list:
    """Draw ``story`` down through ``areas`` (x, y, w, h), splitting paragraphs across
    them (a table between its rows); returns what did not fit.
    """
    story = list(story)
    for x, y, w, h in areas:
        top = y + h
        while story:
            f = story[0]
            if isinstance(f, RLTable) and sum(f._colWidths) > w + 0.01:
                break  # a table keeps its columns: it goes on in the next full-width area
            _, fh = f.wrap(w, 10_000)
            if fh <= top - y + 0.01:
                f.drawOn(canvas, x, top - fh)
                top -= fh
                story.pop(0)
                continue
            parts = f.split(w, top - y) if isinstance(f, Paragraph | RLTable) else []
            if len(parts) == 2:
                _, ph = parts[0].wrap(w, top - y)
                parts[0].drawOn(canvas, x, top - ph)
                story[0] = parts[1]
            break
        while story and isinstance(story[0], Spacer):  # no gap at the top of the next area
            story.pop(0)
    return story


def _rule_card_start(size) -> float:
    return max(RULE_CARD_MIN_PT, 7.2 * size.scale)


def _rule_card_frame(ctx: Ctx):
    """(text areas, caption, address, where they go) of a rule card: the text runs full
    width above the QR code, then in the column beside it, above the caption; the same on
    a card and on its continuations."""
    header_h = 14 * mm * ctx.s
    side = FRAME_MIN
    px, py, pw, ph = side, side, ctx.w - 2 * side, ctx.h - side - header_h
    top = py + ph - 1.8 * mm * ctx.s
    inner = px + 1.8 * mm * ctx.s
    width = pw - 3.6 * mm * ctx.s
    qx, qy, qs = qr_box(ctx)
    cap_w = qx - inner - 2 * mm
    small = max(MIN_SIZE, 6 * ctx.s)
    cap = paragraph(
        ctx._("Scan for the full rules and the referee app."), SANS, small, ctx.lang, MUTED
    )
    url = paragraph(ctx.base_url, MONO, small, "en", MUTED)
    url.style.splitLongWords = True
    _, chh = cap.wrap(cap_w, 100)
    _, uh = url.wrap(cap_w, 100)
    above = qy + qs + 1.4 * mm * ctx.s
    beside = qy + uh + chh + 1.4 * mm
    areas = [(inner, above, width, top - above)]
    if above - beside > small * 1.3:
        areas.append((inner, beside, cap_w, above - beside))
    return areas, cap, url, (inner, qy, uh)


def rule_card_split(lang: str, size, base_url: str, game: str) -> tuple[float, int]:
    """(type size, number of cards) a rule card's text takes at ``size``: the fewest cards
    at no less than ``RULE_CARD_MIN_PT``, at the largest size that fills no more of them."""
    from cardpress.rules import rule_card

    return split_rule_card(rule_card(game, lang), lang, size, base_url)


@lru_cache(maxsize=64)
def split_rule_card(
    items: tuple[CardItem, ...], lang: str, size, base_url: str
) -> tuple[float, int]:
    """Cached on the text itself, so ``build --watch`` sees an edited rule card take more
    or fewer cards."""
    register_fonts()  # called before any canvas when a deck's cards are listed
    areas = _rule_card_frame(Ctx(lang, base_url, size))[0]
    width = areas[0][2]
    scratch = Canvas(io.BytesIO())
    for parts in range(1, RULE_CARD_MOST_PARTS + 1):
        fs = _rule_card_start(size)
        while fs >= RULE_CARD_MIN_PT - 1e-6:
            if not _flow(
                _rule_card_flowables(items, width, fs, lang, NAVY_SPLIT), areas * parts, scratch
            ):
                return fs, parts
            fs = round(fs - 0.2, 2)
    return -RULE_CARD_MIN_PT, RULE_CARD_MOST_PARTS


#: colours do not change where lines break: the split is measured in one
NAVY_SPLIT: RGB = (0.1, 0.15, 0.3)


def draw_rule_card_text(
    canvas,
    items: tuple[CardItem, ...],
    areas: list[tuple[float, float, float, float]],
    lang: str,
    navy: RGB,
    fs: float,
    part: int = 1,
) -> bool:
    """Part ``part`` of the card's paragraphs and tables at ``fs``, flowed through
    ``areas`` (x, y, w, h; the first of them full width): the parts before it are flowed
    unseen. Returns whether text is left for a further card."""
    width = areas[0][2]
    story = _rule_card_flowables(items, width, fs, lang, navy)
    if part > 1:
        story = _flow(story, areas * (part - 1), Canvas(io.BytesIO()))
    return bool(_flow(story, areas, canvas))


def draw_rule_card(canvas, ctx: Ctx, deck: TriptychDeck, card: TriptychCard) -> float:
    """Draw a rule card (or one of its continuations); returns the type size of its text
    (negative: even ``RULE_CARD_MOST_PARTS`` cards at ``RULE_CARD_MIN_PT`` do not hold it)."""
    navy = hex_rgb(deck.back_rgb)
    header_h = 14 * mm * ctx.s
    framed_panel(canvas, ctx, navy, header_h)
    # three painter stripes under the header: the deck's signature
    stripe_w = ctx.w / 3
    for i, p in enumerate(deck.painters):
        rect(
            canvas,
            -ctx.bleed + i * (stripe_w + ctx.bleed * (2 / 3)),
            ctx.h - header_h - 0.2,
            stripe_w + ctx.bleed,
            1.2 * mm * ctx.s,
            hex_rgb(p.rgb),
        )
    game = card.game or "choose"
    fs, parts = rule_card_split(ctx.lang, ctx.size, ctx.base_url, game)
    part = card.part if isinstance(card, RuleCardPart) else 1
    left = 5 * mm * ctx.s
    maxw = ctx.w - 2 * left
    rules = [ctx._("Rules"), deck.name[ctx.lang]]
    if game != "choose":  # who and how long, in the header: the panel is for the rules
        info, spec = deck.game(game), GAMES[game]  # how many play is the engine's
        rules.append(
            ctx._("{lo}–{hi} players · {mlo}–{mhi} min").format(
                lo=spec.min_players, hi=spec.max_players, mlo=info.minutes[0], mhi=info.minutes[1]
            )
        )
    kicker = with_version(side_by_side(rules, ctx.lang), deck, ctx.lang)
    if stringWidth(kicker, SANS, MIN_SIZE) * 0.75 > maxw:  # a small card: the back names the deck
        kicker = with_version(side_by_side(rules[:1] + rules[2:], ctx.lang), deck, ctx.lang)
    canvas.setFillColorRGB(0.78, 0.82, 0.9)
    # its ascent stays inside the safe area on a small card
    kicker_y = ctx.h - max(6.3 * mm * ctx.s, SAFE + 0.3 * mm + MIN_SIZE)
    draw_fit(canvas, kicker, left, kicker_y, SANS, 6.5 * ctx.s, maxw)
    canvas.setFillColorRGB(1, 1, 1)
    y = ctx.h - 11.6 * mm * ctx.s
    title = card.title[ctx.lang]
    if parts > 1:  # the part, at the right of the title: "2/3"
        number = f"{part}/{parts}"
        nfs = max(MIN_SIZE, 9 * ctx.s)
        draw_fit(canvas, number, ctx.w - left, y, SANS_BOLD, nfs, maxw, align="right")
        maxw -= stringWidth(number, SANS_BOLD, nfs) + 2 * mm * ctx.s
    if part > 1:
        title = ctx._("{title} (continued)").format(title=title)
    draw_fit(canvas, title, left, y, SANS_BOLD, 12.5 * ctx.s, maxw, min_size=MIN_TITLE_SIZE)
    areas, cap, url, (inner, qy, uh) = _rule_card_frame(ctx)
    # beside the QR code, at the bottom: what it opens, and the address the build was given
    url.drawOn(canvas, inner, qy)
    cap.drawOn(canvas, inner, qy + uh + 0.3 * mm)
    from cardpress.rules import rule_card

    draw_rule_card_text(
        canvas, rule_card(game, ctx.lang), areas, ctx.lang, navy, abs(fs), min(part, parts)
    )
    draw_card_qr(canvas, ctx, deck.id, card.first if isinstance(card, RuleCardPart) else card.id)
    return fs


def draw_front(canvas, ctx: Ctx, deck: TriptychDeck, card: TriptychCard) -> None:
    if card.kind == TriptychKind.RULE:
        draw_rule_card(canvas, ctx, deck, card)
    elif card.kind == TriptychKind.MONA_LISA:
        draw_mona_lisa(canvas, ctx, deck, card)
    else:
        draw_painting(canvas, ctx, deck, card)
