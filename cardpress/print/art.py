"""Generated vector illustrations for Triptych's painting cards.

Each painter has a *manner*, drawn from seeded randomness so a card looks the
same in every build (``random.Random(seed_of(card_id))``, never the global
generator):

- Monet: soft dabbed strokes in an impressionist palette (ponds, sunrises,
  poppy fields), edges dissolving into light.
- Gogh: swirling, heavy strokes in yellows and blues (starry skies, cypresses,
  wheat fields, sunflowers).
- Vermeer: calm geometric interiors with light falling from a window on the
  left, chequered floors and a figure at work.

The Mona Lisa has its own picture, and a forgery is the painter's picture
dulled, with a red stamp across it. An image file named in the card data
replaces the generated art; a missing file warns and draws a placeholder.
"""

from __future__ import annotations

import hashlib
import math
import random
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from reportlab.lib.utils import ImageReader

from cardpress.print import fonts

RGB = tuple[float, float, float]


# --------------------------------------------------------------------------- colour helpers


def hex_rgb(value: str) -> RGB:
    v = value.lstrip("#")
    return (int(v[0:2], 16) / 255, int(v[2:4], 16) / 255, int(v[4:6], 16) / 255)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def jitter(rng: random.Random, c: RGB, amount: float = 0.06) -> RGB:
    return tuple(min(1.0, max(0.0, v + rng.uniform(-amount, amount))) for v in c)  # type: ignore[return-value]


def luminance(c: RGB) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def relative_luminance(c: RGB) -> float:
    """WCAG 2 relative luminance (sRGB decoded to linear light)."""

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio between two colours, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(colour: RGB, on: RGB, ratio: float = 4.5) -> RGB:
    """``colour`` darkened (or lightened) just enough to read at ``ratio`` on ``on``."""
    if contrast(colour, on) >= ratio:
        return colour
    toward = (0.0, 0.0, 0.0) if relative_luminance(on) > 0.18 else (1.0, 1.0, 1.0)
    for step in range(1, 41):
        c = mix(colour, toward, step / 40)
        if contrast(c, on) >= ratio:
            return c
    return toward


class Ink(NamedTuple):
    """A colour printed on another: what a contrast check needs of a corner index."""

    ink: RGB
    ground: RGB

    @property
    def contrast(self) -> float:
        return contrast(self.ink, self.ground)


def grey(c: RGB, t: float = 0.7) -> RGB:
    lum = luminance(c)
    return mix(c, (lum, lum, lum), t)


def seed_of(card_id: str) -> int:
    return int.from_bytes(hashlib.sha256(card_id.encode()).digest()[:8], "big")


def _q(value: float) -> float:
    """Quantise alpha so a page needs few graphics states."""
    return round(value * 10) / 10


class Pen:
    """Small drawing vocabulary over a canvas, colours passed through a filter."""

    def __init__(
        self,
        canvas,
        rng: random.Random,
        tone: Callable[[RGB], RGB] = lambda c: c,
        hint: str = "",
    ):
        self.c = canvas
        self.rng = rng
        self.tone = tone
        self.hint = hint  # the card's English title: it may pick the scene

    def fill(self, col: RGB, alpha: float = 1.0) -> None:
        self.c.setFillColorRGB(*self.tone(col))
        self.c.setFillAlpha(_q(alpha))

    def stroke(self, col: RGB, width: float, alpha: float = 1.0) -> None:
        self.c.setStrokeColorRGB(*self.tone(col))
        self.c.setStrokeAlpha(_q(alpha))
        self.c.setLineWidth(width)

    def rect(self, x: float, y: float, w: float, h: float, col: RGB, alpha: float = 1.0) -> None:
        self.fill(col, alpha)
        self.c.rect(x, y, w, h, stroke=0, fill=1)

    def ellipse(self, cx, cy, rx, ry, col: RGB, alpha: float = 1.0) -> None:
        self.fill(col, alpha)
        self.c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=0, fill=1)

    def poly(self, pts, col: RGB, alpha: float = 1.0, close: bool = True) -> None:
        self.fill(col, alpha)
        p = self.c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        if close:
            p.close()
        self.c.drawPath(p, stroke=0, fill=1)

    def blob(self, pts, col: RGB, alpha: float = 1.0) -> None:
        """A closed smooth shape through ``pts`` (Catmull-Rom as Béziers)."""
        self.fill(col, alpha)
        p = self.c.beginPath()
        n = len(pts)
        p.moveTo(*pts[0])
        for i in range(n):
            p0, p1, p2, p3 = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
            c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
            c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
            p.curveTo(*c1, *c2, *p2)
        p.close()
        self.c.drawPath(p, stroke=0, fill=1)

    def dab(self, x, y, length, angle, width, col: RGB, alpha: float = 1.0) -> None:
        self.stroke(col, width, alpha)
        dx, dy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
        self.c.line(x - dx, y - dy, x + dx, y + dy)

    def curve(self, pts, col: RGB, width: float, alpha: float = 1.0) -> None:
        self.stroke(col, width, alpha)
        p = self.c.beginPath()
        p.moveTo(*pts[0])
        for i in range(1, len(pts) - 2, 3):
            p.curveTo(*pts[i], *pts[i + 1], *pts[i + 2])
        self.c.drawPath(p, stroke=1, fill=0)

    def arc(self, cx, cy, r, start, extent, col: RGB, width: float, alpha: float = 1.0) -> None:
        self.stroke(col, width, alpha)
        p = self.c.beginPath()
        p.arc(cx - r, cy - r, cx + r, cy + r, startAng=start, extent=extent)
        self.c.drawPath(p, stroke=1, fill=0)


#: paints a picture into a ``w`` x ``h`` box at the origin
Painting = Callable[[Pen, float, float], None]


def clip(canvas, x: float, y: float, w: float, h: float) -> None:
    """Clip everything drawn until the next ``restoreState`` to a box."""
    p = canvas.beginPath()
    p.rect(x, y, w, h)
    canvas.clipPath(p, stroke=0, fill=0)


def _gradient(pen: Pen, x, y, w, h, top: RGB, bottom: RGB, bands: int = 12) -> None:
    for i in range(bands):
        t = i / (bands - 1)
        pen.rect(x, y + h * i / bands, w, h / bands + 0.6, mix(bottom, top, t))


# --------------------------------------------------------------------------- Monet

MONET_SKY = [hex_rgb(v) for v in ("#a9c6e8", "#c9d9f0", "#e7d3e8", "#f5e6c8", "#b7d3e0")]
MONET_WATER = [hex_rgb(v) for v in ("#5f8fb4", "#7fa8c9", "#8fb8a8", "#6d9c8c", "#a7b7df")]
MONET_GREEN = [hex_rgb(v) for v in ("#5d8a4e", "#7ca35a", "#9bbf6b", "#4f7a5a")]
MONET_WARM = [hex_rgb(v) for v in ("#f29e6d", "#e86a5a", "#f6c76e", "#f2b5c6")]


def _dabs(
    pen: Pen,
    n,
    x0,
    y0,
    w,
    h,
    palette,
    length=(3, 7),
    width=(1.6, 3.2),
    angle=0.0,
    spread=0.5,
    alpha=0.8,
) -> None:
    rng = pen.rng
    for _ in range(n):
        pen.dab(
            x0 + rng.random() * w,
            y0 + rng.random() * h,
            rng.uniform(*length),
            angle + rng.uniform(-spread, spread),
            rng.uniform(*width),
            jitter(rng, rng.choice(palette), 0.05),
            alpha,
        )


#: title words that pick a scene (English titles); anything else is chosen by the seed
SCENE_HINTS: dict[str, tuple[tuple[str, str], ...]] = {
    "monet": (
        ("lil", "pond"),
        ("bridge", "pond"),
        ("sunrise", "sunrise"),
        ("station", "station"),
        ("cathedral", "cathedral"),
        ("popp", "poppies"),
        ("parasol", "parasol"),
        ("japonaise", "japonaise"),
        ("haystack", "haystacks"),
    ),
    "gogh": (
        ("sunflower", "sunflowers"),
        ("iris", "irises"),
        ("almond", "almond"),
        ("café", "cafe"),
        ("cafe", "cafe"),
        ("bedroom", "bedroom"),
        ("rhône", "rhone"),
        ("rhone", "rhone"),
        ("star", "starry"),
        ("night", "starry"),
        ("wheat", "wheat"),
        ("crow", "wheat"),
    ),
    "vermeer": (
        ("delft", "delft"),
        ("milk", "milkmaid"),
        ("letter", "letter"),
        ("pearl", "pearl"),
        ("art of painting", "art-of-painting"),
        ("astronomer", "astronomer"),
        ("geographer", "geographer"),
        ("lace", "lacemaker"),
    ),
}


def _scene(pen: Pen, manner: str, choices: tuple[str, ...]) -> str:
    seeded = pen.rng.choice(choices)  # always drawn, so the stream is the same either way
    hint = pen.hint.lower()
    for word, scene in SCENE_HINTS.get(manner, ()):
        if word in hint:
            return scene
    return seeded


def _pond(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    _gradient(pen, 0, 0, w, h, hex_rgb("#9fc0d8"), hex_rgb("#3f6f8f"))
    _dabs(pen, 150, 0, 0, w, h, MONET_WATER, angle=0, spread=0.25, alpha=0.7)
    # willow fronds hanging from the top
    for _ in range(10):
        x = rng.uniform(0, w)
        for k in range(8):
            pen.dab(
                x + rng.uniform(-3, 3),
                h - k * h / 14 - rng.uniform(0, 3),
                6,
                math.pi / 2 + rng.uniform(-0.3, 0.3),
                2.2,
                jitter(rng, rng.choice(MONET_GREEN)),
                0.8,
            )
    for _ in range(rng.randint(5, 8)):  # lily pads and flowers
        cx, cy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.6) * h
        rx = rng.uniform(5, 11)
        pen.ellipse(cx, cy, rx, rx * 0.38, jitter(rng, rng.choice(MONET_GREEN)), 0.9)
        if rng.random() < 0.7:
            pen.ellipse(
                cx + rng.uniform(-2, 2),
                cy + 1.2,
                2.2,
                1.4,
                jitter(rng, rng.choice(MONET_WARM)),
                0.95,
            )


