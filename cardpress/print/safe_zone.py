"""The safe zone, checked on what a page draws: nothing that matters near the cut.

Print-on-demand services cut within ±1/16 in and ask for every index, text
line and QR code at least 1/8 in (3.2 mm) inside the trim; a border close to
the trim shows unevenly after a miscut, so a frame is either at least 4 mm
wide or not there. ``problems`` applies both to one page's marks
(``cardpress.print.marks``): artwork that runs into the bleed is background
and may go anywhere, as long as its inner edges keep the frame's width.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

from cardpress.print.layout import FRAME_MIN, SAFE
from cardpress.print.marks import Box, Mark

#: how far a mark may stray and still count as on the line (drawing round-off)
TOLERANCE = 0.05  # points


@dataclass(frozen=True, slots=True)
class Problem:
    rule: str  # "safe zone" or "frame"
    mark: Mark
    distance: float  # points from the trim
    trim: Box

    def describe(self) -> str:
        """What is where, in millimetres from the trim's lower-left corner."""
        what = f"{self.mark.kind} {self.mark.text!r}" if self.mark.text else self.mark.kind
        b, t = self.mark.box, self.trim
        where = "x {:.1f} to {:.1f} mm, y {:.1f} to {:.1f} mm".format(
            *(v / mm for v in (b[0] - t[0], b[2] - t[0], b[1] - t[1], b[3] - t[1]))
        )
        if self.rule == "safe zone":
            return (
                f"{what} {self.distance / mm:.2f} mm inside the trim, "
                f"less than the {SAFE / mm:.1f} mm safe zone ({where})"
            )
        return (
            f"{what}: an edge {self.distance / mm:.2f} mm from the trim; a frame is "
            f"at least {FRAME_MIN / mm:.0f} mm wide or none ({where})"
        )


def _distances(box: Box, trim: Box) -> tuple[float, float, float, float]:
    """How far each side of ``box`` lies inside the trim: left, bottom, right, top."""
    return box[0] - trim[0], box[1] - trim[1], trim[2] - box[2], trim[3] - box[3]


def problems(
    marks: list[Mark], trim: Box, safe: float = SAFE, frame: float = FRAME_MIN
) -> list[Problem]:
    """Every mark of one page that breaks the safe zone or the frame rule, by ``trim``."""
    out = []
    width, height = trim[2] - trim[0], trim[3] - trim[1]
    for mark in marks:
        d = _distances(mark.box, trim)
        if all(v < -frame for v in d):
            continue  # covers the card and its bleed: the background
        bleeds = [v < -TOLERANCE for v in d]
        if (mark.kind == "text" or not any(bleeds)) and min(d) < safe - TOLERANCE:
            out.append(Problem("safe zone", mark, min(d), trim))
            continue
        if mark.kind == "text" or not mark.boxy:
            continue
        # an edge parallel to the trim, along most of that side, within the frame's width
        spans = (mark.box[3] - mark.box[1], mark.box[2] - mark.box[0]) * 2
        lengths = (height, width) * 2
        for side in range(4):
            if bleeds[side] or spans[side] < lengths[side] / 2:
                continue
            if -TOLERANCE <= d[side] < frame - TOLERANCE:
                out.append(Problem("frame", mark, d[side], trim))
                break
    return out
