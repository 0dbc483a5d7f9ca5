"""Vermeer's two scholars, painted a year apart with the same model, and told apart by what
a person remembers of each: the Astronomer sits low in a dim, warm room, reaching across a
heavy tapestry to the golden celestial globe; the Geographer stands tall in the window's
full light, dividers in hand, looking up from his chart to the window."""

from __future__ import annotations

import math

from cardpress.print.art.faces import Face, face
from cardpress.print.art.pen import Pen, about, around, gradient
from cardpress.print.art.vermeer_rooms import leaded_window, lit_wall, tapestry
from cardpress.print.colour import hex_rgb


def astronomer(pen: Pen, w: float, h: float) -> None:
    """The Astronomer: seated at the right in a dark blue-green robe, leaning in and
    reaching for the celestial globe on a table heaped with a red-brown tapestry; a small
    window high on the left, its curtain, a dark picture and a cabinet behind.

    Long because a painting is one composition drawn back to front, its parts sharing the room's
    light.
    """
    gradient(pen, 0, 0, w, h, hex_rgb("#8c826c"), hex_rgb("#4e4638"), 8)
    lit_wall(pen, w * 0.2, h, "#9a907a", "#5a5242")
    leaded_window(pen, w * 0.02, h * 0.5, w * 0.16, h * 0.46, "#e8ecdc")
    pen.ellipse(w * 0.1, h * 0.76, w * 0.035, w * 0.035, hex_rgb("#b8a05a"))  # stained glass
    pen.blob(
        around(0, w, h, (0, 0.3), (0.05, 0.5), (0.03, 1.0), (0, 1.0)),
        hex_rgb("#4a5a3a"),
    )  # the curtain at the window's edge
    pen.poly(
        around(0, w, h, (0.18, 0.96), (0.5, 0.66), (0.46, 0.4), (0.18, 0.5)),
        hex_rgb("#fff0c8"),
        0.2,
    )
    pen.rect(w * 0.6, h * 0.62, w * 0.3, h * 0.3, hex_rgb("#2a2016"))  # the Finding of Moses
    pen.rect(w * 0.62, h * 0.64, w * 0.26, h * 0.26, hex_rgb("#4a3a28"))
    for fx, fy in ((0.68, 0.72), (0.74, 0.7), (0.8, 0.74)):
        pen.ellipse(w * fx, h * fy, w * 0.015, h * 0.05, hex_rgb("#7a6446"))
    pen.rect(w * 0.9, 0, w * 0.1, h * 0.6, hex_rgb("#2e2218"))  # the cabinet
    # the astronomer, seated, leaning forward to the left: his back, the lit shoulder
    cx = w * 0.68
    pen.blob(
        around(
            cx,
            w,
            h,
            (-0.18, 0),
            (-0.2, 0.3),
            (-0.12, 0.52),
            (0.0, 0.6),
            (0.14, 0.5),
            (0.22, 0.2),
            (0.22, 0),
        ),
        hex_rgb("#2c4650"),
    )
    pen.blob(
        around(cx, w, h, (-0.14, 0.42), (-0.04, 0.58), (0.02, 0.56), (-0.08, 0.4)),
        hex_rgb("#5a7e86"),
        0.85,
    )  # the light along his shoulder
    # his head bent to the globe, long hair to the collar, the face in the window's light
    hx, hy, r = cx - w * 0.07, h * 0.66, h * 0.075
    pen.blob(
        about(hx, hy, r, (-0.7, 0.6), (0.1, 1.2), (0.9, 0.8), (1.1, -0.6), (0.6, -1.0), (0.4, 0.2)),
        hex_rgb("#3a2a1c"),
    )
    face(pen, hx - r * 0.2, hy - r * 0.1, r * 0.85, Face(eyes="down", tilt=20, turn=-0.6))
    # the table's tapestry, heaped across the lower left and spilling to the front
    tapestry(
        pen,
        around(0, w, h, (0, 0), (0, 0.42), (0.2, 0.48), (0.52, 0.46), (0.6, 0.22), (0.55, 0)),
        "#6a2e1e",
        40,
    )
    for k in range(4):  # its heavy folds
        x = w * (0.08 + k * 0.12)
        pen.dab(x, h * 0.2, h * 0.4, math.pi / 2 + 0.15, 2.2, hex_rgb("#3a1810"), 0.6)
    # the celestial globe: gold, lit on the left, its constellations, the brass ring
    gx, gy, gr = w * 0.38, h * 0.62, w * 0.13
    pen.ellipse(gx, gy, gr, gr, hex_rgb("#a0783a"))
    pen.ellipse(gx - gr * 0.3, gy + gr * 0.2, gr * 0.6, gr * 0.64, hex_rgb("#e0bc74"), 0.9)
    pen.ellipse(gx + gr * 0.45, gy - gr * 0.2, gr * 0.45, gr * 0.7, hex_rgb("#5a4020"), 0.7)
    pen.arc(gx, gy, gr * 1.1, 0, 360, hex_rgb("#e8c860"), 1.8)
    for a in (0.3, 1.5, 2.6, 4.0, 5.2):
        pen.dab(
            gx + math.cos(a) * gr * 0.55,
            gy + math.sin(a) * gr * 0.55,
            4,
            a,
            0.6,
            hex_rgb("#5a4020"),
            0.8,
        )  # constellation figures
    pen.poly(
        [(gx - gr * 0.6, gy - gr * 1.15), (gx + gr * 0.6, gy - gr * 1.15), (gx, gy - gr * 0.9)],
        hex_rgb("#3a2414"),
    )  # its stand
    # his arm across to the globe, the hand spread on it
    pen.blob(
        [
            (cx - w * 0.12, h * 0.5),
            (gx + gr * 0.75, gy - 1),
            (gx + gr * 0.8, gy + 3),
            (cx - w * 0.06, h * 0.56),
        ],
        hex_rgb("#2c4650"),
    )
    pen.ellipse(gx + gr * 0.72, gy + 1, 3.6, 2.6, hex_rgb("#e4bc90"))
    pen.focus(gx + gr * 0.72, gy + 1, 6, 5, 2.5)
    # the open book and the astrolabe on the tapestry, in the light
    pen.poly(
        around(0, w, h, (0.1, 0.38), (0.26, 0.4), (0.25, 0.46), (0.11, 0.45)),
        hex_rgb("#eee4c6"),
    )
    pen.arc(w * 0.5, h * 0.4, w * 0.025, 0, 360, hex_rgb("#c8a048"), 1.0)
    pen.rect(0, 0, w, h, hex_rgb("#fff3cf"), 0.05)


