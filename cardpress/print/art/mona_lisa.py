"""The Mona Lisa: half-length figure before a hazy landscape, sfumato."""

from __future__ import annotations

from cardpress.print.art.brush import Manner
from cardpress.print.art.pen import Pen, around, gradient
from cardpress.print.colour import hex_rgb


def mona_lisa(pen: Pen, w: float, h: float) -> None:
    """The Mona Lisa, as the real card shows it: hazy landscape, figure, hands, face. Long because
    a painting is one composition drawn back to front, its parts sharing positions and light."""
    rng = pen.rng
    pen.c.setLineCap(1)
    gradient(pen, 0, 0, w, h, hex_rgb("#cdd2b4"), hex_rgb("#8a8a5a"), 14)
    # the hazy landscape: pale blue crags far off, the left horizon lower than the right,
    # blue-green hills nearer, ochre ground; a road winding up on the left, a river and a
    # bridge on the right
    for k, (col, left, right) in enumerate(
        (("#a4b8bc", 0.6, 0.72), ("#6f8a80", 0.46, 0.56), ("#7a6e44", 0.28, 0.34))
    ):
        pts = [(0, 0), (0, h * left)]
        for i in range(1, 8):
            t = i / 8
            crag = (6 - k * 2) * (1 if i % 2 else -0.4) + rng.uniform(-2, 2)
            pts.append((w * t, h * (left + (right - left) * t) + crag))
        pen.poly([*pts, (w, h * right), (w, 0)], hex_rgb(col), 0.9)
    pen.curve(
        [(w * 0.04, h * 0.3), (w * 0.2, h * 0.36), (w * 0.02, h * 0.42), (w * 0.16, h * 0.5)],
        hex_rgb("#d8c28a"),
        2.2,
    )  # the road
    pen.curve(
        [(w * 0.98, h * 0.26), (w * 0.8, h * 0.36), (w * 0.96, h * 0.46), (w * 0.84, h * 0.58)],
        hex_rgb("#b4c8cc"),
        2.6,
    )  # the river
    pen.rect(w * 0.8, h * 0.33, w * 0.14, h * 0.025, hex_rgb("#8a7a54"))  # the bridge
    for k in range(3):
        pen.ellipse(w * (0.83 + k * 0.045), h * 0.325, w * 0.012, h * 0.015, hex_rgb("#4e5a4a"))
    cx = w / 2
    # dark hair under a thin veil, parted in the middle, falling to the shoulders
    pen.blob(
        around(
            cx,
            w,
            h,
            (-0.2, 0.34),
            (-0.18, 0.74),
            (-0.1, 0.94),
            (0.1, 0.94),
            (0.18, 0.74),
            (0.2, 0.34),
        ),
        hex_rgb("#2a1d12"),
    )
    # dress, shoulders and the neckline
    pen.blob(
        [
            (cx - w * 0.42, 0),
            (cx - w * 0.34, h * 0.26),
            (cx - w * 0.16, h * 0.4),
            (cx + w * 0.16, h * 0.4),
            (cx + w * 0.34, h * 0.26),
            (cx + w * 0.42, 0),
        ],
        hex_rgb("#2e2a18"),
    )
    pen.blob(
        [(cx - w * 0.12, h * 0.4), (cx, h * 0.28), (cx + w * 0.12, h * 0.4), (cx, h * 0.44)],
        hex_rgb("#c99a68"),
    )
    pen.dab(cx, h * 0.285, w * 0.22, 0, 0.8, hex_rgb("#8a6a2a"), 0.7)  # the embroidered hem
    # neck and face: an oval modelled in sfumato, the light from the upper left turning by
    # degrees into the right cheek's shadow. Veils, each a shade off the one under it, leave
    # no edge for the strokes to run along: a lit half with a hard rim (and a bright nose
    # ridge beside it) had them run down it, a pale stripe from brow to mouth
    fy, rx, ry = h * 0.64, w * 0.105, h * 0.2
    pen.rect(cx - w * 0.05, h * 0.38, w * 0.1, h * 0.14, hex_rgb("#b08456"))
    pen.ellipse(cx, h * 0.47, w * 0.05, h * 0.05, hex_rgb("#8a6640"), 0.4)  # under the chin
    pen.ellipse(cx, fy, rx, ry, hex_rgb("#c99c68"))
    for k in range(5):  # the light, each veil smaller and nearer the upper left
        t = k / 4
        pen.ellipse(
            cx - rx * (0.08 + 0.16 * t),
            fy + ry * (0.02 + 0.06 * t),
            rx * (0.88 - 0.36 * t),
            ry * (0.9 - 0.3 * t),
            hex_rgb("#e6c28e"),
            0.3,
        )
    for k in range(4):  # the shade of the right cheek and jaw, deepening toward the rim
        pen.ellipse(
            cx + rx * (0.62 + 0.1 * k),
            fy - ry * (0.08 + 0.03 * k),
            rx * (0.5 - 0.08 * k),
            ry * (0.78 - 0.1 * k),
            hex_rgb("#8e6a42"),
            0.2,
        )
    # the eyes (see _eye), and where the painter looks hardest: the whole face alike, the
    # eyes more. Fine strokes glaze, so where more of them fall the paint comes lighter (a
    # narrow focus band on the eyes, or one on the mouth, was painted as a pale bar); the
    # features' marks are put down last by the detail brush, wherever they are still missing
    ey = fy + ry * 0.18
    u = rx * 0.1
    pen.focus(cx, fy - ry * 0.1, rx * 0.8, ry * 0.8, 2.2)
    pen.focus(cx, ey, rx * 0.8, ry * 0.35, 2.5)
    for side in (-1, 1):
        ex = cx + side * rx * 0.42
        _eye(pen, ex, ey, side, u)
        pen.focus(ex, ey + u * 0.3, u * 3.2, u * 2.2, 3.5)
    # the nose: no lit ridge (strokes ran down one, a pale stripe from brow to mouth), but
    # its form in soft shade: the shadowed right flank veiled in from the inner eye corner,
    # a half-shade under the tip, the two nostrils' dark wings either side of a lit tip
    pen.poly(
        [
            (cx + rx * 0.04, ey - ry * 0.02),
            (cx + rx * 0.0, fy - ry * 0.18),
            (cx + rx * 0.2, fy - ry * 0.22),
            (cx + rx * 0.16, ey - ry * 0.02),
        ],
        hex_rgb("#9c7048"),
        0.5,
    )
    pen.ellipse(cx + rx * 0.04, fy - ry * 0.29, rx * 0.24, ry * 0.05, hex_rgb("#a47a50"), 0.5)
    pen.ellipse(cx - rx * 0.02, fy - ry * 0.19, rx * 0.09, ry * 0.045, hex_rgb("#eccc9c"), 0.5)
    for side, dark in ((-1, "#8a6040"), (1, "#6e4a2c")):  # the nostrils
        nx = cx + side * rx * 0.11
        pen.ellipse(nx, fy - ry * 0.245, rx * 0.06, ry * 0.03, hex_rgb(dark), 0.7)
    # the smile: hardly a line, its corners turned up into shadow; the lower lip a touch of light
    my = fy - ry * 0.45
    _smile(pen, cx, my, u)
    pen.ellipse(cx, fy - ry * 0.72, rx * 0.3, ry * 0.1, hex_rgb("#e0b888"), 0.4)  # the chin
    # the parting of the hair: a high bare forehead, the hair drawn down both temples
    for side in (-1, 1):
        pen.poly(
            [
                (cx + side * rx * 1.08, fy + ry * 0.05),
                (cx + side * rx * 0.98, fy + ry * 0.62),
                (cx + side * rx * 0.55, fy + ry * 0.96),
                (cx, fy + ry * 1.05),
                (cx + side * rx * 0.5, fy + ry * 0.88),
                (cx + side * rx * 0.86, fy + ry * 0.5),
            ],
            hex_rgb("#2a1d12"),
        )
    # folded hands, right over left, resting low on the chair's arm: the sleeves' pleated
    # golden-brown silk brings the forearms in from both sides, the left hand in shadow
    for side, pts in (
        (-1, ((-0.36, 0.0), (-0.3, 0.12), (-0.1, 0.12), (-0.06, 0.03))),
        (1, ((0.36, 0.0), (0.3, 0.14), (0.12, 0.15), (0.06, 0.05))),
    ):
        pen.blob(around(cx, w, h, *pts), hex_rgb("#5a4626" if side < 0 else "#6a5430"))
    pen.blob(
        around(cx, w, h, (-0.11, 0.04), (-0.08, 0.11), (0.0, 0.11), (-0.01, 0.03)),
        hex_rgb("#a87a4c"),
    )
    pen.blob(
        around(cx, w, h, (-0.06, 0.07), (-0.02, 0.13), (0.09, 0.13), (0.1, 0.06), (0.02, 0.04)),
        hex_rgb("#d6aa76"),
    )
    for k in range(3):  # the fingers of the right hand over the left wrist
        pen.dab(
            cx - w * (0.03 + k * 0.02),
            h * (0.075 + k * 0.014),
            w * 0.04,
            0.3,
            1.2,
            hex_rgb("#c89a68"),
        )
    # sfumato: a soft dark vignette
    for k in range(3):
        pen.stroke(hex_rgb("#2e1c0e"), 4 + k * 5, 0.2)
        pen.c.rect(0, 0, w, h, stroke=1, fill=0)


