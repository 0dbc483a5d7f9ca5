from __future__ import annotations

import pytest
from reportlab.lib.units import mm

from cardpress.print.layout import PAPERS, SIZES, cut_lines, flip, sheet


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


def test_crop_marks_stay_outside_the_cards():
    lay = sheet("a4")
    xs, ys, (x0, y0, _x1, _y1) = cut_lines(lay.fronts)
    assert len(xs) == 4 and len(ys) == 4
    assert x0 > 6.5 * mm and y0 > 6.5 * mm  # room for the 1.5 mm gap + 5 mm mark


def test_bad_paper_or_duplex():
    with pytest.raises(ValueError, match="paper"):
        sheet("a3")
    with pytest.raises(ValueError, match="duplex"):
        sheet("a4", "poker", "sideways")


class _Recorder:
    def __init__(self):
        self.lines = []

    def line(self, x1, y1, x2, y2):
        self.lines.append((x1, y1, x2, y2))

    def __getattr__(self, name):
        return lambda *a, **k: None


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_crop_mark_touches_a_card(paper):
    from cardpress.print.layout import draw_crop_marks

    lay = sheet(paper)
    rec = _Recorder()
    draw_crop_marks(rec, lay.fronts)
    assert len(rec.lines) == 16
    pw, ph = lay.page
    for x1, y1, x2, y2 in rec.lines:
        assert min(x1, x2) >= 0 and max(x1, x2) <= pw and min(y1, y2) >= 0 and max(y1, y2) <= ph
        for s in lay.fronts:
            inside_x = max(x1, x2) > s.x + 0.01 and min(x1, x2) < s.x + s.w - 0.01
            inside_y = max(y1, y2) > s.y + 0.01 and min(y1, y2) < s.y + s.h - 0.01
            assert not (inside_x and inside_y)