def geographer(pen: Pen, w: float, h: float) -> None:
    """The Geographer: standing tall in a blue robe, dividers in his right hand over the
    chart spread on the table, his left on a book, looking up from his work to the bright
    window; a sea chart on the back wall, a terrestrial globe atop the cabinet.

    Long because a painting is one composition drawn back to front, its parts sharing the room's
    light.
    """
    lit_wall(pen, w, h, "#ece6d2", "#a49a80")
    leaded_window(pen, 0, h * 0.3, w * 0.15, h * 0.66, "#f6f8ee")
    pen.rect(w * 0.15, h * 0.3, w * 0.012, h * 0.66, hex_rgb("#7a6a4e"))
    pen.poly(
        around(0, w, h, (0.16, 0.96), (0.6, 0.6), (0.56, 0.14), (0.16, 0.3)),
        hex_rgb("#fffbe6"),
        0.35,
    )
    # the sea chart on the back wall: its paper margin, the blue sea, brown coasts, rods
    mx, my, mw, mh = w * 0.56, h * 0.5, w * 0.32, h * 0.38
    pen.rect(mx, my, mw, mh, hex_rgb("#e8dec2"))
    pen.rect(mx + mw * 0.05, my + mh * 0.07, mw * 0.9, mh * 0.86, hex_rgb("#9ab0bc"))
    pen.blob(
        [
            (mx + mw * 0.1, my + mh * 0.2),
            (mx + mw * 0.45, my + mh * 0.55),
            (mx + mw * 0.3, my + mh * 0.9),
            (mx + mw * 0.06, my + mh * 0.7),
        ],
        hex_rgb("#b49a6a"),
    )
    pen.rect(mx - 1, my + mh, mw + 2, 1.6, hex_rgb("#3a2a1e"))
    pen.rect(mx - 1, my - 1.6, mw + 2, 1.6, hex_rgb("#3a2a1e"))
    # the cabinet at the right, the terrestrial globe on it, a stool before it
    pen.rect(w * 0.88, 0, w * 0.12, h * 0.66, hex_rgb("#4a3322"))
    pen.ellipse(w * 0.94, h * 0.76, w * 0.06, w * 0.06, hex_rgb("#a8986a"))
    pen.ellipse(w * 0.925, h * 0.78, w * 0.03, w * 0.025, hex_rgb("#6a7a5a"))
    pen.arc(w * 0.94, h * 0.76, w * 0.065, 90, 200, hex_rgb("#5a4428"), 1.0)
    for k in range(5):  # the tiled floor, the rolled charts on it
        pen.rect(w * (0.56 + k * 0.08), 0, w * 0.04, h * 0.08, hex_rgb("#e8e0ce"))
    pen.ellipse(w * 0.72, h * 0.05, w * 0.06, h * 0.025, hex_rgb("#e0d4b0"))
    # the geographer standing, turned to the window, his robe falling to the floor
    cx = w * 0.44
    pen.blob(
        around(
            cx,
            w,
            h,
            (-0.1, 0.02),
            (-0.11, 0.42),
            (-0.06, 0.7),
            (0.06, 0.72),
            (0.11, 0.44),
            (0.13, 0.02),
        ),
        hex_rgb("#2c4a8a"),
    )
    pen.blob(
        around(cx, w, h, (-0.07, 0.04), (-0.08, 0.42), (-0.03, 0.66), (-0.01, 0.4), (-0.02, 0.04)),
        hex_rgb("#5e80b6"),
        0.85,
    )  # the robe lit on the window side
    pen.rect(cx - w * 0.02, h * 0.68, w * 0.06, h * 0.03, hex_rgb("#f0ece0"))  # the collar
    # the head high, lifted toward the window in three-quarter profile, hair to the collar
    hx, hy, r = cx - w * 0.005, h * 0.8, h * 0.075
    pen.blob(
        about(hx, hy, r, (-0.3, 1.1), (0.8, 1.0), (1.1, -0.2), (0.7, -1.1), (0.3, 0.3)),
        hex_rgb("#4a3422"),
    )
    face(pen, hx - r * 0.15, hy - r * 0.05, r * 0.85, Face(eyes="away", tilt=-10, turn=-0.8))
    # the table at the left: the carpet pushed back, the chart spread under his hands
    pen.rect(0, 0, w * 0.4, h * 0.38, hex_rgb("#6a3a2a"))
    tapestry(
        pen, around(0, w, h, (0, 0), (0, 0.4), (0.12, 0.46), (0.2, 0.3), (0.26, 0.06), (0.2, 0))
    )
    pen.poly(
        around(0, w, h, (0.16, 0.36), (0.44, 0.38), (0.42, 0.46), (0.2, 0.45)),
        hex_rgb("#f2eacc"),
    )  # the chart, lit
    pen.rect(cx + w * 0.02, h * 0.4, w * 0.07, h * 0.05, hex_rgb("#8a6a3a"))  # book, his hand
    pen.ellipse(cx + w * 0.055, h * 0.46, 2.6, 2.0, hex_rgb("#d8b088"))
    # his right arm out over the chart, the dividers in his hand, points down
    pen.blob(
        around(cx, w, h, (-0.05, 0.64), (-0.15, 0.56), (-0.16, 0.52), (-0.05, 0.56)),
        hex_rgb("#2c4a8a"),
    )
    hand = (cx - w * 0.16, h * 0.54)
    pen.ellipse(*hand, 2.6, 2.2, hex_rgb("#e0b890"))
    for spread in (-0.2, 0.2):
        a = -math.pi / 2 + spread
        pen.dab(
            hand[0] + math.cos(a) * 7, hand[1] + math.sin(a) * 7, 14, a, 0.9, hex_rgb("#1a1612")
        )
    pen.focus(hand[0], hand[1] - 6, 6, 9, 2.5)
    pen.rect(0, 0, w, h, hex_rgb("#fff8e0"), 0.04)
