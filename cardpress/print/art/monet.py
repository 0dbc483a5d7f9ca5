"""Monet's scenes: ponds, sunrises, poppy fields, haystacks, cathedral, station."""

from __future__ import annotations

import math

from cardpress.print.art.brush import Manner
from cardpress.print.art.faces import Face, face
from cardpress.print.art.pen import Painting, Pen, about, around, dabs, gradient, pick_scene
from cardpress.print.colour import hex_rgb, jitter

MONET_SKY = [hex_rgb(v) for v in ("#a9c6e8", "#c9d9f0", "#e7d3e8", "#f5e6c8", "#b7d3e0")]
MONET_WATER = [hex_rgb(v) for v in ("#5f8fb4", "#7fa8c9", "#8fb8a8", "#6d9c8c", "#a7b7df")]
MONET_GREEN = [hex_rgb(v) for v in ("#5d8a4e", "#7ca35a", "#9bbf6b", "#4f7a5a")]
MONET_WARM = [hex_rgb(v) for v in ("#f29e6d", "#e86a5a", "#f6c76e", "#f2b5c6")]


def _pond(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    gradient(pen, 0, 0, w, h, hex_rgb("#9fc0d8"), hex_rgb("#3f6f8f"))
    dabs(pen, 150, 0, 0, w, h, MONET_WATER, angle=0, spread=0.25, alpha=0.7)
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
    gradient(pen, 0, h * 0.45, w, h * 0.55, hex_rgb("#b9c4d8"), hex_rgb("#e8b79a"))
    gradient(pen, 0, 0, w, h * 0.46, hex_rgb("#7d95ad"), hex_rgb("#4d6680"))
    dabs(pen, 70, 0, h * 0.45, w, h * 0.55, MONET_SKY, spread=0.4, alpha=0.6)
    dabs(pen, 90, 0, 0, w, h * 0.45, MONET_WATER, spread=0.15, alpha=0.6)
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
    gradient(pen, 0, h * 0.5, w, h * 0.5, hex_rgb("#dfe8f4"), hex_rgb("#a8c4e2"))
    dabs(pen, 50, 0, h * 0.5, w, h * 0.5, MONET_SKY, spread=0.6, alpha=0.7)
    hill = (
        [(0, h * 0.5)]
        + [(w * i / 6, h * (0.5 + rng.uniform(0.04, 0.12))) for i in range(7)]
        + [(w, h * 0.5)]
    )
    pen.poly(hill, hex_rgb("#7fa46a"))
    pen.rect(0, 0, w, h * 0.52, hex_rgb("#8fb36c"))
    dabs(pen, 130, 0, 0, w, h * 0.52, MONET_GREEN, spread=0.9, alpha=0.8)
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


def _stack(pen: Pen, cx: float, base: float, r: float, lit: str, shade: str) -> None:
    """One haystack: a drum of hay under a rounded thatched cone, lit from the low sun at
    the left, its right side and its long shadow blue-violet."""
    body = [
        (cx - r, base),
        (cx - r * 1.02, base + r * 0.7),
        (cx - r * 0.85, base + r * 0.95),
        (cx - r * 0.35, base + r * 1.55),
        (cx, base + r * 1.7),
        (cx + r * 0.4, base + r * 1.5),
        (cx + r * 0.9, base + r * 0.95),
        (cx + r * 1.02, base + r * 0.7),
        (cx + r, base),
    ]
    pen.poly(
        [
            (cx - r * 0.2, base - 1),
            (cx + r * 3.2, base - r * 0.25),
            (cx + r * 3.0, base + r * 0.15),
            (cx + r, base + r * 0.4),
        ],
        hex_rgb("#7a78b0"),
        0.8,
    )  # the long shadow across the stubble
    pen.blob(body, hex_rgb(lit))
    pen.blob(
        [
            (cx + r * 0.1, base),
            (cx + r * 0.05, base + r * 1.6),
            (cx + r * 0.4, base + r * 1.5),
            (cx + r * 0.9, base + r * 0.95),
            (cx + r * 1.02, base + r * 0.7),
            (cx + r, base),
        ],
        hex_rgb(shade),
        0.75,
    )  # the shadowed side
    pen.poly(
        [
            (cx - r * 1.08, base + r * 0.72),
            (cx + r * 1.08, base + r * 0.72),
            (cx + r * 0.95, base + r * 0.98),
            (cx - r * 0.92, base + r * 0.98),
        ],
        hex_rgb("#7a3a22"),
        0.4,
    )  # the eaves of the thatch
    pen.ellipse(
        cx - r * 0.35, base + r * 1.15, r * 0.3, r * 0.18, hex_rgb("#f8d27a"), 0.9
    )  # sun on the cone


def _haystacks(pen: Pen, w: float, h: float) -> None:
    """Haystacks (end of summer): two stacks in the stubble at sunset, a line of poplars
    and farm roofs behind, violet hills, the sky glowing rose and gold."""
    gradient(pen, 0, h * 0.42, w, h * 0.58, hex_rgb("#f6d8a8"), hex_rgb("#ec9c7c"))
    pen.ellipse(w * 0.12, h * 0.62, w * 0.06, w * 0.06, hex_rgb("#fbe6a8"), 0.8)  # the low sun
    pen.poly(
        [(0, h * 0.4), (0, h * 0.52)]
        + [(w * i / 6, h * (0.5 + 0.04 * math.sin(i * 1.7))) for i in range(7)]
        + [(w, h * 0.4)],
        hex_rgb("#9a8fc0"),
    )  # the distant hills, violet in the glow
    for k in range(14):  # the line of trees and farm roofs
        x = w * (0.02 + k * 0.072)
        pen.ellipse(x, h * 0.45, w * 0.04, h * 0.06, hex_rgb(("#5a7a6a", "#6f7f9a")[k % 2]), 0.9)
    pen.poly([(w * 0.7, h * 0.44), (w * 0.76, h * 0.5), (w * 0.82, h * 0.44)], hex_rgb("#b8604a"))
    pen.rect(0, 0, w, h * 0.42, hex_rgb("#d6ac6a"))  # the stubble field
    gradient(pen, 0, 0, w, h * 0.42, hex_rgb("#f0d49a"), hex_rgb("#d8b070"), 6)
    _stack(pen, w * 0.34, h * 0.1, w * 0.19, "#b8602a", "#6a5058")
    _stack(pen, w * 0.74, h * 0.2, w * 0.11, "#c0703a", "#7a5a62")


def _cathedral(pen: Pen, w: float, h: float) -> None:
    gradient(pen, 0, 0, w, h, hex_rgb("#bcd0ea"), hex_rgb("#e8d6b0"))
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
    dabs(
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
    """The Saint-Lazare Station: under the pitched iron-and-glass roof, a locomotive faces us
    in its own steam, blue-white clouds billowing up into the shed; through the far end, the
    sunlit buildings of the Rue de Rome; rails and platforms run toward us.

    Long because a painting is one composition drawn back to front, its parts sharing the
    shed's light.
    """
    rng = pen.rng
    gradient(pen, 0, 0, w, h, hex_rgb("#b8c4d2"), hex_rgb("#8a94a2"))
    # the far end of the shed open to the day: sunlit houses, pale gold and rose
    pen.rect(w * 0.3, h * 0.34, w * 0.4, h * 0.32, hex_rgb("#e8dcc0"))
    for k in range(5):
        pen.rect(
            w * (0.31 + k * 0.08),
            h * 0.36,
            w * 0.065,
            h * rng.uniform(0.16, 0.26),
            hex_rgb(("#f0d8a8", "#e8c0a8", "#f4e6c4")[k % 3]),
        )
    # the roof: its two dark pitched halves meeting high in the middle, the glazing between
    pen.poly([(0, h), (0, h * 0.58), (w * 0.5, h * 0.98), (w * 0.5, h)], hex_rgb("#3a4252"))
    pen.poly([(w, h), (w, h * 0.58), (w * 0.5, h * 0.98), (w * 0.5, h)], hex_rgb("#323a48"))
    pen.poly(
        [(w * 0.06, h * 0.66), (w * 0.5, h * 0.9), (w * 0.94, h * 0.66), (w * 0.5, h * 0.78)],
        hex_rgb("#9aa8ba"),
        0.7,
    )  # the glazed panels
    pen.stroke(hex_rgb("#2a303a"), 1.4)
    for k in range(1, 6):  # the iron trusses coming down to the columns
        x = w * k / 6
        top = h * 0.58 + h * 0.4 * (1 - abs(x / w - 0.5) * 2)
        pen.c.line(x, top, x, h * 0.3)
    pen.rect(0, h * 0.28, w * 0.12, h * 0.32, hex_rgb("#4a5060"))  # the side halls in shade
    pen.rect(w * 0.88, h * 0.28, w * 0.12, h * 0.32, hex_rgb("#4a5060"))
    # the platforms and the rails running toward us
    pen.poly([(0, 0), (w, 0), (w * 0.66, h * 0.3), (w * 0.34, h * 0.3)], hex_rgb("#6a6a6e"))
    pen.poly([(0, 0), (w * 0.18, 0), (w * 0.36, h * 0.3), (0, h * 0.3)], hex_rgb("#a89e8a"))
    pen.poly([(w, 0), (w * 0.82, 0), (w * 0.64, h * 0.3), (w, h * 0.3)], hex_rgb("#9a9080"))
    for x0 in (0.3, 0.42, 0.58, 0.7):
        pen.curve(
            [
                (w * x0, 0),
                (w * x0, 0),
                (w * (0.5 + (x0 - 0.5) * 0.4), h * 0.28),
                (w * (0.5 + (x0 - 0.5) * 0.35), h * 0.3),
            ],
            hex_rgb("#2e2e34"),
            0.9,
        )
    # the locomotive facing us, a little left of centre: smokebox, chimney, lamps, buffers
    lx, ly = w * 0.42, h * 0.08
    pen.rect(lx - w * 0.1, ly + h * 0.04, w * 0.2, h * 0.18, hex_rgb("#1e2430"))  # the cab
    pen.ellipse(lx, ly + h * 0.2, w * 0.075, h * 0.11, hex_rgb("#2a3240"))  # the smokebox door
    pen.ellipse(lx - w * 0.02, ly + h * 0.23, w * 0.03, h * 0.04, hex_rgb("#4a5668"), 0.8)
    pen.rect(lx - w * 0.02, ly + h * 0.3, w * 0.04, h * 0.08, hex_rgb("#1a1e26"))  # chimney
    pen.rect(lx - w * 0.12, ly, w * 0.24, h * 0.05, hex_rgb("#6a2e2a"))  # the buffer beam
    for side in (-1, 1):
        pen.ellipse(lx + side * w * 0.07, ly + h * 0.12, 2.2, 2.2, hex_rgb("#f6c85a"))  # lamps
    # a second engine at the right, further off, half in its steam
    pen.rect(w * 0.66, h * 0.2, w * 0.09, h * 0.1, hex_rgb("#343c4a"))
    pen.ellipse(w * 0.705, h * 0.27, w * 0.03, h * 0.045, hex_rgb("#2a3240"))
    # the steam: billows rising from the two chimneys and spreading under the roof
    steam = ("#f4f6f8", "#dde4ee", "#c4d0e0", "#e8e0d0")
    for k in range(16):
        x0, spread = (0.42, 0.2) if k % 2 == 0 else (0.7, 0.12)
        rise = (k // 2) / 8
        pen.ellipse(
            w * (x0 + spread * rise * rng.uniform(-1, 1)),
            h * (0.42 + 0.32 * rise),
            6 + 7 * rise,
            4 + 4 * rise,
            hex_rgb(steam[k % 4]),
            0.75,
        )
    pen.ellipse(w * 0.42, h * 0.44, w * 0.08, h * 0.07, hex_rgb("#eef2f6"), 0.85)
    pen.ellipse(w * 0.71, h * 0.4, w * 0.06, h * 0.06, hex_rgb("#dde4ee"), 0.8)
    for k in range(7):  # people on the platforms, dark touches
        x = w * (0.05 + k * 0.035) if k < 4 else w * (0.8 + (k - 4) * 0.05)
        pen.rect(x, h * 0.1, 1.8, h * 0.07, hex_rgb("#22262e"))
        pen.ellipse(x + 0.9, h * 0.18, 1.1, 1.1, hex_rgb("#22262e"))


def _parasol(pen: Pen, w: float, h: float) -> None:
    """Woman with a Parasol: seen from below against a windy sky, the parasol green.

    Long because a painting is one composition drawn back to front, its parts sharing positions
    and light.
    """
    rng = pen.rng
    gradient(pen, 0, 0, w, h, hex_rgb("#8fb6de"), hex_rgb("#e3eef6"))
    dabs(pen, 70, 0, h * 0.35, w, h * 0.65, MONET_SKY, (5, 11), (2, 4), 0.3, 0.5, 0.6)
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
    dabs(
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
    """La Japonaise: Camille full-length in a red kimono, turning back over her shoulder
    with a tricolour fan raised, blonde wig; round paper fans on a blue-grey wall, tatami.

    Long because a painting is one composition drawn back to front, its parts sharing positions
    and light.
    """
    rng = pen.rng
    pen.rect(0, 0, w, h, hex_rgb("#8da0b4"))  # blue-grey wall
    pen.rect(0, 0, w, h * 0.16, hex_rgb("#cdb47c"))  # tatami
    for k in range(9):
        pen.dab(w * k / 8, h * 0.08, h * 0.16, math.pi / 2, 0.5, hex_rgb("#9a8050"), 0.7)
    # uchiwa fans scattered on the wall, each its own colour and design
    fans = (
        ("#f2ead6", "#c8283c"),
        ("#dfe6ee", "#2f5fa8"),
        ("#f0d6c8", "#4f7a4a"),
        ("#f4e2b0", "#c8283c"),
        ("#e6eef2", "#7a4a8a"),
        ("#f2ead6", "#2f5fa8"),
        ("#f6d0d6", "#3a6a4a"),
        ("#e8dcc0", "#b0302a"),
        ("#dfe6ee", "#d9a03a"),
        ("#f2ead6", "#4a4a7a"),
        ("#f0d6c8", "#2f5fa8"),
        ("#f4e2b0", "#7a4a8a"),
    )
    spots = [
        (0.08, 0.85),
        (0.22, 0.66),
        (0.12, 0.42),
        (0.3, 0.9),
        (0.7, 0.88),
        (0.86, 0.7),
        (0.78, 0.45),
        (0.94, 0.9),
        (0.62, 0.62),
        (0.05, 0.22),
        (0.92, 0.28),
        (0.2, 0.25),
    ]
    for (u, v), (paper, ink) in zip(spots, fans, strict=True):
        fx, fy, r = u * w + rng.uniform(-3, 3), v * h + rng.uniform(-3, 3), rng.uniform(6.5, 9)
        pen.dab(
            fx, fy - r, r * 0.9, -math.pi / 2 + rng.uniform(-0.4, 0.4), 1.2, hex_rgb("#6a5030")
        )  # the handle
        pen.ellipse(fx, fy, r, r, hex_rgb(paper))
        pen.blob(
            [
                (fx - r * 0.6, fy - r * 0.2),
                (fx, fy + r * 0.5),
                (fx + r * 0.5, fy - r * 0.1),
                (fx, fy - r * 0.4),
            ],
            hex_rgb(ink),
            0.75,
        )  # its painted motif
    cx = w * 0.46
    # the kimono: a red column widening to a train pooled on the floor at the right
    pen.blob(
        [
            (cx - w * 0.17, h * 0.02),
            (cx - w * 0.13, h * 0.35),
            (cx - w * 0.1, h * 0.62),
            (cx - w * 0.03, h * 0.74),
            (cx + w * 0.07, h * 0.72),
            (cx + w * 0.11, h * 0.5),
            (cx + w * 0.2, h * 0.15),
            (cx + w * 0.36, h * 0.04),
            (cx + w * 0.3, 0),
        ],
        hex_rgb("#c81f2c"),
    )
    pen.blob(
        around(cx, w, h, (-0.15, 0.04), (-0.1, 0.4), (-0.05, 0.42), (-0.08, 0.04)),
        hex_rgb("#e8503e"),
        0.8,
    )  # the lit fold
    # the embroidered samurai on the back of the kimono: a dark face, blue-green armour, sword
    sx, sy = cx + w * 0.04, h * 0.3
    pen.blob(
        [
            (sx - w * 0.08, sy - h * 0.18),
            (sx - w * 0.09, sy + h * 0.08),
            (sx, sy + h * 0.16),
            (sx + w * 0.09, sy + h * 0.06),
            (sx + w * 0.1, sy - h * 0.2),
        ],
        hex_rgb("#2e4f5a"),
    )
    pen.ellipse(sx, sy + h * 0.1, w * 0.035, h * 0.045, hex_rgb("#3a2a22"))  # the warrior's face
    pen.ellipse(sx - w * 0.01, sy + h * 0.115, 1.3, 0.9, hex_rgb("#e8c86a"))  # glaring eye
    pen.dab(sx + w * 0.02, sy - h * 0.02, h * 0.3, 0.9, 1.6, hex_rgb("#d9b04a"))  # the sword
    for _ in range(10):  # gold and green embroidery
        pen.ellipse(
            sx + rng.uniform(-w * 0.08, w * 0.09),
            sy + rng.uniform(-h * 0.17, h * 0.05),
            rng.uniform(1.2, 2.5),
            rng.uniform(1, 2),
            hex_rgb(rng.choice(("#d9a03a", "#5a8a4a", "#e8d07a", "#1e3a6a"))),
        )
    # her white-gloved hand at the hip, her head turned back over the shoulder
    pen.ellipse(cx - w * 0.09, h * 0.48, 2.4, 2.2, hex_rgb("#f2ecde"))
    # her face turned back to us over the shoulder, under the blonde wig, smiling
    hx, hy, r = cx - w * 0.01, h * 0.8, h * 0.075
    pen.blob(
        about(hx, hy, r, (-1.0, 0.2), (-0.8, 1.2), (0.3, 1.45), (1.1, 0.9), (1.0, -0.3)),
        hex_rgb("#e8c36a"),
    )  # the wig
    look = Face(eyes="open", turn=-0.3, skin="#f4d8c0", shade="#c89a82", lips="#c83a3a")
    face(pen, hx, hy - r * 0.1, r * 0.85, look)
    # the folding fan raised beside her head: blue, white, red
    fx, fy = cx - w * 0.13, h * 0.74
    for k, col in enumerate(("#2f5fa8", "#f4f1ea", "#c8283c")):
        a0, a1 = math.pi * (0.5 + k / 3 * 0.75), math.pi * (0.5 + (k + 1) / 3 * 0.75)
        pen.poly(
            [
                (fx, fy),
                (fx + math.cos(a0) * w * 0.12, fy + math.sin(a0) * w * 0.12),
                (fx + math.cos(a1) * w * 0.12, fy + math.sin(a1) * w * 0.12),
            ],
            hex_rgb(col),
        )
    pen.ellipse(fx + 1, fy - 1, 2.2, 2, hex_rgb("#f2ecde"))  # the gloved hand holding it


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
    scene = pick_scene(pen, "monet", ("pond", "sunrise", "poppies", "haystacks"))
    pen.c.setLineCap(1)
    MONET_SCENES[scene](pen, w, h)


def brushwork(seed: int, hint: str = "") -> Manner:
    """Monet: short broken dabs of pure colour side by side, light dissolving the edges."""
    return Manner(
        brushes=(3.2, 2.0, 1.1),
        threshold=0.1,
        budget=(360, 440, 540),
        min_length=2,
        max_length=3,
        curvature=0.4,
        blur=0.6,
        step=1.3,
        saturation=1.35,
        contrast=1.05,
        hue_jitter=0.04,
        value_jitter=0.07,
        width_jitter=0.3,
        width=0.55,
        ground=(0.93, 0.9, 0.84),
    )
