"""Vermeer's scenes: Delft rooms lit from the left, the townscape, the pearl."""

from __future__ import annotations

import math

from cardpress.print.art.brush import Manner
from cardpress.print.art.faces import Face, face
from cardpress.print.art.pen import Painting, Pen, about, around, gradient, pick_scene
from cardpress.print.art.vermeer_rooms import leaded_window, lit_wall, marble_floor
from cardpress.print.art.vermeer_scholars import astronomer, geographer
from cardpress.print.colour import hex_rgb, jitter


def _delft(pen: Pen, w: float, h: float) -> None:
    """View of Delft: the town one long band across the water under a high clouded sky, the
    twin spires of the Schiedam gate left of centre, the Rotterdam gate's bridge of dark
    arches to the right, the Nieuwe Kerk's tower lit yellow behind, the near town in cloud
    shadow and the far roofs in sun; its reflections long in the water, two herring boats
    moored at the right, a sandy bank with figures in front. One continuous skyline, so it
    reads as a town and not a row of boxes.

    Long because it is one composition drawn back to front, its parts sharing the horizon.
    """
    rng = pen.rng
    gradient(pen, 0, h * 0.45, w, h * 0.55, hex_rgb("#6e86a8"), hex_rgb("#e6e6dc"))
    for x, y, rx, ry, col in (  # a dark cloud bank above, bright clouds low over the town
        (0.2, 0.95, 40, 9, "#5a6272"),
        (0.7, 0.97, 46, 8, "#5e6676"),
        (0.45, 0.88, 30, 6, "#7a8494"),
        (0.3, 0.7, 22, 6, "#f4f2ea"),
        (0.62, 0.72, 26, 5, "#eceae2"),
        (0.86, 0.66, 16, 4, "#f4f2ea"),
    ):
        pen.ellipse(w * x, h * y, rx, ry, hex_rgb(col), 0.9)
    horizon = h * 0.44
    # the far roofs in sunlight, behind the near town
    pen.rect(w * 0.36, horizon, w * 0.34, h * 0.12, hex_rgb("#c8a060"))
    for k in range(7):
        x = w * (0.37 + k * 0.048)
        pen.poly(
            [(x, horizon + h * 0.12), (x + 3.5, horizon + h * 0.16), (x + 7, horizon + h * 0.12)],
            hex_rgb("#b88a4a"),
        )
    tx = w * 0.56  # the Nieuwe Kerk's tower, lit
    pen.rect(tx - 2.6, horizon, 5.2, h * 0.24, hex_rgb("#e8cc80"))
    pen.rect(tx - 1.8, horizon + h * 0.24, 3.6, h * 0.05, hex_rgb("#d8b870"))
    pen.poly(
        [(tx - 1.8, horizon + h * 0.29), (tx, horizon + h * 0.33), (tx + 1.8, horizon + h * 0.29)],
        hex_rgb("#8a7a5a"),
    )
    # the near town in cloud shadow: red-tiled gables on the left, one band with the wall
    x = 0.0
    while x < w * 0.36:
        bw = rng.uniform(7, 11)
        bh = h * rng.uniform(0.07, 0.11)
        pen.rect(x, horizon, bw + 0.5, bh, hex_rgb(rng.choice(("#6a4a36", "#5a4434", "#7a5a40"))))
        pen.poly(
            [(x, horizon + bh), (x + bw / 2, horizon + bh + 5), (x + bw + 0.5, horizon + bh)],
            hex_rgb(rng.choice(("#8a3e2a", "#7a3626"))),
        )
        x += bw
    gx = w * 0.27  # the Schiedam gate: a broad front and two slate spires
    pen.rect(gx - 9, horizon, 18, h * 0.14, hex_rgb("#7a6048"))
    for dx in (-6, 6):
        pen.rect(gx + dx - 2.2, horizon + h * 0.14, 4.4, h * 0.06, hex_rgb("#5a4a3e"))
        pen.poly(
            [
                (gx + dx - 2.6, horizon + h * 0.2),
                (gx + dx, horizon + h * 0.3),
                (gx + dx + 2.6, horizon + h * 0.2),
            ],
            hex_rgb("#2e343c"),
        )
    pen.rect(gx - 2, horizon, 4, h * 0.07, hex_rgb("#2a2420"))  # its gateway
    # the Rotterdam gate and its bridge on the right: a long pale front over dark arches
    pen.rect(w * 0.66, horizon, w * 0.34, h * 0.1, hex_rgb("#8a7050"))
    pen.rect(w * 0.7, horizon + h * 0.1, w * 0.12, h * 0.06, hex_rgb("#6a5440"))
    pen.poly(
        [
            (w * 0.7, horizon + h * 0.16),
            (w * 0.76, horizon + h * 0.22),
            (w * 0.82, horizon + h * 0.16),
        ],
        hex_rgb("#3a3430"),
    )
    for k in range(5):
        pen.ellipse(w * (0.69 + k * 0.06), horizon + 1, 3.2, 3.6, hex_rgb("#2a2622"))
    pen.rect(0, horizon - 2, w, 3, hex_rgb("#4a3e34"))  # the quay wall
    # the water, the town's reflections hanging down in it
    gradient(pen, 0, h * 0.14, w, horizon - 2 - h * 0.14, hex_rgb("#6a7c84"), hex_rgb("#4e5e66"), 8)
    for x0, x1, depth, col in (
        (0.0, 0.36, 0.12, "#4a3e36"),
        (0.18, 0.36, 0.2, "#3e3a38"),
        (0.54, 0.58, 0.22, "#a8946a"),
        (0.66, 1.0, 0.1, "#5a4c3e"),
    ):
        pen.rect(w * x0, horizon - 2 - h * depth, w * (x1 - x0), h * depth, hex_rgb(col), 0.7)
    for _ in range(5):  # ripples across them
        pen.dab(
            w * rng.uniform(0.1, 0.9),
            h * rng.uniform(0.2, 0.4),
            rng.uniform(12, 24),
            0.0,
            0.8,
            hex_rgb("#8a9aa0"),
            0.8,
        )
    for bx in (0.8, 0.92):  # two herring boats moored at the right, their masts up
        pen.blob(
            [
                (w * bx - 9, h * 0.3),
                (w * bx + 9, h * 0.3),
                (w * bx + 7, h * 0.25),
                (w * bx - 7, h * 0.25),
            ],
            hex_rgb("#2a2824"),
        )
        pen.rect(w * bx - 0.6, h * 0.3, 1.2, h * 0.2, hex_rgb("#2a2824"))
    pen.rect(0, 0, w, h * 0.15, hex_rgb("#c9b48a"))  # the sandy near bank
    pen.rect(0, h * 0.13, w, h * 0.02, hex_rgb("#a8946a"))
    for fx, col in ((0.12, "#2a2a30"), (0.15, "#3a4a6a"), (0.19, "#2a2a30"), (0.32, "#5a3a2a")):
        pen.ellipse(w * fx, h * 0.09, 1.8, 4, hex_rgb(col))  # figures on the bank
        pen.ellipse(w * fx, h * 0.14, 1.4, 1.4, hex_rgb("#e8e0d0" if fx == 0.15 else "#3a302a"))


