"""The Mona Lisa: half-length figure before a hazy landscape, sfumato."""

from __future__ import annotations

from cardpress.print.art.brush import Manner
from cardpress.print.art.pen import Pen, gradient
from cardpress.print.colour import hex_rgb


def mona_lisa(pen: Pen, w: float, h: float) -> None:
    rng = pen.rng
    pen.c.setLineCap(1)
    gradient(pen, 0, 0, w, h, hex_rgb("#b9c2a2"), hex_rgb("#6f6a3e"), 14)
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
    # eyes, the shadow of the nose and the smile: large and soft enough to survive the
    # sfumato (the smallest brush paints what differs most from the reference)
    for side in (-1, 1):
        pen.ellipse(cx + side * w * 0.032, h * 0.67, w * 0.022, h * 0.014, hex_rgb("#5a3c22"))
        pen.ellipse(cx + side * w * 0.032, h * 0.672, w * 0.009, h * 0.01, hex_rgb("#2a1a10"))
    pen.poly(
        [(cx, h * 0.665), (cx + w * 0.012, h * 0.615), (cx - w * 0.008, h * 0.612)],
        hex_rgb("#a8784a"),
    )
    pen.arc(cx, h * 0.605, w * 0.032, 210, 120, hex_rgb("#6a3a24"), 1.6)  # the smile
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


def brushwork(seed: int) -> Manner:
    """Leonardo's sfumato: thin veils of glaze, no line, edges lost in smoke."""
    return Manner(
        brushes=(6.0, 3.0, 1.5, 0.6),
        threshold=0.15,
        tolerance=0.18,
        budget=(200, 300, 360, 260),
        min_length=2,
        max_length=8,
        curvature=0.3,
        blur=1.2,
        step=1.5,
        alpha=(0.7, 0.55, 0.6, 0.85),
        saturation=0.9,
        width_jitter=0.05,
        ground=(0.32, 0.28, 0.18),
    )