def _eye(pen: Pen, ex: float, ey: float, side: int, u: float) -> None:
    """One of her eyes, ``u`` a tenth of the face's half-width: set in a soft shadowed
    socket (she has no brows), deepest by the nose, the upper lid lit above a faint
    crease, the almond of the eye pale but not white, a round brown iris under the lid's
    soft brown edge with a darker pupil, and under it only a veil of shade, no line. At
    card size an eye is a few points wide, and the detail brush draws every line in it
    along its length: a near-black lid edge with a lower-lid line under it came out as
    two dark strokes meeting, a squint (the viewer's left eye a slash)."""
    inner = ex - side * u * 2.6  # the corner by the nose
    pen.ellipse(ex + side * u * 0.2, ey + u * 0.9, u * 3.6, u * 2.0, hex_rgb("#a67c52"), 0.3)
    pen.ellipse(inner, ey + u * 0.4, u * 1.2, u * 1.5, hex_rgb("#8a6442"), 0.3)
    pen.ellipse(ex, ey + u * 1.7, u * 2.3, u * 0.6, hex_rgb("#d6ae7e"), 0.6)  # the lid
    pen.curve(
        [
            (ex - u * 2.2, ey + u * 1.5),
            (ex - u, ey + u * 2.5),
            (ex + u, ey + u * 2.5),
            (ex + u * 2.3, ey + u * 1.6),
        ],
        hex_rgb("#b08a62"),
        u * 0.25,
    )  # its crease, faint
    pen.blob(
        [
            (ex - u * 2.0, ey + u * 0.1),
            (ex - u * 0.2, ey + u * 1.15),
            (ex + u * 2.3, ey + u * 0.2),
            (ex + u * 0.1, ey - u * 0.85),
        ],
        hex_rgb("#e6dac0"),
    )  # the almond, pale enough to read as the eye's white either side of the iris
    pen.ellipse(ex + u * 0.3, ey + u * 0.1, u * 0.9, u * 0.95, hex_rgb("#4e3220"))  # the iris
    pen.ellipse(ex + u * 0.3, ey + u * 0.1, u * 0.4, u * 0.4, hex_rgb("#1e120a"))  # the pupil
    pen.curve(
        [
            (ex - u * 2.3, ey + u * 0.05),
            (ex - u * 0.9, ey + u * 1.25),
            (ex + u * 0.9, ey + u * 1.25),
            (ex + u * 2.3, ey + u * 0.2),
        ],
        hex_rgb("#4e3019"),
        u * 0.3,
    )  # the upper lid's edge, over the iris
    pen.ellipse(ex + u * 0.1, ey - u * 1.3, u * 2.2, u * 0.5, hex_rgb("#b08660"), 0.3)  # below