def _pearl(pen: Pen, w: float, h: float) -> None:
    """Girl with a Pearl Earring: a head over the shoulder on black, blue and yellow turban.

    Long because a painting is one composition drawn back to front, its parts sharing positions
    and light.
    """
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
        around(
            cx,
            w,
            h,
            (-0.13, 0.5),
            (-0.1, 0.28),
            (0.03, 0.24),
            (0.12, 0.4),
            (0.1, 0.64),
            (-0.08, 0.68),
        ),
        hex_rgb("#e8c9a3"),
    )
    pen.blob(
        around(cx, w, h, (0.02, 0.3), (0.12, 0.4), (0.1, 0.6), (0.04, 0.5)),
        hex_rgb("#b08a66"),
        0.7,
    )
    # the lit cheek and brow, the nose's shadow falling to the right
    pen.blob(
        around(cx, w, h, (-0.12, 0.5), (-0.09, 0.34), (-0.02, 0.4), (-0.04, 0.58)),
        hex_rgb("#f6dcb8"),
        0.8,
    )
    pen.poly(
        around(cx, w, h, (0.0, 0.48), (0.035, 0.4), (0.01, 0.395)),
        hex_rgb("#9a7656"),
        0.8,
    )
    # the eyes turned to us under their brows, each with its lid, white and catch of light
    look = Face(eyes="open", turn=-0.1, shade="#9a7656", brow="#a88060", lips="#b85a4e")
    face(pen, cx - w * 0.004, h * 0.45, h * 0.2, look, oval=False)
    # the lips parted: the face's own mouth, a dark between them, the light on the lower lip
    pen.ellipse(cx, h * 0.338, w * 0.012, h * 0.005, hex_rgb("#5a2a22"), 0.8)
    pen.ellipse(cx - w * 0.006, h * 0.326, w * 0.008, h * 0.004, hex_rgb("#f0b8a0"), 0.8)
    # the ultramarine turban and its yellow fall behind
    pen.blob(
        around(
            cx,
            w,
            h,
            (-0.15, 0.58),
            (-0.1, 0.78),
            (0.06, 0.82),
            (0.16, 0.66),
            (0.12, 0.56),
            (-0.04, 0.64),
        ),
        hex_rgb("#2f5fa8"),
    )
    pen.blob(
        around(cx, w, h, (0.02, 0.8), (0.12, 0.9), (0.16, 0.7), (0.1, 0.66)),
        hex_rgb("#e8c84a"),
    )
    pen.blob(
        around(cx, w, h, (0.12, 0.66), (0.2, 0.55), (0.22, 0.3), (0.15, 0.4)),
        hex_rgb("#d9b23a"),
    )
    # the pearl, large in the shadow under her ear: grey below, the collar's light in it,
    # and the brightest thing in the picture, its highlight
    px, py, pr = cx + w * 0.12, h * 0.32, w * 0.036
    pen.ellipse(px, py, pr, pr * 1.15, hex_rgb("#8e949a"))
    pen.ellipse(px - pr * 0.1, py - pr * 0.45, pr * 0.6, pr * 0.35, hex_rgb("#d8dce0"), 0.9)
    pen.ellipse(px - pr * 0.3, py + pr * 0.4, pr * 0.32, pr * 0.32, (1.0, 1.0, 1.0))


