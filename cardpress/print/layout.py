"""Geometry: card sizes, papers, n-up grids, crop marks, bleed and duplex mirroring.

All lengths are PDF points (1/72 in). A card's *trim* is its finished size;
*bleed* (1/8 in, 3.175 mm, in print-shop mode) is artwork that runs past the trim so a
slightly-off cut shows no white; the *safe zone* (3.2 mm inside the trim) is
where text and QR codes stay.

Duplex: a deck PDF alternates a page of fronts with the page of their backs.
For a long-edge flip (book style, the printer default) a card at column ``c``
on the front is behind column ``cols - 1 - c`` on the back, so back positions
mirror x about the page centre; for a short-edge flip they mirror y. For a
gutterfold the backs share the page with the fronts, mirrored about a fold
line down the middle of a landscape page.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from reportlab.lib.units import mm

BLEED = 0.125 * 72  # 1/8 in (3.175 mm): what print-on-demand services ask for
SAFE = 3.2 * mm  # 1/8 in, what print-on-demand services ask for (they cut within 1/16 in)
FRAME_MIN = 4 * mm  # a border narrower than this shows unevenly after a miscut: wider or none
EDGE = 5 * mm  # no ink this close to the paper's edge: home printers clip it
CROP_LEN = 5 * mm  # longest crop mark
CROP_MIN = 2 * mm  # a shorter mark is not drawn
CROP_GAP = 0.5 * mm  # distance of a crop mark from the trim
TICK_HALO = 0.9  # points: the white stroke under a tick across a gutter
GUTTER_BLEED_MAX = 3 * mm  # a gutter never needs more bleed than a print shop asks for
GUTTER_BLEED_MIN = 1.5 * mm  # what a 1 mm mis-cut needs, when the sheet has room for it


@dataclass(frozen=True, slots=True)
class CardSize:
    id: str
    width: float
    height: float

    @property
    def scale(self) -> float:
        """Type and ornament scale relative to a poker card."""
        return min(self.width / (63 * mm), self.height / (88 * mm))


SIZES: dict[str, CardSize] = {
    "poker": CardSize("poker", 63 * mm, 88 * mm),
    "bridge": CardSize("bridge", 57 * mm, 88 * mm),
    "mini-euro": CardSize("mini-euro", 44 * mm, 68 * mm),
}

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * mm, 297 * mm),
    "letter": (8.5 * 72, 11 * 72),
}

DUPLEX = ("long", "short", "gutterfold")


@dataclass(frozen=True, slots=True)
class Slot:
    """One card position on a sheet: lower-left corner of the trim box."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Sheet:
    """How one paper holds one card size in one duplex mode."""

    paper: str
    size: CardSize
    duplex: str
    page: tuple[float, float]
    cols: int
    rows: int
    fronts: tuple[Slot, ...]  # reading order: top row first, left to right
    backs: tuple[Slot, ...]  # the slot behind each front after the flip/fold
    #: bleed each card runs into the gutters beside it, (across, down); 0 when cards butt
    bleed: tuple[float, float] = (0.0, 0.0)

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)

    @property
    def fold_x(self) -> float | None:
        return self.page[0] / 2 if self.duplex == "gutterfold" else None


def card_size(size: str | CardSize) -> CardSize:
    """A size given by name (the CLI's ``--size``) or already resolved."""
    return SIZES[size] if isinstance(size, str) else size


