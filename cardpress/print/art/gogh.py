"""Van Gogh's scenes: starry skies, wheat, sunflowers, irises, almond, café, bedroom."""

from __future__ import annotations

import math
import random

import numpy as np

from cardpress.print.art.brush import Manner
from cardpress.print.art.pen import Painting, Pen, around, dabs, gradient, hinted_scene, pick_scene
from cardpress.print.colour import RGB, hex_rgb, jitter

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
    """The Starry Night: a swirling sky over a sleeping village, stars in halos, the crescent
    moon at the right, a cypress rising like a dark flame at the left.

    Long because a painting is one composition drawn back to front, its parts sharing positions
    and light; split, each part would take a dozen coordinates as arguments.
    """
    rng = pen.rng
    gradient(pen, 0, 0, w, h, hex_rgb("#2a4a9a"), hex_rgb("#16245a"), 10)
    # the great swirl across the middle of the sky, and the milky band
    _swirl(pen, w * 0.46, h * 0.66, 18, 1.6, hex_rgb("#8fb4e8"), 5.0, 0.9)
    _swirl(pen, w * 0.62, h * 0.6, 12, 1.3, hex_rgb("#6f98d8"), 4.0, 0.9)
    pen.curve(
        [(0, h * 0.58), (w * 0.3, h * 0.74), (w * 0.6, h * 0.5), (w, h * 0.62)],
        hex_rgb("#7aa4e0"),
        6,
        0.7,
    )
    stars = [
        (0.08, 0.86),
        (0.26, 0.9),
        (0.36, 0.78),
        (0.55, 0.9),
        (0.7, 0.8),
        (0.62, 0.66),
        (0.84, 0.62),
        (0.2, 0.66),
        (0.45, 0.58),
        (0.76, 0.94),
        (0.92, 0.74),
    ]
    for u, v in stars:
        sx, sy, r = u * w + rng.uniform(-2, 2), v * h, rng.uniform(2.2, 3.4)
        pen.ellipse(sx, sy, r * 2.6, r * 2.6, hex_rgb("#c9d88a"), 0.55)
        pen.ellipse(sx, sy, r * 1.6, r * 1.6, hex_rgb("#f2e27a"), 0.8)
        pen.ellipse(sx, sy, r, r, hex_rgb("#fff8d0"))
    mx, my = w * 0.9, h * 0.88  # the moon
    pen.ellipse(mx, my, 9, 9, hex_rgb("#e8c84a"), 0.6)
    pen.ellipse(mx, my, 5.5, 5.5, hex_rgb("#f6a81a"))
    pen.ellipse(mx + 2.4, my + 1.4, 4.4, 4.4, hex_rgb("#e8c84a"))
    # hills, then the village with its spire and lit windows
    pen.poly(
        [
            (0, 0),
            (0, h * 0.36),
            (w * 0.25, h * 0.3),
            (w * 0.5, h * 0.34),
            (w * 0.75, h * 0.28),
            (w, h * 0.33),
            (w, 0),
        ],
        hex_rgb("#24427a"),
    )
    pen.poly([(0, 0), (0, h * 0.24), (w * 0.4, h * 0.2), (w, h * 0.24), (w, 0)], hex_rgb("#1e3050"))
    for i in range(12):
        bx = w * (0.22 + i * 0.062)
        bh = 4 + (i * 7 % 5)
        pen.rect(bx, h * 0.1, 6.5, bh, hex_rgb("#2e4a6a" if i % 2 else "#3a4a5a"))
        pen.poly(
            [(bx - 0.5, h * 0.1 + bh), (bx + 3.2, h * 0.1 + bh + 3), (bx + 7, h * 0.1 + bh)],
            hex_rgb("#1a2a40"),
        )
        pen.rect(bx + 2, h * 0.12, 2, 1.8, hex_rgb("#f5c518"))
    pen.poly(
        [(w * 0.56, h * 0.16), (w * 0.575, h * 0.42), (w * 0.59, h * 0.16)], hex_rgb("#1a2a40")
    )  # the church spire
    # the cypress: a dark flame from the ground to the top of the picture
    cx = w * 0.16
    pen.blob(
        [
            (cx - 11, 0),
            (cx - 9, h * 0.3),
            (cx - 6, h * 0.62),
            (cx - 1, h * 0.98),
            (cx + 3, h * 0.7),
            (cx + 8, h * 0.36),
            (cx + 12, 0),
        ],
        hex_rgb("#1c2a18"),
    )
    pen.blob(
        [
            (cx - 5, h * 0.05),
            (cx - 3, h * 0.5),
            (cx, h * 0.8),
            (cx + 3, h * 0.45),
            (cx + 2, h * 0.05),
        ],
        hex_rgb("#3a4a22"),
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
    """Sunflowers (1888): a bouquet of big heads, fresh and wilting, in an ochre vase with a
    blue band, on a yellow table before a pale yellow wall."""
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#ece38a"))
    pen.rect(0, 0, w, h * 0.26, hex_rgb("#d8922a"))  # the table
    pen.rect(0, h * 0.26, w, 1.6, hex_rgb("#3a6ab0"))  # the blue line of its edge
    vx = w * 0.5
    vase = around(
        vx,
        w,
        h,
        (-0.11, 0.05),
        (-0.14, 0.24),
        (-0.1, 0.42),
        (0.1, 0.42),
        (0.14, 0.24),
        (0.11, 0.05),
    )
    pen.ellipse(vx + w * 0.1, h * 0.05, w * 0.14, h * 0.03, hex_rgb("#b8802a"))  # its shadow
    pen.blob(
        [(x + d, y) for (x, y), d in zip(vase, (-1.4, -1.6, -1.4, 1.4, 1.6, 1.4), strict=True)],
        hex_rgb("#2f5aa0"),
    )
    pen.blob(vase, hex_rgb("#c8741c"))  # the glazed upper body, orange-ochre
    pen.blob(
        around(vx, w, h, (-0.11, 0.05), (-0.13, 0.2), (0.13, 0.2), (0.11, 0.05)),
        hex_rgb("#f0cc4a"),
    )  # the pale unglazed foot
    pen.rect(vx - w * 0.133, h * 0.195, w * 0.266, 1.6, hex_rgb("#2f5aa0"))  # the blue band
    pen.blob(
        around(vx, w, h, (-0.09, 0.24), (-0.1, 0.36), (-0.05, 0.38), (-0.05, 0.26)),
        hex_rgb("#f2b060"),
        0.8,
    )  # light on its shoulder
    pen.dab(vx - w * 0.03, h * 0.12, w * 0.08, 0.05, 1.0, hex_rgb("#2f5aa0"))  # "Vincent"
    heads = [
        (0.3, 0.62, 11),
        (0.46, 0.78, 12),
        (0.64, 0.66, 11),
        (0.36, 0.86, 9),
        (0.56, 0.92, 9),
        (0.76, 0.82, 10),
        (0.22, 0.78, 9),
        (0.5, 0.56, 10),
        (0.7, 0.5, 8),
        (0.28, 0.46, 8),
        (0.82, 0.6, 8),
        (0.4, 0.68, 7),
    ]
    for u, v, r in heads:
        fx, fy = u * w + rng.uniform(-2, 2), v * h + rng.uniform(-2, 2)
        pen.curve(
            [
                (fx, fy),
                (fx + (vx - fx) * 0.3, fy - 10),
                (vx + (fx - vx) * 0.2, h * 0.5),
                (vx, h * 0.4),
            ],
            hex_rgb("#6a8a2a"),
            1.4,
        )  # the stem down into the vase
        wilted = r < 9
        petal = "#e8901a" if wilted else "#f2b81e"
        for k in range(14):
            a = k / 14 * 2 * math.pi
            pen.ellipse(
                fx + math.cos(a) * r * 0.75,
                fy + math.sin(a) * r * 0.75,
                r * 0.36,
                r * 0.36,
                jitter(rng, hex_rgb(petal), 0.04),
            )
        pen.ellipse(fx, fy, r * 0.5, r * 0.5, hex_rgb("#7a4a12" if not wilted else "#5a6a22"))
        pen.ellipse(fx - r * 0.1, fy + r * 0.1, r * 0.25, r * 0.25, hex_rgb("#a8742a"))


def _irises(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#8fae5a"))
    _sky_strokes(pen, w, h * 0.7, h * 0.3, [hex_rgb("#c9c46a"), hex_rgb("#a8b85a")], 40)
    pen.rect(0, 0, w, h * 0.18, hex_rgb("#b4582e"))
    dabs(pen, 50, 0, 0, w, h * 0.18, [hex_rgb("#c96a3a"), hex_rgb("#8a3f22")], spread=0.3)
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
    for _ in range(rng.randint(9, 13) * 2):  # the flowers: dark standards over violet falls
        fx, fy = rng.uniform(0.03, 0.97) * w, rng.uniform(0.32, 0.9) * h
        pen.dab(fx, fy - 6, 9, math.pi / 2 + rng.uniform(-0.3, 0.3), 1.2, hex_rgb("#2a5a3a"))
        for k in range(3):
            a = math.pi / 2 + (k - 1) * 1.2
            pen.ellipse(
                fx + math.cos(a) * 3.2,
                fy + math.sin(a) * 3.2,
                3.8,
                2.8,
                jitter(rng, hex_rgb("#2c3590" if k == 1 else "#5a50b8"), 0.06),
            )
        pen.ellipse(fx, fy - 1.4, 1.4, 1.1, hex_rgb("#f2d860"))  # the yellow beard
    if rng.random() < 0.6:  # the single white iris
        pen.ellipse(w * 0.8, h * 0.62, 5.5, 4.2, hex_rgb("#f2efe6"))


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
    dabs(
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
    dabs(
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
    """The Bedroom (Arles): the little room in steep perspective from the door, pale violet
    walls, the big yellow wooden bed with its scarlet cover at the right, two rush chairs,
    the washstand by the green-shuttered window, pictures over the bed.

    Long because a painting is one composition drawn back to front, its parts sharing the room's
    perspective; split, each part would take the vanishing lines as arguments.
    """
    bl, br, bb, bt = w * 0.24, w * 0.72, h * 0.42, h * 0.98  # the back wall
    pen.rect(0, 0, w, h, hex_rgb("#9aa6d6"))
    pen.poly([(0, h * 0.12), (bl, bb), (bl, h), (0, h)], hex_rgb("#7f8fc8"))  # left wall
    pen.poly([(br, bb), (w, h * 0.02), (w, h), (br, h)], hex_rgb("#aab2dc"))  # right wall
    pen.rect(bl, bb, br - bl, bt - bb, hex_rgb("#c0c4ea"))
    # the floor, red-brown boards running to the back wall
    pen.poly([(0, 0), (w, 0), (w, h * 0.02), (br, bb), (bl, bb), (0, h * 0.12)], hex_rgb("#c0784a"))
    for k in range(9):
        x = -w * 0.2 + k * w * 0.175
        pen.dab(
            (x + bl + (br - bl) * k / 8) / 2,
            bb / 2,
            bb * 1.15,
            math.atan2(bb, bl + (br - bl) * k / 8 - x),
            0.8,
            hex_rgb("#7f8a5a"),
            0.9,
        )
    # the window in the back wall, its shutter open, green frames and bright panes
    wx, wy, ww, wh = w * 0.3, h * 0.56, w * 0.16, h * 0.34
    pen.rect(wx, wy, ww, wh, hex_rgb("#cfe3a8"))
    pen.stroke(hex_rgb("#3f7a4a"), 1.4)
    pen.c.rect(wx, wy, ww, wh, stroke=1, fill=0)
    pen.c.line(wx + ww / 2, wy, wx + ww / 2, wy + wh)
    pen.c.line(wx, wy + wh / 2, wx + ww, wy + wh / 2)
    pen.poly(
        [
            (wx, wy),
            (wx - w * 0.05, wy - h * 0.03),
            (wx - w * 0.05, wy + wh + h * 0.02),
            (wx, wy + wh),
        ],
        hex_rgb("#4f8a4a"),
    )
    # pictures over the bed on the right wall, a mirror and towel by the window
    for px, py in ((0.8, 0.66), (0.9, 0.6)):
        pen.poly(
            [
                (w * px, h * py),
                (w * (px + 0.07), h * (py - 0.04)),
                (w * (px + 0.07), h * (py + 0.14)),
                (w * px, h * (py + 0.16)),
            ],
            hex_rgb("#c98a2a"),
        )
        pen.poly(
            [
                (w * (px + 0.01), h * (py + 0.02)),
                (w * (px + 0.06), h * (py - 0.01)),
                (w * (px + 0.06), h * (py + 0.12)),
                (w * (px + 0.01), h * (py + 0.14)),
            ],
            hex_rgb("#e0c070"),
        )
    pen.rect(w * 0.56, h * 0.7, w * 0.08, h * 0.12, hex_rgb("#c98a2a"))
    pen.rect(w * 0.57, h * 0.715, w * 0.06, h * 0.09, hex_rgb("#6a8aa8"))
    # the washstand under the window: a little table, a jug and basin
    pen.poly(
        [(w * 0.2, h * 0.42), (w * 0.36, h * 0.44), (w * 0.34, h * 0.5), (w * 0.22, h * 0.48)],
        hex_rgb("#d9a04a"),
    )
    pen.rect(w * 0.215, h * 0.28, w * 0.012, h * 0.15, hex_rgb("#a8742a"))
    pen.rect(w * 0.33, h * 0.3, w * 0.012, h * 0.14, hex_rgb("#a8742a"))
    pen.ellipse(w * 0.26, h * 0.53, w * 0.02, h * 0.04, hex_rgb("#6a9ac8"))
    pen.ellipse(w * 0.31, h * 0.505, w * 0.03, h * 0.015, hex_rgb("#8ab0d0"))
    # the big bed at the right, from the back wall to the front, and its scarlet cover
    pen.poly(
        [
            (w * 0.58, bb - h * 0.04),
            (w * 0.8, bb + h * 0.04),
            (w * 0.8, h * 0.76),
            (w * 0.58, h * 0.66),
        ],
        hex_rgb("#d99a2a"),
    )
    pen.poly(
        [(w * 0.52, h * 0.38), (w * 0.7, h * 0.44), (w * 1.02, h * 0.16), (w * 0.74, h * 0.02)],
        hex_rgb("#e0a83a"),
    )
    pen.poly(
        [(w * 0.54, h * 0.34), (w * 0.68, h * 0.4), (w * 0.98, h * 0.12), (w * 0.74, 0)],
        hex_rgb("#d8302a"),
    )
    pen.poly(
        [(w * 0.56, h * 0.4), (w * 0.66, h * 0.44), (w * 0.72, h * 0.38), (w * 0.62, h * 0.34)],
        hex_rgb("#e8e8a8"),
    )
    pen.poly(
        [(w * 0.62, h * 0.46), (w * 0.72, h * 0.5), (w * 0.77, h * 0.43), (w * 0.67, h * 0.4)],
        hex_rgb("#e0e4a0"),
    )
    pen.poly(
        [(w * 0.74, 0), (w * 0.98, h * 0.12), (w, h * 0.1), (w, 0)], hex_rgb("#b8702a")
    )  # footboard
    # two rush chairs, yellow: one by the bed, one in front at the left
    for x0, y0, s in ((0.42, 0.24, 0.75), (0.04, 0.0, 1.35)):
        x0, y0 = w * x0, h * y0
        pen.poly(
            [
                (x0, y0 + h * 0.2 * s),
                (x0 + w * 0.16 * s, y0 + h * 0.18 * s),
                (x0 + w * 0.14 * s, y0 + h * 0.26 * s),
                (x0 + w * 0.02 * s, y0 + h * 0.27 * s),
            ],
            hex_rgb("#e8c23a"),
        )
        pen.stroke(hex_rgb("#9a5a1a"), 2.4 * s)
        for dx in (0.01, 0.15):
            pen.c.line(x0 + w * dx * s, y0, x0 + w * dx * s, y0 + h * 0.2 * s)
        pen.c.line(x0 + w * 0.02 * s, y0 + h * 0.26 * s, x0 + w * 0.03 * s, y0 + h * 0.5 * s)
        pen.c.line(x0 + w * 0.13 * s, y0 + h * 0.26 * s, x0 + w * 0.14 * s, y0 + h * 0.48 * s)
        for k in range(3):
            pen.c.line(
                x0 + w * 0.025 * s,
                y0 + h * (0.33 + k * 0.06) * s,
                x0 + w * 0.135 * s,
                y0 + h * (0.32 + k * 0.06) * s,
            )


def _rhone(pen: Pen, w: float, h: float) -> None:
    """Starry Night over the Rhône: the Plough above, gas lamps streaming down the river."""
    rng = pen.rng
    gradient(pen, 0, h * 0.45, w, h * 0.55, hex_rgb("#1c3a7a"), hex_rgb("#3d6fa8"))
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
    dabs(
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
    scene = pick_scene(pen, "gogh", ("starry", "wheat", "sunflowers", "irises"))
    pen.c.setLineCap(1)
    GOGH_SCENES[scene](pen, w, h)


#: scenes under a roof: no sky to swirl, strokes that keep to the furniture and the vase
INDOORS = ("bedroom", "sunflowers")


def flow(seed: int, vortices: bool = True):
    """Van Gogh's flow field: a rolling wave everywhere, two or three vortices in the sky."""
    rng = random.Random(seed)
    centres = [
        (rng.uniform(0.2, 0.8), rng.uniform(0.62, 0.88), rng.uniform(0.1, 0.18))
        for _ in range(rng.randint(2, 3))
    ]
    if not vortices:
        centres = []

    def angle(u: np.ndarray, v: np.ndarray, aspect: float) -> np.ndarray:
        base = 0.5 * np.sin(u * 7 + v * 5)
        vx, vy = np.cos(base), np.sin(base)
        for cx, cy, r in centres:
            dx, dy = u - cx, (v - cy) / aspect
            d2 = dx * dx + dy * dy
            wt = 2.5 * np.exp(-d2 / (r * r))
            d = np.sqrt(d2) + 1e-6
            vx, vy = vx - wt * dy / d, vy + wt * dx / d
        return np.arctan2(vy, vx)

    return angle


def brushwork(seed: int, hint: str = "") -> Manner:
    """Van Gogh: long impasto strokes along a flow field, strong complementary contrast.

    Indoors (the Bedroom, the Sunflowers) the field has no vortices and a stroke
    stops sooner at an edge, so the bed, the chairs and the vase keep their shape.
    """
    indoors = hinted_scene("gogh", hint) in INDOORS
    return Manner(
        brushes=(3.5, 2.0, 1.2),
        threshold=0.18,
        tolerance=0.26 if indoors else 0.4,
        budget=(260, 320, 420),
        min_length=3,
        max_length=8,
        curvature=0.55,
        blur=0.5,
        step=1.5,
        saturation=1.5,
        contrast=1.15,
        hue_jitter=0.015,
        value_jitter=0.05,
        width_jitter=0.15,
        width=0.7,
        flow=flow(seed, vortices=not indoors),
        flow_weight=0.55,
        ground=(0.55, 0.45, 0.28),
        impasto=0.35,
        accents=0.12,
    )
