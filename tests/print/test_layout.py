from __future__ import annotations

import pytest
from reportlab.lib.units import mm

from cardpress.print.layout import (
    PAPERS,
    SIZES,
    bleed_box,
    crosshairs,
    cut_lines,
    draw_crop_marks,
    flip,
    ink_area,
    sheet,
)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_is_nine_up_and_on_the_page(paper):
    lay = sheet(paper, "poker")
    assert (lay.cols, lay.rows, lay.per_sheet) == (3, 3, 9)
    pw, ph = PAPERS[paper]
    for s in lay.fronts + lay.backs:
        assert s.x >= 5 * mm and s.x + s.w <= pw - 5 * mm
        assert s.y >= 5 * mm and s.y + s.h <= ph - 5 * mm


def test_presets():
    assert round(SIZES["poker"].width / mm, 3) == 63 and round(SIZES["poker"].height / mm) == 88
    assert round(SIZES["bridge"].width / mm) == 57
    mini = SIZES["mini-euro"]
    assert (round(mini.width / mm), round(mini.height / mm)) == (44, 68)
    assert sheet("a4", "mini-euro").per_sheet >= 12
    assert sheet("a4", "bridge").per_sheet == 9


@pytest.mark.parametrize("duplex", ["long", "short", "gutterfold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_land_behind_their_fronts(paper, duplex):
    lay = sheet(paper, "poker", duplex)
    for f, b in zip(lay.fronts, lay.backs, strict=True):
        # the front's corners, carried through the flip, are the back's corners
        xs, ys = zip(
            flip(f.x, f.y, lay.page, duplex),
            flip(f.x + f.w, f.y + f.h, lay.page, duplex),
            strict=True,
        )
        assert (round(min(xs), 6), round(min(ys), 6)) == (round(b.x, 6), round(b.y, 6))
    if duplex == "gutterfold":
        fold = lay.fold_x
        assert all(s.x + s.w < fold for s in lay.fronts)
        assert all(s.x > fold for s in lay.backs)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutters_carry_bleed_as_the_paper_allows(paper):
    lay = sheet(paper)
    across, down = lay.bleed
    # A4 has room for 1.5 mm a side both ways; nine poker cards leave US Letter 5.4 mm
    # of height for two gutters once 5 mm is kept clear at both edges: 1.35 mm a side
    assert across >= 1.5 * mm - 1e-6
    assert down >= (1.5 if paper == "a4" else 1.35) * mm - 1e-6
    butted = sheet(paper, gutter=False)
    assert butted.bleed == (0.0, 0.0) and butted.per_sheet == lay.per_sheet
    gap = lay.fronts[1].x - (lay.fronts[0].x + lay.fronts[0].w)
    assert gap == pytest.approx(2 * across)


def test_bleed_box_grows_only_towards_neighbours():
    lay = sheet("a4")
    bx, by = lay.bleed
    corner = bleed_box(lay.fronts[0], lay.fronts, lay.bleed)  # top-left card
    s = lay.fronts[0]
    assert corner == pytest.approx((s.x, s.y - by, s.w + bx, s.h + by))
    middle = bleed_box(lay.fronts[4], lay.fronts, lay.bleed)
    m = lay.fronts[4]
    assert middle == pytest.approx((m.x - bx, m.y - by, m.w + 2 * bx, m.h + 2 * by))
    alone = bleed_box(lay.fronts[0], lay.fronts[:1], lay.bleed)
    assert alone == pytest.approx((s.x, s.y, s.w, s.h))


EVERY_SHEET = pytest.mark.parametrize(
    ("paper", "size", "duplex"),
    [
        (p, z, d)
        for p in ("a4", "letter")
        for z in ("poker", "mini-euro")
        for d in ("long", "gutterfold")
    ],
)


class _Recorder:
    def __init__(self):
        self.lines = []

    def line(self, x1, y1, x2, y2):
        self.lines.append((x1, y1, x2, y2))

    def __getattr__(self, name):
        return lambda *a, **k: None


def _marked(paper: str, size: str, duplex: str):
    """The sheet's layout and the crop marks drawn on its fronts, as lines."""
    lay = sheet(paper, size, duplex)
    rec = _Recorder()
    draw_crop_marks(rec, lay.fronts, ink_area(lay), lay.bleed)
    return lay, rec


@EVERY_SHEET
def test_a_gutter_crossing_shows_a_crosshair_not_a_box(paper, size, duplex):
    """Four ticks around a crossing of gutters read as a missing glyph; a "+" does not."""
    lay, rec = _marked(paper, size, duplex)
    bx, by = lay.bleed
    s = lay.fronts
    rights = sorted({round(c.x + c.w, 3) for c in s})[:-1]  # a gutter begins at a right edge
    tops = sorted({round(c.y + c.h, 3) for c in s})[:-1]
    crossings = [(x, y) for x in rights for y in tops] if bx > 0 and by > 0 else []
    for x, y in crossings:
        x1, y1 = x + 2 * bx, y + 2 * by
        inside = [
            ln
            for ln in rec.lines
            if x - 0.01 <= min(ln[0], ln[2])
            and max(ln[0], ln[2]) <= x1 + 0.01
            and y - 0.01 <= min(ln[1], ln[3])
            and max(ln[1], ln[3]) <= y1 + 0.01
        ]
        cx, cy = (x + x1) / 2, (y + y1) / 2
        expected = [(x, cy, x1, cy), (cx, y, cx, y1)]
        got = set(_rounded(inside))
        assert set(_rounded(expected)) <= got, (x, y, inside)
        edges = got - set(_rounded(expected))
        upright = any(ln[0] == ln[2] for ln in edges)
        across = any(ln[1] == ln[3] for ln in edges)
        assert not (upright and across), f"a closed box at {x:.1f}, {y:.1f}: {sorted(edges)}"
    assert crossings or not (bx > 0 and by > 0)


def _rounded(lines):
    return [tuple(round(v, 1) for v in ln) for ln in lines]


def test_bad_paper_or_duplex():
    with pytest.raises(ValueError, match="paper"):
        sheet("a3")
    with pytest.raises(ValueError, match="duplex"):
        sheet("a4", "poker", "sideways")


@EVERY_SHEET
def test_no_crop_mark_touches_a_card_or_the_edge(paper, size, duplex):
    lay, rec = _marked(paper, size, duplex)
    xs, ys, _box = cut_lines(lay.fronts)
    pw, ph = lay.page
    hairs = crosshairs(lay.fronts, lay.bleed)
    ticks = [ln for ln in rec.lines if ln not in hairs]
    assert set(hairs) <= set(rec.lines)  # every crosshair is drawn
    marked_x = {round(x1, 3) for x1, _y1, x2, _y2 in ticks if x1 == x2}
    marked_y = {round(y1, 3) for _x1, y1, _x2, y2 in ticks if y1 == y2}
    assert marked_x == set(xs) and marked_y == set(ys)  # every cut line is marked
    for x1, y1, x2, y2 in rec.lines:
        assert min(x1, x2) >= 5 * mm - 1e-3 and max(x1, x2) <= pw - 5 * mm + 1e-3
        assert min(y1, y2) >= 5 * mm - 1e-3 and max(y1, y2) <= ph - 5 * mm + 1e-3
        for s in lay.fronts:
            inside_x = max(x1, x2) > s.x + 0.01 and min(x1, x2) < s.x + s.w - 0.01
            inside_y = max(y1, y2) > s.y + 0.01 and min(y1, y2) < s.y + s.h - 0.01
            assert not (inside_x and inside_y)
