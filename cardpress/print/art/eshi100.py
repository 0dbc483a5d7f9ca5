"""絵師100人展 proxies: an illustration for each card, each in a style of its own.

The originals are an illustrators' exhibition, so each proxy's picture is a
small illustration of its title (a plum branch, cherry blossoms at night, a
morning-glory fence, a moon-viewing garden, an auctioneer's gavel...) drawn
as a flat reference with the :class:`~.pen.Pen` and painted by the same brush
renderer as Triptych's paintings, in one of seven illustrators' styles
(ink wash, woodblock, watercolour, gouache, pastel, pointillist dots, palette
knife) taken in turn along the deck, so neighbouring cards never share one.
A card whose title names no scene (a player's own card list, from a CSV) gets
a garden of its flowers. No copyrighted artwork is involved.
"""

from __future__ import annotations

import math

from cardpress.print.art.brush import Manner
from cardpress.print.art.pen import Pen, around, gradient
from cardpress.print.colour import RGB, hex_rgb, mix
from cardpress.print.glyphs import draw_flower

#: the box proxies are painted in (pt): the picture band of a poker-size proxy
CANVAS = (150.0, 62.0)

PAPER = "#f3ecdc"


def _flowers(pen: Pen) -> list[tuple[str, RGB]]:
    """The card's flowers, (icon, colour), from the hint "Title|ume=#c2285a,..."."""
    _, _, spec = pen.hint.partition("|")
    found = []
    for item in filter(None, spec.split(",")):
        icon, _, rgb = item.partition("=")
        found.append((icon, hex_rgb(rgb)))
    return found or [("ume", hex_rgb("#c2285a"))]


def _title(pen: Pen) -> str:
    return pen.hint.partition("|")[0].lower()


def _flower(pen: Pen, icon: str, x: float, y: float, r: float, col: RGB) -> None:
    draw_flower(pen.c, icon, x, y, r, col, disc=False)


def _branch(pen: Pen, pts, col: RGB, width: float) -> None:
    pen.curve(pts, col, width)


# --------------------------------------------------------------------------- scenes


def _plum_branch(pen: Pen, w: float, h: float) -> None:
    """A gnarled plum branch across a pale sky, blossoms opening along it."""
    icon, col = _flowers(pen)[0]
    pen.rect(0, 0, w, h, hex_rgb("#eef0e4"))
    pen.ellipse(w * 0.78, h * 0.7, 14, 14, hex_rgb("#f6e2c4"))  # a low winter sun
    bark = hex_rgb("#3a2a22")
    _branch(pen, [(-4, h * 0.2), (w * 0.3, h * 0.7), (w * 0.5, h * 0.1), (w + 4, h * 0.6)], bark, 4)
    _branch(
        pen, [(w * 0.35, h * 0.45), (w * 0.4, h * 0.8), (w * 0.55, h * 0.9), (w * 0.6, h)], bark, 2
    )
    rng = pen.rng
    for t in (0.12, 0.22, 0.35, 0.48, 0.6, 0.72, 0.85, 0.93):
        x = w * t + rng.uniform(-3, 3)
        y = h * (0.35 + 0.3 * math.sin(t * 6)) + rng.uniform(-4, 4)
        _flower(pen, icon, x, y, rng.uniform(4, 6), col)
    # a second, slender branch reaching down from the upper right, in bud
    _branch(
        pen,
        [(w + 4, h * 0.95), (w * 0.86, h * 0.8), (w * 0.8, h * 0.86), (w * 0.66, h * 0.72)],
        bark,
        1.6,
    )
    for t, y in ((0.95, 0.9), (0.84, 0.83), (0.7, 0.74)):
        pen.ellipse(w * t, h * y, 2.2, 2.6, col)


def _night_blossoms(pen: Pen, w: float, h: float) -> None:
    """夜桜: a cherry tree's pale cloud of blossom against the night, a paper lantern, the moon."""
    icon, col = _flowers(pen)[0]
    pen.rect(0, 0, w, h, hex_rgb("#1c2340"))
    pen.ellipse(w * 0.85, h * 0.78, 8, 8, hex_rgb("#f4ecc8"))
    pen.rect(w * 0.36, 0, 6, h * 0.55, hex_rgb("#2a1e1e"))  # the trunk
    rng = pen.rng
    for _ in range(9):
        pen.ellipse(
            w * rng.uniform(0.1, 0.75),
            h * rng.uniform(0.5, 0.95),
            rng.uniform(10, 18),
            rng.uniform(7, 11),
            mix(col, (1, 1, 1), 0.45),
            0.9,
        )
    for _ in range(12):
        _flower(pen, icon, w * rng.uniform(0.1, 0.75), h * rng.uniform(0.45, 0.95), 3.5, col)
    pen.ellipse(w * 0.62, h * 0.3, 5, 7, hex_rgb("#f2a23a"))  # the lantern's glow
    pen.ellipse(w * 0.62, h * 0.3, 3, 4.5, hex_rgb("#fce8b0"))
    pen.rect(0, 0, w, h * 0.1, hex_rgb("#141a2e"))


