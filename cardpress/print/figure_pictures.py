"""The rule sheets' pictures of the real cards, as images for the web rule pages.

The web page shows the very figure the sheet prints: the same ``Figure`` of the
rule document, laid out and drawn by the same ``CardFigure`` flowable (the
deck's own face code), set on a page of its own and rasterised by PDFium. The
faces are drawn on a PDF canvas (forms, images, clipping), which SVG export
cannot follow, so the web gets a WebP at twice the size it is shown on a
desktop: sharp on a high-density screen, a few tens of KB, scaled down by the
browser to a phone's column. The same figure, language and card data give the
same bytes (an invariant PDF, PDFium and libwebp are deterministic), so the
static site does not change between builds.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from cardpress.print.typography import aside
from cardpress.rules import model as m

#: the width the web lays a figure out in, in points: what a desktop column
#: shows at CSS_PER_PT (about 540 px); a narrower screen scales the image down
WEB_WIDTH = 300.0
#: CSS pixels per point at full size: a poker card's fifth (12.5 mm) shows about
#: 64 px wide, large enough to recognise each face
CSS_PER_PT = 1.8
#: image pixels per CSS pixel: sharp on a 2x screen, scaled down on a 1x one
DENSITY = 2
WEBP_QUALITY = 86
#: the page's margin each side on a phone (the referee's base.html body padding), CSS px
PHONE_MARGIN = 12
#: the text column of a 390 px phone, in CSS px: a picture shown wider on a desktop
#: also comes drawn for this column (at DENSITY), so a phone loads about half the pixels
PHONE_COLUMN = 390 - 2 * PHONE_MARGIN
#: room around the cards, in points: a group label starts at the edge and a
#: win/lose ring reaches 1.6 pt outside its card
PAD = 3.0


@dataclass(frozen=True, slots=True)
class Picture:
    """A figure as the page places it: its image and its size in CSS pixels."""

    webp: bytes
    width: int  # CSS px
    height: int


def _flowable(fig: m.Figure, game: str, lang: str, base_url: str):
    from cardpress.print.card_figures import CardFigure
    from cardpress.print.fonts import register_fonts, sheet_fonts

    register_fonts()
    return CardFigure(fig, game, lang, base_url, sheet_fonts(lang))


def figure_size(fig: m.Figure, game: str, lang: str) -> tuple[int, int]:
    """The figure's size on the page in CSS px (laid out, not drawn: cheap)."""
    flow = _flowable(fig, game, lang, "")
    w = flow.natural_width(WEB_WIDTH)
    _, h = flow.wrap(w, 10_000)
    return round((w + 2 * PAD) * CSS_PER_PT), round((h + 2 * PAD) * CSS_PER_PT)


def figure_pdf(fig: m.Figure, game: str, lang: str, base_url: str) -> bytes:
    """The figure alone on a page its own size, drawn as the sheet draws it."""
    from reportlab.pdfgen.canvas import Canvas

    from cardpress.print.fonts import sheet_fonts

    flow = _flowable(fig, game, lang, base_url)
    w = flow.natural_width(WEB_WIDTH)
    _, h = flow.wrap(w, 10_000)
    buf = io.BytesIO()
    size = (w + 2 * PAD, h + 2 * PAD)
    canvas = Canvas(buf, pagesize=size, invariant=1, initialFontName=sheet_fonts(lang).label)
    flow.drawOn(canvas, PAD, PAD)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def phone_size(fig: m.Figure, game: str, lang: str) -> tuple[int, int] | None:
    """The phone-size picture's size in CSS px, None when the figure is no wider than a
    phone's column (its one picture serves both)."""
    width, height = figure_size(fig, game, lang)
    if width <= PHONE_COLUMN:
        return None
    return PHONE_COLUMN, round(height * PHONE_COLUMN / width)


@lru_cache(maxsize=128)
def _picture(
    fig: m.Figure, game: str, lang: str, base_url: str, stamp: object, phone: bool = False
) -> Picture:
    from PIL import Image

    from cardpress.print.export import rasterise_fitted

    width, height = figure_size(fig, game, lang)
    if phone:
        width, height = phone_size(fig, game, lang) or (width, height)
    pdf = figure_pdf(fig, game, lang, base_url)
    (img,) = rasterise_fitted(pdf, (width * DENSITY, height * DENSITY))
    out = io.BytesIO()
    img.convert("RGB").save(out, "WEBP", quality=WEBP_QUALITY, method=4, exact=True)
    Image.open(io.BytesIO(out.getvalue())).verify()
    return Picture(out.getvalue(), width, height)


def figure_picture(
    fig: m.Figure, game: str, lang: str, base_url: str = "", phone: bool = False
) -> Picture:
    """The figure as a WebP, drawn once per process for the same card data; ``phone``:
    drawn for a phone's column (``phone_size``; the full size when there is none)."""
    from cardpress.catalogue import load_catalogue

    # a new catalogue object means the card data changed: draw the faces again
    return _picture(fig, game, lang, base_url, id(load_catalogue()), phone)


def card_name(card: object, deck: object, lang: str) -> str:
    """What a player calls a pictured card: its title, or an Ultimatch card's colour
    and number ("Red 1", 「赤1」)."""
    name = getattr(card, "name", None)
    if name is not None and name[lang]:
        return name[lang]
    colour = deck.colour(card.colour).name[lang]  # type: ignore[attr-defined]
    return f"{colour}{card.number}" if lang == "ja" else f"{colour} {card.number}"  # type: ignore[attr-defined]


def alt_text(fig: m.Figure, game: str, doc: m.RuleDocument) -> str:
    """The picture said in words, in the page's language: each group's label and what
    lies in it (cards by name, face-down stacks and raised hands by count), so a
    reader who cannot see the image reads what a reader who can sees."""
    from cardpress.print.card_figures import GAME_DECKS, _deck

    lang = doc.lang
    deck, _root = _deck(fig.deck or GAME_DECKS.get(game, "triptych"))
    cards = {a: c for c in deck.cards for a in getattr(c, "aliases", ())}
    cards.update({c.id: c for c in deck.cards})
    comma, colon, stop = ("、", "：", "。") if lang == "ja" else (", ", ": ", ". ")

    back = doc.label("figure-back", "{n} face down")
    hand = doc.label("figure-hand", "a hand raising {n}")
    nothing = doc.label("figure-nothing", "nothing")
    groups = []
    for g in fig.groups:
        things = []
        for it in g.items:
            if it.kind == "card":
                said = card_name(cards[it.card], deck, lang)
                things.append(said + aside(it.note, lang) if it.note else said)
            elif it.kind == "back":
                things.append(back.replace("{n}", str(it.count)))
            else:
                things.append(hand.replace("{n}", str(it.count)))
            if it.mark in ("win", "lose"):
                things[-1] += aside(doc.label(f"figure-{it.mark}", it.mark), lang)
        words = comma.join(things) or nothing
        groups.append(f"{g.label}{colon}{words}" if g.label else words)
    return stop.join(groups) + stop.strip()