def _milkmaid(pen: Pen, w: float, h: float) -> None:
    """The Milkmaid: a sturdy maid stands in the window's light, in a lemon-yellow bodice
    and an ultramarine apron over a red skirt, pouring a thread of milk from a red-brown jug
    into a bowl; on the green table in front, bread in a basket and a blue jug.

    Long because a painting is one composition drawn back to front, its parts sharing the room's
    light.
    """
    lit_wall(pen, w, h, "#efe8d2", "#cfc5a8")
    # the window high at the left, bright, one pane broken; the light on the wall beside it
    pen.rect(0, h * 0.54, w * 0.24, h * 0.46, hex_rgb("#5a4a34"))  # its dark frame
    leaded_window(pen, w * 0.02, h * 0.56, w * 0.2, h * 0.42, "#fbfcf4")
    pen.focus(w * 0.12, h * 0.77, w * 0.11, h * 0.22, 1.5)
    pen.rect(w * 0.15, h * 0.84, w * 0.05, h * 0.06, hex_rgb("#9aa8a0"))  # the broken pane
    pen.poly(
        around(0, w, h, (0.22, 0.98), (0.5, 0.98), (0.62, 0.4), (0.22, 0.56)),
        hex_rgb("#fffaea"),
        0.4,
    )
    pen.ellipse(w * 0.3, h * 0.9, w * 0.05, h * 0.055, hex_rgb("#7a5a30"))  # a wicker basket
    pen.ellipse(w * 0.27, h * 0.72, w * 0.04, h * 0.045, hex_rgb("#b08a4a"))  # the brass pail
    pen.ellipse(w * 0.26, h * 0.73, w * 0.015, h * 0.02, hex_rgb("#f0d890"))
    for k in range(8):  # Delft tiles along the skirting, the foot warmer beside them
        pen.rect(w * (0.66 + k * 0.042), 0, w * 0.036, h * 0.07, hex_rgb("#e4e8ea"))
        pen.ellipse(w * (0.678 + k * 0.042), h * 0.035, 1.1, 1.1, hex_rgb("#3a5a9a"))
    pen.rect(w * 0.86, h * 0.02, w * 0.1, h * 0.1, hex_rgb("#5a3e24"))
    cx = w * 0.6
    # the red skirt, the ultramarine apron over it, to the floor
    pen.poly(
        around(cx, w, h, (-0.16, 0), (0.19, 0), (0.13, 0.46), (-0.12, 0.46)),
        hex_rgb("#b03a2a"),
    )
    pen.poly(
        around(cx, w, h, (-0.14, 0), (0.08, 0), (0.06, 0.46), (-0.11, 0.46)),
        hex_rgb("#2440a0"),
    )
    pen.poly(
        around(cx, w, h, (-0.02, 0), (0.06, 0), (0.05, 0.44), (0.0, 0.44)),
        hex_rgb("#18307a"),
        0.7,
    )  # the apron's fold in shadow
    # the yellow bodice, lit on the left
    pen.blob(
        around(
            cx,
            w,
            h,
            (-0.13, 0.44),
            (0.13, 0.44),
            (0.12, 0.64),
            (0.05, 0.74),
            (-0.08, 0.73),
            (-0.13, 0.6),
        ),
        hex_rgb("#ecc22a"),
    )
    pen.blob(
        around(cx, w, h, (0.03, 0.7), (0.12, 0.62), (0.1, 0.46), (0.0, 0.52)),
        hex_rgb("#a07c14"),
    )
    # the arms brought together at the jug: blue-green sleeves to the elbow, bare forearms
    pen.blob(
        around(cx, w, h, (-0.1, 0.7), (-0.17, 0.6), (-0.13, 0.56), (-0.06, 0.64)),
        hex_rgb("#3a6a80"),
    )
    pen.blob(
        around(cx, w, h, (-0.16, 0.61), (-0.2, 0.53), (-0.16, 0.5), (-0.12, 0.56)),
        hex_rgb("#e6b88e"),
    )
    pen.blob(
        around(cx, w, h, (0.06, 0.6), (-0.04, 0.52), (-0.1, 0.48), (-0.05, 0.46), (0.1, 0.55)),
        hex_rgb("#d4a27a"),
    )
    # the head bowed to the pouring, the white linen cap, her face in the light
    hx, hy, r = cx - w * 0.04, h * 0.8, h * 0.1
    pen.blob(
        about(
            hx, hy, r, (-0.9, 0.2), (-0.5, 1.25), (0.6, 1.3), (1.05, 0.3), (0.8, -0.7), (0.3, 0.3)
        ),
        hex_rgb("#f6f3e8"),
    )  # the cap
    pen.blob(
        about(hx, hy, r, (0.4, 0.9), (1.0, 0.3), (0.8, -0.6), (0.5, 0)),
        hex_rgb("#c4c0b0"),
        0.7,
    )
    look = Face(eyes="down", tilt=12, turn=-0.4, skin="#e0a878", shade="#9a6444")
    face(pen, hx - r * 0.1, hy - r * 0.1, r * 0.9, look)
    # the table, foreshortened from the lower left, its green cloth in front
    pen.poly([(0, 0), (w * 0.44, 0), (w * 0.48, h * 0.36), (0, h * 0.42)], hex_rgb("#3f6058"))
    pen.poly([(0, 0), (w * 0.44, 0), (w * 0.45, h * 0.09), (0, h * 0.11)], hex_rgb("#263a36"))
    # the bread: a basket heaped with crusty loaves, rolls broken open on the cloth
    pen.ellipse(w * 0.12, h * 0.42, w * 0.12, h * 0.08, hex_rgb("#6a4420"))
    lit = hex_rgb("#f4d48e")
    for bx, by, r2 in (
        (0.06, 0.47, 0.04),
        (0.13, 0.5, 0.045),
        (0.2, 0.46, 0.035),
        (0.25, 0.36, 0.032),
        (0.31, 0.31, 0.026),
        (0.18, 0.3, 0.028),
    ):
        pen.ellipse(w * bx, h * by, w * r2, w * r2 * 0.8, hex_rgb("#c8863a"))
        crust = w * r2
        pen.ellipse(w * bx - crust * 0.3, h * by + crust * 0.3, crust * 0.5, crust * 0.35, lit)
    pen.blob(
        around(0, w, h, (0.04, 0.28), (0.03, 0.4), (0.07, 0.45), (0.11, 0.4), (0.1, 0.28)),
        hex_rgb("#28488a"),
    )  # the blue stoneware jug
    pen.ellipse(w * 0.41, h * 0.39, w * 0.08, h * 0.045, hex_rgb("#7a4a2a"))  # the bowl
    pen.ellipse(w * 0.41, h * 0.405, w * 0.065, h * 0.022, hex_rgb("#f6f2e4"))  # milk in it
    # the red-brown jug tilted in her hands, the white thread of milk falling from it
    pen.blob(
        around(0, w, h, (0.39, 0.5), (0.41, 0.61), (0.48, 0.62), (0.5, 0.53), (0.45, 0.47)),
        hex_rgb("#8e4424"),
    )
    pen.ellipse(w * 0.44, h * 0.58, w * 0.015, h * 0.02, hex_rgb("#d89070"), 0.8)
    pen.dab(w * 0.395, h * 0.44, h * 0.1, math.pi / 2, 1.4, hex_rgb("#fffdf6"))
    pen.focus(w * 0.42, h * 0.48, w * 0.08, h * 0.12, 2.5)
    pen.focus(w * 0.15, h * 0.4, w * 0.15, h * 0.12, 1.8)