def _fence(pen: Pen, w: float, h: float) -> None:
    """朝顔の垣根: a bamboo lattice fence hung with morning glories and heart-shaped leaves."""
    icon, col = _flowers(pen)[0]
    pen.rect(0, 0, w, h, hex_rgb("#e8f0f2"))
    bamboo = hex_rgb("#8a6a32")
    for k in range(-2, 9):
        pen.dab(w * k / 7, h / 2, h * 1.6, 1.05, 3.0, bamboo)
        pen.dab(w * k / 7, h / 2, h * 1.6, 2.1, 3.0, bamboo)
    rng = pen.rng
    leaf = hex_rgb("#3f7a3a")
    for _ in range(16):
        pen.ellipse(w * rng.random(), h * rng.random(), 4, 3, leaf, 0.9)
    for _ in range(9):
        _flower(pen, icon, w * rng.uniform(0.05, 0.95), h * rng.uniform(0.2, 0.85), 6, col)


def _meadow(pen: Pen, w: float, h: float) -> None:
    """桔梗の野: an autumn meadow of bellflowers under a wide sky, hills far off."""
    icon, col = _flowers(pen)[0]
    pen.rect(0, h * 0.5, w, h * 0.5, hex_rgb("#cfe0ec"))
    pen.poly(
        [(0, h * 0.5), (w * 0.3, h * 0.66), (w * 0.6, h * 0.55), (w, h * 0.64), (w, h * 0.5)],
        hex_rgb("#8aa6a0"),
    )
    pen.rect(0, 0, w, h * 0.52, hex_rgb("#9ab86a"))
    rng = pen.rng
    for _ in range(22):
        y = h * 0.48 * rng.random() ** 1.3
        x = w * rng.random()
        pen.dab(x, y - 4, 8, math.pi / 2, 0.8, hex_rgb("#4a6a2a"))
        _flower(pen, icon, x, y, 2.5 + (0.5 - y / h) * 6, col)


def _herald(pen: Pen, w: float, h: float) -> None:
    """春告げ: a bush warbler on a blossoming branch, plum and cherry side by side."""
    flowers = _flowers(pen)
    pen.rect(0, 0, w, h, hex_rgb("#f2efe0"))
    gradient(pen, 0, 0, w, h, hex_rgb("#e4ecd8"), hex_rgb("#f6f0e2"), 8)
    bark = hex_rgb("#4a3424")
    _branch(
        pen, [(-4, h * 0.35), (w * 0.35, h * 0.55), (w * 0.65, h * 0.4), (w + 4, h * 0.7)], bark, 3
    )
    rng = pen.rng
    for k, t in enumerate((0.1, 0.25, 0.42, 0.58, 0.75, 0.9)):
        icon, col = flowers[k % len(flowers)]
        _flower(pen, icon, w * t, h * (0.45 + 0.15 * math.sin(t * 5)) + rng.uniform(-5, 5), 5, col)
    bx, by = w * 0.5, h * 0.6  # the uguisu, olive green, perched on the branch
    pen.ellipse(bx, by, 13, 8, hex_rgb("#7a7a2a"))
    pen.ellipse(bx - 2, by - 3, 9, 4, hex_rgb("#c8c07a"))  # its pale breast
    pen.ellipse(bx + 10, by + 5, 6, 5.5, hex_rgb("#8a8a32"))  # the head
    pen.poly([(bx + 15, by + 6), (bx + 20, by + 5), (bx + 15, by + 4)], hex_rgb("#3a3020"))
    pen.poly([(bx - 11, by + 1), (bx - 26, by + 6), (bx - 24, by - 2)], hex_rgb("#5a5a1e"))
    pen.curve(
        [(bx - 6, by + 4), (bx, by + 8), (bx + 6, by + 6), (bx + 8, by + 1)],
        hex_rgb("#4a4a1a"),
        1.6,
    )  # the folded wing
    pen.ellipse(bx + 12, by + 6.5, 1.4, 1.4, hex_rgb("#1e1e1e"))  # the eye
    pen.ellipse(bx + 11.5, by + 5, 2.8, 0.8, hex_rgb("#e8e4c8"))  # the pale brow stripe


