"""Drawing helpers shared by every card face: context, labels, fitted text, badges.

Every face is drawn in *card space*: the origin is the lower-left corner of
the trim box, ``ctx.w`` by ``ctx.h`` points; artwork that should bleed runs to
``-ctx.bleed`` and ``w + ctx.bleed``. Text always sets its font explicitly
(only the embedded Cardpress fonts are used, never a standard-14 font).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from cardpress.i18n import gettext
from cardpress.print.art import RGB, contrast, hex_rgb
from cardpress.print.fonts import SANS, SANS_BOLD, SERIF
from cardpress.print.layout import FRAME_MIN, SAFE, CardSize
from cardpress.print.qr import card_qr_size, card_url, draw_qr
from cardpress.print.typography import typographic, typographic_markup
from cardpress.rules.kinsoku import KinsokuParagraph, is_cjk, line_breaks

INK: RGB = (0.13, 0.12, 0.11)
PAPER: RGB = hex_rgb("#f7f2e7")
MUTED: RGB = (0.42, 0.40, 0.37)
WHITE: RGB = (1.0, 1.0, 1.0)
#: nothing printed on a card or a sheet is smaller than this (points)
MIN_SIZE = 6.0
#: the narrowest a line is condensed to (horizontal scale) before it counts as too wide
CONDENSED = 0.75
#: a card's title never shrinks below this: it wraps to a second line first
MIN_TITLE_SIZE = 7.0


@dataclass(frozen=True, slots=True)
class Ctx:
    lang: str
    base_url: str
    size: CardSize
    bleed: float = 0.0
    root: Path | None = None  # folder image paths in the card data are relative to

    @property
    def w(self) -> float:
        return self.size.width

    @property
    def h(self) -> float:
        return self.size.height

    @property
    def s(self) -> float:
        return self.size.scale

    def _(self, message: str) -> str:
        return label(self.lang, message)


@lru_cache(maxsize=1024)
def label(lang: str, message: str) -> str:
    """A printed label from the ``cards`` gettext domain."""
    return gettext(lang, message, domain="cards")


def text_colour_on(bg: RGB) -> RGB:
    """Ink or white, whichever reads better on ``bg`` (WCAG contrast)."""
    return INK if contrast(INK, bg) >= contrast(WHITE, bg) else WHITE


def fit_size(text: str, font: str, size: float, max_w: float, min_size: float = MIN_SIZE) -> float:
    """The largest size <= ``size`` (and >= ``min_size``, never below ``MIN_SIZE``) that fits."""
    floor = max(MIN_SIZE, min_size)
    width = stringWidth(typographic(text), font, size)
    if width <= max_w or width == 0:
        return max(size, floor) if size < floor else size
    return max(floor, size * max_w / width)


def draw_fit(
    canvas,
    text: str,
    x: float,
    y: float,
    font: str,
    size: float,
    max_w: float,
    align: str = "left",
    min_size: float = MIN_SIZE,
) -> float:
    """Draw one line shrunk to fit, never below ``MIN_SIZE``; returns the size used.

    A line still too wide at the smallest size is condensed (horizontal scale, no
    further than 75 %) rather than left to run into its neighbours; one still too
    wide then is drawn and reported (a warning naming it): give it two lines
    (``fit_or_wrap``).
    """
    text = typographic(text)
    fs = fit_size(text, font, size, max_w, min_size)
    width = stringWidth(text, font, fs)
    squeeze = max(CONDENSED, max_w / width) if width > max_w > 0 else 1.0
    if width * squeeze > max_w + 0.01 and max_w > 0:
        over = width * squeeze - max_w
        warnings.warn(
            f"text wider than its room by {over:.1f} pt even condensed: {text!r}", stacklevel=2
        )
    if align == "centre":
        x -= width * squeeze / 2
    elif align == "right":
        x -= width * squeeze
    t = canvas.beginText(x, y)
    t.setFont(font, fs)
    if squeeze < 1.0:
        t.setHorizScale(squeeze * 100)
    t.textOut(text)
    canvas.drawText(t)
    return fs


def fit_lines(
    text: str,
    font: str,
    size: float,
    width: float,
    *,
    max_lines: int = 2,
    min_size: float = MIN_TITLE_SIZE,
) -> tuple[float, list[str]]:
    """The size and lines that set ``text`` in ``width``: wrap first, then shrink.

    At ``size`` the text may take up to ``max_lines`` lines; only when it needs more
    does the size come down, in quarter points, to ``min_size`` (7 pt for titles). Lines
    are broken by the project's one line breaker (kinsoku for Japanese). Past the
    minimum the text takes what lines it needs.
    """
    text = typographic(text)
    fs = max(size, min_size) if size < min_size else size
    while True:
        lines = break_text(text, font, fs, width)
        fits = len(lines) <= max_lines and all(
            stringWidth(ln, font, fs) <= width + 0.01 for ln in lines
        )
        if fits or fs <= min_size:
            return fs, lines
        fs = max(min_size, fs - 0.25)


def fit_or_wrap(
    text: str, font: str, size: float, width: float, min_size: float = MIN_SIZE
) -> tuple[float, list[str]]:
    """One line, shrunk to fit down to ``min_size``; if it cannot, lines at that size.

    For small print that usually fits on one line (a painter and year, a footer
    notice) but must not run past its room on a small card.
    """
    text = typographic(text)
    fs = fit_size(text, font, size, width, min_size)
    if stringWidth(text, font, fs) <= width + 0.01:
        return fs, [text]
    return fs, break_text(text, font, fs, width)


def break_text(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` (kinsoku for Japanese, spaces otherwise)."""
    chars = list(text)
    widths = [stringWidth(ch, font, size) for ch in chars]
    return [text[a:b].strip() for a, b in line_breaks(chars, widths, width)]