def _letter(pen: Pen, w: float, h: float) -> None:
    """Girl Reading a Letter at an Open Window: in profile to the open casement, her face
    mirrored in its panes, a green curtain hung at the right, a red carpet and fruit in front."""
    lit_wall(pen, w, h, "#d8d8c8", "#9aa092")
    # the open casement swung into the room, its panes catching her reflection
    pen.rect(w * 0.04, h * 0.38, w * 0.16, h * 0.58, hex_rgb("#eef0e4"))
    pen.poly(
        [(w * 0.2, h * 0.36), (w * 0.3, h * 0.44), (w * 0.3, h * 0.9), (w * 0.2, h * 0.98)],
        hex_rgb("#7d9088"),
    )
    pen.stroke(hex_rgb("#4a4a3a"), 0.5)
    for i in range(1, 6):
        y = h * (0.38 + 0.1 * i)
        pen.c.line(w * 0.04, y, w * 0.2, y)
        pen.c.line(w * 0.2, y - h * 0.02, w * 0.3, y + h * 0.02 - h * 0.04 * i / 5)
    pen.ellipse(w * 0.255, h * 0.68, w * 0.018, h * 0.03, hex_rgb("#c9b49a"), 0.8)  # reflection
    pen.rect(w * 0.3, h * 0.3, w * 0.01, h * 0.68, hex_rgb("#6a5a40"))
    # the girl standing in profile, turned to the window, reading, hair drawn back
    cx = w * 0.45
    pen.poly(
        around(cx, w, h, (-0.12, 0.24), (0.12, 0.24), (0.07, 0.56), (-0.07, 0.56)),
        hex_rgb("#5a6a52"),
    )  # dress, olive-grey
    pen.blob(
        around(cx, w, h, (-0.07, 0.54), (0.07, 0.54), (0.06, 0.72), (-0.04, 0.74)),
        hex_rgb("#6f7a5a"),
    )
    pen.blob(
        around(cx, w, h, (-0.05, 0.5), (0.03, 0.62), (-0.03, 0.66), (-0.11, 0.6)),
        hex_rgb("#4a5a44"),
    )  # the sleeves to the letter
    pen.poly(
        around(cx, w, h, (-0.14, 0.66), (-0.08, 0.69), (-0.07, 0.56), (-0.13, 0.53)),
        hex_rgb("#f6f2e4"),
    )  # the letter, held up to the light
    pen.ellipse(cx - w * 0.005, h * 0.8, w * 0.04, h * 0.065, hex_rgb("#e6c6a2"))  # the face
    pen.ellipse(cx - w * 0.04, h * 0.79, w * 0.008, h * 0.012, hex_rgb("#e6c6a2"))  # nose
    pen.blob(
        [
            (cx, h * 0.88),
            (cx + w * 0.045, h * 0.84),
            (cx + w * 0.04, h * 0.74),
            (cx + w * 0.01, h * 0.77),
        ],
        hex_rgb("#b8955a"),
    )  # fair hair, bound at the back
    # the great green curtain on its rod across the right
    pen.rect(w * 0.6, h * 0.96, w * 0.4, h * 0.015, hex_rgb("#3a3020"))
    pen.poly([(w * 0.66, h), (w, h), (w, 0), (w * 0.74, 0), (w * 0.7, h * 0.5)], hex_rgb("#4f7a3f"))
    for k in range(4):
        pen.dab(w * (0.75 + k * 0.065), h * 0.5, h, math.pi / 2, 2.0, hex_rgb("#2f4f2a"), 0.7)
        pen.dab(w * (0.78 + k * 0.065), h * 0.5, h, math.pi / 2, 1.2, hex_rgb("#7aa05a"), 0.6)
    # the red Turkey carpet heaped on the table in front, a tipped bowl of fruit
    pen.blob(
        [
            (0, 0),
            (0, h * 0.3),
            (w * 0.3, h * 0.34),
            (w * 0.6, h * 0.3),
            (w * 0.64, h * 0.12),
            (w * 0.6, 0),
        ],
        hex_rgb("#8a2a22"),
    )
    for fx, fy, col in (
        (0.08, 0.16, "#c9a24a"),
        (0.22, 0.1, "#2f3f6a"),
        (0.4, 0.18, "#c9a24a"),
        (0.52, 0.08, "#2f3f6a"),
        (0.32, 0.06, "#5a1a14"),
    ):
        pen.ellipse(w * fx, h * fy, w * 0.04, h * 0.025, hex_rgb(col), 0.8)
    pen.ellipse(w * 0.3, h * 0.33, w * 0.1, h * 0.035, hex_rgb("#d8d2c0"))  # the Delft bowl
    for fx, fy, col in (
        (0.22, 0.34, "#e88a3a"),
        (0.28, 0.37, "#d04a2a"),
        (0.35, 0.35, "#e8b04a"),
        (0.41, 0.31, "#c04a3a"),
    ):
        pen.ellipse(w * fx, h * fy, 2.8, 2.6, hex_rgb(col))