def _veranda(pen: Pen, w: float, h: float) -> None:
    """夏の縁側: looking out from the dark house over the veranda's boards into a bright summer
    garden between two posts, a glass wind chime hanging from the eaves, a slice of
    watermelon on a plate and the card's flowers in pots. The middle 55 % of the width
    holds it all, what a card's taller picture box shows; the posts frame it."""
    flowers = _flowers(pen)
    _middle(pen, w, h)
    pen.rect(0, 0, w, h, hex_rgb("#5a9a44"))  # the garden
    pen.rect(0, h * 0.6, w, h * 0.4, hex_rgb("#5a9ee0"))  # the summer sky
    pen.ellipse(w * 0.4, h * 0.72, 10, 5, hex_rgb("#f6f8fa"))  # a cloud
    pen.ellipse(w * 0.47, h * 0.76, 7, 5.5, hex_rgb("#f6f8fa"))
    for x, y, rx, col in (
        (0.28, 0.58, 9, "#2f6e30"),
        (0.4, 0.6, 8, "#3f8a3a"),
        (0.56, 0.62, 10, "#2f6e30"),
        (0.7, 0.58, 9, "#3f8a3a"),
    ):  # trees beyond the hedge
        pen.ellipse(w * x, h * y, rx, 7, hex_rgb(col))
    pen.rect(0, h * 0.3, w, h * 0.16, hex_rgb("#6ab04a"))  # the sunlit hedge
    boards, seam = hex_rgb("#d09a5c"), hex_rgb("#9a6a3a")
    pen.rect(0, 0, w, h * 0.3, boards)  # the veranda, its boards running out to the garden
    for k in range(-6, 7):
        xb = w / 2 + k * 16
        xt = w / 2 + (xb - w / 2) * 0.45
        pen.curve([(xb, 0), (xb, 0), (xt, h * 0.3), (xt, h * 0.3)], seam, 0.8)
    pen.rect(0, h * 0.28, w, h * 0.03, hex_rgb("#6a4426"))  # its edge
    for x in (0.25, 0.715):  # the posts
        pen.rect(w * x, h * 0.28, 5, h * 0.6, hex_rgb("#3a2a20"))
    pen.rect(0, h * 0.86, w, h * 0.14, hex_rgb("#2a201c"))  # the eaves
    pen.rect(0, h * 0.83, w, h * 0.04, hex_rgb("#4a3628"))
    fx, fy = w * 0.5, h * 0.72  # the fūrin: a glass bell, its red band, its paper strip
    pen.rect(fx - 0.4, fy, 0.8, h * 0.12, hex_rgb("#2a201c"))
    pen.ellipse(fx, fy, 6, 5.5, hex_rgb("#e8f6fc"))
    pen.rect(fx - 5.6, fy - 1.5, 11.2, 2.6, hex_rgb("#d8343a"))
    pen.rect(fx - 2.2, h * 0.4, 4.4, fy - 5 - h * 0.4, hex_rgb("#f8d8e4"))
    pen.focus(fx, fy - 4, 6, 10, 3.0)
    mx, my = w * 0.44, h * 0.08  # a slice of watermelon on a plate
    pen.ellipse(mx, my, 15, 4, hex_rgb("#eef2f6"))
    for r, col in ((11.5, "#2e7a34"), (10, "#f2f0d8"), (9, "#e23a3a")):
        arc = [
            (mx + r * math.cos(a / 12 * math.pi), my + r * 0.9 * math.sin(a / 12 * math.pi))
            for a in range(13)
        ]
        pen.poly(arc, hex_rgb(col))
    for dx, dy in ((-3.5, 3), (0, 5), (3.5, 3)):
        pen.ellipse(mx + dx, my + dy, 1.1, 1.5, hex_rgb("#1e1a18"))
    pen.focus(mx, my + 3, 9, 6, 2.5)
    for k, (px, top) in enumerate(((0.63, 0.62), (0.32, 0.44))):  # potted flowers
        icon, col = flowers[k % len(flowers)]
        x = w * px
        pen.poly(
            [(x - 6, h * 0.04), (x + 6, h * 0.04), (x + 7, h * 0.22), (x - 7, h * 0.22)],
            hex_rgb("#8a3e2e"),
        )
        pen.rect(x - 3.5, h * 0.22, 1.2, h * (top - 0.22), hex_rgb("#b8a060"))  # bamboo canes
        pen.rect(x + 2.5, h * 0.22, 1.2, h * (top - 0.22), hex_rgb("#b8a060"))
        for j in range(4):
            pen.ellipse(
                x + (-4 if j % 2 else 4),
                h * (0.26 + (top - 0.26) * j / 3),
                3.4,
                2.4,
                hex_rgb("#2e6a2a"),
            )
        for j in range(3):
            _flower(
                pen, icon, x + (3 if j % 2 else -2), h * (0.34 + (top - 0.34) * j / 2), 6.5, col
            )