def draw_lines(
    canvas, lines: list[str], x: float, top: float, font: str, size: float, leading: float
) -> float:
    """Set ``lines`` from ``top`` down (first baseline one ascent below); returns the bottom."""
    y = top - size * 0.88
    for line in lines:
        canvas.setFont(font, size)
        canvas.drawString(x, y, line)
        y -= size * leading
    return y + size * leading - size * 0.25


@lru_cache(maxsize=256)
def style(
    font: str, size: float, leading: float, colour: RGB, lang: str, align: int = TA_LEFT
) -> ParagraphStyle:
    from reportlab.lib.colors import Color

    return ParagraphStyle(
        f"s-{font}-{size}-{lang}-{align}",
        fontName=font,
        fontSize=size,
        leading=leading,
        textColor=Color(*colour),
        alignment=align,
        wordWrap="CJK" if is_cjk(lang) else None,
        spaceBefore=0,
        spaceAfter=0,
    )


def paragraph(
    text: str,
    font: str,
    size: float,
    lang: str,
    colour: RGB = INK,
    leading: float | None = None,
    align: int = TA_LEFT,
    markup: bool = False,
) -> Paragraph:
    size = max(size, MIN_SIZE)
    st = style(
        font, size, max(leading or 0, size * 1.1) if leading else size * 1.28, colour, lang, align
    )
    body = typographic_markup(text) if markup else escape(typographic(text))
    return (KinsokuParagraph if is_cjk(lang) else Paragraph)(body, st)


def _paragraph_flows(paras_spec, lang: str, font: str, fs: float, colour: RGB = INK) -> list:
    flows = []
    for heading, body in paras_spec:
        if heading and body:
            text = f'<font name="{SANS_BOLD}">{escape(heading)}</font>  {escape(body)}'
        else:
            text = f'<font name="{SANS_BOLD}">{escape(heading)}</font>' if heading else escape(body)
        flows.append(paragraph(text, font, fs, lang, colour, markup=True))
    return flows


def paragraphs_height(
    paras_spec,
    w: float,
    lang: str,
    size: float = MIN_SIZE,
    squeeze: float = 1.0,
    font: str = SANS,
    gap: float = 0.35,
) -> float:
    """The height ``draw_paragraphs_fit`` gives these paragraphs at ``size``, condensed to
    ``squeeze``; at ``MIN_SIZE`` and 0.75 it is the least they can take (a box given less
    gets the overflow warning)."""
    flows = _paragraph_flows(paras_spec, lang, font, size)
    heights = [f.wrap(w / squeeze, 10_000)[1] for f in flows]
    return sum(heights) + gap * size * (len(flows) - 1)