def _lacemaker(pen: Pen, w: float, h: float) -> None:
    """The Lacemaker: close up, her head bent over the work, lit from the left; her hands
    at the bobbins on the blue-green lace pillow; in front, the sewing cushion spilling
    its red and white threads over a tapestry.

    Long because a painting is one composition drawn back to front, its parts sharing positions
    and light.
    """
    lit_wall(pen, w, h, "#cfc7a8", "#8e8468")
    # the lemon-yellow bodice and shoulders, lit on the left, the right in shadow
    pen.blob(
        around(
            0,
            w,
            h,
            (0.2, 0.12),
            (0.24, 0.46),
            (0.42, 0.56),
            (0.68, 0.56),
            (0.9, 0.44),
            (0.98, 0.12),
        ),
        hex_rgb("#e3bb2c"),
    )
    pen.blob(
        around(0, w, h, (0.7, 0.55), (0.9, 0.44), (0.98, 0.14), (0.78, 0.24)),
        hex_rgb("#9a7a1c"),
        0.8,
    )
    pen.blob(
        around(0, w, h, (0.26, 0.44), (0.34, 0.5), (0.44, 0.46), (0.36, 0.36)),
        hex_rgb("#f4e27a"),
        0.7,
    )  # the light on her left shoulder
    pen.blob(
        around(0, w, h, (0.44, 0.56), (0.56, 0.5), (0.68, 0.56), (0.56, 0.6)),
        hex_rgb("#f2eee0"),
    )  # the white collar
    # the head bent forward and to the left over the work
    hx, hy, r = w * 0.53, h * 0.7, h * 0.2
    pen.blob(
        about(
            hx,
            hy,
            r,
            (-0.95, 0.1),
            (-0.7, 1.05),
            (0.3, 1.4),
            (1.1, 0.9),
            (1.15, -0.1),
            (0.6, 0.4),
            (-0.3, 0.55),
        ),
        hex_rgb("#6a4a26"),
    )  # the hair, drawn back from a parting, a knot at the back
    pen.ellipse(hx + r * 1.0, hy + r * 0.75, r * 0.38, r * 0.34, hex_rgb("#5a3c1e"))
    pen.curve(
        about(hx, hy, r, (-0.5, 0.8), (-0.1, 1.1), (0.4, 1.1), (0.9, 0.9)),
        hex_rgb("#b8905a"),
        1.2,
        0.8,
    )  # the light on the crown
    face(pen, hx - r * 0.05, hy - r * 0.05, r * 0.78, Face(eyes="down", tilt=-24, turn=-0.45))
    for i in range(4):  # ringlets falling at her left temple
        pen.ellipse(
            hx - r * 0.82 - i * r * 0.04,
            hy + r * (0.35 - i * 0.28),
            r * 0.13,
            r * 0.16,
            hex_rgb(("#7e5a2a", "#5e4020")[i % 2]),
        )
    # the lace pillow, blue-green, tilted toward her
    pen.blob(
        around(
            0, w, h, (0.16, 0.2), (0.2, 0.36), (0.44, 0.42), (0.7, 0.36), (0.74, 0.22), (0.5, 0.14)
        ),
        hex_rgb("#6a8a80"),
    )
    pen.blob(
        around(0, w, h, (0.2, 0.3), (0.4, 0.38), (0.56, 0.36), (0.3, 0.26)),
        hex_rgb("#9ab4a6"),
        0.7,
    )
    # her hands at the bobbins, lit from the left, the white threads fanned to the pins
    pen.stroke(hex_rgb("#fbf8f0"), 0.8)
    for k in range(7):
        pen.c.line(w * (0.38 + k * 0.03), h * 0.3, w * 0.48, h * 0.41)
    for k in range(6):  # the bobbins, dark wood
        a = 1.5 + (k - 2.5) * 0.2
        pen.dab(w * (0.41 + k * 0.026), h * 0.29, h * 0.08, a, 1.7, hex_rgb("#3e2410"))
    for x, y, col, dark in ((0.35, 0.4, "#f2cca6", "#c49270"), (0.61, 0.41, "#dcae88", "#a87a58")):
        pen.ellipse(w * x, h * y, w * 0.065, h * 0.045, hex_rgb(col))
        pen.ellipse(w * x + w * 0.015, h * y - h * 0.02, w * 0.045, h * 0.02, hex_rgb(dark), 0.8)
        for k in range(4):  # fingers bent down to the bobbins
            fx = w * (x - 0.045 + k * 0.03)
            pen.dab(fx, h * (y - 0.045), h * 0.06, 1.45 + (k - 1.5) * 0.12, 1.9, hex_rgb(col))
    pen.focus(w * 0.48, h * 0.37, w * 0.21, h * 0.1, 3.5)
    # in front: the tapestry over the table and the blue sewing cushion, its threads spilling
    pen.poly([(w * 0.3, 0), (w, 0), (w, h * 0.16), (w * 0.34, h * 0.14)], hex_rgb("#4a3a5a"))
    for k in range(8):
        pen.ellipse(
            w * (0.4 + k * 0.08),
            h * 0.07,
            w * 0.028,
            h * 0.032,
            hex_rgb(("#c9a24a", "#8a2a22", "#3f5f4a")[k % 3]),
            0.85,
        )
    pen.blob(
        [(0, 0), (0, h * 0.3), (w * 0.14, h * 0.34), (w * 0.3, h * 0.24), (w * 0.32, 0)],
        hex_rgb("#3e5478"),
    )
    pen.curve(
        [(w * 0.14, h * 0.28), (w * 0.2, h * 0.12), (w * 0.08, h * 0.1), (w * 0.16, 0)],
        hex_rgb("#d42a22"),
        3.2,
    )  # the red thread, a loose skein
    pen.curve(
        [(w * 0.1, h * 0.3), (w * 0.24, h * 0.2), (w * 0.22, h * 0.06), (w * 0.3, 0)],
        hex_rgb("#e23a2a"),
        2.2,
    )
    pen.curve(
        [(w * 0.18, h * 0.27), (w * 0.3, h * 0.16), (w * 0.26, h * 0.04), (w * 0.36, 0)],
        hex_rgb("#f6f2ea"),
        1.8,
    )  # and the white
    pen.focus(w * 0.2, h * 0.15, w * 0.14, h * 0.16, 2.5)