def _sunrise(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    _gradient(pen, 0, h * 0.45, w, h * 0.55, hex_rgb("#b9c4d8"), hex_rgb("#e8b79a"))
    _gradient(pen, 0, 0, w, h * 0.46, hex_rgb("#7d95ad"), hex_rgb("#4d6680"))
    _dabs(pen, 70, 0, h * 0.45, w, h * 0.55, MONET_SKY, spread=0.4, alpha=0.6)
    _dabs(pen, 90, 0, 0, w, h * 0.45, MONET_WATER, spread=0.15, alpha=0.6)
    sx, sy = rng.uniform(0.3, 0.7) * w, h * rng.uniform(0.6, 0.75)
    pen.ellipse(sx, sy, 5, 5, hex_rgb("#f05a28"))
    for k in range(7):  # the sun's broken reflection
        pen.dab(
            sx + rng.uniform(-2, 2),
            sy - 14 - k * 5,
            rng.uniform(4, 9),
            0,
            2.2,
            hex_rgb("#f07a38"),
            0.9,
        )
    for _ in range(rng.randint(2, 3)):  # boats
        bx, by = rng.uniform(0.1, 0.9) * w, rng.uniform(0.12, 0.35) * h
        pen.poly(
            [(bx - 6, by), (bx + 6, by), (bx + 4, by - 2.5), (bx - 4, by - 2.5)],
            hex_rgb("#273548"),
            0.9,
        )
        pen.dab(bx - 1, by + 3, 5, math.pi / 2, 1.2, hex_rgb("#273548"), 0.9)


def _poppies(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    _gradient(pen, 0, h * 0.5, w, h * 0.5, hex_rgb("#dfe8f4"), hex_rgb("#a8c4e2"))
    _dabs(pen, 50, 0, h * 0.5, w, h * 0.5, MONET_SKY, spread=0.6, alpha=0.7)
    hill = (
        [(0, h * 0.5)]
        + [(w * i / 6, h * (0.5 + rng.uniform(0.04, 0.12))) for i in range(7)]
        + [(w, h * 0.5)]
    )
    pen.poly(hill, hex_rgb("#7fa46a"))
    pen.rect(0, 0, w, h * 0.52, hex_rgb("#8fb36c"))
    _dabs(pen, 130, 0, 0, w, h * 0.52, MONET_GREEN, spread=0.9, alpha=0.8)
    for _ in range(70):  # poppies, denser toward the front
        y = h * 0.5 * rng.random() ** 1.6
        pen.ellipse(
            rng.uniform(0, w),
            y,
            1.3 + (0.5 - y / h) * 2,
            1.1,
            jitter(rng, hex_rgb("#e0452e"), 0.05),
            0.95,
        )
    fx = rng.uniform(0.25, 0.75) * w  # a walker with a parasol
    pen.ellipse(fx, h * 0.42, 2.6, 5, hex_rgb("#2e3b55"), 0.9)
    pen.ellipse(fx, h * 0.52, 6, 2.2, hex_rgb("#f4e9d4"), 0.9)


def _haystacks(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    _gradient(pen, 0, h * 0.45, w, h * 0.55, hex_rgb("#f3c9a0"), hex_rgb("#e99a7a"))
    _dabs(pen, 60, 0, h * 0.45, w, h * 0.55, MONET_WARM + MONET_SKY, spread=0.5, alpha=0.6)
    pen.rect(0, h * 0.4, w, h * 0.08, hex_rgb("#9aa7c7"))  # distant hills, violet in the glow
    pen.rect(0, 0, w, h * 0.42, hex_rgb("#c9a26a"))
    _dabs(
        pen,
        120,
        0,
        0,
        w,
        h * 0.42,
        [hex_rgb(v) for v in ("#d8b27a", "#b98f5a", "#e2c48d", "#a8a0c8")],
        spread=0.4,
        alpha=0.75,
    )
    for k in range(rng.randint(1, 2)):
        cx = w * (0.35 + k * 0.33 + rng.uniform(-0.05, 0.05))
        base, r = h * 0.18, w * rng.uniform(0.13, 0.17)
        pen.ellipse(cx + r * 0.6, base - 2, r * 1.3, 3, hex_rgb("#6f76a8"), 0.6)  # shadow
        pen.blob(
            [
                (cx - r, base),
                (cx - r * 0.95, base + r * 0.55),
                (cx - r * 0.6, base + r * 0.8),
                (cx, base + r * 1.45),
                (cx + r * 0.6, base + r * 0.8),
                (cx + r * 0.95, base + r * 0.55),
                (cx + r, base),
            ],
            hex_rgb("#c7853f"),
        )
        _dabs(
            pen,
            30,
            cx - r,
            base,
            2 * r,
            r * 1.1,
            [hex_rgb("#e0a45a"), hex_rgb("#a8643a"), hex_rgb("#f0c27a")],
            spread=0.5,
            alpha=0.8,
        )


def _cathedral(pen: Pen, w: float, h: float) -> None:
    _gradient(pen, 0, 0, w, h, hex_rgb("#bcd0ea"), hex_rgb("#e8d6b0"))
    facade = hex_rgb("#e6c48e")
    pen.poly(
        [
            (w * 0.12, 0),
            (w * 0.12, h * 0.78),
            (w * 0.3, h * 0.95),
            (w * 0.5, h * 0.82),
            (w * 0.7, h * 1.0),
            (w * 0.88, h * 0.8),
            (w * 0.88, 0),
        ],
        facade,
    )
    for i in range(4):  # pointed arches and a rose window
        ax = w * (0.2 + i * 0.18)
        pen.poly(
            [
                (ax, 0),
                (ax, h * 0.38),
                (ax + w * 0.06, h * 0.5),
                (ax + w * 0.12, h * 0.38),
                (ax + w * 0.12, 0),
            ],
            hex_rgb("#8a7fa8"),
            0.75,
        )
    pen.ellipse(w * 0.5, h * 0.64, w * 0.09, w * 0.09, hex_rgb("#9a8fb8"), 0.8)
    _dabs(
        pen,
        220,
        0,
        0,
        w,
        h,
        [hex_rgb(v) for v in ("#f2d49a", "#e9b97a", "#b9b4d8", "#f7e6c4", "#c9a0a0")],
        length=(2.5, 5),
        angle=math.pi / 2,
        spread=0.35,
        alpha=0.55,
    )


def _station(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    _gradient(pen, 0, 0, w, h, hex_rgb("#c8d2dc"), hex_rgb("#6f7b8a"))
    pen.stroke(hex_rgb("#3a4250"), 1.6)  # the iron roof
    pen.c.line(0, h * 0.7, w * 0.5, h * 0.98)
    pen.c.line(w * 0.5, h * 0.98, w, h * 0.7)
    for k in range(1, 6):
        pen.c.line(w * k / 6, h * 0.7 + (0.28 * h) * (1 - abs(k / 3 - 1)), w * k / 6, h * 0.66)
    for _ in range(14):  # steam
        pen.ellipse(
            w * rng.uniform(0.2, 0.8),
            h * rng.uniform(0.4, 0.8),
            rng.uniform(6, 14),
            rng.uniform(4, 9),
            hex_rgb(rng.choice(("#eef1f4", "#d6dde6", "#b8c6d6"))),
            0.6,
        )
    pen.poly(
        [
            (w * 0.38, 0),
            (w * 0.38, h * 0.3),
            (w * 0.46, h * 0.38),
            (w * 0.56, h * 0.38),
            (w * 0.62, h * 0.3),
            (w * 0.62, 0),
        ],
        hex_rgb("#2b2f38"),
    )
    pen.ellipse(w * 0.5, h * 0.22, 3, 3, hex_rgb("#f2b45a"))
    _dabs(
        pen,
        90,
        0,
        0,
        w,
        h * 0.25,
        [hex_rgb("#4d5666"), hex_rgb("#7a8494"), hex_rgb("#9a8f7a")],
        spread=0.2,
        alpha=0.7,
    )


def _parasol(pen: Pen, w: float, h: float) -> None:
    """Woman with a Parasol: seen from below against a windy sky, the parasol green."""
    rng = pen.rng
    _gradient(pen, 0, 0, w, h, hex_rgb("#8fb6de"), hex_rgb("#e3eef6"))
    _dabs(pen, 70, 0, h * 0.35, w, h * 0.65, MONET_SKY, (5, 11), (2, 4), 0.3, 0.5, 0.6)
    for _ in range(5):  # white clouds blown to the right
        pen.ellipse(
            rng.uniform(0, w),
            rng.uniform(0.55, 0.95) * h,
            w * 0.14,
            h * 0.05,
            hex_rgb("#f6f8fb"),
            0.7,
        )
    # the hill rising from the lower left, grass and flowers
    pen.blob(
        [
            (-w * 0.1, -h * 0.1),
            (-w * 0.05, h * 0.24),
            (w * 0.45, h * 0.3),
            (w * 1.1, h * 0.12),
            (w * 1.1, -h * 0.1),
        ],
        hex_rgb("#8fae5a"),
    )
    _dabs(
        pen,
        90,
        0,
        0,
        w,
        h * 0.26,
        [*MONET_GREEN, hex_rgb("#e8d36a")],
        (3, 6),
        (1.4, 2.6),
        1.1,
        0.5,
        0.8,
    )
    cx, base = w * 0.45, h * 0.26
    # the dress: white, blown to the right, blue shadows
    pen.blob(
        [
            (cx - w * 0.06, base),
            (cx - w * 0.05, base + h * 0.3),
            (cx + w * 0.01, base + h * 0.46),
            (cx + w * 0.08, base + h * 0.3),
            (cx + w * 0.16, base + h * 0.02),
        ],
        hex_rgb("#f4f1ea"),
    )
    pen.blob(
        [(cx + w * 0.02, base), (cx + w * 0.06, base + h * 0.25), (cx + w * 0.15, base + h * 0.03)],
        hex_rgb("#a9bfd8"),
        0.8,
    )
    pen.ellipse(cx + w * 0.005, base + h * 0.5, w * 0.03, h * 0.045, hex_rgb("#d9b79a"))
    pen.curve(
        [
            (cx - w * 0.02, base + h * 0.5),
            (cx + w * 0.05, base + h * 0.56),
            (cx + w * 0.12, base + h * 0.52),
            (cx + w * 0.18, base + h * 0.47),
        ],
        hex_rgb("#e9eef4"),
        2.4,
        0.9,
    )  # the veil in the wind
    # the parasol: a green dome tilted to the left, its stick to her hand
    px, py = cx - w * 0.1, base + h * 0.6
    pen.blob(
        [
            (px - w * 0.17, py - h * 0.02),
            (px - w * 0.1, py + h * 0.14),
            (px + w * 0.05, py + h * 0.18),
            (px + w * 0.17, py + h * 0.08),
            (px + w * 0.14, py - h * 0.04),
        ],
        hex_rgb("#4f7a4a"),
    )
    pen.blob(
        [(px - w * 0.12, py), (px, py + h * 0.14), (px + w * 0.12, py + h * 0.05)],
        hex_rgb("#7fa86a"),
        0.8,
    )
    pen.dab((px + cx) / 2, (py + base + h * 0.38) / 2, h * 0.24, 1.2, 1.0, hex_rgb("#3a3a30"))
    # the boy, smaller, lower right
    bx = w * 0.78
    pen.poly(
        [
            (bx - w * 0.03, h * 0.1),
            (bx + w * 0.03, h * 0.1),
            (bx + w * 0.02, h * 0.22),
            (bx - w * 0.02, h * 0.22),
        ],
        hex_rgb("#e9e4d8"),
    )
    pen.ellipse(bx, h * 0.245, w * 0.02, h * 0.03, hex_rgb("#c9a27a"))
    pen.ellipse(bx, h * 0.27, w * 0.03, h * 0.012, hex_rgb("#d8c48f"))


def _japonaise(pen: Pen, w: float, h: float) -> None:
    """La Japonaise: a woman in a red kimono turning with a fan, paper fans on the wall."""
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#8fa3b8"))  # blue-grey wall
    _dabs(
        pen,
        60,
        0,
        h * 0.2,
        w,
        h * 0.8,
        [hex_rgb("#9fb2c4"), hex_rgb("#7d93aa")],
        (4, 8),
        (2, 3.5),
        0.6,
        0.8,
        0.5,
    )
    pen.rect(0, 0, w, h * 0.2, hex_rgb("#c9b27a"))  # tatami
    for k in range(6):
        pen.dab(w * k / 5, h * 0.1, h * 0.2, math.pi / 2, 0.5, hex_rgb("#8a7448"), 0.6)
    for _ in range(9):  # round paper fans on the wall
        fx, fy, r = rng.uniform(0.05, 0.95) * w, rng.uniform(0.45, 0.95) * h, rng.uniform(6, 10)
        pen.ellipse(fx, fy, r, r, hex_rgb(rng.choice(("#f2e6c8", "#e8c8a0", "#d9e0e8", "#f0d0c0"))))
        pen.ellipse(
            fx + r * 0.2,
            fy,
            r * 0.4,
            r * 0.4,
            hex_rgb(rng.choice(("#c8283c", "#2f5fa8", "#4f7a4a"))),
            0.6,
        )
    cx = w * 0.5
    # the red kimono, hem pooled on the floor, embroidered warrior in the folds
    pen.blob(
        [
            (cx - w * 0.22, h * 0.02),
            (cx - w * 0.12, h * 0.45),
            (cx - w * 0.08, h * 0.72),
            (cx + w * 0.08, h * 0.74),
            (cx + w * 0.12, h * 0.45),
            (cx + w * 0.26, h * 0.02),
        ],
        hex_rgb("#c8202e"),
    )
    _dabs(
        pen,
        30,
        cx - w * 0.15,
        h * 0.05,
        w * 0.3,
        h * 0.5,
        [hex_rgb("#9a1420"), hex_rgb("#e85a4a"), hex_rgb("#d9a03a")],
        (3, 7),
        (1, 2),
        1.2,
        1,
        0.8,
    )
    pen.blob(
        [
            (cx - w * 0.06, h * 0.2),
            (cx - w * 0.02, h * 0.42),
            (cx + w * 0.08, h * 0.38),
            (cx + w * 0.06, h * 0.18),
        ],
        hex_rgb("#3a5f3a"),
        0.85,
    )  # the warrior's green
    # head: blonde hair, turned to us
    pen.ellipse(cx + w * 0.01, h * 0.79, w * 0.045, h * 0.06, hex_rgb("#f0d2b8"))
    pen.arc(cx + w * 0.01, h * 0.8, w * 0.048, 10, 170, hex_rgb("#e8c36a"), 3.2)
    # the fan raised in her right hand: tricolour
    fx, fy = cx + w * 0.17, h * 0.8
    for k, col in enumerate(("#2f5fa8", "#f4f1ea", "#c8283c")):
        pen.poly(
            [
                (fx, fy - h * 0.08),
                (fx - w * 0.1 + k * w * 0.067, fy + h * 0.08),
                (fx - w * 0.1 + (k + 1) * w * 0.067, fy + h * 0.08),
            ],
            hex_rgb(col),
        )


MONET_SCENES: dict[str, Painting] = {
    "parasol": _parasol,
    "japonaise": _japonaise,
    "pond": _pond,
    "sunrise": _sunrise,
    "poppies": _poppies,
    "haystacks": _haystacks,
    "cathedral": _cathedral,
    "station": _station,
}


def monet(pen: Pen, w: float, h: float) -> None:
    scene = _scene(pen, "monet", ("pond", "sunrise", "poppies", "haystacks"))
    pen.c.setLineCap(1)
    MONET_SCENES[scene](pen, w, h)


# --------------------------------------------------------------------------- Gogh

GOGH_BLUES = [hex_rgb(v) for v in ("#1b3a8a", "#27509e", "#3c6fc2", "#5b8bd1", "#1d2f6b")]
GOGH_YELLOWS = [hex_rgb(v) for v in ("#f5c518", "#f7d94c", "#e8a317", "#fbe77a")]


def _swirl(pen: Pen, cx, cy, r, turns, col: RGB, width: float, alpha: float = 0.9) -> None:
    pts = []
    steps = int(turns * 10)
    for i in range(steps + 1):
        t = i / steps
        a = t * turns * 2 * math.pi
        rr = r * (0.15 + 0.85 * t)
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr * 0.7))
    pen.stroke(col, width, alpha)
    p = pen.c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    pen.c.drawPath(p, stroke=1, fill=0)


def _sky_strokes(pen: Pen, w, y0, h, palette, n=110) -> None:
    rng = pen.rng
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(y0, y0 + h)
        angle = math.sin(x / w * 6 + y / h * 3) * 0.8
        pen.dab(
            x,
            y,
            rng.uniform(4, 8),
            angle,
            rng.uniform(1.6, 2.6),
            jitter(rng, rng.choice(palette), 0.05),
            0.85,
        )


def _starry(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#1d2f6b"))
    _sky_strokes(pen, w, h * 0.3, h * 0.7, GOGH_BLUES, 130)
    for _ in range(2):
        _swirl(
            pen,
            rng.uniform(0.3, 0.7) * w,
            rng.uniform(0.55, 0.75) * h,
            rng.uniform(10, 16),
            2.2,
            hex_rgb("#9fc3f0"),
            1.8,
            0.8,
        )
    for _ in range(rng.randint(6, 9)):
        sx, sy = rng.uniform(0.05, 0.95) * w, rng.uniform(0.5, 0.95) * h
        r = rng.uniform(1.8, 3.2)
        for k in range(3, 0, -1):
            pen.ellipse(sx, sy, r + k * 1.8, r + k * 1.8, hex_rgb("#f7d94c"), 0.25)
        pen.ellipse(sx, sy, r, r, hex_rgb("#fff3b0"))
    mx, my = w * rng.choice((0.85, 0.15)), h * 0.86
    pen.ellipse(mx, my, 6, 6, hex_rgb("#f5c518"))
    pen.ellipse(mx + 2.5, my + 1.5, 5, 5, hex_rgb("#27509e"))
    # village and hills
    pen.poly(
        [(0, 0), (0, h * 0.3)]
        + [(w * i / 5, h * (0.22 + rng.uniform(0, 0.1))) for i in range(6)]
        + [(w, 0)],
        hex_rgb("#1f3c5c"),
    )
    for i in range(9):
        bx = w * (0.15 + i * 0.085)
        pen.rect(bx, h * 0.12, 4, 4 + rng.uniform(0, 3), hex_rgb("#2c3f4f"))
        pen.rect(bx + 1.2, h * 0.14, 1.4, 1.2, hex_rgb("#f5c518"))
    # cypress: a dark flame in the foreground
    cx = w * rng.choice((0.15, 0.2, 0.8))
    pts = [
        (cx - 7, 0),
        (cx - 5, h * 0.3),
        (cx - 3, h * 0.6),
        (cx, h * 0.88),
        (cx + 3, h * 0.6),
        (cx + 6, h * 0.3),
        (cx + 8, 0),
    ]
    pen.blob(pts, hex_rgb("#1e3323"))
    for _ in range(25):
        pen.dab(
            cx + rng.uniform(-5, 5),
            rng.uniform(0, h * 0.75),
            5,
            math.pi / 2 + rng.uniform(-0.4, 0.4),
            1.5,
            hex_rgb("#3b5a2a"),
            0.8,
        )


def _wheat(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.rect(0, h * 0.45, w, h * 0.55, hex_rgb("#27509e"))
    _sky_strokes(pen, w, h * 0.45, h * 0.55, GOGH_BLUES, 90)
    _swirl(pen, rng.uniform(0.3, 0.7) * w, h * 0.75, 12, 2, hex_rgb("#9fc3f0"), 1.6)
    pen.rect(0, 0, w, h * 0.47, hex_rgb("#e0a81c"))
    for _ in range(170):
        x, y = rng.uniform(0, w), rng.uniform(0, h * 0.47)
        pen.dab(
            x,
            y,
            rng.uniform(4, 7),
            math.pi / 2 + math.sin(x / 9) * 0.5,
            rng.uniform(1.3, 2.2),
            jitter(rng, rng.choice(GOGH_YELLOWS), 0.05),
            0.9,
        )
    pen.poly(
        [(w * 0.45, 0), (w * 0.55, 0), (w * 0.52, h * 0.45), (w * 0.5, h * 0.45)],
        hex_rgb("#7a5a2a"),
        0.6,
    )
    for _ in range(rng.randint(6, 10)):  # crows
        bx, by = rng.uniform(0.1, 0.9) * w, rng.uniform(0.5, 0.9) * h
        pen.curve(
            [
                (bx - 4, by),
                (bx - 2, by + 2),
                (bx - 1, by + 1),
                (bx, by),
                (bx + 1, by + 1),
                (bx + 2, by + 2),
                (bx + 4, by),
            ],
            (0.05, 0.05, 0.1),
            1.2,
        )


def _sunflowers(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#e6c76a"))
    _sky_strokes(pen, w, 0, h, [hex_rgb("#e6c76a"), hex_rgb("#d9b24c"), hex_rgb("#f0d98a")], 80)
    pen.rect(0, 0, w, h * 0.28, hex_rgb("#c98c2a"))
    pen.poly(
        [(w * 0.38, h * 0.1), (w * 0.62, h * 0.1), (w * 0.6, h * 0.42), (w * 0.4, h * 0.42)],
        hex_rgb("#d9a441"),
    )
    pen.rect(w * 0.38, h * 0.3, w * 0.24, 2.5, hex_rgb("#2f5fa8"))
    for _ in range(rng.randint(5, 7)):
        fx, fy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.5, 0.88) * h
        r = rng.uniform(5, 8)
        pen.dab(
            fx, fy - r, r * 2, math.pi / 2 + rng.uniform(-0.3, 0.3), 1.2, hex_rgb("#4b6b2a"), 0.9
        )
        for k in range(14):
            a = k / 14 * 2 * math.pi + rng.uniform(-0.1, 0.1)
            pen.dab(
                fx + math.cos(a) * r * 0.9,
                fy + math.sin(a) * r * 0.9,
                r * 0.8,
                a,
                1.8,
                jitter(rng, rng.choice(GOGH_YELLOWS), 0.05),
                0.95,
            )
        pen.ellipse(fx, fy, r * 0.45, r * 0.45, hex_rgb("#6b3f12"))


def _irises(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#8fae5a"))
    _sky_strokes(pen, w, h * 0.7, h * 0.3, [hex_rgb("#c9c46a"), hex_rgb("#a8b85a")], 40)
    pen.rect(0, 0, w, h * 0.18, hex_rgb("#b4582e"))
    _dabs(pen, 50, 0, 0, w, h * 0.18, [hex_rgb("#c96a3a"), hex_rgb("#8a3f22")], spread=0.3)
    for _ in range(70):  # blades
        x = rng.uniform(0, w)
        pen.dab(
            x,
            rng.uniform(h * 0.15, h * 0.6),
            rng.uniform(10, 18),
            math.pi / 2 + rng.uniform(-0.5, 0.5),
            1.6,
            jitter(rng, hex_rgb("#2f6b4a"), 0.08),
            0.9,
        )
    for _ in range(rng.randint(9, 13)):
        fx, fy = rng.uniform(0.05, 0.95) * w, rng.uniform(0.45, 0.85) * h
        for k in range(3):
            a = math.pi / 2 + (k - 1) * 1.1
            pen.ellipse(
                fx + math.cos(a) * 2.5,
                fy + math.sin(a) * 2.5,
                3,
                2.2,
                jitter(rng, hex_rgb("#3a3f9a"), 0.06),
            )
        pen.ellipse(fx, fy - 1, 1.2, 1, hex_rgb("#f5e9d0"))
    if rng.random() < 0.6:  # the single white iris
        pen.ellipse(w * 0.8, h * 0.62, 4, 3, hex_rgb("#f2efe6"))


def _almond(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#7fc4c4"))
    _sky_strokes(pen, w, 0, h, [hex_rgb("#8fd0cf"), hex_rgb("#6ab5b8"), hex_rgb("#a3dad6")], 60)
    for _ in range(3):
        x0, y0 = rng.uniform(-5, w * 0.3), rng.uniform(0, h * 0.6)
        pts = [(x0, y0)]
        for _k in range(3):
            x, y = pts[-1]
            pts += [
                (x + 8, y + rng.uniform(0, 10)),
                (x + 18, y + rng.uniform(-4, 14)),
                (x + w * 0.3, y + rng.uniform(4, 16)),
            ]
        pen.curve(pts, hex_rgb("#3b2a1e"), 2.4)
        for i in range(3, len(pts), 3):
            bx, by = pts[i]
            for _j in range(3):
                cx, cy = bx + rng.uniform(-8, 8), by + rng.uniform(-6, 8)
                for k in range(5):
                    a = k * 2 * math.pi / 5
                    pen.ellipse(
                        cx + math.cos(a) * 1.6, cy + math.sin(a) * 1.6, 1.5, 1.5, hex_rgb("#f7f2ea")
                    )
                pen.ellipse(cx, cy, 0.8, 0.8, hex_rgb("#d9788a"))


def _cafe(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#1d2f6b"))
    _sky_strokes(pen, w, h * 0.55, h * 0.45, GOGH_BLUES, 50)
    for _ in range(8):
        pen.ellipse(
            rng.uniform(0.45, 0.95) * w, rng.uniform(0.6, 0.95) * h, 1.8, 1.8, hex_rgb("#f7e7a0")
        )
    pen.poly([(0, h * 0.2), (0, h), (w * 0.35, h), (w * 0.45, h * 0.35)], hex_rgb("#c98a2a"))
    pen.poly(
        [(0, h * 0.62), (w * 0.5, h * 0.7), (w * 0.48, h * 0.58), (0, h * 0.48)], hex_rgb("#f5c518")
    )  # the lit awning
    pen.poly([(0, 0), (0, h * 0.48), (w * 0.48, h * 0.58), (w * 0.62, 0)], hex_rgb("#e8a317"))
    _dabs(
        pen,
        80,
        0,
        0,
        w * 0.6,
        h * 0.45,
        [hex_rgb("#f0c24a"), hex_rgb("#d98a2a"), hex_rgb("#f7d97a")],
        spread=0.8,
    )
    for _ in range(5):  # café tables
        tx, ty = rng.uniform(0.08, 0.5) * w, rng.uniform(0.12, 0.35) * h
        pen.ellipse(tx, ty, 4, 1.6, hex_rgb("#f2e8c8"))
    pen.poly([(w * 0.62, 0), (w * 0.75, h * 0.55), (w, h * 0.5), (w, 0)], hex_rgb("#2a3a6a"))
    _dabs(
        pen,
        40,
        w * 0.62,
        0,
        w * 0.38,
        h * 0.25,
        [hex_rgb("#4a6aa8"), hex_rgb("#c9a86a")],
        spread=0.6,
    )


def _bedroom(pen: Pen, w: float, h: float) -> None:
    pen.rect(0, 0, w, h, hex_rgb("#6f8fc9"))
    _sky_strokes(pen, w, h * 0.35, h * 0.65, [hex_rgb("#7fa0d8"), hex_rgb("#5f7fba")], 50)
    pen.poly([(0, 0), (0, h * 0.35), (w, h * 0.35), (w, 0)], hex_rgb("#b98a5a"))
    for k in range(8):  # floorboards
        pen.dab(
            w * k / 7,
            h * 0.17,
            h * 0.4,
            math.pi / 2 - (k - 3.5) * 0.12,
            0.8,
            hex_rgb("#8a6a3a"),
            0.8,
        )
    pen.poly(
        [(w * 0.55, h * 0.05), (w * 0.98, h * 0.05), (w * 0.98, h * 0.62), (w * 0.55, h * 0.5)],
        hex_rgb("#e8b83a"),
    )  # the yellow bed
    pen.poly(
        [(w * 0.57, h * 0.12), (w * 0.96, h * 0.12), (w * 0.96, h * 0.36), (w * 0.57, h * 0.3)],
        hex_rgb("#c8382a"),
    )
    pen.ellipse(w * 0.74, h * 0.44, w * 0.09, h * 0.05, hex_rgb("#e8f0e0"))
    pen.rect(w * 0.3, h * 0.58, w * 0.14, h * 0.2, hex_rgb("#3f7a5a"))  # window
    pen.rect(w * 0.05, h * 0.62, w * 0.1, h * 0.12, hex_rgb("#c9a24a"))  # a picture
    pen.poly(
        [(w * 0.08, h * 0.05), (w * 0.18, h * 0.05), (w * 0.2, h * 0.3), (w * 0.1, h * 0.3)],
        hex_rgb("#d9a23a"),
    )  # a chair
    _dabs(
        pen,
        60,
        0,
        0,
        w,
        h,
        [hex_rgb("#f0d27a"), hex_rgb("#5f7fba"), hex_rgb("#c98a4a")],
        spread=0.9,
        alpha=0.35,
    )


def _rhone(pen: Pen, w: float, h: float) -> None:
    """Starry Night over the Rhône: the Plough above, gas lamps streaming down the river."""
    rng = pen.rng
    _gradient(pen, 0, h * 0.45, w, h * 0.55, hex_rgb("#1c3a7a"), hex_rgb("#3d6fa8"))
    _sky_strokes(pen, w, h * 0.45, h * 0.55, GOGH_BLUES, 70)
    # the Plough: seven stars in the upper middle, each with a halo
    plough = [
        (0.3, 0.9),
        (0.38, 0.86),
        (0.46, 0.85),
        (0.53, 0.82),
        (0.6, 0.74),
        (0.7, 0.76),
        (0.69, 0.86),
    ]
    for sx, sy in plough:
        for k in range(3, 0, -1):
            pen.ellipse(sx * w, sy * h, 1.6 + k * 1.3, 1.6 + k * 1.3, hex_rgb("#e8e0a0"), 0.3)
        pen.ellipse(sx * w, sy * h, 1.6, 1.6, hex_rgb("#fff6c8"))
    # the far bank, a thin dark line of town with lamps
    pen.rect(0, h * 0.43, w, h * 0.04, hex_rgb("#1b2a3a"))
    lamps = [w * (0.06 + i * 0.11 + rng.uniform(-0.02, 0.02)) for i in range(9)]
    # the river: dark blue-green, each lamp a long zigzag of yellow and orange
    pen.rect(0, 0, w, h * 0.43, hex_rgb("#1f3f5f"))
    _dabs(
        pen,
        80,
        0,
        h * 0.1,
        w,
        h * 0.32,
        [hex_rgb("#2a5a7a"), hex_rgb("#3a6a6a")],
        (6, 10),
        (1.5, 2.5),
        0,
        0.15,
        0.7,
    )
    for lx in lamps:
        pen.ellipse(lx, h * 0.455, 1.6, 1.6, hex_rgb("#fbe77a"))
        y = h * 0.42
        while y > h * 0.12:
            pen.dab(
                lx + rng.uniform(-2, 2),
                y,
                rng.uniform(3, 6),
                0,
                1.6,
                hex_rgb(rng.choice(("#f5c518", "#f29e3d", "#fbe77a"))),
                0.9,
            )
            y -= rng.uniform(2.5, 4)
    # the near bank and the strolling couple, bottom right
    pen.blob(
        [(w * 0.45, 0), (w * 0.6, h * 0.12), (w * 1.05, h * 0.14), (w * 1.05, 0)],
        hex_rgb("#4a6a5a"),
    )
    for k, (col, dx) in enumerate((("#2a2a38", 0.0), ("#c9a24a", 0.05))):
        x0 = w * (0.78 + dx)
        pen.poly(
            [
                (x0 - 3, h * 0.05),
                (x0 + 3, h * 0.05),
                (x0 + 2, h * 0.2 - k * 2),
                (x0 - 2, h * 0.2 - k * 2),
            ],
            hex_rgb(col),
        )
        pen.ellipse(x0, h * 0.22 - k * 2, 2, 2.2, hex_rgb("#d9b08a"))
    for bx in (0.1, 0.22):  # two moored boats
        pen.poly(
            [
                (w * bx, h * 0.06),
                (w * (bx + 0.12), h * 0.06),
                (w * (bx + 0.1), h * 0.02),
                (w * (bx + 0.02), h * 0.02),
            ],
            hex_rgb("#3c6fc2"),
        )


GOGH_SCENES: dict[str, Painting] = {
    "rhone": _rhone,
    "starry": _starry,
    "wheat": _wheat,
    "sunflowers": _sunflowers,
    "irises": _irises,
    "almond": _almond,
    "cafe": _cafe,
    "bedroom": _bedroom,
}


def gogh(pen: Pen, w: float, h: float) -> None:
    scene = _scene(pen, "gogh", ("starry", "wheat", "sunflowers", "irises"))
    pen.c.setLineCap(1)
    GOGH_SCENES[scene](pen, w, h)


# --------------------------------------------------------------------------- Vermeer


def _delft(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    _gradient(pen, 0, h * 0.45, w, h * 0.55, hex_rgb("#8fa8c8"), hex_rgb("#dfe3e0"))
    for _ in range(6):  # heavy Dutch clouds
        pen.ellipse(
            rng.uniform(0, w),
            rng.uniform(0.7, 1.0) * h,
            rng.uniform(12, 24),
            rng.uniform(5, 9),
            hex_rgb(rng.choice(("#f2f0ea", "#c9cfd6", "#aab4c2"))),
            0.8,
        )
    x = 0.0
    while x < w:  # the skyline
        bw = rng.uniform(6, 14)
        bh = h * rng.uniform(0.08, 0.2)
        col = hex_rgb(rng.choice(("#8a5a3a", "#6a4a3a", "#b07a4a", "#4a4038")))
        pen.rect(x, h * 0.42, bw, bh, col)
        pen.poly(
            [(x, h * 0.42 + bh), (x + bw / 2, h * 0.42 + bh + 4), (x + bw, h * 0.42 + bh)],
            mix(col, (0, 0, 0), 0.3),
        )
        if rng.random() < 0.15:
            pen.rect(x + bw / 2 - 1.2, h * 0.42 + bh, 2.4, h * 0.12, hex_rgb("#5a4a3a"))
        x += bw + rng.uniform(0, 2)
    pen.rect(0, 0, w, h * 0.42, hex_rgb("#5f7078"))
    _dabs(
        pen,
        60,
        0,
        h * 0.1,
        w,
        h * 0.3,
        [hex_rgb("#7a8a90"), hex_rgb("#4a5a62"), hex_rgb("#9a8a6a")],
        spread=0.05,
        alpha=0.6,
    )
    pen.rect(0, 0, w, h * 0.1, hex_rgb("#c9b48a"))  # the sandy near bank
    for _ in range(3):
        pen.ellipse(rng.uniform(0.1, 0.6) * w, h * 0.07, 1.6, 3, hex_rgb("#2a2a30"))


def _room(pen: Pen, w: float, h: float, wall: str = "#d6cdb4", window: bool = True) -> None:
    """The corner of a Delft room: plain wall, window on the left letting in the light."""
    pen.rect(0, 0, w, h, hex_rgb(wall))
    _gradient(pen, 0, 0, w, h, hex_rgb(wall), mix(hex_rgb(wall), (0.25, 0.22, 0.18), 0.35), 8)
    if window:
        pen.rect(0, h * 0.45, w * 0.14, h * 0.5, hex_rgb("#e6ecdf"))
        pen.stroke(hex_rgb("#6b7566"), 0.5)
        for i in range(1, 4):
            pen.c.line(0, h * (0.45 + 0.125 * i), w * 0.14, h * (0.45 + 0.125 * i))
        pen.c.line(w * 0.07, h * 0.45, w * 0.07, h * 0.95)
        pen.poly(
            [(w * 0.14, h * 0.95), (w * 0.7, h * 0.2), (w * 0.4, 0), (w * 0.14, h * 0.45)],
            hex_rgb("#fff6d8"),
            0.3,
        )


def _figure(pen: Pen, cx, base, fw, fh, bodice: str, skirt: str, head: str = "#e8c9a8") -> None:
    pen.poly(
        [
            (cx - fw, base),
            (cx + fw, base),
            (cx + fw * 0.6, base + fh * 0.55),
            (cx - fw * 0.6, base + fh * 0.55),
        ],
        hex_rgb(skirt),
    )
    pen.blob(
        [
            (cx - fw * 0.6, base + fh * 0.5),
            (cx + fw * 0.6, base + fh * 0.5),
            (cx + fw * 0.5, base + fh * 0.82),
            (cx - fw * 0.5, base + fh * 0.82),
        ],
        hex_rgb(bodice),
    )
    pen.ellipse(cx, base + fh * 0.9, fw * 0.3, fh * 0.09, hex_rgb(head))


def _milkmaid(pen: Pen, w: float, h: float) -> None:
    """The Milkmaid: a broad figure in yellow and blue pouring milk at a green-covered table."""
    _room(pen, w, h, "#cfc2a0")
    for _ in range(8):  # nail holes and stains on the bare wall
        pen.ellipse(
            pen.rng.uniform(0.3, 0.95) * w,
            pen.rng.uniform(0.5, 0.95) * h,
            0.6,
            0.6,
            hex_rgb("#8a7a5a"),
        )
    pen.rect(w * 0.78, h * 0.78, w * 0.12, h * 0.1, hex_rgb("#6a5a3a"))  # the basket on the wall
    cx = w * 0.58
    # the figure fills the middle: blue apron over a red skirt, yellow bodice, white cap
    pen.poly(
        [(cx - w * 0.18, 0), (cx + w * 0.2, 0), (cx + w * 0.14, h * 0.5), (cx - w * 0.14, h * 0.5)],
        hex_rgb("#a8352a"),
    )
    pen.poly(
        [
            (cx - w * 0.1, 0),
            (cx + w * 0.08, 0),
            (cx + w * 0.07, h * 0.48),
            (cx - w * 0.1, h * 0.48),
        ],
        hex_rgb("#2f4f8f"),
    )
    pen.blob(
        [
            (cx - w * 0.15, h * 0.46),
            (cx + w * 0.14, h * 0.46),
            (cx + w * 0.12, h * 0.76),
            (cx - w * 0.12, h * 0.76),
        ],
        hex_rgb("#e0b53a"),
    )
    pen.ellipse(cx, h * 0.83, w * 0.055, h * 0.075, hex_rgb("#e3bf98"))
    pen.blob(
        [
            (cx - w * 0.07, h * 0.84),
            (cx, h * 0.93),
            (cx + w * 0.07, h * 0.86),
            (cx + w * 0.02, h * 0.8),
        ],
        hex_rgb("#f3efe2"),
    )
    # the table, front left, with its green cloth, bread and the jug pouring into a bowl
    pen.poly([(0, 0), (w * 0.42, 0), (w * 0.46, h * 0.34), (0, h * 0.34)], hex_rgb("#3f5a3a"))
    pen.poly(
        [(0, h * 0.34), (w * 0.46, h * 0.34), (w * 0.42, h * 0.4), (0, h * 0.4)], hex_rgb("#5f7a4a")
    )
    for bx in (0.08, 0.16, 0.22):
        pen.ellipse(w * bx, h * 0.43, w * 0.04, h * 0.035, hex_rgb("#b07a3a"))
    pen.ellipse(w * 0.36, h * 0.42, w * 0.06, h * 0.035, hex_rgb("#8a5a3a"))  # the bowl
    pen.blob(
        [(w * 0.38, h * 0.5), (w * 0.42, h * 0.58), (w * 0.47, h * 0.56), (w * 0.45, h * 0.48)],
        hex_rgb("#b9a07a"),
    )  # the jug
    pen.dab(w * 0.38, h * 0.46, h * 0.07, math.pi / 2, 1.2, hex_rgb("#f8f6f0"))  # the milk


def _letter(pen: Pen, w: float, h: float) -> None:
    """Girl Reading a Letter at an Open Window: profile to the window, a green curtain right."""
    _room(pen, w, h, "#cfc8b2", window=False)
    # the open casement, its panes reflecting her
    pen.rect(w * 0.02, h * 0.35, w * 0.2, h * 0.6, hex_rgb("#a9b8a8"))
    pen.poly(
        [(w * 0.22, h * 0.35), (w * 0.3, h * 0.42), (w * 0.3, h * 0.9), (w * 0.22, h * 0.95)],
        hex_rgb("#7d8e86"),
    )
    pen.stroke(hex_rgb("#4a3a2a"), 0.6)
    for i in range(1, 6):
        pen.c.line(w * 0.02, h * (0.35 + 0.1 * i), w * 0.22, h * (0.35 + 0.1 * i))
    pen.poly(
        [(w * 0.3, h * 0.95), (w * 0.7, h * 0.3), (w * 0.5, 0), (w * 0.3, h * 0.42)],
        hex_rgb("#fff6d8"),
        0.3,
    )
    # the girl in profile facing left, reading
    cx = w * 0.42
    _figure(pen, cx, h * 0.18, w * 0.1, h * 0.62, "#4a5a6a", "#3a4a5a")
    pen.blob(
        [(cx + w * 0.01, h * 0.78), (cx + w * 0.06, h * 0.82), (cx + w * 0.05, h * 0.72)],
        hex_rgb("#c9a86a"),
    )  # the hair, bound back
    pen.poly(
        [
            (cx - w * 0.09, h * 0.62),
            (cx - w * 0.02, h * 0.64),
            (cx - w * 0.02, h * 0.54),
            (cx - w * 0.09, h * 0.52),
        ],
        hex_rgb("#f6f1e2"),
    )  # the letter
    # the great green curtain hanging on a rod across the right
    pen.rect(w * 0.62, h * 0.96, w * 0.4, h * 0.02, hex_rgb("#3a3020"))
    pen.poly([(w * 0.66, h), (w, h), (w, 0), (w * 0.72, 0), (w * 0.7, h * 0.5)], hex_rgb("#4a6a3a"))
    for k in range(5):
        pen.dab(w * (0.72 + k * 0.06), h * 0.5, h, math.pi / 2, 1.4, hex_rgb("#2f4a2a"), 0.7)
    # the red Turkey carpet on the table in front, a bowl of fruit tipped over
    pen.poly([(0, 0), (w * 0.62, 0), (w * 0.58, h * 0.3), (0, h * 0.26)], hex_rgb("#8a2a22"))
    _dabs(
        pen,
        30,
        0,
        0,
        w * 0.6,
        h * 0.26,
        [hex_rgb("#c9a24a"), hex_rgb("#2f3f6a"), hex_rgb("#5a1a14")],
        (2, 5),
        (1, 2),
        0,
        1.5,
        0.8,
    )
    pen.ellipse(w * 0.28, h * 0.3, w * 0.1, h * 0.03, hex_rgb("#c9c2b0"))
    for fx in (0.2, 0.26, 0.33, 0.38):
        pen.ellipse(
            w * fx, h * 0.32, 2.5, 2.5, hex_rgb(pen.rng.choice(("#d04a2a", "#e8a33a", "#8a3a5a")))
        )


def _pearl(pen: Pen, w: float, h: float) -> None:
    """Girl with a Pearl Earring: a head over the shoulder on black, blue and yellow turban."""
    pen.rect(0, 0, w, h, hex_rgb("#14140f"))
    cx, _cy = w * 0.5, h * 0.5
    # shoulder and ochre jacket, white collar
    pen.blob(
        [
            (cx - w * 0.38, 0),
            (cx - w * 0.26, h * 0.2),
            (cx + w * 0.05, h * 0.3),
            (cx + w * 0.3, h * 0.18),
            (cx + w * 0.36, 0),
        ],
        hex_rgb("#9a7a3a"),
    )
    pen.blob(
        [
            (cx - w * 0.12, h * 0.22),
            (cx + w * 0.02, h * 0.3),
            (cx + w * 0.12, h * 0.2),
            (cx, h * 0.16),
        ],
        hex_rgb("#f2efe6"),
    )
    # the face, turned to us, lit from the left
    pen.blob(
        [
            (cx - w * 0.13, h * 0.5),
            (cx - w * 0.1, h * 0.28),
            (cx + w * 0.03, h * 0.24),
            (cx + w * 0.12, h * 0.4),
            (cx + w * 0.1, h * 0.64),
            (cx - w * 0.08, h * 0.68),
        ],
        hex_rgb("#e8c9a3"),
    )
    pen.blob(
        [
            (cx + w * 0.02, h * 0.3),
            (cx + w * 0.12, h * 0.4),
            (cx + w * 0.1, h * 0.6),
            (cx + w * 0.04, h * 0.5),
        ],
        hex_rgb("#b08a66"),
        0.7,
    )
    pen.ellipse(cx - w * 0.05, h * 0.5, w * 0.018, h * 0.02, hex_rgb("#2a2218"))
    pen.ellipse(cx + w * 0.045, h * 0.49, w * 0.016, h * 0.018, hex_rgb("#2a2218"))
    pen.ellipse(cx, h * 0.36, w * 0.03, h * 0.015, hex_rgb("#b8564a"))  # parted lips
    # the ultramarine turban and its yellow fall behind
    pen.blob(
        [
            (cx - w * 0.15, h * 0.58),
            (cx - w * 0.1, h * 0.78),
            (cx + w * 0.06, h * 0.82),
            (cx + w * 0.16, h * 0.66),
            (cx + w * 0.12, h * 0.56),
            (cx - w * 0.04, h * 0.64),
        ],
        hex_rgb("#2f5fa8"),
    )
    pen.blob(
        [
            (cx + w * 0.02, h * 0.8),
            (cx + w * 0.12, h * 0.9),
            (cx + w * 0.16, h * 0.7),
            (cx + w * 0.1, h * 0.66),
        ],
        hex_rgb("#e8c84a"),
    )
    pen.blob(
        [
            (cx + w * 0.12, h * 0.66),
            (cx + w * 0.2, h * 0.55),
            (cx + w * 0.22, h * 0.3),
            (cx + w * 0.15, h * 0.4),
        ],
        hex_rgb("#d9b23a"),
    )
    # the pearl, the brightest thing in the picture
    pen.ellipse(cx + w * 0.115, h * 0.33, w * 0.026, w * 0.03, hex_rgb("#c8ccd0"))
    pen.ellipse(cx + w * 0.108, h * 0.345, w * 0.009, w * 0.009, (1.0, 1.0, 1.0))


def _art_of_painting(pen: Pen, w: float, h: float) -> None:
    """The Art of Painting: a tapestry drawn aside, the painter from behind, Clio at the map."""
    _room(pen, w, h, "#d8cfb8", window=False)
    # the great map on the back wall
    pen.rect(w * 0.3, h * 0.55, w * 0.62, h * 0.38, hex_rgb("#c9b27a"))
    _dabs(
        pen,
        25,
        w * 0.32,
        h * 0.57,
        w * 0.58,
        h * 0.34,
        [hex_rgb("#9a8a5a"), hex_rgb("#7a6a4a")],
        (4, 8),
        (1, 2),
        0,
        1.5,
        0.7,
    )
    pen.rect(w * 0.3, h * 0.93, w * 0.62, h * 0.015, hex_rgb("#3a2a1a"))
    pen.ellipse(w * 0.62, h * 0.97, w * 0.06, h * 0.02, hex_rgb("#b08a3a"))  # the chandelier
    # chequered floor
    for k in range(10):
        pen.poly(
            [
                (w * k / 10, 0),
                (w * (k + 0.5) / 10, 0),
                (w * (k + 0.8) / 10, h * 0.15),
                (w * (k + 0.3) / 10, h * 0.15),
            ],
            hex_rgb("#2a2622"),
            0.8,
        )
    # Clio in blue with her trumpet and book, by the light
    _figure(pen, w * 0.72, h * 0.15, w * 0.07, h * 0.48, "#6f8fc0", "#6a88b8")
    pen.dab(w * 0.78, h * 0.6, w * 0.14, 0.9, 1.6, hex_rgb("#c9a24a"))  # the trumpet
    pen.ellipse(w * 0.72, h * 0.62, w * 0.04, h * 0.02, hex_rgb("#5a8a4a"))  # laurel
    # the easel and canvas
    pen.rect(w * 0.54, h * 0.2, w * 0.1, h * 0.3, hex_rgb("#cfc4a8"))
    pen.dab(w * 0.58, h * 0.25, h * 0.5, math.pi / 2 + 0.1, 1.2, hex_rgb("#4a3a2a"))
    # the painter from behind: black doublet with white slashes, red stockings
    px = w * 0.44
    pen.blob(
        [
            (px - w * 0.1, h * 0.3),
            (px - w * 0.09, h * 0.6),
            (px + w * 0.09, h * 0.6),
            (px + w * 0.1, h * 0.3),
        ],
        hex_rgb("#1c1a18"),
    )
    for k in range(5):
        pen.dab(
            px - w * 0.07 + k * w * 0.035, h * 0.45, h * 0.2, math.pi / 2, 0.9, hex_rgb("#f2efe6")
        )
    pen.ellipse(px, h * 0.66, w * 0.06, h * 0.06, hex_rgb("#2a2018"))  # beret
    pen.rect(px - w * 0.05, h * 0.1, w * 0.03, h * 0.2, hex_rgb("#b83a2a"))
    pen.rect(px + w * 0.02, h * 0.1, w * 0.03, h * 0.2, hex_rgb("#b83a2a"))
    pen.ellipse(px - w * 0.12, h * 0.28, w * 0.05, h * 0.02, hex_rgb("#3a3028"))  # stool
    # the tapestry drawn aside on the left
    pen.poly([(0, 0), (w * 0.24, 0), (w * 0.2, h * 0.5), (w * 0.26, h), (0, h)], hex_rgb("#4a4a3a"))
    _dabs(
        pen,
        50,
        0,
        0,
        w * 0.22,
        h,
        [hex_rgb("#7a6a3a"), hex_rgb("#3a4a5a"), hex_rgb("#8a4a3a")],
        (3, 6),
        (1.5, 2.5),
        1.2,
        1.5,
        0.8,
    )


def _scholar(pen: Pen, w: float, h: float, standing: bool) -> None:
    """The Astronomer (seated, hand on the globe) or the Geographer (standing, dividers)."""
    _room(pen, w, h, "#b9ad92" if not standing else "#d3c9ae")
    # a cabinet at the back, a globe on it for the geographer
    pen.rect(w * 0.65, h * 0.45, w * 0.3, h * 0.2, hex_rgb("#4a3322"))
    if standing:
        pen.ellipse(w * 0.82, h * 0.74, w * 0.07, w * 0.07, hex_rgb("#b89a5a"))
        pen.rect(w * 0.45, h * 0.68, w * 0.18, h * 0.22, hex_rgb("#a89a7a"))  # a chart on the wall
    else:
        pen.rect(w * 0.5, h * 0.62, w * 0.22, h * 0.26, hex_rgb("#3a2e22"))  # the dark picture
    # the table with its heavy tapestry cloth, sweeping to the floor
    pen.poly([(0, 0), (w * 0.5, 0), (w * 0.5, h * 0.42), (0, h * 0.45)], hex_rgb("#6a3a2a"))
    _dabs(
        pen,
        40,
        0,
        0,
        w * 0.5,
        h * 0.44,
        [hex_rgb("#3a5a7a"), hex_rgb("#c9a24a"), hex_rgb("#8a2a22")],
        (3, 6),
        (1.2, 2.2),
        1.0,
        1.5,
        0.8,
    )
    robe = "#5a7a8a" if not standing else "#3a5a8a"
    if standing:  # the geographer leans on the table, dividers in hand, looking to the window
        cx = w * 0.45
        _figure(pen, cx, h * 0.05, w * 0.11, h * 0.72, robe, robe)
        pen.dab(cx - w * 0.12, h * 0.5, h * 0.12, 1.9, 1.0, hex_rgb("#2a2a2a"))  # dividers
        pen.rect(w * 0.1, h * 0.42, w * 0.3, h * 0.06, hex_rgb("#efe6cc"))  # the chart he studies
    else:  # the astronomer seated, reaching to the celestial globe
        cx = w * 0.55
        pen.blob(
            [
                (cx - w * 0.12, h * 0.1),
                (cx - w * 0.12, h * 0.45),
                (cx + w * 0.02, h * 0.62),
                (cx + w * 0.12, h * 0.45),
                (cx + w * 0.14, h * 0.1),
            ],
            hex_rgb(robe),
        )
        pen.ellipse(cx - w * 0.02, h * 0.66, w * 0.05, h * 0.06, hex_rgb("#d9b48a"))
        gx, gy = w * 0.3, h * 0.56
        pen.ellipse(gx, gy, w * 0.1, w * 0.1, hex_rgb("#c9a86a"))
        pen.arc(gx, gy, w * 0.1, 0, 360, hex_rgb("#6a4a2a"), 0.8)
        pen.dab(gx + w * 0.04, gy, w * 0.12, 0.3, 2.0, hex_rgb("#d9b48a"))  # his hand on it
        pen.rect(w * 0.08, h * 0.44, w * 0.12, h * 0.04, hex_rgb("#efe6cc"))  # the open book


def _lacemaker(pen: Pen, w: float, h: float) -> None:
    """The Lacemaker: close up, head bowed over the bobbins, red and white thread spilling."""
    pen.rect(0, 0, w, h, hex_rgb("#c9c2a8"))
    _gradient(pen, 0, 0, w, h, hex_rgb("#d9d2b8"), hex_rgb("#9a9278"), 8)
    cx = w * 0.55
    # the yellow bodice and shoulders fill the upper right
    pen.blob(
        [
            (cx - w * 0.3, h * 0.3),
            (cx - w * 0.22, h * 0.62),
            (cx + w * 0.05, h * 0.7),
            (cx + w * 0.32, h * 0.6),
            (cx + w * 0.42, h * 0.3),
        ],
        hex_rgb("#e0b83a"),
    )
    pen.blob(
        [(cx - w * 0.05, h * 0.62), (cx + w * 0.1, h * 0.72), (cx + w * 0.2, h * 0.62)],
        hex_rgb("#f3efe2"),
    )  # the collar
    # the bowed head, hair in a bun and side ringlets
    pen.ellipse(cx + w * 0.02, h * 0.8, w * 0.1, h * 0.1, hex_rgb("#e6c29a"))
    pen.blob(
        [
            (cx - w * 0.08, h * 0.84),
            (cx - w * 0.02, h * 0.95),
            (cx + w * 0.12, h * 0.92),
            (cx + w * 0.13, h * 0.84),
            (cx + w * 0.03, h * 0.88),
        ],
        hex_rgb("#b08a4a"),
    )
    pen.ellipse(cx + w * 0.12, h * 0.93, w * 0.035, h * 0.035, hex_rgb("#9a7a3a"))
    # hands and bobbins over the lace pillow
    pen.rect(w * 0.25, h * 0.24, w * 0.5, h * 0.1, hex_rgb("#6a7a6a"))
    for k in range(7):
        pen.dab(
            w * (0.35 + k * 0.04), h * 0.36, h * 0.08, math.pi / 2 + 0.2, 0.9, hex_rgb("#5a4a2a")
        )
    pen.ellipse(w * 0.42, h * 0.42, w * 0.05, h * 0.03, hex_rgb("#e3bf98"))
    pen.ellipse(w * 0.6, h * 0.42, w * 0.05, h * 0.03, hex_rgb("#e3bf98"))
    # the blue-grey sewing cushion in front, red and white threads spilling out
    pen.poly([(0, 0), (w * 0.5, 0), (w * 0.46, h * 0.22), (0, h * 0.24)], hex_rgb("#4a5a7a"))
    pen.curve(
        [(w * 0.1, h * 0.2), (w * 0.15, h * 0.1), (w * 0.25, h * 0.15), (w * 0.3, h * 0.02)],
        hex_rgb("#d0302a"),
        1.8,
    )
    pen.curve(
        [(w * 0.12, h * 0.18), (w * 0.2, h * 0.06), (w * 0.3, h * 0.12), (w * 0.36, h * 0.0)],
        hex_rgb("#f4f1ea"),
        1.2,
    )
    pen.rect(w * 0.5, 0, w * 0.5, h * 0.24, hex_rgb("#3a4a5a"))  # the table's blue cloth


VERMEER_SCENES: dict[str, Painting] = {
    "delft": _delft,
    "milkmaid": _milkmaid,
    "letter": _letter,
    "pearl": _pearl,
    "art-of-painting": _art_of_painting,
    "astronomer": lambda pen, w, h: _scholar(pen, w, h, standing=False),
    "geographer": lambda pen, w, h: _scholar(pen, w, h, standing=True),
    "lacemaker": _lacemaker,
}


def vermeer(pen: Pen, w: float, h: float) -> None:
    """A named Vermeer by its composition; any other (a forgery) is a generic Delft interior."""
    rng = pen.rng
    scene = _scene(pen, "vermeer", ("interior",))
    if scene in VERMEER_SCENES:
        VERMEER_SCENES[scene](pen, w, h)
        return
    wall = jitter(rng, hex_rgb("#cfc3a6"), 0.03)
    pen.rect(0, 0, w, h, wall)
    floor_h = h * 0.3
    # chequered floor in one-point perspective
    vx, vy = w * rng.uniform(0.55, 0.7), h * 0.55
    pen.rect(0, 0, w, floor_h, hex_rgb("#d9d2c0"))
    rows = 5

    def at(y: float, k: int) -> float:
        return vx + (w * 0.14 * k + w * 0.5 - vx) * (vy - y) / vy

    for r in range(rows):
        y_a = floor_h * (1 - (r / rows) ** 0.7)
        y_b = floor_h * (1 - ((r + 1) / rows) ** 0.7)
        for k in range(-8, 9):
            if (k + r) % 2:
                continue
            x_a0, x_a1 = at(y_a, k), at(y_a, k + 1)
            x_b0, x_b1 = at(y_b, k), at(y_b, k + 1)
            pen.poly([(x_a0, y_a), (x_a1, y_a), (x_b1, y_b), (x_b0, y_b)], hex_rgb("#2a2622"), 0.85)
    # window on the left with leaded panes and a shaft of light
    wx, wy, ww, wh = 0, h * 0.4, w * 0.16, h * 0.52
    pen.rect(wx, wy, ww, wh, hex_rgb("#e9efe6"))
    pen.stroke(hex_rgb("#6b7566"), 0.5)
    for i in range(1, 4):
        pen.c.line(wx, wy + wh * i / 4, wx + ww, wy + wh * i / 4)
    pen.c.line(wx + ww / 2, wy, wx + ww / 2, wy + wh)
    pen.poly(
        [(ww, wy + wh), (w * 0.75, h * 0.1), (w * 0.45, 0), (ww, wy)], hex_rgb("#fff6d8"), 0.35
    )
    # something on the back wall: a map or a framed picture
    if rng.random() < 0.5:
        mx, my = w * rng.uniform(0.4, 0.55), h * 0.62
        pen.rect(mx, my, w * 0.32, h * 0.26, hex_rgb("#b59a62"))
        pen.rect(mx + 2, my + 2, w * 0.32 - 4, h * 0.26 - 4, hex_rgb("#d8c48f"))
        for _ in range(6):
            pen.blob(
                [(mx + rng.uniform(4, w * 0.3), my + rng.uniform(4, h * 0.22)) for _ in range(4)],
                hex_rgb("#8c7a4c"),
                0.6,
            )
        pen.rect(mx - 1, my - 2, w * 0.32 + 2, 2, hex_rgb("#4a3b22"))
    else:
        px, py = w * rng.uniform(0.5, 0.62), h * 0.6
        pen.rect(px, py, w * 0.24, h * 0.28, hex_rgb("#2b2118"))
        pen.rect(px + 2, py + 2, w * 0.24 - 4, h * 0.28 - 4, hex_rgb("#5d6b73"))
    # table with a blue cloth and a jug
    tx, ty = w * 0.22, h * 0.2
    pen.poly(
        [(tx, ty), (tx + w * 0.3, ty), (tx + w * 0.34, ty + h * 0.22), (tx + 3, ty + h * 0.22)],
        hex_rgb("#2f4a7a"),
    )
    pen.poly(
        [
            (tx + 3, ty + h * 0.22),
            (tx + w * 0.34, ty + h * 0.22),
            (tx + w * 0.3, ty + h * 0.26),
            (tx + 6, ty + h * 0.26),
        ],
        hex_rgb("#8a3b2a"),
    )
    jx = tx + w * rng.uniform(0.08, 0.2)
    pen.blob(
        [
            (jx - 3, ty + h * 0.26),
            (jx - 4, ty + h * 0.32),
            (jx, ty + h * 0.36),
            (jx + 4, ty + h * 0.32),
            (jx + 3, ty + h * 0.26),
        ],
        hex_rgb("#c9c2b0"),
    )
    # the figure: headscarf, jacket and skirt, standing or seated by the light
    fx = w * rng.uniform(0.58, 0.74)
    fy = h * (0.18 if rng.random() < 0.6 else 0.08)
    jacket = hex_rgb(rng.choice(("#e3b53a", "#e3b53a", "#3f5f9a", "#b0453a")))
    skirt = hex_rgb(rng.choice(("#3a4f7a", "#5a3a2a", "#2f4a3a")))
    pen.poly([(fx - 9, fy), (fx + 10, fy), (fx + 6, fy + h * 0.3), (fx - 6, fy + h * 0.3)], skirt)
    pen.blob(
        [
            (fx - 7, fy + h * 0.28),
            (fx + 7, fy + h * 0.28),
            (fx + 6, fy + h * 0.46),
            (fx - 6, fy + h * 0.46),
        ],
        jacket,
    )
    pen.ellipse(fx, fy + h * 0.52, 4.2, 5, hex_rgb("#e8c9a8"))
    pen.blob(
        [
            (fx - 5, fy + h * 0.53),
            (fx - 1, fy + h * 0.62),
            (fx + 5, fy + h * 0.56),
            (fx + 3, fy + h * 0.5),
            (fx - 4, fy + h * 0.49),
        ],
        hex_rgb("#2f5fa8"),
    )
    pen.ellipse(fx - 3.4, fy + h * 0.49, 0.9, 0.9, (0.97, 0.97, 0.95))  # a pearl
    # soft light over everything
    pen.rect(0, 0, w, h, hex_rgb("#fff3cf"), 0.1)


# --------------------------------------------------------------------------- Mona Lisa


def mona_lisa(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.c.setLineCap(1)
    _gradient(pen, 0, 0, w, h, hex_rgb("#b9c2a2"), hex_rgb("#6f6a3e"), 14)
    # hazy mountains and a winding road
    for k, col in enumerate(("#8fa39a", "#7a8f7e", "#65765a")):
        base = h * (0.55 - k * 0.1)
        pen.poly(
            [(0, 0), (0, base)]
            + [(w * i / 6, base + rng.uniform(-4, 8)) for i in range(7)]
            + [(w, 0)],
            hex_rgb(col),
            0.85,
        )
    pen.curve(
        [(w * 0.1, h * 0.25), (w * 0.2, h * 0.35), (w * 0.05, h * 0.4), (w * 0.15, h * 0.5)],
        hex_rgb("#c9b98a"),
        1.4,
        0.7,
    )
    pen.curve(
        [(w * 0.9, h * 0.3), (w * 0.8, h * 0.42), (w * 0.95, h * 0.5), (w * 0.88, h * 0.6)],
        hex_rgb("#9fb3b8"),
        2,
        0.6,
    )
    cx = w / 2
    # hair falling behind the shoulders
    pen.blob(
        [
            (cx - w * 0.17, h * 0.36),
            (cx - w * 0.15, h * 0.72),
            (cx - w * 0.08, h * 0.9),
            (cx + w * 0.08, h * 0.9),
            (cx + w * 0.15, h * 0.72),
            (cx + w * 0.17, h * 0.36),
        ],
        hex_rgb("#2a1d12"),
    )
    # dress, shoulders and the neckline
    pen.blob(
        [
            (cx - w * 0.4, 0),
            (cx - w * 0.33, h * 0.28),
            (cx - w * 0.14, h * 0.44),
            (cx + w * 0.14, h * 0.44),
            (cx + w * 0.33, h * 0.28),
            (cx + w * 0.4, 0),
        ],
        hex_rgb("#2e2a18"),
    )
    pen.blob(
        [(cx - w * 0.1, h * 0.44), (cx, h * 0.33), (cx + w * 0.1, h * 0.44), (cx, h * 0.47)],
        hex_rgb("#c99a68"),
    )
    pen.dab(cx, h * 0.335, w * 0.2, 0, 0.8, hex_rgb("#8a6a2a"), 0.7)  # the embroidered hem
    # neck and face, lit from the left
    pen.rect(cx - w * 0.04, h * 0.42, w * 0.08, h * 0.12, hex_rgb("#c99a68"))
    pen.ellipse(cx, h * 0.64, w * 0.085, h * 0.15, hex_rgb("#d8ad78"))
    pen.ellipse(cx - w * 0.02, h * 0.67, w * 0.05, h * 0.09, hex_rgb("#ecc995"), 0.5)
    # the veil over the hair line and the parting
    pen.arc(cx, h * 0.62, w * 0.1, 20, 140, hex_rgb("#1c140c"), 2.2, 0.9)
    pen.dab(cx - w * 0.035, h * 0.67, w * 0.035, 0.05, 0.9, hex_rgb("#4a3420"), 0.85)
    pen.dab(cx + w * 0.035, h * 0.67, w * 0.035, -0.05, 0.9, hex_rgb("#4a3420"), 0.85)
    pen.arc(cx, h * 0.6, w * 0.03, 215, 110, hex_rgb("#7a4a30"), 0.8, 0.8)  # the smile
    # folded hands, right over left
    pen.blob(
        [
            (cx - w * 0.2, h * 0.08),
            (cx - w * 0.06, h * 0.15),
            (cx + w * 0.08, h * 0.13),
            (cx + w * 0.02, h * 0.06),
        ],
        hex_rgb("#c99a68"),
    )
    pen.blob(
        [
            (cx - w * 0.04, h * 0.1),
            (cx + w * 0.1, h * 0.16),
            (cx + w * 0.22, h * 0.12),
            (cx + w * 0.1, h * 0.05),
        ],
        hex_rgb("#dcb07c"),
    )
    # sfumato: a soft dark vignette
    for k in range(3):
        pen.stroke(hex_rgb("#2a2414"), 4 + k * 5, 0.2)
        pen.c.rect(0, 0, w, h, stroke=1, fill=0)


MANNERS: dict[str, Painting] = {
    "monet": monet,
    "gogh": gogh,
    "vermeer": vermeer,
    "mona-lisa": mona_lisa,
}


# --------------------------------------------------------------------------- public API


def draw_generated(
    canvas, manner: str, seed_key: str, x, y, w, h, *, dull: bool = False, hint: str = ""
) -> None:
    """Draw a painter's manner in the box, clipped; ``dull`` greys it (forgeries)."""
    canvas.saveState()
    clip(canvas, x, y, w, h)
    canvas.translate(x, y)
    rng = random.Random(seed_of(seed_key))
    pen = Pen(canvas, rng, (lambda c: grey(c, 0.65)) if dull else (lambda c: c), hint)
    MANNERS[manner](pen, w, h)
    canvas.restoreState()


def draw_image(canvas, path: Path, x, y, w, h) -> bool:
    """Fill the box with an image file, centred and cropped; False if it can't be read."""
    try:
        reader = ImageReader(str(path))
        iw, ih = reader.getSize()
    except Exception:  # unreadable or missing: the caller draws a placeholder
        return False
    scale = max(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    canvas.saveState()
    clip(canvas, x, y, w, h)
    canvas.drawImage(reader, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)
    canvas.restoreState()
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


def draw_card_art(canvas, card, x, y, w, h, *, root: Path | None = None) -> None:
    """The art box of a Triptych card: its image file, else generated art."""
    dull = str(card.kind) == "forgery"
    image = getattr(card, "image", None)
    if image:
        path = Path(image)
        if not path.is_absolute() and root is not None:
            path = root / path
        if draw_image(canvas, path, x, y, w, h):
            return
        warnings.warn(f"{card.id}: image {image} not found; drawing a placeholder", stacklevel=2)
        draw_placeholder(canvas, Path(image).name, x, y, w, h)
        return
    if str(card.kind) == "mona-lisa":
        draw_generated(canvas, "mona-lisa", card.id, x, y, w, h)
    elif card.painter is not None:
        hint = card.title.en if hasattr(card.title, "en") else ""
        draw_generated(canvas, str(card.painter), card.id, x, y, w, h, dull=dull, hint=hint)
    else:
        draw_placeholder(canvas, card.id, x, y, w, h)
