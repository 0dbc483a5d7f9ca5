"""Generated illustrations for Triptych's painting cards.

Each painter has a *manner*, drawn from seeded randomness so a card looks the
same in every build (``random.Random(seed_of(card_id))``, never the global
generator):

- Monet: soft dabbed strokes in an impressionist palette (ponds, sunrises,
  poppy fields), edges dissolving into light.
- Gogh: swirling, heavy strokes in yellows and blues (starry skies, cypresses,
  wheat fields, sunflowers).
- Vermeer: calm geometric interiors with light falling from a window on the
  left, chequered floors and a figure at work.

The Mona Lisa has its own picture, and a forgery is a forger's copy of a
painter's picture, recognisably off before its red stamp is read: mirrored
(copied from a reversed print), its hues slid a step, painted in coarse
mechanical strokes (``painterly.forged``). An image file named in the card data
replaces the generated art; a missing file warns and draws a placeholder.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from cardpress.print import fonts
from cardpress.print.art import eshi100, painterly
from cardpress.print.art.gogh import brushwork as gogh_brushwork
from cardpress.print.art.gogh import gogh
from cardpress.print.art.mona_lisa import brushwork as mona_lisa_brushwork
from cardpress.print.art.mona_lisa import mona_lisa
from cardpress.print.art.monet import brushwork as monet_brushwork
from cardpress.print.art.monet import monet
from cardpress.print.art.pen import Painting, Pen, clip
from cardpress.print.art.vermeer import brushwork as vermeer_brushwork
from cardpress.print.art.vermeer import vermeer
from cardpress.print.colour import (
    RGB,
    Ink,
    contrast,
    grey,
    hex_rgb,
    jitter,
    luminance,
    mix,
    readable,
    relative_luminance,
    seed_of,
)

__all__ = [
    "MANNERS",
    "RGB",
    "Ink",
    "Painting",
    "Pen",
    "clip",
    "contrast",
    "draw_card_art",
    "draw_generated",
    "draw_image",
    "draw_placeholder",
    "grey",
    "hex_rgb",
    "jitter",
    "luminance",
    "mix",
    "readable",
    "relative_luminance",
    "seed_of",
]

MANNERS: dict[str, Painting] = {
    "monet": monet,
    "gogh": gogh,
    "vermeer": vermeer,
    "mona-lisa": mona_lisa,
}


# --------------------------------------------------------------------------- public API


for _name, _scene_fn, _brushwork in (
    ("monet", monet, monet_brushwork),
    ("gogh", gogh, gogh_brushwork),
    ("vermeer", vermeer, vermeer_brushwork),
    ("mona-lisa", mona_lisa, mona_lisa_brushwork),
):
    painterly.register(_name, _scene_fn, _brushwork)
for _name, _manner in eshi100.STYLES:
    painterly.register(
        f"eshi100-{_name}", eshi100.scene, lambda seed, hint="", m=_manner: m, eshi100.CANVAS
    )


def draw_generated(
    canvas, manner: str, seed_key: str, x, y, w, h, *, dull: bool = False, hint: str = ""
) -> None:
    """Paint a scene in a painter's manner in the box, clipped; ``dull``: a forger's copy."""
    painterly.draw_painted(canvas, manner, seed_key, x, y, w, h, dull=dull, hint=hint)


def draw_image(
    canvas,
    path: Path,
    x,
    y,
    w,
    h,
    *,
    card: str = "",
    fit: str = "cover",
    focus: tuple[float, float] = (0.5, 0.5),
) -> bool:
    """Fill the box with an image file by ``fit`` (see ``cardpress.print.designer_art``:
    ICC profiles honoured, a warning under 300 dpi); False if it can't be read."""
    from cardpress.print.designer_art import ArtError, draw_art

    if not path.is_file():
        return False
    try:
        draw_art(canvas, path, (x, y, w, h), card=card, fit=fit, focus=focus)
    except ArtError as exc:
        warnings.warn(str(exc), stacklevel=2)
        return False
    return True