def _petal_raft(pen: Pen, w: float, h: float) -> None:
    """花筏: a cherry tree's pink canopy hanging over a dark river, its fallen petals drifting
    downstream in three broad pink rafts, light on the water, the card's flowers on the near
    bank. Big slabs the palette knife keeps, inside the middle 55 % of the width, what a
    card's taller picture box shows."""
    flowers = _flowers(pen)
    _middle(pen, w, h)
    gradient(pen, 0, 0, w, h, hex_rgb("#5a90b4"), hex_rgb("#1e4a66"), 8)  # the river
    for x, y, length in ((0.3, 0.7, 16), (0.62, 0.58, 20), (0.42, 0.28, 14), (0.7, 0.22, 12)):
        pen.dab(w * x, h * y, length, 0.08, 1.6, hex_rgb("#a8cce0"))  # light on the water
    _icon, col = flowers[0]
    petal = mix(col, (1, 1, 1), 0.35)
    for x, y, rx, ry, tilt in (
        (0.36, 0.46, 16, 4.5, 0.1),
        (0.6, 0.34, 18, 5, -0.08),
        (0.5, 0.62, 11, 3.2, 0.05),
    ):
        cx, cy = w * x, h * y  # a raft: a long drift of petals, brighter on its upper edge
        pen.blob(
            [(cx - rx, cy - tilt * rx), (cx, cy - ry), (cx + rx, cy + tilt * rx), (cx, cy + ry)],
            petal,
        )
        pen.ellipse(cx - rx * 0.2, cy + ry * 0.35, rx * 0.5, ry * 0.4, mix(col, (1, 1, 1), 0.7))
    pen.poly(
        [(0, 0), (w, 0), (w, h * 0.12), (w * 0.6, h * 0.18), (w * 0.3, h * 0.14), (0, h * 0.2)],
        hex_rgb("#4a7a3a"),
    )  # the near bank
    for k in range(5):
        icon, c = flowers[(k + 1) % len(flowers)]
        _flower(pen, icon, w * (0.28 + 0.11 * k), h * (0.08 + 0.04 * (k % 2)), 5.5, c)
    bark = hex_rgb("#2e221e")  # the tree, rising from the near bank, its canopy over the water
    pen.poly(
        [(w * 0.22, h * 0.1), (w * 0.27, h * 0.1), (w * 0.31, h * 0.86), (w * 0.27, h * 0.9)], bark
    )
    _branch(
        pen,
        [(w * 0.27, h * 0.86), (w * 0.42, h * 0.92), (w * 0.58, h * 0.84), (w * 0.76, h * 0.9)],
        bark,
        2.2,
    )
    for x, y, rx, ry, t in (
        (0.3, 0.92, 14, 8, 0.25),
        (0.46, 0.96, 15, 7, 0.1),
        (0.62, 0.9, 14, 7, 0.3),
        (0.74, 0.96, 10, 6, 0.15),
    ):
        pen.ellipse(w * x, h * y, rx, ry, mix(col, (1, 1, 1), t))
    for k in range(5):
        icon, c = flowers[0]
        _flower(pen, icon, w * (0.3 + 0.11 * k), h * (0.86 + 0.06 * (k % 2)), 4.5, c)


def _moon_garden(pen: Pen, w: float, h: float) -> None:
    """月見の庭: the harvest moon over pampas grass, bellflowers, a stand of moon dumplings."""
    icon, col = _flowers(pen)[0]
    pen.rect(0, 0, w, h, hex_rgb("#1e2a4a"))
    pen.ellipse(w * 0.7, h * 0.66, 15, 15, hex_rgb("#f6e6a8"))
    pen.ellipse(w * 0.7, h * 0.66, 19, 19, hex_rgb("#f6e6a8"), 0.3)
    for k in range(9):  # susuki, silver plumes bowing
        x = w * (0.05 + k * 0.1)
        pen.curve(
            [(x, 0), (x + 2, h * 0.3), (x + 6, h * 0.55), (x + 12, h * 0.62)],
            hex_rgb("#c9c0a0"),
            1.2,
        )
    pen.poly(
        [(w * 0.36, 0), (w * 0.5, 0), (w * 0.47, h * 0.2), (w * 0.39, h * 0.2)], hex_rgb("#8a6a4a")
    )  # the sanbō stand
    for j, (dx, dy) in enumerate(((0, 0), (5, 0), (-5, 0), (2.5, 4), (-2.5, 4), (0, 8))):
        pen.ellipse(
            w * 0.43 + dx, h * 0.26 + dy, 2.6, 2.4, hex_rgb("#f2efe4" if j % 2 else "#ebe6d8")
        )
    for x in (0.1, 0.22, 0.8, 0.92):
        _flower(pen, icon, w * x, h * 0.2, 4.5, col)