def draw_paragraphs_fit(
    canvas,
    paras_spec,
    x: float,
    top: float,
    w: float,
    h: float,
    lang: str,
    font: str = SANS,
    size: float = 7.0,
    min_size: float = MIN_SIZE,
    colour: RGB = INK,
    gap: float = 0.35,
) -> float:
    """Draw (heading, body) pairs in a box, shrinking type until they fit.

    Returns the size used, never below ``MIN_SIZE``. At the minimum size the type is
    condensed (set narrower, down to 75 % of its width, never shorter); text that
    still does not fit is reported (a warning naming its first words) and drawn
    regardless, so a layout that asks too much of a card is fixed in its words, not
    by type too small to read. Headings are bold; ``gap`` is in multiples of size.
    """
    min_size = max(MIN_SIZE, min_size)
    fs = size
    squeeze = 1.0
    while True:
        flows = _paragraph_flows(paras_spec, lang, font, fs, colour)
        heights = [f.wrap(w / squeeze, 10_000)[1] for f in flows]
        total = sum(heights) + gap * fs * (len(flows) - 1)
        if total <= h or (fs <= min_size and squeeze <= 0.75):
            break
        if fs > min_size:
            fs = max(min_size, fs - 0.25)
        else:
            squeeze = max(0.75, squeeze - 0.05)
    if total > h + 0.5:
        first = (paras_spec[0][0] or paras_spec[0][1])[:30] if paras_spec else ""
        warnings.warn(
            f"text starting {first!r} needs {total:.0f} pt, the box has {h:.0f} pt",
            stacklevel=2,
        )
    canvas.saveState()
    canvas.translate(x, 0)
    canvas.scale(squeeze, 1)
    y = top
    for f, fh in zip(flows, heights, strict=True):
        y -= fh
        f.drawOn(canvas, 0, y)
        y -= gap * fs
    canvas.restoreState()
    return fs


def rect(canvas, x, y, w, h, rgb: RGB, radius: float = 0.0) -> None:
    canvas.setFillColorRGB(*rgb)
    if radius:
        canvas.roundRect(x, y, w, h, radius, stroke=0, fill=1)
    else:
        canvas.rect(x, y, w, h, stroke=0, fill=1)


def background(canvas, ctx: Ctx, rgb: RGB) -> None:
    """Fill the card and its bleed."""
    b = ctx.bleed
    rect(canvas, -b, -b, ctx.w + 2 * b, ctx.h + 2 * b, rgb)


def framed_panel(
    canvas, ctx: Ctx, frame: RGB, header_h: float
) -> tuple[float, float, float, float]:
    """Frame colour to the bleed, a paper panel under a header band; returns the panel box.

    Paintings, rule cards and 絵師100人展 proxies share one border width and
    corner radius, so every framed deck looks like the same press's work; the
    border is ``FRAME_MIN`` wide at every card size, so a miscut of 1/16 in leaves
    it visibly even.
    """
    background(canvas, ctx, frame)
    side = FRAME_MIN
    panel = (side, side, ctx.w - 2 * side, ctx.h - side - header_h)
    rect(canvas, *panel, PAPER, radius=1.6 * mm * ctx.s)
    return panel


def draw_footer(canvas, ctx: Ctx, x: float, text: str, short: str = "") -> None:
    """The small print along the bottom edge, starting at ``x``; ``short`` instead where
    ``text`` does not fit even condensed (a collector number without the deck's name)."""
    canvas.setFillColorRGB(*MUTED)
    y = max(5.0 * mm * ctx.s, FRAME_MIN + 1.0 * mm)  # on the panel, clear of the frame
    room = qr_box(ctx)[0] - x - 1.5 * mm
    if short and stringWidth(typographic(text), SANS, MIN_SIZE) * 0.75 > room:
        text = short
    draw_fit(canvas, text, x, y, SANS, MIN_SIZE, room)


def qr_box(ctx: Ctx) -> tuple[float, float, float]:
    """Where the card's QR code sits: x, y, size (bottom right, its white plate on the
    panel inside the frame, so well inside the safe zone)."""
    size = card_qr_size(ctx.base_url, ctx.lang)
    inset = max(SAFE, FRAME_MIN) + 0.8 * mm
    return ctx.w - inset - size, inset, size


def draw_card_qr(canvas, ctx: Ctx, deck: str, card_id: str, box=None) -> str:
    url = card_url(ctx.base_url, ctx.lang, deck, card_id)
    x, y, size = box or qr_box(ctx)
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.roundRect(
        x - 0.6 * mm, y - 0.6 * mm, size + 1.2 * mm, size + 1.2 * mm, 1.2 * mm, stroke=0, fill=1
    )
    canvas.restoreState()
    draw_qr(canvas, url, x, y, size)
    return url


__all__ = [
    "INK",
    "MIN_SIZE",
    "MIN_TITLE_SIZE",
    "MUTED",
    "PAPER",
    "SANS",
    "SANS_BOLD",
    "SERIF",
    "WHITE",
    "Ctx",
    "background",
    "break_text",
    "draw_card_qr",
    "draw_fit",
    "draw_footer",
    "draw_lines",
    "draw_paragraphs_fit",
    "fit_lines",
    "fit_or_wrap",
    "fit_size",
    "framed_panel",
    "label",
    "paragraph",
    "qr_box",
    "rect",
    "text_colour_on",
]
