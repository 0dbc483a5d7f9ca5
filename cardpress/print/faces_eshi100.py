"""絵師100人展 proxy faces: bid points, flower icons, effect text, catalogue number.

Proxies stand in for cards a player owns; they say so (PROXY band, "not for
sale" footer) and carry no copyrighted art: the picture box is an illustration
of the card's title painted by cardpress.print.art (see art/eshi100.py).
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardpress.catalogue.models import Eshi100Card, Eshi100Deck
from cardpress.print.art import Ink, draw_proxy_art, hex_rgb, mix
from cardpress.print.glyphs import draw_flower
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
    break_text,
    draw_card_qr,
    draw_fit,
    draw_lines,
    draw_paragraphs_fit,
    fit_lines,
    fit_or_wrap,
    framed_panel,
    paragraphs_height,
    qr_box,
    rect,
)
from cardpress.print.version_mark import with_version

GOLD = hex_rgb("#c9a23a")


def corner_index(deck: Eshi100Deck, card: Eshi100Card) -> dict[str, Ink]:
    """The colours of the corner index (the bid coin) and the catalogue number, on their grounds.

    The faces draw with these, and tests/print/test_colours.py checks each reads at 4.5:1.
    """
    return {
        "bid": Ink(INK, GOLD),
        "bid label": Ink(mix(INK, GOLD, 0.1), GOLD),
        "number": Ink(hex_rgb(deck.back_rgb), PAPER),
    }


def _bid(
    canvas, ctx: Ctx, card: Eshi100Card, inks: dict[str, Ink], cx, cy, r, labelled: bool = True
) -> None:
    """The bid points: a gold coin with the number, labelled (the turned copy is not: its
    label would read into the effect text beside it)."""
    canvas.setFillColorRGB(*mix(GOLD, INK, 0.35))
    canvas.circle(cx, cy, r, stroke=0, fill=1)
    canvas.setFillColorRGB(*GOLD)
    canvas.circle(cx, cy, r * 0.88, stroke=0, fill=1)
    canvas.setStrokeColorRGB(*mix(GOLD, WHITE, 0.5))
    canvas.setLineWidth(0.6)
    canvas.circle(cx, cy, r * 0.74, stroke=1, fill=0)
    canvas.setFillColorRGB(*inks["bid"].ink)
    # number above, label below, each sized to its half of the coin (6 pt floor included)
    label_size = max(MIN_SIZE, r * 0.32)
    y = cy - r * (0.12 if labelled else 0.32)
    draw_fit(canvas, str(card.bid), cx, y, SANS_BOLD, r * 0.9, r * 1.3, align="centre")
    if not labelled:
        return
    canvas.setFillColorRGB(*inks["bid label"].ink)
    draw_fit(
        canvas,
        ctx._("Bid"),
        cx,
        cy - r * 0.2 - label_size,
        SANS_BOLD,
        label_size,
        r * 1.4,
        align="centre",
    )


def _icon_lines(ctx: Ctx, names: list[str], size: float, width: float):
    """The icon line set in ``width``: the size and lines, at most two if any size fits.

    An icon's name may be two words ("Morning glory"), so names are separated
    (・ / ", ") and a line breaks only between them; a long list takes a second
    line (then a smaller size) rather than running under the QR plate.
    """
    sep, colon = ("・", "：") if ctx.lang == "ja" else (", ", ": ")
    fs = size
    while True:
        # unbreakable pieces: the label, then each name with its separator, or (a name
        # wider than the line, "Morning glory" on a small card) its words
        pieces = [f"{ctx._('Icons')}{colon}"]
        for i, name in enumerate(names):
            piece = name + (sep if i < len(names) - 1 else "")
            if stringWidth(piece.rstrip(), SANS, fs) <= width:
                pieces.append(piece)
            else:
                words = break_text(piece, SANS, fs, width)
                pieces += [w + ("" if ctx.lang == "ja" else " ") for w in words]
        rows: list[list[str]] = [[]]
        for piece in pieces:
            if rows[-1] and stringWidth("".join(rows[-1]) + piece.rstrip(), SANS, fs) > width:
                rows.append([])
            rows[-1].append(piece)
        # a last line of one character (梅) takes the piece before it along
        if len(rows) > 1 and len("".join(rows[-1]).strip()) < 2 and len(rows[-2]) > 1:
            rows[-1].insert(0, rows[-2].pop())
        lines = ["".join(row).rstrip() for row in rows]
        if len(lines) <= 2 or fs <= MIN_SIZE:
            return fs, lines
        fs = max(MIN_SIZE, fs - 0.25)


def _block(fs: float, lines: list[str]) -> float:
    """The height of a title set by ``draw_lines`` at ``fs`` on 1.12 leading."""
    return fs * (0.88 + 0.25) + (len(lines) - 1) * fs * 1.12


def _title_lines(title: str, size: float, width: float, room: float):
    """The title's size and lines (two before it shrinks), shrunk further, never below
    7 pt, until its block fits ``room`` (a header band less the safe zone)."""
    fs, lines = fit_lines(title, SERIF, size, width)
    while _block(fs, lines) > room and fs > MIN_TITLE_SIZE:
        fs, lines = fit_lines(title, SERIF, max(MIN_TITLE_SIZE, fs - 0.25), width)
    return fs, lines


def draw_front(canvas, ctx: Ctx, deck: Eshi100Deck, card: Eshi100Card) -> None:
    """A 絵師100人展 proxy's face: header (bid coin, title, icons), art box, effect box.

    Long because the boxes share one vertical budget: each is placed where the last ended,
    inside the safe zone."""
    s = ctx.s
    plum = hex_rgb(deck.back_rgb)
    header_h = 13 * mm * s
    side = framed_panel(canvas, ctx, plum, header_h)[0]  # the frame's width
    # header: bid coin, title, icons, all of them ``SAFE`` inside the trim
    r = min(5.6 * mm * s, (header_h - SAFE - 0.6 * mm * s) / 2)
    inks = corner_index(deck, card)
    cy = ctx.h - SAFE - 0.3 * mm * s - r
    # the word "Bid" only where the coin holds it at 6 pt under the number
    _bid(canvas, ctx, card, inks, side + r + 0.4 * mm, cy, r, labelled=r >= 4 * mm)
    n = len(card.icons)
    ir = 3.1 * mm * s
    icons_w = n * (2 * ir + 0.8 * mm * s)
    tx = side + 2 * r + 2.2 * mm * s
    # the title keeps clear of the icons: two lines before it shrinks, never below 7 pt;
    # where it would need more lines beside them (a long title on a small card), the
    # icons go into the picture box's corner and the title takes the header's width
    tw = ctx.w - tx - side - icons_w - 1.5 * mm
    room = header_h - SAFE - 0.4 * mm  # the title's lines between the safe zone and the panel
    fs, lines = _title_lines(card.title[ctx.lang], 11.5 * s, tw, room)
    icons_in_header = len(lines) <= 2
    if not icons_in_header:
        fs, lines = _title_lines(card.title[ctx.lang], 11.5 * s, ctx.w - tx - side - 1 * mm, room)
    canvas.setFillColorRGB(*WHITE)
    block = _block(fs, lines)
    draw_lines(canvas, lines, tx, ctx.h - (header_h + SAFE) / 2 + block / 2, SERIF, fs, 1.12)
    # picture box with the PROXY band
    px, pw = side + 2.2 * mm * s, ctx.w - 2 * side - 4.4 * mm * s
    # the turned bid coin above the QR code takes its height from the picture
    turned_r = r * 0.7
    ph = 30 * mm * s - 2 * turned_r - 1.0 * mm
    # footer, beside the QR code, stacked up from the bottom: the proxy notice, the icon
    # names, the catalogue number; on a small card it may rise above the QR code's top,
    # and the effects box ends above it
    qx, qy, qs = qr_box(ctx)
    cw = qx - px - 2 * mm
    notice_fs, notice = fit_or_wrap(
        with_version(ctx._("Proxy card — not for sale"), deck, ctx.lang),
        SANS,
        max(MIN_SIZE, 5.2 * s),
        cw,
    )
    names = [deck.catalogue.icon(i).name[ctx.lang] for i in card.icons]
    icon_fs, icon_lines = _icon_lines(ctx, names, max(MIN_SIZE, 6 * s), cw)
    number_fs = max(MIN_SIZE, 10 * s)
    foot = max(5.0 * mm * s, FRAME_MIN + 1.0 * mm)  # the last baseline, on the panel
    notice_top = foot + notice_fs * 0.88 + (len(notice) - 1) * notice_fs * 1.15
    icons_top = max(
        qy + qs - 8.6 * mm * s + 0.88 * icon_fs,
        notice_top + 1 * mm * s + icon_fs * (0.25 + 1.15 * (len(icon_lines) - 1) + 0.88),
    )
    number_y = max(qy + qs - 4.2 * mm * s, icons_top + 1.2 * mm * s)
    canvas.setFillColorRGB(*inks["number"].ink)
    draw_fit(canvas, card.number, px, number_y, SANS_BOLD, number_fs, cw)
    canvas.setFillColorRGB(*MUTED)
    draw_lines(canvas, icon_lines, px, icons_top, SANS, icon_fs, 1.15)
    draw_lines(canvas, notice, px, notice_top, SANS, notice_fs, 1.15)
    # the bid again, turned, above the QR code: a hand fanned either way up reads it
    coin_y = qy + qs + 1.0 * mm + turned_r
    canvas.saveState()
    canvas.translate(qx + qs - turned_r, coin_y)
    canvas.rotate(180)
    _bid(canvas, ctx, card, inks, 0, 0, turned_r, labelled=False)
    canvas.restoreState()
    bottom = max(coin_y + turned_r, number_y + number_fs * 0.9) + 1.8 * mm * s
    pairs = []
    for timing, effect in ((ctx._("Bid effect"), card.bit), (ctx._("Settlement"), card.settlement)):
        if effect is not None:
            body = effect.text[ctx.lang]
            # the data repeats the timing as a prefix ("Bit: ..."); we print it as a heading
            for sep in (":", "："):
                head, found, rest = body.partition(sep)
                if found and len(head) <= 12:
                    body = rest.strip()
                    break
            pairs.append((timing, body))
    # the effect box is as tall as its text at the card's type size (a line for "no
    # effect") and the picture takes the rest, down to it; on a small card the picture
    # keeps its designed height and the text shrinks, and gives way only where the text
    # would not fit even at 6 pt condensed
    text_w = pw - 3.2 * mm * s
    effect_fs = max(MIN_SIZE, 7.4 * s)
    picture_top = ctx.h - header_h - 2.2 * mm * s
    if pairs:
        box_h = paragraphs_height(pairs, text_w, ctx.lang, effect_fs) + 0.6 * mm * s
    else:
        box_h = 7 * s * 1.5
    ph = max(ph, picture_top - 2 * mm * s - bottom - box_h)
    top = picture_top - ph - 2 * mm * s
    if pairs:
        need = paragraphs_height(pairs, text_w, ctx.lang, MIN_SIZE, 0.75)
        if need > top - bottom:
            ph -= need - (top - bottom) + 0.5
            top = bottom + need + 0.5
    py = ctx.h - header_h - 2.2 * mm * s - ph
    draw_proxy_art(canvas, deck, card, px, py, pw, ph)
    canvas.setStrokeColorRGB(*mix(plum, WHITE, 0.2))
    canvas.setLineWidth(0.8)
    canvas.rect(px, py, pw, ph, stroke=1, fill=0)
    if icons_in_header:
        x, y = ctx.w - side - ir - 0.4 * mm, ctx.h - (header_h + SAFE) / 2
    else:  # on a plum band in the picture's top-right corner, like the PROXY band
        x, y = px + pw - ir - 0.6 * mm * s, py + ph - ir - 0.6 * mm * s
        rect(
            canvas,
            px + pw - icons_w - 0.4 * mm * s,
            y - ir - 0.6 * mm * s,
            icons_w + 0.4 * mm * s,
            2 * ir + 1.2 * mm * s,
            plum,
        )
    for icon in reversed(card.icons):
        draw_flower(canvas, str(icon), x, y, ir, deck.catalogue.icon(icon).rgb)
        x -= 2 * ir + 0.8 * mm * s
    if card.proxy:
        canvas.saveState()
        canvas.setFillColorRGB(*plum)
        canvas.setFillAlpha(0.85)
        canvas.rect(px, py + ph - 4.2 * mm * s, 16 * mm * s, 4.2 * mm * s, stroke=0, fill=1)
        canvas.setFillAlpha(1)
        canvas.setFillColorRGB(*WHITE)
        draw_fit(
            canvas,
            ctx._("PROXY"),
            px + 8 * mm * s,
            py + ph - 3.1 * mm * s,
            SANS_BOLD,
            6.5 * s,
            14 * mm * s,
            align="centre",
        )
        canvas.restoreState()
    # effects
    if pairs:
        canvas.setFillColorRGB(*mix(plum, WHITE, 0.9))
        canvas.roundRect(px, bottom - 1 * mm, pw, top - bottom + 2 * mm, 1.2 * mm, stroke=0, fill=1)
        draw_paragraphs_fit(
            canvas,
            pairs,
            px + 1.6 * mm * s,
            top,
            text_w,
            top - bottom,
            ctx.lang,
            size=effect_fs,
        )
    else:
        canvas.setFillColorRGB(*MUTED)
        draw_fit(canvas, ctx._("No effect"), px + 1.6 * mm * s, top - 7 * s, SANS, 7 * s, pw)
    draw_card_qr(canvas, ctx, deck.id, card.id)