def _gallery(pen: Pen, w: float, h: float) -> None:
    """画廊の常連: a gallery wall of framed pictures and a regular visitor before them."""
    flowers = _flowers(pen)
    pen.rect(0, 0, w, h, hex_rgb("#e6dcc8"))
    pen.rect(0, 0, w, h * 0.18, hex_rgb("#8a6a4a"))
    frames = ((0.08, 0.4, 0.2, 0.45), (0.34, 0.45, 0.16, 0.35), (0.62, 0.36, 0.26, 0.52))
    for k, (u, v, fw, fh) in enumerate(frames):
        x, y = w * u, h * v
        pen.rect(x - 2, y - 2, w * fw + 4, h * fh + 4, hex_rgb("#b8902a"))
        pen.rect(x, y, w * fw, h * fh, hex_rgb(("#6a8ab0", "#c9b48a", "#5a7a5a")[k]))
        icon, col = flowers[k % len(flowers)]
        _flower(pen, icon, x + w * fw / 2, y + h * fh / 2, min(w * fw, h * fh) * 0.3, col)
    cx = w * 0.5  # the visitor, seen from behind, hands clasped
    pen.blob(
        [
            (cx - 7, h * 0.05),
            (cx - 8, h * 0.45),
            (cx, h * 0.55),
            (cx + 8, h * 0.45),
            (cx + 7, h * 0.05),
        ],
        hex_rgb("#3a3a4a"),
    )
    pen.ellipse(cx, h * 0.62, 4.5, 5.5, hex_rgb("#2a221e"))


def _gavel(pen: Pen, w: float, h: float) -> None:
    """オークショニアの槌: the auctioneer's gavel coming down on its block, petals flying."""
    icon, col = _flowers(pen)[0]
    gradient(pen, 0, 0, w, h, hex_rgb("#2a2440"), hex_rgb("#4a3a5a"), 8)
    pen.rect(0, 0, w, h * 0.3, hex_rgb("#6a3a22"))  # the rostrum
    pen.ellipse(w * 0.5, h * 0.3, 22, 5.5, hex_rgb("#c08a4a"))  # the sounding block
    pen.dab(w * 0.64, h * 0.64, w * 0.36, 0.5, 4.0, hex_rgb("#d9a860"))  # the handle
    pen.blob(
        [(w * 0.36, h * 0.38), (w * 0.32, h * 0.64), (w * 0.47, h * 0.74), (w * 0.52, h * 0.48)],
        hex_rgb("#e8b870"),
    )  # the head
    rng = pen.rng
    for _ in range(9):
        _flower(pen, icon, w * rng.uniform(0.05, 0.95), h * rng.uniform(0.35, 0.95), 3.5, col)


def _screen(pen: Pen, w: float, h: float) -> None:
    """四季の屏風: a gold-leaf folding screen, one panel to each season's flower."""
    flowers = _flowers(pen)
    panels = 4
    for k in range(panels):
        x = w * k / panels
        pen.rect(x, 0, w / panels, h, hex_rgb("#d9b45a" if k % 2 else "#c9a44a"))
        pen.rect(x, 0, 1.2, h, hex_rgb("#3a2a1a"))
        icon, col = flowers[k % len(flowers)]
        pen.poly(
            [(x, 0), (x + w / panels, 0), (x + w / panels, h * 0.2), (x, h * 0.28)],
            hex_rgb("#3a6a8a"),
        )  # the stream running across the panels
        _branch(
            pen,
            [(x + 4, h * 0.2), (x + 10, h * 0.5), (x + 20, h * 0.6), (x + 30, h * 0.8)],
            hex_rgb("#4a3a2a"),
            1.4,
        )
        for j in range(3):
            _flower(pen, icon, x + 10 + j * 8, h * (0.5 + 0.12 * j), 5, col)
    pen.rect(0, 0, w, 2, hex_rgb("#2a1e14"))
    pen.rect(0, h - 2, w, 2, hex_rgb("#2a1e14"))


