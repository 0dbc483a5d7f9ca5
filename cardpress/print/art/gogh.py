"""Van Gogh's scenes: starry skies, wheat, sunflowers, irises, almond, café, bedroom."""

from __future__ import annotations

import math
import random

import numpy as np

from cardpress.print.art.brush import Manner
from cardpress.print.art.colour import RGB, hex_rgb, jitter
from cardpress.print.art.pen import Painting, Pen, dabs, gradient, pick_scene

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
    dabs(
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


def flow(seed: int):
    """Van Gogh's flow field: a rolling wave everywhere, two or three vortices in the sky."""
    rng = random.Random(seed)
    centres = [
        (rng.uniform(0.2, 0.8), rng.uniform(0.62, 0.88), rng.uniform(0.1, 0.18))
        for _ in range(rng.randint(2, 3))
    ]

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


def brushwork(seed: int) -> Manner:
    """Van Gogh: long impasto strokes along a flow field, strong complementary contrast."""
    return Manner(
        brushes=(3.5, 2.0, 1.2),
        threshold=0.18,
        tolerance=0.4,
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
        flow=flow(seed),
        flow_weight=0.55,
        ground=(0.55, 0.45, 0.28),
        impasto=0.35,
    )