def _art_of_painting(pen: Pen, w: float, h: float) -> None:
    """The Art of Painting: a heavy tapestry drawn aside at the left; Clio by the hidden
    window in blue, laurel-crowned, the trumpet in one hand and the yellow book in the other,
    before the great gold map of the Netherlands; the painter from behind in his slashed
    black doublet and red stockings, at the easel; the brass chandelier, the marble floor.

    Long because a painting is one composition drawn back to front, its parts sharing the room's
    light.
    """
    lit_wall(pen, w, h, "#e6dec6", "#a89c80")
    # the great map on the back wall: gold-brown, the crease down it, the towns in its border
    mx, my, mw, mh = w * 0.3, h * 0.42, w * 0.68, h * 0.54
    pen.rect(mx, my, mw, mh, hex_rgb("#c8a460"))
    pen.rect(mx + mw * 0.08, my + mh * 0.1, mw * 0.84, mh * 0.8, hex_rgb("#d6b878"))
    pen.blob(
        around(0, w, h, (0.42, 0.52), (0.62, 0.62), (0.78, 0.86), (0.55, 0.88), (0.46, 0.7)),
        hex_rgb("#b8945a"),
    )  # the land
    pen.rect(mx + mw * 0.08, my + mh * 0.1, mw * 0.18, mh * 0.8, hex_rgb("#c0b48a"), 0.8)
    for k in range(8):  # the town views down both borders
        for x in (mx + mw * 0.01, mx + mw * 0.93):
            pen.rect(x, my + mh * (0.06 + k * 0.11), mw * 0.06, mh * 0.08, hex_rgb("#9a7a44"))
    pen.dab(mx + mw * 0.52, my + mh / 2, mh, math.pi / 2, 0.8, hex_rgb("#8a6a3a"), 0.7)
    pen.rect(mx - 1, my + mh, mw + 2, 2, hex_rgb("#2a1e12"))
    pen.rect(mx - 1, my - 1.5, mw + 2, 1.5, hex_rgb("#2a1e12"))
    # the brass chandelier at the top
    chx, chy = w * 0.66, h * 0.9
    pen.ellipse(chx, chy, w * 0.025, h * 0.035, hex_rgb("#d8aa40"))
    pen.stroke(hex_rgb("#b8902e"), 1.0)
    for a in (-1, -0.5, 0.5, 1):
        pen.c.line(chx, chy - h * 0.02, chx + a * w * 0.07, chy - h * 0.05 + abs(a) * h * 0.03)
    marble_floor(pen, w, h * 0.16)
    # Clio, standing in the light: the pale blue mantle, the yellow-grey skirt
    cx = w * 0.4
    pen.poly(
        around(cx, w, h, (-0.11, 0.1), (0.1, 0.1), (0.06, 0.48), (-0.07, 0.48)),
        hex_rgb("#c8bc8a"),
    )
    pen.blob(
        around(cx, w, h, (-0.08, 0.3), (0.08, 0.34), (0.07, 0.66), (0.0, 0.7), (-0.07, 0.64)),
        hex_rgb("#6f94cc"),
    )
    pen.blob(
        around(cx, w, h, (-0.07, 0.36), (-0.02, 0.62), (0.02, 0.4)),
        hex_rgb("#a4c0e6"),
        0.8,
    )  # the mantle's lit fold
    look = Face(eyes="down", tilt=8, turn=-0.5, skin="#f2dcc0", shade="#c0a080")
    face(pen, cx - w * 0.005, h * 0.76, h * 0.06, look)
    pen.ellipse(cx + w * 0.01, h * 0.82, w * 0.05, h * 0.025, hex_rgb("#4a7a36"))  # the laurel
    pen.dab(cx - w * 0.07, h * 0.8, h * 0.34, 1.95, 3.0, hex_rgb("#e0b840"))  # the trumpet
    pen.ellipse(cx - w * 0.1, h * 0.95, 3.6, 3.0, hex_rgb("#f0cc60"))  # its bell
    pen.focus(cx - w * 0.07, h * 0.8, w * 0.04, h * 0.18, 2.0)
    pen.rect(cx + w * 0.04, h * 0.46, w * 0.06, h * 0.1, hex_rgb("#e6c040"))  # the yellow book
    # the table before her, a cloth, the mask and a book on it
    pen.poly(
        around(0, w, h, (0.26, 0.16), (0.5, 0.16), (0.5, 0.4), (0.26, 0.42)), hex_rgb("#6a6a7a")
    )
    pen.ellipse(w * 0.36, h * 0.43, w * 0.03, h * 0.03, hex_rgb("#e6dcc8"))  # the mask
    # the easel and canvas at the right, the laurel begun on it
    pen.rect(w * 0.77, h * 0.24, w * 0.16, h * 0.4, hex_rgb("#e6dcc2"))
    pen.rect(w * 0.77, h * 0.24, w * 0.16, h * 0.4, hex_rgb("#8a7a5a"), 0.25)
    pen.ellipse(w * 0.83, h * 0.58, w * 0.05, h * 0.02, hex_rgb("#5a8a44"))
    pen.dab(w * 0.82, h * 0.34, h * 0.68, math.pi / 2 + 0.06, 1.8, hex_rgb("#3a2818"))
    # the painter from behind, seated: black doublet slashed white, beret, red stockings
    px = w * 0.63
    pen.blob(
        around(
            px,
            w,
            h,
            (-0.12, 0.26),
            (-0.13, 0.58),
            (-0.05, 0.66),
            (0.07, 0.66),
            (0.13, 0.56),
            (0.13, 0.26),
        ),
        hex_rgb("#141210"),
    )
    for k in range(5):  # the white shirt through the slashes
        x = px - w * 0.08 + k * w * 0.04
        pen.dab(x, h * 0.44, h * 0.3, math.pi / 2, 1.5, hex_rgb("#f2eee4"))
    pen.focus(px, h * 0.44, w * 0.11, h * 0.16, 1.6)
    pen.blob(
        around(px, w, h, (-0.1, 0.14), (-0.12, 0.3), (0.12, 0.3), (0.1, 0.14)),
        hex_rgb("#201c18"),
    )  # the puffed breeches
    pen.ellipse(px, h * 0.71, w * 0.06, h * 0.07, hex_rgb("#3a2a1c"))  # hair under the beret
    pen.ellipse(px - w * 0.005, h * 0.78, w * 0.075, h * 0.04, hex_rgb("#0e0c0a"))  # the beret
    pen.rect(px - w * 0.08, h * 0.02, w * 0.035, h * 0.14, hex_rgb("#c0402e"))
    pen.rect(px + w * 0.04, h * 0.02, w * 0.035, h * 0.14, hex_rgb("#c0402e"))
    pen.rect(px - w * 0.08, h * 0.13, w * 0.16, h * 0.035, hex_rgb("#5a4028"))  # the stool
    pen.blob(
        around(px, w, h, (0.1, 0.56), (0.18, 0.58), (0.2, 0.54), (0.11, 0.5)),
        hex_rgb("#141210"),
    )  # his arm to the canvas, the hand with the brush
    pen.ellipse(px + w * 0.19, h * 0.56, 2.2, 1.8, hex_rgb("#e0b890"))
    pen.focus(px, h * 0.72, w * 0.07, h * 0.08, 2.0)
    # the tapestry drawn aside in the foreground left, and the chair before it
    pen.blob(
        around(0, w, h, (0, 0), (0.25, 0), (0.2, 0.5), (0.26, 1.0), (0, 1.0)), hex_rgb("#3e3a2a")
    )
    rng = pen.rng
    for _ in range(36):
        pen.ellipse(
            rng.uniform(0.01, 0.2) * w,
            rng.uniform(0.04, 0.96) * h,
            rng.uniform(2, 4),
            rng.uniform(1.5, 3),
            hex_rgb(rng.choice(("#9a8a4a", "#3a4a6a", "#9a4a3a", "#c8b880", "#5a6a3a"))),
            0.9,
        )
    pen.dab(w * 0.22, h * 0.55, h * 0.9, math.pi / 2 + 0.05, 1.6, hex_rgb("#d8c890"), 0.7)
    pen.rect(w * 0.2, h * 0.06, w * 0.08, h * 0.3, hex_rgb("#2e3a5a"))  # the blue chair
    pen.rect(0, 0, w, h, hex_rgb("#fff3cf"), 0.04)


