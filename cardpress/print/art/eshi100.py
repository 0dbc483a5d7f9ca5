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

#: the box proxies are painted in (pt): the shape of a poker proxy's picture box at its full
#: height (143.4 x 108.4, within 1 %; tests/print/test_art.py measures it), as
#: ``painterly.CANVAS`` is Triptych's art box; a box shortened by long effect text, or a
#: bridge card's narrower one, crops it a little, so every scene keeps its subject central
CANVAS = (150.0, 113.4)

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


def _bloom(pen: Pen, icon: str, x: float, y: float, r: float, col: RGB, weight: float) -> None:
    """A flower as a painting keeps it: with a dark heart, and a focus area, so the fine
    brushes reach its petals before the budget runs out."""
    _flower(pen, icon, x, y, r, col)
    pen.ellipse(x, y, r * 0.2, r * 0.2, mix(col, (0.2, 0.05, 0.1), 0.55))  # its heart
    pen.focus(x, y, r * 1.1, r * 1.1, weight)


def _branch(pen: Pen, pts, col: RGB, width: float) -> None:
    pen.curve(pts, col, width)


def _sprig(
    pen: Pen, pts, ts, r: float, width: float = 2.4, weight: float = 2.5, flowers=None
) -> None:
    """A twig (four Bézier points) with flowers open at ``ts`` along it, taking the card's
    flowers (or ``flowers``) in turn. Few and large, each a focus area: a flower smaller
    than about 8 pt, or one the fine brushes reach only when the budget is left over, is
    painted as a smear of its colour, not as petals."""
    flowers = flowers or _flowers(pen)
    _branch(pen, pts, hex_rgb("#3a2a22"), width)
    for k, t in enumerate(ts):
        icon, col = flowers[k % len(flowers)]
        _bloom(pen, icon, *_on(pts, t), r, col, weight)


# --------------------------------------------------------------------------- scenes
#
# Every scene fills the whole canvas, the picture box's shape. A box is shorter on a card
# whose effect text is long (down to about two thirds of the canvas's height) and narrower
# on a bridge card (about five sixths of its width), and the PROXY band covers its top-left
# corner, so each subject is drawn large, about the middle, and clear of that corner.


