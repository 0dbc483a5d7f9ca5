"""The drawing vocabulary the reference scenes are composed with.

A scene is drawn with a :class:`Pen` (rectangles, ellipses, smooth blobs,
dabs and curves, colours passed through a tone filter): today this is the
*reference image* the brush renderer paints over (see :mod:`.brush`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from cardpress.print.colour import RGB, jitter, mix


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
        #: where the eye goes (faces, hands): (x, y, rx, ry, weight) in the page's points
        self.focus_areas: list[tuple[float, float, float, float, float]] = []
        self._scales: list[tuple[float, float, float]] = []  # the open ``scaled`` blocks

    @contextmanager
    def scaled(self, x: float, y: float, k: float) -> Iterator[None]:
        """Draw what the block draws k times larger about (x, y): a figure composed at
        one size can be enlarged where it must read at card size, its parts kept together."""
        self.c.saveState()
        self.c.translate(x, y)
        self.c.scale(k, k)
        self.c.translate(-x, -y)
        self._scales.append((x, y, k))
        try:
            yield
        finally:
            self._scales.pop()
            self.c.restoreState()

    def focus(self, x: float, y: float, rx: float, ry: float, weight: float = 3.0) -> None:
        """Mark an ellipse the painter looks hardest at (a face, hands at work): the fine
        brushes spend their strokes there first, so a face keeps its eyes and brow at card
        size where the rest of the picture is left broad."""
        for sx, sy, k in reversed(self._scales):
            x, y, rx, ry = sx + (x - sx) * k, sy + (y - sy) * k, rx * k, ry * k
        self.focus_areas.append((x, y, rx, ry, weight))

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


def gradient(pen: Pen, x, y, w, h, top: RGB, bottom: RGB, bands: int = 12) -> None:
    for i in range(bands):
        t = i / (bands - 1)
        pen.rect(x, y + h * i / bands, w, h / bands + 0.6, mix(bottom, top, t))


def dabs(
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


def hinted_scene(manner: str, hint: str) -> str | None:
    """The scene a title names (its first matching word), if any."""
    hint = hint.lower()
    for word, scene in SCENE_HINTS.get(manner, ()):
        if word in hint:
            return scene
    return None


def pick_scene(pen: Pen, manner: str, choices: tuple[str, ...]) -> str:
    seeded = pen.rng.choice(choices)  # always drawn, so the stream is the same either way
    return hinted_scene(manner, pen.hint) or seeded


def around(
    x: float, w: float, h: float, *offsets: tuple[float, float]
) -> list[tuple[float, float]]:
    """Points of a shape placed about ``x``: each (across, up) is a fraction of the box, across
    from ``x`` and up from the bottom. A figure's outline is then written once, as numbers,
    and moves with its centre."""
    return [(x + dx * w, dy * h) for dx, dy in offsets]


def about(x: float, y: float, r: float, *offsets: tuple[float, float]) -> list[tuple[float, float]]:
    """Points of a shape about (x, y) in units of ``r`` (a head's hair, a cap): the shape is
    written once, as numbers, and scales and moves with the head it belongs to."""
    return [(x + dx * r, y + dy * r) for dx, dy in offsets]
