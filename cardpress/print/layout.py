"""Geometry: card sizes, papers, n-up grids, crop marks, bleed and duplex mirroring.

All lengths are PDF points (1/72 in). A card's *trim* is its finished size;
*bleed* (3 mm in print-shop mode) is artwork that runs past the trim so a
slightly-off cut shows no white; the *safe zone* (3 mm inside the trim) is
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

from reportlab.lib.units import mm

BLEED = 3 * mm
SAFE = 3 * mm
CROP_LEN = 5 * mm  # length of a crop mark
CROP_GAP = 1.5 * mm  # distance of a crop mark from the trim corner


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

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)

    @property
    def fold_x(self) -> float | None:
        return self.page[0] / 2 if self.duplex == "gutterfold" else None


def card_size(size: str | CardSize) -> CardSize:
    """A size given by name (the CLI's ``--size``) or already resolved."""
    return SIZES[size] if isinstance(size, str) else size


def _grid(area_x: float, area_w: float, page_h: float, size: CardSize) -> tuple[int, int]:
    cols = int((area_w - 2 * (CROP_GAP + 2 * mm)) // size.width)
    rows = int((page_h - 2 * (CROP_GAP + CROP_LEN)) // size.height)
    return max(cols, 1), max(rows, 1)


def sheet(paper: str, size: str | CardSize = "poker", duplex: str = "long") -> Sheet:
    """The n-up layout: cards butt together (one cut serves two cards), grid centred."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; choose from {', '.join(PAPERS)}")
    if duplex not in DUPLEX:
        raise ValueError(f"unknown duplex {duplex!r}; choose from {', '.join(DUPLEX)}")
    cs = card_size(size)
    pw, ph = PAPERS[paper]
    if duplex == "gutterfold":
        pw, ph = ph, pw  # landscape, fold line vertical in the middle
        half = pw / 2
        cols, rows = _grid(0, half - 6 * mm, ph, cs)
        gw, gh = cols * cs.width, rows * cs.height
        x0 = (half - gw) / 2 + 3 * mm  # a little extra gutter around the fold
        x0 = min(x0, half - gw - 4 * mm)
        y0 = (ph - gh) / 2
        fronts = tuple(
            Slot(x0 + c * cs.width, y0 + (rows - 1 - r) * cs.height, cs.width, cs.height)
            for r in range(rows)
            for c in range(cols)
        )
        backs = tuple(Slot(pw - s.x - s.w, s.y, s.w, s.h) for s in fronts)
        return Sheet(paper, cs, duplex, (pw, ph), cols, rows, fronts, backs)
    cols, rows = _grid(0, pw, ph, cs)
    gw, gh = cols * cs.width, rows * cs.height
    x0, y0 = (pw - gw) / 2, (ph - gh) / 2
    fronts = tuple(
        Slot(x0 + c * cs.width, y0 + (rows - 1 - r) * cs.height, cs.width, cs.height)
        for r in range(rows)
        for c in range(cols)
    )
    if duplex == "long":
        backs = tuple(Slot(pw - s.x - s.w, s.y, s.w, s.h) for s in fronts)
    else:
        backs = tuple(Slot(s.x, ph - s.y - s.h, s.w, s.h) for s in fronts)
    return Sheet(paper, cs, duplex, (pw, ph), cols, rows, fronts, backs)


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


def draw_crop_marks(canvas, slots: tuple[Slot, ...], *, gap: float = CROP_GAP) -> None:
    """Crop marks in the margin around a grid, one at each cut line, never on a card."""
    if not slots:
        return
    xs, ys, (x0, y0, x1, y1) = cut_lines(slots)
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.25)
    for x in xs:
        canvas.line(x, y1 + gap, x, y1 + gap + CROP_LEN)
        canvas.line(x, y0 - gap, x, y0 - gap - CROP_LEN)
    for y in ys:
        canvas.line(x0 - gap, y, x0 - gap - CROP_LEN, y)
        canvas.line(x1 + gap, y, x1 + gap + CROP_LEN, y)
    canvas.restoreState()