def _middle(pen: Pen, w: float, h: float) -> None:
    """Send the finer brushes' strokes to the middle 60 % of the width first: a card's picture
    box is taller than this canvas, so it shows the middle, and strokes spent at the sides
    (seen only on a wide box) would be taken from the picture's subject."""
    pen.focus(w / 2, h / 2, w * 0.25, h * 0.7, 2.0)


def _on_sheet(corners, u: float, v: float) -> tuple[float, float]:
    """A point of a tilted sheet, (u, v) in 0-1 across and up it, from its four corners
    (bottom-left, bottom-right, top-right, top-left): its lines are written square."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = corners
    x0, y0 = ax + (bx - ax) * u, ay + (by - ay) * u
    x1, y1 = dx + (cx - dx) * u, dy + (cy - dy) * u
    return (x0 + (x1 - x0) * v, y0 + (y1 - y0) * v)


def _band(pen: Pen, corners, u0, u1, v0, v1, col: RGB) -> None:
    pen.poly([_on_sheet(corners, u, v) for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))], col)


def _certificate(pen: Pen, w: float, h: float) -> None:
    """鑑定書: a certificate lying askew on a green baize desk, its gold border, red title and
    lines of writing set large, a red wax rosette with ribbons at its foot; the appraiser's
    loupe beside it and sprigs of the card's flowers. Every part is a broad shape of its own
    colour, so the pastel's chalk hatching keeps it a document, not a grey grid; all of it
    within the middle 60 % of the width, what a card's taller picture box shows."""
    flowers = _flowers(pen)
    _middle(pen, w, h)
    gradient(pen, 0, 0, w, h, hex_rgb("#2e5a48"), hex_rgb("#1e3e32"), 8)  # the baize
    sheet = ((w * 0.2, h * 0.1), (w * 0.57, h * 0.03), (w * 0.61, h * 0.92), (w * 0.23, h * 0.99))
    pen.poly([(x + 2.5, y - 2.5) for x, y in sheet], hex_rgb("#12261e"))  # its shadow
    pen.poly(list(sheet), hex_rgb("#f6ecd0"))
    _band(pen, sheet, 0.05, 0.95, 0.04, 0.96, hex_rgb("#c49a30"))  # the gold border
    _band(pen, sheet, 0.11, 0.89, 0.09, 0.91, hex_rgb("#f6ecd0"))
    _band(pen, sheet, 0.2, 0.8, 0.7, 0.82, hex_rgb("#a02828"))  # the title
    for u1, v in ((0.82, 0.5), (0.82, 0.34), (0.5, 0.18)):  # lines of writing
        _band(pen, sheet, 0.18, u1, v, v + 0.075, hex_rgb("#4a4038"))
    sx, sy = _on_sheet(sheet, 0.76, 0.22)  # the wax rosette and its two ribbon tails
    pen.poly(
        [(sx - 3, sy), (sx - 8, sy - 15), (sx - 4, sy - 12), (sx + 1, sy - 16)], hex_rgb("#b0303a")
    )
    pen.poly(
        [(sx + 1, sy), (sx + 4, sy - 16), (sx + 7, sy - 12), (sx + 10, sy - 14)], hex_rgb("#e0b840")
    )
    pen.ellipse(sx, sy, 8.5, 8.5, hex_rgb("#a81e2a"))
    pen.ellipse(sx, sy, 5.5, 5.5, hex_rgb("#d8424a"))
    pen.ellipse(sx - 1.5, sy + 1.5, 2.2, 2.2, hex_rgb("#f4948a"))
    pen.focus(sx, sy, 9, 9, 3.0)
    lx, ly = w * 0.7, h * 0.56  # the loupe: a black ring, its pale lens, a wooden handle
    pen.focus(lx, ly, 10, 10, 3.0)
    pen.dab(lx + 9, ly - 14, 20, -1.0, 5, hex_rgb("#8a4c26"))
    pen.ellipse(lx, ly, 10, 10, hex_rgb("#1a1614"))
    pen.ellipse(lx, ly, 7.5, 7.5, hex_rgb("#bcd6e0"))
    pen.ellipse(lx - 2.5, ly + 2.5, 3, 3, hex_rgb("#f4f9fb"))
    bark = hex_rgb("#3a2a22")
    _branch(
        pen,
        [(w * 0.86, h * 1.04), (w * 0.8, h * 0.9), (w * 0.74, h * 0.96), (w * 0.64, h * 0.9)],
        bark,
        1.6,
    )
    _branch(
        pen,
        [(w * 0.84, h * -0.04), (w * 0.78, h * 0.12), (w * 0.7, h * 0.1), (w * 0.64, h * 0.2)],
        bark,
        1.6,
    )
    for k, (u, v) in enumerate(((0.78, 0.9), (0.68, 0.93), (0.72, 0.12), (0.64, 0.2), (0.8, 0.04))):
        icon, col = flowers[k % len(flowers)]
        _flower(pen, icon, w * u, h * v, 6, col)