def _on(pts, t: float) -> tuple[float, float]:
    """The point ``t`` (0-1) along a cubic Bézier of four points: a blossom on its branch."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = pts
    s = 1 - t
    return (
        s**3 * ax + 3 * s * s * t * bx + 3 * s * t * t * cx + t**3 * dx,
        s**3 * ay + 3 * s * s * t * by + 3 * s * t * t * cy + t**3 * dy,
    )


def _open_country(pen: Pen, w: float, h: float, horizon: float, sky, hill: str, hills, grass):
    """Sky above the ``horizon`` (a share of the height), far hills of colour ``hill`` along
    it (their tops as (across, up) shares) and grass below: a meadow's or a garden's ground;
    ``sky`` and ``grass`` are gradients, (top, bottom)."""
    gradient(pen, 0, h * horizon, w, h * (1 - horizon), hex_rgb(sky[0]), hex_rgb(sky[1]), 8)
    tops = [(w * u, h * v) for u, v in hills]
    pen.poly([(0, h * horizon), *tops, (w, h * horizon)], hex_rgb(hill))
    gradient(pen, 0, 0, w, h * (horizon + 0.04), hex_rgb(grass[0]), hex_rgb(grass[1]), 6)


def _stemmed(pen: Pen, icon: str, x: float, y: float, r: float, col: RGB) -> None:
    """A flower on its stem, standing in the grass."""
    pen.dab(x, y - r * 1.4, r * 2.4, math.pi / 2, max(0.8, r * 0.16), hex_rgb("#3e5e24"))
    _flower(pen, icon, x, y, r, col)


def _plum_branch(pen: Pen, w: float, h: float) -> None:
    """A gnarled plum branch across a pale winter sky, its blossoms open along it, a low sun."""
    icon, col = _flowers(pen)[0]
    gradient(pen, 0, 0, w, h, hex_rgb("#e4eae8"), hex_rgb("#f4eee0"), 8)
    pen.ellipse(w * 0.72, h * 0.7, 20, 20, hex_rgb("#f4d6b0"))  # a low winter sun
    bark = hex_rgb("#3a2a22")
    main = [(-6, h * 0.14), (w * 0.32, h * 0.66), (w * 0.54, h * 0.14), (w + 6, h * 0.58)]
    twig = [(w * 0.28, h * 0.44), (w * 0.34, h * 0.7), (w * 0.46, h * 0.8), (w * 0.6, h * 0.86)]
    spur = [(w * 0.66, h * 0.36), (w * 0.72, h * 0.22), (w * 0.8, h * 0.18), (w * 0.9, h * 0.12)]
    _branch(pen, main, bark, 7)
    _branch(pen, twig, bark, 3.5)
    _branch(pen, spur, bark, 2.5)
    rng = pen.rng
    for pts, ts, r in (
        (main, (0.14, 0.3, 0.46, 0.62, 0.76, 0.9), 8.5),
        (twig, (0.35, 0.7, 1.0), 7),
        (spur, (0.5, 1.0), 6),
    ):
        for t in ts:
            x, y = _on(pts, t)
            x, y = x + rng.uniform(-2, 2), y + rng.uniform(-1, 5)
            _flower(pen, icon, x, y, r * rng.uniform(0.85, 1.1), col)
            pen.focus(x, y, r * 1.2, r * 1.2, 2.5)
    for t in (0.2, 0.55, 0.85):  # buds
        x, y = _on(main, t)
        pen.ellipse(x + 4, y - 6, 2.8, 3.4, col)


def _night_blossoms(pen: Pen, w: float, h: float) -> None:
    """夜桜: a cherry tree's pale cloud of blossom against the night sky, the moon above,
    a paper lantern hanging lit under the boughs, petals on the dark ground."""
    icon, col = _flowers(pen)[0]
    gradient(pen, 0, 0, w, h, hex_rgb("#26305a"), hex_rgb("#141a34"), 8)
    pen.ellipse(w * 0.86, h * 0.8, 11, 11, hex_rgb("#f6eec8"))  # the moon
    pen.rect(0, 0, w, h * 0.14, hex_rgb("#10142a"))  # the ground
    bark = hex_rgb("#2e2020")
    pen.poly([(w * 0.38, 0), (w * 0.48, 0), (w * 0.46, h * 0.52), (w * 0.42, h * 0.52)], bark)
    _branch(
        pen,
        [(w * 0.44, h * 0.5), (w * 0.34, h * 0.6), (w * 0.22, h * 0.62), (w * 0.12, h * 0.7)],
        bark,
        3.5,
    )
    _branch(
        pen,
        [(w * 0.45, h * 0.5), (w * 0.56, h * 0.62), (w * 0.68, h * 0.6), (w * 0.8, h * 0.66)],
        bark,
        3.5,
    )
    rng = pen.rng
    pale, deep = mix(col, (1, 1, 1), 0.5), mix(col, hex_rgb("#1c2340"), 0.35)
    for _ in range(7):  # the canopy's shadowed underside, then its lit mass
        pen.ellipse(
            w * rng.uniform(0.15, 0.75), h * rng.uniform(0.5, 0.62), rng.uniform(14, 20), 9, deep
        )
    for _ in range(12):
        pen.ellipse(
            w * rng.uniform(0.12, 0.76),
            h * rng.uniform(0.6, 0.9),
            rng.uniform(14, 22),
            rng.uniform(9, 14),
            pale,
        )
    for _ in range(14):
        _flower(pen, icon, w * rng.uniform(0.12, 0.78), h * rng.uniform(0.56, 0.9), 4.5, col)
    for _ in range(10):  # fallen petals
        pen.ellipse(w * rng.uniform(0.1, 0.9), h * rng.uniform(0.03, 0.12), 2, 1.2, pale)
    lx, ly = w * 0.7, h * 0.36  # the lantern on its cord, glowing
    pen.rect(lx - 0.5, ly + 8, 1, h * 0.56 - ly - 8, hex_rgb("#2a1e1e"))
    pen.ellipse(lx, ly, 14, 15, hex_rgb("#f2a23a"), 0.35)
    pen.ellipse(lx, ly, 7, 9, hex_rgb("#e8662a"))
    pen.ellipse(lx, ly, 4.5, 7, hex_rgb("#fce0a0"))
    pen.rect(lx - 4, ly + 7.5, 8, 2, hex_rgb("#2a1e1e"))
    pen.rect(lx - 4, ly - 9.5, 8, 2, hex_rgb("#2a1e1e"))
    pen.focus(lx, ly, 10, 12, 3.0)


def _fence(pen: Pen, w: float, h: float) -> None:
    """朝顔の垣根: a dark bamboo lattice fence between its posts and rails, bound with
    black cord where its canes cross, morning glories open in its diamonds and
    heart-shaped leaves on its canes, the summer sky through it. Painted as a
    watercolourist paints it, light first, then dark: the canes thin and far apart, so the
    first broad washes, which see the picture blurred, lay in the sky and not a brown of
    canes and sky mixed, and the smaller brushes then draw each cane dark along its length
    over them (broad canes close together were washed into a brown mass, and glazes do
    not paint light back over dark); the flowers sit in the openings, not on the canes."""
    icon, col = _flowers(pen)[0]
    gradient(pen, 0, 0, w, h, hex_rgb("#bcdaf0"), hex_rgb("#eef4ec"), 8)
    pen.rect(0, 0, w, h * 0.1, hex_rgb("#8a9a5a"))  # the ground
    bamboo, slope = hex_rgb("#4e3012"), 0.95
    d = w / 3.5  # the canes' spacing
    rise = math.tan(slope) * d / 2  # a diamond's half-height
    for k in range(-2, 6):  # the lattice: bamboo canes crossing on the diagonal
        pen.dab(d * k, h / 2, h * 1.5, slope, 3.6, bamboo)
        pen.dab(d * k, h / 2, h * 1.5, math.pi - slope, 3.6, bamboo)
    for y in (h * 0.11, h * 0.91):  # the rails, the posts
        pen.rect(0, y - 2.5, w, 5, hex_rgb("#4a3014"))
    for x in (w * 0.05, w * 0.95):
        pen.rect(x - 3.5, 0, 7, h * 0.96, hex_rgb("#3e2810"))
    # a diamond's corners and centres: (m d/2, h/2 + n rise), crossings where m + n is even
    rng = pen.rng
    leaf, cord = hex_rgb("#2e6a2a"), hex_rgb("#1e140a")
    for m in range(1, 7):
        for n in (-1, 0, 1):
            if (m + n) % 2 == 0:
                pen.ellipse(m * d / 2, h / 2 + n * rise, 2.4, 2.4, cord)  # the binding
    for m, n in ((3, -1), (2, 0), (5, 1), (6, 0)):  # leaves hung on the canes
        x, y = m * d / 2 + rng.uniform(-2, 2), h / 2 + n * rise - 4
        pen.ellipse(x - 2.4, y, 4.4, 5, leaf)  # a heart: two lobes and a point
        pen.ellipse(x + 2.4, y, 4.4, 5, leaf)
        pen.poly([(x - 6.2, y - 1.8), (x + 6.2, y - 1.8), (x, y - 9)], leaf)
    for m in range(1, 7):
        for n in (-1, 0, 1):
            if (m + n) % 2:
                x, y = m * d / 2 + rng.uniform(-1.5, 1.5), h / 2 + n * rise + rng.uniform(-2, 2)
                _flower(pen, icon, x, y, 9.5, mix(col, (1, 1, 1), rng.uniform(0, 0.2)))
                pen.focus(x, y, 10, 10, 1.5)


def _meadow(pen: Pen, w: float, h: float) -> None:
    """桔梗の野: an autumn meadow of bellflowers running to far blue hills under a wide sky,
    the far flowers drifts of lavender, five near ones large and standing apart, each in
    focus: a crowd of near flowers overlapping was painted as one purple mass, its petals
    lost."""
    icon, col = _flowers(pen)[0]
    hills = ((0, 0.62), (0.2, 0.7), (0.45, 0.6), (0.7, 0.68), (1, 0.6))
    _open_country(pen, w, h, 0.5, ("#a8c8e4", "#e4ecf0"), "#7890b0", hills, ("#a8c072", "#6a9040"))
    for x, y, rx in ((0.22, 0.86, 14), (0.3, 0.88, 10), (0.74, 0.8, 16)):  # clouds
        pen.ellipse(w * x, h * y, rx, 5, hex_rgb("#f8f8f6"))
    rng = pen.rng
    # depth, far to near: a dark hedgerow at the hills' feet, the far meadow hazed pale,
    # drifts of bellflowers that narrow and pale with distance (single far flowers were
    # lost under the brushes, and the meadow read as one flat green)
    gradient(pen, 0, h * 0.4, w, h * 0.14, hex_rgb("#c8d6ae"), hex_rgb("#b2c692"), 4)
    hedge, tuft = hex_rgb("#4e6a3a"), hex_rgb("#4c7430")
    for k in range(14):
        x = w * (k + rng.random()) / 14
        pen.ellipse(x, h * 0.53, 7 + 4 * rng.random(), 2.4, hedge)
    drift = mix(col, hex_rgb("#a898d8"), 0.4)
    for x, y, rx, ry in ((0.2, 0.45, 24, 3.0), (0.7, 0.43, 28, 3.2), (0.42, 0.33, 34, 4.6)):
        pen.ellipse(w * x, h * y, rx, ry, drift)
    for _ in range(16):  # darker tufts in the near grass, larger nearer
        v = rng.random()
        pen.dab(
            w * rng.random(),
            h * 0.3 * v,
            8 + 10 * (1 - v),
            math.pi / 2 + rng.uniform(-0.3, 0.3),
            2.2 + 2 * (1 - v),
            tuft,
        )
    for k, u in enumerate((0.1, 0.3, 0.51, 0.71, 0.9)):  # the near ones, painted over them
        x, y, r = w * u + rng.uniform(-3, 3), h * (0.17 + 0.06 * (k % 2)), 10.5
        _stemmed(pen, icon, x, y, r, col)
        pen.focus(x, y, r * 1.1, r * 1.1, 2.5)


def _herald(pen: Pen, w: float, h: float) -> None:
    """春告げ: a bush warbler perched on a blossoming branch, plum and cherry side by side.
    Five large blossoms with dark hearts, each in focus (eight small ones were chalked as
    pink smudges), and the bird rimmed in dark olive with a bold eye, so the pastel's edge
    strokes find its outline against the pale sky."""
    flowers = _flowers(pen)
    gradient(pen, 0, 0, w, h, hex_rgb("#d8e0cc"), hex_rgb("#eae4d0"), 8)
    bark = hex_rgb("#3a281a")
    main = [(-6, h * 0.26), (w * 0.34, h * 0.46), (w * 0.64, h * 0.3), (w + 6, h * 0.6)]
    _branch(pen, main, bark, 9)
    twig = [(w * 0.72, h * 0.38), (w * 0.76, h * 0.27), (w * 0.84, h * 0.23), (w * 0.92, h * 0.21)]
    _branch(pen, twig, bark, 4.5)
    rng = pen.rng
    for k, t in enumerate((0.1, 0.28, 0.78, 0.94)):
        icon, col = flowers[k % len(flowers)]
        x, y = _on(main, t)
        _bloom(pen, icon, x + rng.uniform(-2, 2), y + rng.uniform(2, 7), 11.5, col, 3.0)
    icon, col = flowers[1 % len(flowers)]
    _bloom(pen, icon, *_on(twig, 1.0), 10, col, 3.0)
    bx, by = _on(main, 0.47)  # the uguisu, olive green, perched on the branch facing right
    by += 16
    olive, dark, breast = hex_rgb("#66681c"), hex_rgb("#2e2e0c"), hex_rgb("#e0d896")
    pen.poly([(bx - 18, by + 2), (bx - 42, by - 10), (bx - 38, by + 4)], dark)  # the tail
    pen.ellipse(bx, by, 24.5, 15.5, dark)  # a dark rim: the chalk's edges follow it
    pen.ellipse(bx, by, 23, 14, olive)
    pen.ellipse(bx + 3, by - 6, 15, 6.5, breast)  # its pale breast
    pen.blob(
        [(bx - 16, by + 6), (bx - 4, by + 13), (bx + 10, by + 9), (bx - 2, by + 1)],
        hex_rgb("#4a4a14"),
    )  # the folded wing
    # the head stands out of the body's round, its throat pale under it, so that at card
    # size the bird reads as head, breast and tail, not one olive ball
    hx, hy = bx + 23, by + 10  # the head, the beak, the eye and its pale brow
    pen.ellipse(hx - 5, hy - 7, 8, 5, breast)  # the throat
    pen.ellipse(hx, hy, 11.5, 11, dark)
    pen.ellipse(hx, hy, 10, 9.5, hex_rgb("#76781e"))
    pen.poly([(hx + 8, hy + 2.4), (hx + 20, hy - 0.2), (hx + 8, hy - 3)], hex_rgb("#1e1a0e"))
    pen.ellipse(hx + 3, hy + 1, 2.8, 2.8, hex_rgb("#0e0e0a"))
    pen.ellipse(hx + 2, hy + 4.4, 5.4, 1.3, hex_rgb("#f4efd0"))
    for dx in (-5, 5):  # its feet on the branch
        pen.rect(bx + dx, by - 16, 1.6, 5, dark)
    pen.focus(bx + 4, by + 2, 30, 17, 3.0)
    pen.focus(hx + 6, hy, 14, 11, 3.5)  # its head, eye and beak


def _veranda(pen: Pen, w: float, h: float) -> None:
    """夏の縁側: the veranda's warm boards run out to a bright summer garden under a blue sky
    and towering white clouds; a glass wind chime hangs from the rolled bamboo blind, two
    slices of watermelon sit on a plate by a round paper fan, and the card's flowers stand
    in a pot. Light, strong colours in big shapes and no dark masses, so that the dots, with
    the white paper between them, still read as the picture (a dark area dotted on white
    reads as noise)."""
    flowers = _flowers(pen)
    pen.rect(0, h * 0.4, w, h * 0.6, hex_rgb("#4a9ae8"))  # the summer sky, its clouds
    for x, y, r in ((0.66, 0.7, 16), (0.78, 0.76, 19), (0.9, 0.68, 14), (0.72, 0.6, 13)):
        pen.ellipse(w * x, h * y, r, r * 0.8, hex_rgb("#ffffff"))
    for x, rx, col in (
        (0.16, 20, "#2e9a34"),
        (0.4, 18, "#3aae3a"),
        (0.62, 22, "#2e9a34"),
        (0.88, 18, "#3aae3a"),
    ):
        pen.ellipse(w * x, h * 0.46, rx, 12, hex_rgb(col))  # trees beyond the lawn
    pen.rect(0, h * 0.3, w, h * 0.12, hex_rgb("#7ad04a"))  # the sunlit lawn
    boards, seam = hex_rgb("#eaa85a"), hex_rgb("#b8743a")
    pen.rect(0, 0, w, h * 0.31, boards)  # the veranda, its boards running out to the garden
    for k in range(-5, 6):
        xb = w / 2 + k * 22
        pen.curve(
            [(xb, 0), (xb, 0), (w / 2 + k * 13, h * 0.3), (w / 2 + k * 13, h * 0.3)], seam, 1.2
        )
    pen.rect(0, h * 0.29, w, h * 0.03, hex_rgb("#a8602e"))  # its edge
    for x in (0.02, 0.92):  # the posts
        pen.rect(w * x, 0, w * 0.06, h, hex_rgb("#a0622e"))
    pen.rect(0, h * 0.88, w, h * 0.12, hex_rgb("#d8b870"))  # the rolled bamboo blind
    for k in range(3):
        pen.rect(0, h * (0.9 + 0.035 * k), w, 0.9, hex_rgb("#a8864a"))
    fx, fy = w * 0.56, h * 0.68  # the fūrin: a glass bell, its red band, its paper strip
    pen.rect(fx - 0.6, fy, 1.2, h * 0.88 - fy, hex_rgb("#5a3a20"))
    pen.ellipse(fx, fy, 11, 10, hex_rgb("#e4f6ff"))
    pen.rect(fx - 10.4, fy - 3, 20.8, 4.4, hex_rgb("#e82a30"))
    pen.rect(fx - 3.4, h * 0.44, 6.8, fy - 10 - h * 0.44, hex_rgb("#ffd8e6"))
    pen.focus(fx, fy - 6, 12, 18, 3.0)
    mx, my = w * 0.3, h * 0.08  # two slices of watermelon on a plate
    pen.ellipse(mx, my, 30, 7, hex_rgb("#fafcff"))
    for cx in (mx - 11, mx + 11):
        for r, col in ((15, "#1e9a2e"), (13.5, "#f8f4d0"), (12, "#f82a30")):
            arc = [
                (cx + r * math.cos(a / 12 * math.pi), my + 1 + r * math.sin(a / 12 * math.pi))
                for a in range(13)
            ]
            pen.poly(arc, hex_rgb(col))
        for dx, dy in ((-5, 4), (0, 7), (5, 4)):
            pen.ellipse(cx + dx, my + 1 + dy, 1.3, 1.8, hex_rgb("#1e1a18"))
    pen.focus(mx, my + 6, 26, 10, 2.5)
    ux, uy = w * 0.56, h * 0.13  # a round paper fan, its handle
    pen.dab(ux + 9, uy - 8, 14, -0.7, 2.4, hex_rgb("#c89048"))
    pen.ellipse(ux, uy, 11, 9, hex_rgb("#ffffff"))
    pen.ellipse(ux - 2, uy + 1, 7, 5.5, hex_rgb("#2a6ae0"))
    x = w * 0.78  # the card's flowers in a pot on the boards
    pen.poly(
        [(x - 10, h * 0.04), (x + 10, h * 0.04), (x + 12, h * 0.2), (x - 12, h * 0.2)],
        hex_rgb("#d0603a"),
    )
    for dx in (-5, 5):
        pen.rect(x + dx - 0.8, h * 0.2, 1.6, h * 0.4, hex_rgb("#c8a860"))
    for j in range(4):
        pen.ellipse(x + (-7 if j % 2 else 7), h * (0.26 + 0.1 * j), 5.5, 3.8, hex_rgb("#2a8a2a"))
    for j in range(3):
        icon, col = flowers[j % len(flowers)]
        _flower(pen, icon, x + (5 if j % 2 else -4), h * (0.34 + 0.12 * j), 8, col)
        pen.focus(x, h * (0.34 + 0.12 * j), 9, 9, 2.0)


def _petal_raft(pen: Pen, w: float, h: float) -> None:
    """花筏: a cherry tree on the left bank, its pink canopy hanging over a dark river, its
    fallen petals drifting downstream in broad pink rafts, the card's flowers on the near
    bank. Big slabs the palette knife keeps."""
    flowers = _flowers(pen)
    _icon, col = flowers[0]
    gradient(pen, 0, 0, w, h, hex_rgb("#5a94ba"), hex_rgb("#1a4662"), 8)  # the river
    pen.rect(0, h * 0.86, w, h * 0.14, hex_rgb("#2e5232"))  # the far bank
    for x, y, length in ((0.34, 0.74, 22), (0.7, 0.66, 28), (0.48, 0.34, 20), (0.84, 0.3, 16)):
        pen.dab(w * x, h * y, length, 0.06, 2.2, hex_rgb("#a8d0e6"))  # light on the water
    petal = mix(col, (1, 1, 1), 0.35)
    for x, y, rx, ry, tilt in (
        (0.5, 0.56, 26, 6.5, 0.08),
        (0.74, 0.42, 24, 6, -0.08),
        (0.42, 0.28, 20, 5, 0.05),
    ):
        cx, cy = w * x, h * y  # a raft: a long drift of petals, brighter on its upper edge
        pen.blob(
            [(cx - rx, cy - tilt * rx), (cx, cy - ry), (cx + rx, cy + tilt * rx), (cx, cy + ry)],
            petal,
        )
        pen.ellipse(cx - rx * 0.15, cy + ry * 0.35, rx * 0.5, ry * 0.4, mix(col, (1, 1, 1), 0.7))
    pen.poly(
        [(0, 0), (w, 0), (w, h * 0.1), (w * 0.6, h * 0.16), (w * 0.32, h * 0.14), (0, h * 0.22)],
        hex_rgb("#4a7a3a"),
    )  # the near bank
    for k in range(5):
        icon, c = flowers[(k + 1) % len(flowers)]
        _flower(pen, icon, w * (0.36 + 0.13 * k), h * (0.07 + 0.04 * (k % 2)), 7, c)
    bark = hex_rgb("#2e221e")  # the tree, rising from the near bank, its canopy over the water
    pen.poly(
        [(w * 0.1, h * 0.12), (w * 0.2, h * 0.12), (w * 0.22, h * 0.8), (w * 0.16, h * 0.84)], bark
    )
    _branch(
        pen,
        [(w * 0.18, h * 0.78), (w * 0.36, h * 0.9), (w * 0.56, h * 0.8), (w * 0.8, h * 0.88)],
        bark,
        3,
    )
    rng = pen.rng
    for x, y, rx, ry, t in (
        (0.14, 0.86, 20, 12, 0.25),
        (0.34, 0.92, 22, 11, 0.1),
        (0.54, 0.86, 20, 11, 0.3),
        (0.74, 0.92, 18, 10, 0.15),
        (0.9, 0.84, 14, 9, 0.35),
        (0.24, 0.76, 14, 7, 0.0),
    ):
        pen.ellipse(w * x, h * y, rx, ry, mix(col, (1, 1, 1), t))
    for _ in range(6):
        _flower(
            pen, flowers[0][0], w * rng.uniform(0.2, 0.9), h * rng.uniform(0.78, 0.94), 5.5, col
        )


def _moon_garden(pen: Pen, w: float, h: float) -> None:
    """月見の庭: the harvest moon over pampas grass, its plumes bowing; a stand heaped with
    moon dumplings on the veranda's edge, bellflowers at its feet. Painted as ink painters
    paint a moon: the paper left bare for the disc, a grey wash of night darkening around it,
    the grass in dark ink."""
    icon, col = _flowers(pen)[0]
    gradient(pen, 0, 0, w, h, hex_rgb("#9aa2b0"), hex_rgb("#d8d8d4"), 8)
    mx, my = w * 0.68, h * 0.66
    pen.ellipse(mx, my, 40, 40, hex_rgb("#6e7688"))  # the night darkening around the moon
    pen.ellipse(mx, my, 24, 24, hex_rgb("#fbf4da"))
    pen.focus(mx, my, 26, 26, 2.0)
    pen.poly(
        [(0, 0), (0, h * 0.22), (w * 0.3, h * 0.26), (w * 0.7, h * 0.28), (w, h * 0.28), (w, 0)],
        hex_rgb("#4a4a44"),
    )
    stem, plume = hex_rgb("#2a2a26"), hex_rgb("#4e4636")
    for x, top, lean in ((0.08, 0.74, 1), (0.44, 0.6, 1), (0.94, 0.72, -1)):  # susuki clumps
        x, top = w * x, h * top
        for j in range(4):  # each blade arching over, a long plume at its tip
            dx = (j - 1.5) * 5 * lean
            tx, ty = x + dx + lean * (14 + 6 * j), top - j * 7
            pen.curve([(x + dx, 0), (x + dx, ty * 0.6), (tx - lean * 8, ty), (tx, ty - 2)], stem, 2)
            pen.dab(tx + lean * 5, ty - 9, 22, -1.2 * lean, 5.5, plume)
    sx = w * 0.28  # the sanbō stand with its pyramid of dumplings
    pen.poly(
        [(sx - 14, 0), (sx + 14, 0), (sx + 11, h * 0.2), (sx - 11, h * 0.2)], hex_rgb("#3a2e22")
    )
    pen.rect(sx - 16, h * 0.2, 32, 3.5, hex_rgb("#5a4632"))
    for dx, dy in ((-10, 0), (0, 0), (10, 0), (-5, 8), (5, 8), (0, 16)):
        pen.ellipse(sx + dx, h * 0.2 + 9 + dy, 5.6, 5.2, hex_rgb("#7a7a78"))
        pen.ellipse(sx + dx - 0.6, h * 0.2 + 9.6 + dy, 4.6, 4.2, hex_rgb("#fcfaf2"))
    pen.focus(sx, h * 0.3, 18, 16, 3.0)
    # two bellflowers, large and pale on the dark ground, in focus; high enough that a
    # box shortened by a long effect (the Japanese one) keeps their lower petals
    for x in (0.6, 0.78):
        _flower(pen, icon, w * x, h * 0.155, 10, mix(col, (1, 1, 1), 0.3))
        pen.focus(w * x, h * 0.155, 11, 11, 3.0)


def _gallery(pen: Pen, w: float, h: float) -> None:
    """画廊の常連: a gallery wall hung with framed pictures, and a regular visitor in a dark
    coat standing before them, seen from behind, hands clasped."""
    flowers = _flowers(pen)
    pen.rect(0, 0, w, h, hex_rgb("#e8dcc4"))
    pen.rect(0, 0, w, h * 0.2, hex_rgb("#8a6240"))  # the floor
    pen.rect(0, h * 0.2, w, 2.5, hex_rgb("#5a3e28"))
    frames = ((0.05, 0.38, 0.26, 0.42), (0.37, 0.48, 0.22, 0.34), (0.67, 0.32, 0.28, 0.52))
    grounds = ("#5a82b4", "#d8c08a", "#4e7a50")
    for k, (u, v, fw, fh) in enumerate(frames):
        x, y = w * u, h * v
        pen.rect(x - 3, y - 3, w * fw + 6, h * fh + 6, hex_rgb("#b8902a"))
        pen.rect(x, y, w * fw, h * fh, hex_rgb(grounds[k]))
        icon, col = flowers[k % len(flowers)]
        fx, fy, r = x + w * fw / 2, y + h * fh / 2, min(w * fw, h * fh) * 0.32
        if k == 1:  # the middle picture's flower is behind the visitor's head
            _flower(pen, icon, fx, fy, r, col)
        else:
            _bloom(pen, icon, fx, fy, r, col, 2.5)
    cx = w * 0.5  # the visitor, seen from behind, hands clasped at his back
    coat = hex_rgb("#2e2e3e")
    pen.blob(
        [
            (cx - 11, h * 0.08),
            (cx - 13, h * 0.52),
            (cx, h * 0.62),
            (cx + 13, h * 0.52),
            (cx + 11, h * 0.08),
        ],
        coat,
    )
    pen.rect(cx - 8, 0, 6, h * 0.1, hex_rgb("#22222c"))
    pen.rect(cx + 2, 0, 6, h * 0.1, hex_rgb("#22222c"))
    pen.ellipse(cx, h * 0.36, 5, 3, hex_rgb("#d8a884"))  # the clasped hands
    pen.ellipse(cx, h * 0.66, 7, 8, hex_rgb("#2a1e18"))  # the head
    pen.ellipse(cx - 6, h * 0.65, 1.6, 2.6, hex_rgb("#c8987a"))  # an ear
    pen.focus(cx, h * 0.45, 16, 24, 2.5)


def _gavel(pen: Pen, w: float, h: float) -> None:
    """オークショニアの槌: a big dark gavel coming down on its sounding block on the red
    rostrum, against the sale room's pale wall, a cherry sprig hung on it. Dark wood on a
    light ground: the watercolour's soft washes keep the silhouette; two blossoms, large
    and each with a dark heart, read as flowers where eight small ones scattered about
    the blow were washed into pink smears."""
    gradient(pen, 0, 0, w, h, hex_rgb("#f2e6cc"), hex_rgb("#e2cfa8"), 8)  # the wall
    pen.rect(0, 0, w, h * 0.3, hex_rgb("#9a1e22"))  # the rostrum, its gilt edge
    pen.rect(0, h * 0.28, w, h * 0.03, hex_rgb("#d8a040"))
    bx, by = w * 0.36, h * 0.3  # the sounding block
    pen.rect(bx - 30, by - 7, 60, 9, hex_rgb("#3a1e10"))
    pen.ellipse(bx, by + 2, 30, 7, hex_rgb("#7a4422"))
    c = pen.c  # the gavel, tilted, its head striking the block
    c.saveState()
    c.translate(bx + 4, by + 24)
    c.rotate(-20)
    pen.rect(12, -4.5, 84, 9, hex_rgb("#5a3018"))  # the handle
    pen.ellipse(96, 0, 5, 5, hex_rgb("#3a1e10"))
    pen.rect(-16, -18, 32, 36, hex_rgb("#4a2612"))  # the head: a barrel, its ends, its bands
    pen.ellipse(-16, 0, 5.5, 18, hex_rgb("#2a140a"))
    pen.ellipse(16, 0, 5.5, 18, hex_rgb("#8a5030"))
    pen.rect(-16, 6, 32, 5, hex_rgb("#9a6440"))
    for x in (-8, 8):
        pen.rect(x - 2, -18, 4, 36, hex_rgb("#d8a040"))
    c.restoreState()
    pen.focus(bx + 24, by + 22, 46, 24, 2.5)
    ink = hex_rgb("#5a3a2a")
    for a in (2.4, 2.8, 0.4, 0.1):  # the blow's lines
        pen.dab(bx + 42 * math.cos(a), by + 6 + 14 * math.sin(a), 10, a, 1.6, ink)
    sprig = [(w * 1.02, h * 0.76), (w * 0.9, h * 0.74), (w * 0.82, h * 0.56), (w * 0.68, h * 0.62)]
    _sprig(pen, sprig, (0.42, 0.95), 12, weight=4.0)  # a cherry sprig, clear of the edge


def _screen(pen: Pen, w: float, h: float) -> None:
    """四季の屏風: a gold-leaf folding screen, one panel to each season's flower on its branch,
    a blue stream running along the foot of all four. The branches stop short of the top
    right, where this card's four flower icons sit on the picture."""
    flowers = _flowers(pen)
    panels = 4
    pw = w / panels
    for k in range(panels):
        x = w * k / panels
        pen.rect(x, 0, pw, h, hex_rgb("#e0bc5e" if k % 2 else "#cda448"))
        pen.ellipse(x + pw * 0.6, h * 0.8, pw * 0.5, 6, hex_rgb("#f0d27a"))  # gold clouds
        pen.rect(x, 0, 1.6, h, hex_rgb("#3a2a1a"))  # the fold
        twig = [
            (x + 3, h * 0.24),
            (x + pw * 0.3, h * 0.42),
            (x + pw * 0.7, h * 0.36),
            (x + pw * 0.62, h * 0.66),
        ]
        _sprig(pen, twig, (0.45, 1.0), 10.5, 2.4, 4.0, [flowers[k % len(flowers)]])
    pen.poly(
        [(0, 0), (w, 0), (w, h * 0.16), (w * 0.7, h * 0.22), (w * 0.4, h * 0.14), (0, h * 0.24)],
        hex_rgb("#2e6a96"),
    )  # the stream running across the panels
    pen.rect(0, 0, w, 3, hex_rgb("#2a1e14"))
    pen.rect(0, h - 3, w, 3, hex_rgb("#2a1e14"))


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
    loupe beside it. Every part is a broad shape of its own colour, so the pastel's chalk
    hatching keeps it a document, not a grey grid; no flowers: sprigs in its corners, in
    chalk hatched at one slant, came out as smudges of their colours."""
    gradient(pen, 0, 0, w, h, hex_rgb("#2e5a48"), hex_rgb("#1e3e32"), 8)  # the baize
    sheet = ((w * 0.16, h * 0.1), (w * 0.62, h * 0.04), (w * 0.66, h * 0.9), (w * 0.2, h * 0.96))
    pen.poly([(x + 3, y - 3) for x, y in sheet], hex_rgb("#12261e"))  # its shadow
    pen.poly(list(sheet), hex_rgb("#f6ecd0"))
    _band(pen, sheet, 0.05, 0.95, 0.04, 0.96, hex_rgb("#c49a30"))  # the gold border
    _band(pen, sheet, 0.1, 0.9, 0.08, 0.92, hex_rgb("#f6ecd0"))
    _band(pen, sheet, 0.2, 0.8, 0.7, 0.8, hex_rgb("#a02828"))  # the title
    for u1, v in ((0.82, 0.52), (0.82, 0.37), (0.5, 0.22)):  # lines of writing
        _band(pen, sheet, 0.18, u1, v, v + 0.07, hex_rgb("#3a3028"))
    for v in (0.75, 0.56, 0.41, 0.26):  # the fine brushes go to the title and the lines first
        fx, fy = _on_sheet(sheet, 0.5, v)
        pen.focus(fx, fy, w * 0.16, 4, 2.5)
    sx, sy = _on_sheet(sheet, 0.76, 0.2)  # the wax rosette and its two ribbon tails
    pen.poly(
        [(sx - 4, sy), (sx - 11, sy - 20), (sx - 5, sy - 16), (sx + 1, sy - 21)], hex_rgb("#b0303a")
    )
    pen.poly(
        [(sx + 1, sy), (sx + 5, sy - 21), (sx + 9, sy - 16), (sx + 13, sy - 19)], hex_rgb("#e0b840")
    )
    pen.ellipse(sx, sy, 11, 11, hex_rgb("#a81e2a"))
    pen.ellipse(sx, sy, 7, 7, hex_rgb("#d8424a"))
    pen.ellipse(sx - 2, sy + 2, 2.8, 2.8, hex_rgb("#f4948a"))
    pen.focus(sx, sy, 12, 12, 3.0)
    lx, ly = w * 0.8, h * 0.56  # the loupe: a black ring, its pale lens, a wooden handle
    pen.focus(lx, ly, 14, 14, 3.0)
    pen.dab(lx + 11, ly - 20, 28, -1.0, 6.5, hex_rgb("#8a4c26"))
    pen.ellipse(lx, ly, 14, 14, hex_rgb("#1a1614"))
    pen.ellipse(lx, ly, 10.5, 10.5, hex_rgb("#bcd6e0"))
    pen.ellipse(lx - 3.5, ly + 3.5, 4, 4, hex_rgb("#f4f9fb"))


def _everywhere(pen: Pen, w: float, h: float) -> None:
    """朝顔づくし: morning glories filling the picture edge to edge, big open trumpets
    over a mass of dark heart-shaped leaves."""
    icon, col = _flowers(pen)[0]
    pen.rect(0, 0, w, h, hex_rgb("#2e6e34"))
    rng = pen.rng
    for _ in range(24):  # lighter leaves over the dark mass
        x, y = w * rng.random(), h * rng.random()
        pen.ellipse(x - 3.5, y, 6.5, 7, hex_rgb("#4e9a44"))
        pen.ellipse(x + 3.5, y, 6.5, 7, hex_rgb("#4e9a44"))
        pen.poly([(x - 9.5, y - 2.5), (x + 9.5, y - 2.5), (x, y - 12)], hex_rgb("#4e9a44"))
    for j in range(3):
        for i in range(5):
            x = w * (0.1 + 0.2 * i + 0.1 * (j % 2)) + rng.uniform(-4, 4)
            y = h * (0.18 + 0.32 * j) + rng.uniform(-4, 4)
            shade = mix(col, (1, 1, 1), rng.uniform(0, 0.3))
            pen.ellipse(x, y, 12.5, 12.5, mix(shade, (1, 1, 1), 0.7))
            _flower(pen, icon, x, y, 12, shade)
            pen.focus(x, y, 12, 12, 2.0)


def _seal(pen: Pen, w: float, h: float) -> None:
    """落款: a finished ink landscape filling its paper to the box's edges (a pale far
    range, two near peaks in ink lit on their left flanks, mist at their foot, a red
    sun), the artist's signature in a column at its right and the vermilion seal stamped
    under it. The masses are few, large and each a
    clear step of value from the next (a range all in dark ink was painted as one
    dark mass), and the peaks, sun and signature are focus areas as the seal is: the
    palette knife's budget goes to their outlines, not to the paper around them. No flowers:
    a twig of them in front, in slabs of the knife, was a purple and a red smear, and took
    the strokes the peaks' outlines need."""
    gradient(pen, 0, 0, w, h, hex_rgb("#f4ecd6"), hex_rgb("#e6dcc0"), 8)  # the paper
    pen.poly(
        around(
            0,
            w,
            h,
            (0.0, 0.3),
            (0.1, 0.6),
            (0.2, 0.52),
            (0.36, 0.8),
            (0.5, 0.6),
            (0.62, 0.66),
            (0.72, 0.3),
        ),
        hex_rgb("#aab6c6"),
    )  # the far range, pale blue-grey
    pen.ellipse(w * 0.6, h * 0.8, 8, 8, hex_rgb("#d0283a"))  # a red sun over it
    pen.focus(w * 0.6, h * 0.8, 9, 9, 2.0)
    for peak, foot, lit in (  # two near peaks: the shadowed side in ink, the left flank lit
        (((-0.04, 0.26), (0.16, 0.7), (0.38, 0.26)), (0.14, 0.26), "#968e7e"),
        (((0.24, 0.26), (0.42, 0.78), (0.66, 0.26)), (0.37, 0.26), "#8a8474"),
    ):
        pen.poly(around(0, w, h, *peak), hex_rgb("#4a4844"))
        pen.poly(around(0, w, h, peak[0], peak[1], foot), hex_rgb(lit))
    pen.rect(0, h * 0.22, w * 0.68, h * 0.07, hex_rgb("#fbf8ee"))  # mist at their foot
    pen.focus(w * 0.32, h * 0.5, w * 0.34, h * 0.28, 2.0)  # their outlines first
    for k in range(4):  # the signature: a column of brushed characters
        pen.dab(w * 0.84, h * (0.8 - k * 0.09), 10, 0.3 + k * 0.7, 5.5, hex_rgb("#1e1a18"))
    pen.focus(w * 0.84, h * 0.66, 7, 16, 1.6)
    sx, sy, sz = w * 0.72, h * 0.2, h * 0.28  # the seal, vermilion, its carved characters
    pen.rect(sx, sy, sz, sz, hex_rgb("#c8283c"))
    carved = hex_rgb("#f4dccc")
    for col in (0.16, 0.58):  # two columns of two characters, cut in white
        pen.rect(sx + sz * col, sy + sz * 0.58, sz * 0.26, sz * 0.08, carved)
        pen.rect(sx + sz * (col + 0.09), sy + sz * 0.52, sz * 0.08, sz * 0.34, carved)
        pen.rect(sx + sz * col, sy + sz * 0.14, sz * 0.08, sz * 0.3, carved)
        pen.rect(sx + sz * col, sy + sz * 0.26, sz * 0.26, sz * 0.08, carved)
    pen.focus(sx + sz / 2, sy + sz / 2, sz * 0.7, sz * 0.7, 2.5)