VERMEER_SCENES: dict[str, Painting] = {
    "delft": _delft,
    "milkmaid": _milkmaid,
    "letter": _letter,
    "pearl": _pearl,
    "art-of-painting": _art_of_painting,
    "astronomer": astronomer,
    "geographer": geographer,
    "lacemaker": _lacemaker,
}


def vermeer(pen: Pen, w: float, h: float) -> None:
    """A named Vermeer by its composition; any other (a forgery) is a generic Delft interior.

    Long because it is the one place the glaze layers are laid in order (ground, scene, glazes,
    pointillé), each depending on the last.
    """
    rng = pen.rng
    scene = pick_scene(pen, "vermeer", ("interior",))
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


def brushwork(seed: int, hint: str = "") -> Manner:
    """Vermeer: smooth translucent glazes over a warm ground, light from the left, pointillé.

    A broad, nearly opaque lay-in, then wide soft glazes that run long and
    straight and stop at every edge (a low tolerance), then a fine brush for
    faces and hands; the shadows' values held close, the last touches a few
    bright dots where the light catches (pointillé).
    """
    return Manner(
        brushes=(6.0, 3.0, 1.5, 0.7),
        threshold=0.05,
        tolerance=0.11,
        budget=(200, 380, 480, 440),
        min_length=4,
        max_length=10,
        curvature=0.15,
        blur=1.2,
        grid=2.2,
        step=1.0,
        alpha=(0.95, 0.55, 0.6, 0.85),
        saturation=0.88,
        contrast=0.85,
        value_jitter=0.004,
        width_jitter=0.05,
        ground=(0.52, 0.46, 0.36),
        light_left=0.1,
        highlights=28,
        detail=0.45,
        detail_budget=200,
    )