def _everywhere(pen: Pen, w: float, h: float) -> None:
    """朝顔づくし: morning glories filling the picture edge to edge, leaves between them."""
    icon, col = _flowers(pen)[0]
    pen.rect(0, 0, w, h, hex_rgb("#eaf2f0"))
    rng = pen.rng
    for _ in range(14):
        pen.ellipse(w * rng.random(), h * rng.random(), 5, 4, hex_rgb("#4a8a4a"), 0.9)
    for j in range(3):
        for i in range(8):
            shade = mix(col, (1, 1, 1), rng.uniform(0, 0.35))
            _flower(pen, icon, w * (i + 0.5 * (j % 2)) / 7.5, h * (0.18 + j * 0.32), 7.5, shade)


def _seal(pen: Pen, w: float, h: float) -> None:
    """落款: a finished ink landscape on its silk mount, the artist's signature in a column at
    its edge and the vermilion seal stamped under it; a branch of the card's flowers in front."""
    flowers = _flowers(pen)
    pen.rect(0, 0, w, h, hex_rgb("#4a5a6a"))  # the blue-grey silk mount
    pen.rect(0, h * 0.9, w, h * 0.1, hex_rgb("#7a6a4a"))  # its gold brocade band
    pen.rect(w * 0.05, h * 0.08, w * 0.9, h * 0.78, hex_rgb("#efe6cc"))  # the paper
    # the landscape in a few broad washes: a pale far range, two dark near peaks, mist
    pen.poly(
        around(
            0, w, h, (0.06, 0.3), (0.2, 0.62), (0.3, 0.5), (0.42, 0.74), (0.6, 0.36), (0.6, 0.3)
        ),
        hex_rgb("#b4ae9a"),
    )
    pen.poly(
        around(0, w, h, (0.12, 0.1), (0.26, 0.58), (0.34, 0.4), (0.44, 0.52), (0.58, 0.1)),
        hex_rgb("#3a3832"),
    )
    pen.poly(
        around(0, w, h, (0.26, 0.58), (0.3, 0.3), (0.22, 0.1), (0.14, 0.1)),
        hex_rgb("#6a665a"),
    )  # the lit flank
    pen.rect(w * 0.06, h * 0.09, w * 0.62, h * 0.07, hex_rgb("#d8d0b8"))  # mist at the foot
    pen.ellipse(w * 0.6, h * 0.66, 5, 5, hex_rgb("#c8283c"), 0.8)  # a red sun
    # the signature: a column of brushed characters down the right of the paper
    for k in range(4):
        pen.dab(w * 0.8, h * (0.76 - k * 0.11), 7, 0.3 + k * 0.7, 2.6, hex_rgb("#1e1a18"))
    # the seal under it, vermilion, its carved characters in the paper's colour
    sx, sy, sz = w * 0.74, h * 0.13, h * 0.28
    pen.rect(sx, sy, sz, sz, hex_rgb("#c8283c"))
    pen.rect(sx + sz * 0.15, sy + sz * 0.55, sz * 0.7, sz * 0.12, hex_rgb("#f2d8c8"))
    pen.rect(sx + sz * 0.44, sy + sz * 0.15, sz * 0.12, sz * 0.7, hex_rgb("#f2d8c8"))
    pen.rect(sx + sz * 0.15, sy + sz * 0.22, sz * 0.7, sz * 0.1, hex_rgb("#f2d8c8"))
    # a low sprig of the card's flowers in the mist at the mountain's foot
    _branch(
        pen,
        [(w * 0.04, h * 0.11), (w * 0.14, h * 0.16), (w * 0.26, h * 0.1), (w * 0.4, h * 0.14)],
        hex_rgb("#3a2a22"),
        1.4,
    )
    for k in range(5):
        icon, col = flowers[k % len(flowers)]
        _flower(pen, icon, w * (0.07 + 0.07 * k), h * (0.13 + 0.03 * (k % 2)), 4.2, col)


def _garden(pen: Pen, w: float, h: float) -> None:
    """Any other card: a garden of its own flowers under a seasonal sky."""
    flowers = _flowers(pen)
    gradient(pen, 0, 0, w, h, hex_rgb("#dfe8ee"), hex_rgb("#f4efe0"), 8)
    pen.rect(0, 0, w, h * 0.35, hex_rgb("#8aae6a"))
    rng = pen.rng
    for k in range(10):
        icon, col = flowers[k % len(flowers)]
        _flower(pen, icon, w * rng.uniform(0.05, 0.95), h * rng.uniform(0.1, 0.7), 5, col)