def _garden(pen: Pen, w: float, h: float) -> None:
    """Any other card: a garden of its own flowers on their stems, far hills under the sky,
    the near flowers the largest."""
    flowers = _flowers(pen)
    hills = ((0, 0.56), (0.3, 0.64), (0.6, 0.54), (1, 0.6))
    _open_country(pen, w, h, 0.4, ("#c4daea", "#f2efe2"), "#9ab0a0", hills, ("#9ac06a", "#6a9444"))
    rng = pen.rng
    spots = sorted(
        ((rng.uniform(0.06, 0.94), rng.random()) for _ in range(14)), key=lambda p: -p[1]
    )
    for k, (u, v) in enumerate(spots):
        icon, col = flowers[k % len(flowers)]
        _stemmed(pen, icon, w * u, h * (0.08 + 0.34 * v), 9 - 4 * v, col)


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
            brushes=(3.4, 1.6, 0.8),
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
            brushes=(3.6, 1.2, 0.7),
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
            brushes=(3.4, 1.5, 0.8),
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
        # soft chalk on mid-toned paper: the broad side of the stick laid in no wider than
        # a blossom's petal (a 7.8 pt lay-in smeared the flowers into pink smudges, and
        # hatching at one slant could not draw their rims), then the tip hatching at one
        # slant where the picture is flat and along the edges where it is not; the paper
        # shows between the strokes, grey-tan so that it sits with dark baize and pale sky.
        # The lay-in covers most of the paper (420 strokes): with 230 the tan read through
        # the certificate's cream as grey, and the sky was a scatter of even dabs
        "pastel",
        Manner(
            brushes=(2.2, 1.3, 0.75),
            threshold=0.1,
            min_length=2,
            max_length=6,
            curvature=0.0,
            grid=1.5,
            step=0.8,
            tolerance=0.25,
            rest_angle=1.1,
            rest_spread=0.12,
            saturation=0.9,
            contrast=0.9,
            value_jitter=0.08,
            width=0.6,
            width_jitter=0.3,
            ground=hex_rgb("#bcb19c"),
            budget=(420, 310, 250),
        ),
    ),
    (
        "pointillist",  # dots of pure colour side by side
        Manner(
            brushes=(2.6, 1.6, 1.0),
            threshold=0.1,
            min_length=1,
            max_length=1,
            saturation=1.4,
            hue_jitter=0.05,
            value_jitter=0.06,
            width=0.9,
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