def _smile(pen: Pen, cx: float, my: float, u: float) -> None:
    """Her mouth: the lips' parting a thin line, nearly straight, whose corners turn up
    into small shadows (the smile is in the corners, not the line), the upper lip in
    shade above it and the lower lip caught by the light, lighter than the skin around
    it. Painted as dark as the parting, both lips and the corners had read at card size
    as one dark band with dark hooks at its ends: a grin, not her smile."""
    pen.ellipse(cx, my + u * 1.5, u * 3.2, u * 1.1, hex_rgb("#c09468"), 0.35)  # half-shade
    pen.ellipse(cx, my + u * 0.5, u * 2.5, u * 0.45, hex_rgb("#b4845a"), 0.45)  # upper lip
    pen.ellipse(cx, my - u * 0.75, u * 1.8, u * 0.5, hex_rgb("#d8a880"), 0.7)  # lower lip, lit
    pen.ellipse(cx, my - u * 1.55, u * 1.3, u * 0.35, hex_rgb("#b88c62"), 0.35)  # under it
    for side in (-1, 1):  # the corners' shadows, soft
        pen.ellipse(cx + side * u * 3.1, my + u * 0.3, u * 0.7, u * 0.55, hex_rgb("#8e6240"), 0.35)
    pen.curve(
        [
            (cx - u * 2.9, my + u * 0.15),
            (cx - u * 1.2, my - u * 0.1),
            (cx + u * 1.2, my - u * 0.1),
            (cx + u * 3.0, my + u * 0.2),
        ],
        hex_rgb("#74462c"),
        u * 0.3,
    )  # the parting
    for side in (-1, 1):  # and where it turns up at each end, a short lift
        x0 = cx + side * u * 2.95
        pen.curve(
            [
                (x0, my + u * 0.17),
                (x0 + side * u * 0.25, my + u * 0.28),
                (x0 + side * u * 0.45, my + u * 0.45),
                (x0 + side * u * 0.55, my + u * 0.6),
            ],
            hex_rgb("#7e5034"),
            u * 0.25,
        )


def brushwork(seed: int, hint: str = "") -> Manner:
    """Leonardo's sfumato: thin veils of glaze, no line, edges lost in smoke; the finest
    brushes glaze too (an opaque last layer put back the edges the veils had lost), over
    a warm dark ground. The finest of all works in the face alone (``detail``): a 0.6 pt
    layer over the whole picture had left her eyes and mouth as smudges, its strokes
    spent on the landscape; in the face, 0.45 pt glazes put down the lids, the dark
    pupils and the smile's corners, in the time that layer took."""
    return Manner(
        brushes=(6.0, 3.0, 1.5),
        threshold=0.08,
        tolerance=0.14,
        budget=(200, 300, 380),
        min_length=2,
        max_length=8,
        curvature=0.3,
        blur=1.0,
        grid=2.0,
        step=1.5,
        alpha=(0.7, 0.55, 0.5, 0.6),
        saturation=0.9,
        width_jitter=0.05,
        ground=(0.3, 0.2, 0.11),
        detail=0.45,
        detail_budget=240,
    )