#: English title words -> scene; a card naming none gets its flowers' garden
SCENES = (
    ("plum branch", _plum_branch),
    ("at night", _night_blossoms),
    ("fence", _fence),
    ("meadow", _meadow),
    ("herald", _herald),
    ("veranda", _veranda),
    ("raft", _petal_raft),
    ("moon", _moon_garden),
    ("gallery", _gallery),
    ("gavel", _gavel),
    ("screen", _screen),
    ("certificate", _certificate),
    ("everywhere", _everywhere),
    ("seal", _seal),
)


def scene(pen: Pen, w: float, h: float) -> None:
    title = _title(pen)
    for word, draw in SCENES:
        if word in title:
            draw(pen, w, h)
            return
    _garden(pen, w, h)


# --------------------------------------------------------------------------- styles

PAPER_RGB = hex_rgb(PAPER)

#: seven illustrators' hands: (name, manner)
STYLES: tuple[tuple[str, Manner], ...] = (
    (
        "ink-wash",  # sumi-e: long tapering strokes, colour held back, paper showing
        Manner(
            brushes=(3.0, 1.6, 0.8),
            threshold=0.14,
            min_length=3,
            max_length=9,
            curvature=0.7,
            step=1.2,
            saturation=0.75,
            alpha=(0.55, 0.7, 0.9),
            width=0.6,
            width_jitter=0.4,
            ground=PAPER_RGB,
            budget=(220, 260, 320),
        ),
    ),
    (
        "woodblock",  # ukiyo-e: flat areas, straight cuts, strong colour
        Manner(
            brushes=(2.6, 1.2, 0.7),
            threshold=0.1,
            min_length=4,
            max_length=8,
            curvature=0.05,
            step=1.4,
            saturation=1.2,
            contrast=1.15,
            tolerance=0.12,
            width_jitter=0.0,
            rest_angle=0.0,
            rest_spread=0.0,
            ground=PAPER_RGB,
            budget=(220, 280, 320),
        ),
    ),
    (
        "watercolour",  # washes that pool and bleed, white paper between
        Manner(
            brushes=(4.0, 2.0, 1.0),
            threshold=0.12,
            min_length=2,
            max_length=6,
            curvature=0.5,
            blur=1.0,
            alpha=(0.45, 0.5, 0.7),
            saturation=1.1,
            hue_jitter=0.02,
            value_jitter=0.04,
            ground=(0.98, 0.97, 0.94),
            budget=(200, 260, 300),
        ),
    ),
    (
        "gouache",  # opaque, matte, poster-bright
        Manner(
            brushes=(3.0, 1.5, 0.8),
            threshold=0.1,
            min_length=2,
            max_length=5,
            curvature=0.4,
            saturation=1.35,
            contrast=1.1,
            width=0.9,
            ground=PAPER_RGB,
            budget=(240, 300, 320),
        ),
    ),
    (
        "pastel",  # chalky hatching on toned paper, one slant
        Manner(
            brushes=(2.4, 1.3, 0.8),
            threshold=0.12,
            min_length=3,
            max_length=4,
            curvature=0.0,
            hatch=1.1,
            saturation=0.9,
            contrast=0.85,
            value_jitter=0.08,
            width=0.45,
            width_jitter=0.3,
            ground=hex_rgb("#d8cdb8"),
            budget=(300, 320, 320),
        ),
    ),
    (
        "pointillist",  # dots of pure colour side by side
        Manner(
            brushes=(1.8, 1.1, 0.7),
            threshold=0.1,
            min_length=1,
            max_length=1,
            saturation=1.4,
            hue_jitter=0.05,
            value_jitter=0.06,
            width=0.8,
            width_jitter=0.1,
            rest_angle=None,
            ground=(0.97, 0.96, 0.92),
            budget=(420, 420, 400),
        ),
    ),
    (
        "palette-knife",  # broad flat slabs of paint, edges crisp
        Manner(
            brushes=(3.6, 2.0, 1.1),
            threshold=0.12,
            min_length=2,
            max_length=3,
            curvature=0.0,
            step=1.6,
            saturation=1.2,
            width=1.1,
            width_jitter=0.35,
            tolerance=0.2,
            ground=hex_rgb("#3a3a3a"),
            budget=(200, 260, 300),
            impasto=0.4,
        ),
    ),
)


def style_names() -> list[str]:
    return [name for name, _ in STYLES]
