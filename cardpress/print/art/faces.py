"""A painted face: the few marks that make a head read as a person at card size.

A face at card size is 10 to 40 pt tall. Drawn as an oval with two dark dots
it reads as a doll; a painter puts down instead the brow's shadow, the upper
lids (cast down, or over an open eye with its white and a catch of light),
the shadow side of the nose and the mouth, and lets the rest stay broad. The
face is then marked as a focus area (:meth:`~.pen.Pen.focus`), so the fine
brushes keep these marks.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardpress.print.art.pen import Pen
from cardpress.print.colour import hex_rgb, mix


@dataclass(frozen=True)
class Face:
    """How a face is turned and lit (light from the left, as in Vermeer's rooms)."""

    #: "down" (lids cast down on the work), "open" (looking out), "away" (in profile)
    eyes: str = "down"
    #: the head's tilt, degrees, anticlockwise
    tilt: float = 0.0
    #: how far the features sit toward the right of the oval (a head turned to the right), -1..1
    turn: float = 0.0
    skin: str = "#ecc9a4"
    shade: str = "#b08462"
    lips: str = "#b8524a"
    brow: str = "#5a3c26"


def face(
    pen: Pen,
    cx: float,
    cy: float,
    r: float,
    look: Face = Face(),
    weight: float = 4.0,
    oval: bool = True,
) -> None:
    """A head's face, ``r`` its half-height (pt), centred on (cx, cy), lit from the left;
    ``oval=False``: the features alone, over a face the scene has modelled itself."""
    c = pen.c
    c.saveState()
    c.translate(cx, cy)
    c.rotate(look.tilt)
    skin, shade = hex_rgb(look.skin), hex_rgb(look.shade)
    t = look.turn * r * 0.25
    if oval:
        pen.ellipse(0, 0, r * 0.76, r, skin)
        pen.ellipse(r * 0.36 + t, -r * 0.05, r * 0.42, r * 0.92, shade, 0.7)  # the side away
        pen.ellipse(-r * 0.28 + t, r * 0.2, r * 0.28, r * 0.5, mix(skin, (1, 1, 1), 0.35), 0.6)
    line = max(0.55, r * 0.075)
    brow = hex_rgb(look.brow)
    eyes = ((-0.3, 0.14), (0.3, 0.12)) if look.eyes != "away" else ((-0.22, 0.14),)
    for ex, ey in eyes:
        x, y = ex * r + t, ey * r
        far = ex > 0
        # the brow, and the shadowed socket under it
        pen.ellipse(x, y + r * 0.04, r * 0.2, r * 0.1, mix(shade, brow, 0.2), 0.6)
        pen.curve(
            [
                (x - r * 0.2, y + r * 0.17),
                (x - r * 0.08, y + r * 0.26),
                (x + r * 0.08, y + r * 0.26),
                (x + r * 0.2, y + r * 0.19),
            ],
            mix(brow, shade, 0.5 if far else 0.3),
            line * 0.8,
        )
        if look.eyes == "open":
            pen.ellipse(x, y, r * 0.16, r * 0.075, hex_rgb("#efe8da"))
            pen.ellipse(x + r * 0.02, y - r * 0.005, r * 0.075, r * 0.075, hex_rgb("#3a2a1e"))
            pen.ellipse(x - r * 0.02, y + r * 0.025, r * 0.025, r * 0.025, (1.0, 1.0, 1.0))
            lid = [
                (x - r * 0.18, y),
                (x - r * 0.1, y + r * 0.09),
                (x + r * 0.1, y + r * 0.09),
                (x + r * 0.18, y + r * 0.01),
            ]
        else:  # lids lowered: a dark arc bowed down, the lid's light above it
            pen.ellipse(x, y + r * 0.02, r * 0.16, r * 0.06, mix(skin, (1, 1, 1), 0.2), 0.8)
            lid = [
                (x - r * 0.18, y + r * 0.01),
                (x - r * 0.08, y - r * 0.07),
                (x + r * 0.08, y - r * 0.07),
                (x + r * 0.18, y),
            ]
        pen.curve(lid, hex_rgb("#3a2618"), line)
    # the nose: its shadow side and the dark under it
    nx = t + r * (0.06 if look.eyes != "away" else -0.3)
    pen.curve(
        [(nx, r * 0.05), (nx + r * 0.08, -r * 0.15), (nx + r * 0.1, -r * 0.3), (nx, -r * 0.36)],
        shade,
        line * 1.3,
        0.8,
    )
    pen.ellipse(nx - r * 0.02, -r * 0.4, r * 0.1, r * 0.035, mix(shade, brow, 0.5), 0.8)
    # the mouth: the upper lip's dark line, the lit lower lip
    mx = t + r * (0.0 if look.eyes != "away" else -0.32)
    lips = hex_rgb(look.lips)
    pen.ellipse(mx, -r * 0.6, r * 0.18, r * 0.07, lips)
    pen.curve(
        [
            (mx - r * 0.17, -r * 0.58),
            (mx - r * 0.05, -r * 0.62),
            (mx + r * 0.05, -r * 0.62),
            (mx + r * 0.17, -r * 0.57),
        ],
        mix(lips, (0.1, 0.05, 0.05), 0.5),
        line * 0.8,
    )
    c.restoreState()
    pen.focus(cx, cy, r * 0.95, r * 1.15, weight)