def draw_placeholder(canvas, label: str, x, y, w, h) -> None:
    """A hatched box naming the missing picture."""
    canvas.saveState()
    canvas.setFillColorRGB(0.9, 0.9, 0.9)
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    clip(canvas, x, y, w, h)
    canvas.setStrokeColorRGB(0.75, 0.75, 0.75)
    canvas.setLineWidth(0.6)
    step = 6
    k = -h
    while k < w:
        canvas.line(x + k, y, x + k + h, y + h)
        k += step
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    canvas.setFont(fonts.SANS, 6)
    canvas.drawCentredString(x + w / 2, y + h / 2 - 2, label[:48])
    canvas.restoreState()


#: the picture each painter's forger copies: his best-known one, so that beside the real card
#: the copy is recognised, and then seen to be off (mirrored, its hues slid, coarse strokes)
FORGED: dict[str, str] = {
    "monet": "Woman with a Parasol",
    "gogh": "The Starry Night",
    "vermeer": "The Milkmaid",
}


def picture_of(card) -> painterly.Picture | None:
    """What a Triptych card's generated art paints: (style, seed key, forged, title), if any.
    A forgery's title is the painting its forger copied (:data:`FORGED`)."""
    if getattr(card, "image", None):
        return None
    if str(card.kind) == "mona-lisa":
        return ("mona-lisa", card.id, False, "")
    if card.painter is None:
        return None
    hint = card.title.en if hasattr(card.title, "en") else ""
    forged = str(card.kind) == "forgery"
    if forged:
        hint = FORGED.get(str(card.painter), hint)
    return (str(card.painter), card.id, forged, hint)


def card_pictures(cards) -> list[painterly.Picture]:
    """The generated pictures these Triptych cards show."""
    return [p for p in map(picture_of, cards) if p is not None]


def warm_cards(cards, jobs: int = 1, cache_dir: Path | None = None) -> None:
    """Paint every generated picture of these cards now, over ``jobs`` processes.

    A build paints all its pictures (:func:`card_pictures`, :func:`proxy_pictures`)
    in one go before its workers fork, so they inherit the strokes; ``cache_dir``
    keeps them for the next build (see :func:`painterly.warm`).
    """
    painterly.warm(card_pictures(cards), jobs, cache_dir)


def proxy_picture(deck, card) -> painterly.Picture:
    """What a 絵師100人展 proxy's picture paints: its title's scene, in the style of its
    place in the deck (seven styles in turn), in its own flowers' colours."""
    cards = [c.id for c in deck.types]
    place = cards.index(card.id) if card.id in cards else seed_of(card.id)
    names = eshi100.style_names()
    flowers = ",".join(f"{i!s}={deck.catalogue.icon(i).rgb}" for i in card.icons)
    return (
        f"eshi100-{names[place % len(names)]}",
        "eshi100/" + card.id,
        False,
        f"{card.title['en']}|{flowers}",
    )


def proxy_pictures(deck) -> list[painterly.Picture]:
    """The pictures of every 絵師100人展 proxy."""
    return [proxy_picture(deck, c) for c in deck.types]


def warm_proxies(deck, jobs: int = 1, cache_dir: Path | None = None) -> None:
    """Paint every proxy's picture now, over ``jobs`` processes (see :func:`warm_cards`)."""
    painterly.warm(proxy_pictures(deck), jobs, cache_dir)


def draw_proxy_art(canvas, deck, card, x, y, w, h) -> None:
    """A 絵師100人展 proxy's picture box: an illustration of its title."""
    style, seed_key, _, hint = proxy_picture(deck, card)
    painterly.draw_painted(canvas, style, seed_key, x, y, w, h, hint=hint)


def draw_card_art(canvas, card, x, y, w, h, *, root: Path | None = None) -> None:
    """The art box of a Triptych card: its image file, else generated art."""
    image = getattr(card, "image", None)
    if image:
        path = Path(image)
        if not path.is_absolute() and root is not None:
            path = root / path
        fit, focus = getattr(card, "image_fit", "cover"), getattr(card, "image_focus", (0.5, 0.5))
        if draw_image(canvas, path, x, y, w, h, card=card.id, fit=fit, focus=focus):
            return
        warnings.warn(f"{card.id}: image {image} not found; drawing a placeholder", stacklevel=2)
        draw_placeholder(canvas, Path(image).name, x, y, w, h)
        return
    picture = picture_of(card)
    if picture is None:
        draw_placeholder(canvas, card.id, x, y, w, h)
        return
    style, seed_key, dull, hint = picture
    draw_generated(canvas, style, seed_key, x, y, w, h, dull=dull, hint=hint)