def _axis(length: float, card: float, gutter: bool, marks: float) -> tuple[int, float, float]:
    """Cards along one side of the paper: count, bleed a side into each gutter, first offset.

    The grid keeps ``EDGE`` clear at both ends and, when it can, ``marks`` more for the
    crop marks; gutter bleed takes what is left, up to ``GUTTER_BLEED_MAX``. When that
    leaves less than ``GUTTER_BLEED_MIN``, the crop-mark room is given up (the gutters
    carry the marks) and the bleed is what the paper allows up to the minimum.
    """
    n = max(1, int((length - 2 * EDGE) // card))
    bleed = 0.0
    if gutter and n > 1:
        with_marks = (length - 2 * (EDGE + marks) - n * card) / (2 * (n - 1))
        bleed = min(GUTTER_BLEED_MAX, with_marks)
        if bleed < GUTTER_BLEED_MIN:
            bleed = max(0.0, min(GUTTER_BLEED_MIN, (length - 2 * EDGE - n * card) / (2 * (n - 1))))
    span = n * card + (n - 1) * 2 * bleed
    return n, bleed, (length - span) / 2


def _slots(x0: float, y0: float, cols: int, rows: int, cs: CardSize, bx: float, by: float):
    return tuple(
        Slot(
            x0 + c * (cs.width + 2 * bx),
            y0 + (rows - 1 - r) * (cs.height + 2 * by),
            cs.width,
            cs.height,
        )
        for r in range(rows)
        for c in range(cols)
    )


def sheet(
    paper: str, size: str | CardSize = "poker", duplex: str = "long", *, gutter: bool = True
) -> Sheet:
    """The n-up layout, grid centred, ``EDGE`` clear all round.

    With ``gutter`` (the default) cards stand apart and each card's artwork bleeds into
    the gutters beside it, so a slightly-off cut shows the card's own colour, never its
    neighbour's; without it cards butt together and one cut serves two cards.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; choose from {', '.join(PAPERS)}")
    if duplex not in DUPLEX:
        raise ValueError(f"unknown duplex {duplex!r}; choose from {', '.join(DUPLEX)}")
    cs = card_size(size)
    pw, ph = PAPERS[paper]
    marks = CROP_GAP + CROP_MIN
    if duplex == "gutterfold":
        pw, ph = ph, pw  # landscape, fold line vertical in the middle
        half = pw / 2
        fold_gap = 4 * mm  # each half keeps this far from the fold
        # each half is laid out as a page of its own whose inner edge is the fold gap
        cols, bx, x0 = _axis(half - fold_gap + EDGE, cs.width, gutter, marks)
        rows, by, y0 = _axis(ph, cs.height, gutter, marks)
        fronts = _slots(x0, y0, cols, rows, cs, bx, by)
        backs = tuple(Slot(pw - s.x - s.w, s.y, s.w, s.h) for s in fronts)
        return Sheet(paper, cs, duplex, (pw, ph), cols, rows, fronts, backs, (bx, by))
    cols, bx, x0 = _axis(pw, cs.width, gutter, marks)
    rows, by, y0 = _axis(ph, cs.height, gutter, marks)
    fronts = _slots(x0, y0, cols, rows, cs, bx, by)
    if duplex == "long":
        backs = tuple(Slot(pw - s.x - s.w, s.y, s.w, s.h) for s in fronts)
    else:
        backs = tuple(Slot(s.x, ph - s.y - s.h, s.w, s.h) for s in fronts)
    return Sheet(paper, cs, duplex, (pw, ph), cols, rows, fronts, backs, (bx, by))


def bleed_box(slot: Slot, slots: tuple[Slot, ...], bleed: tuple[float, float]):
    """The slot grown into the gutters that have a card on the other side: x, y, w, h.

    An outer edge (paper margin, crop marks) or an empty neighbour slot gets no bleed.
    """
    bx, by = bleed
    eps = 0.01

    def has(dx: float, dy: float) -> bool:
        tx = slot.x + dx * (slot.w + 2 * bx)
        ty = slot.y + dy * (slot.h + 2 * by)
        return any(abs(s.x - tx) < eps and abs(s.y - ty) < eps for s in slots)

    left = bx if bx and has(-1, 0) else 0.0
    right = bx if bx and has(1, 0) else 0.0
    down = by if by and has(0, -1) else 0.0
    up = by if by and has(0, 1) else 0.0
    return slot.x - left, slot.y - down, slot.w + left + right, slot.h + down + up


def flip(x: float, y: float, page: tuple[float, float], duplex: str) -> tuple[float, float]:
    """Where a point on the front page lands on the back page's coordinates."""
    pw, ph = page
    if duplex == "long":
        return pw - x, y
    if duplex == "short":
        return x, ph - y
    return pw - x, y  # gutterfold: mirrored about the fold line


def cut_lines(slots: tuple[Slot, ...]) -> tuple[list[float], list[float], tuple[float, ...]]:
    """Distinct vertical and horizontal cut positions and the grid's bounding box."""
    xs = sorted({round(v, 3) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 3) for s in slots for v in (s.y, s.y + s.h)})
    box = (
        min(s.x for s in slots),
        min(s.y for s in slots),
        max(s.x + s.w for s in slots),
        max(s.y + s.h for s in slots),
    )
    return xs, ys, box


def ink_area(lay: Sheet, side: str = "front") -> tuple[float, float, float, float]:
    """Where marks may go: the page less ``EDGE``; a gutterfold half stops short of the fold."""
    pw, ph = lay.page
    if lay.fold_x is None:
        return EDGE, EDGE, pw - EDGE, ph - EDGE
    if side == "front":
        return EDGE, EDGE, lay.fold_x - 1 * mm, ph - EDGE
    return lay.fold_x + 1 * mm, EDGE, pw - EDGE, ph - EDGE


def crop_marks(
    slots: tuple[Slot, ...],
    area: tuple[float, float, float, float],
    bleed: tuple[float, float] = (0.0, 0.0),
) -> list[tuple[float, float, float, float]]:
    """Every crop mark as a line (x1, y1, x2, y2), never on a card, its bleed or near the edge.

    Outside the grid a mark runs from ``CROP_GAP`` past the trim towards the edge of
    ``area`` (see ``ink_area``), stopping there (no shorter than ``CROP_MIN``, else it is
    left out). A cut line also gets a tick across every gutter it crosses (the gutter is
    cut away with it), so a sheet whose margin has no room for marks can still be cut
    along a ruler.
    """
    if not slots:
        return []
    ax0, ay0, ax1, ay1 = area
    xs, ys, (x0, y0, x1, y1) = cut_lines(slots)
    out: list[tuple[float, float, float, float]] = []

    def outer(a: float, limit: float, sign: int) -> tuple[float, float] | None:
        start = a + sign * CROP_GAP
        end = a + sign * min(CROP_GAP + CROP_LEN, abs(limit - a))
        return (start, end) if abs(end - start) >= CROP_MIN - 1e-6 else None

    for x in xs:
        for y, limit, sign in ((y1, ay1, 1), (y0, ay0, -1)):
            seg = outer(y, limit, sign)
            if seg:
                out.append((x, seg[0], x, seg[1]))
    for y in ys:
        for x, limit, sign in ((x0, ax0, -1), (x1, ax1, 1)):
            seg = outer(x, limit, sign)
            if seg:
                out.append((seg[0], y, seg[1], y))
    bx, by = bleed
    rows = sorted({round(s.y, 3) for s in slots})
    cols = sorted({round(s.x, 3) for s in slots})
    h = slots[0].h
    w = slots[0].w
    # a tick's stroke (its white halo) must stay inside ``area`` too: a cut line on the
    # area's edge (a grid that fills the sheet) gets none
    half = TICK_HALO / 2
    # where two gutters cross, the four cut lines' ticks closed a little box that read
    # as a missing glyph: the crossing gets a plain crosshair on the gutters' centre
    # lines (where a first rough cut goes), and a cut line ticks across a gutter only
    # where it marks the line best: the grid's outer lines, every line when the cards
    # butt the other way, and a line the margin had no room to mark
    in_margin_x = {round(ln[0], 3) for ln in out if ln[0] == ln[2]}
    in_margin_y = {round(ln[1], 3) for ln in out if ln[1] == ln[3]}
    ticked_x = [x for x in xs if bx == 0 or x in (x0, x1) or round(x, 3) not in in_margin_x]
    ticked_y = [y for y in ys if by == 0 or y in (y0, y1) or round(y, 3) not in in_margin_y]
    if by > 0:  # horizontal gutters: ticks on the vertical cut lines
        for lower, upper in pairwise(rows):
            for x in ticked_x:
                if ax0 + half <= x <= ax1 - half:
                    out.append((x, lower + h, x, upper))
    if bx > 0:
        for left, right in pairwise(cols):
            for y in ticked_y:
                if ay0 + half <= y <= ay1 - half:
                    out.append((left + w, y, right, y))
    out.extend(crosshairs(slots, bleed))
    return out


def crosshairs(
    slots: tuple[Slot, ...], bleed: tuple[float, float]
) -> list[tuple[float, float, float, float]]:
    """A "+" on the centre lines of every crossing of two gutters, arm to arm across it."""
    bx, by = bleed
    if not slots or bx <= 0 or by <= 0:
        return []
    h, w = slots[0].h, slots[0].w
    rows = sorted({round(s.y, 3) for s in slots})
    cols = sorted({round(s.x, 3) for s in slots})
    out: list[tuple[float, float, float, float]] = []
    for lower, upper in pairwise(rows):
        cy = (lower + h + upper) / 2
        for left, right in pairwise(cols):
            cx = (left + w + right) / 2
            out.append((left + w, cy, right, cy))
            out.append((cx, lower + h, cx, upper))
    return out


def draw_crop_marks(canvas, slots: tuple[Slot, ...], area, bleed=(0.0, 0.0)) -> None:
    """Crop marks (see ``crop_marks``): black hairlines, haloed in white inside gutters."""
    lines = crop_marks(slots, area, bleed)
    if not lines:
        return
    _xs, _ys, (x0, y0, x1, y1) = cut_lines(slots)
    canvas.saveState()
    inner = [
        ln
        for ln in lines
        if x0 - 0.01 <= min(ln[0], ln[2])
        and max(ln[0], ln[2]) <= x1 + 0.01
        and y0 - 0.01 <= min(ln[1], ln[3])
        and max(ln[1], ln[3]) <= y1 + 0.01
    ]
    if inner:  # a tick over bleed artwork: a white halo keeps it visible on dark colours
        canvas.setStrokeColorRGB(1, 1, 1)
        canvas.setLineWidth(TICK_HALO)
        for ln in inner:
            canvas.line(*ln)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.25)
    for ln in lines:
        canvas.line(*ln)
    canvas.restoreState()
