"""A rule sheet's table that goes on over a page break as a typesetter sets it.

A table kept together whole (Platypus's ``KeepTogether``) that does not fit in
what is left of a page moves to the next one and leaves a gap: Gallery Rush's
"What a nomination brings" left its half-letter booklet page 4 three fifths
full, and everything after it ran on to a ninth page, a further sheet of paper
and three notes pages. Set by hand, such a table starts where it is and goes
on over the page: its header rows repeated (``repeatRows``), never a row split
across the break, never fewer than ``MIN_ROWS`` body rows on either side (an
orphaned or widowed row reads as a stray), and its caption (with a heading it
opens a section under) kept with the first part; the part on the next page
opens with the caption again, "(continued)" after it, as a publisher's tables
do, and the first part closes on the table's closing rule. Where the space left
cannot hold that much, it moves whole to the next page, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable, FrameBreak, KeepTogether, Table
from reportlab.platypus.flowables import _listWrapOn

#: the fewest body rows a table's part on either side of a page break holds
MIN_ROWS = 2
#: points kept in hand when the first part is measured against the space left,
#: so that rounding between this measure and the frame's never strands the caption
SLACK = 0.5


class SplitTable(KeepTogether):
    """What leads into a table (caption, heading), the table, and what follows it
    (a spacer), kept together where they fit, else split inside the table."""

    def __init__(
        self, flowables: list, heads: int, continued: Callable[[], Flowable] | None = None
    ) -> None:
        super().__init__(flowables)
        self.heads = heads
        self.continued = continued  # makes the caption the part on the next page opens with
        self._at = next(i for i, f in enumerate(flowables) if isinstance(f, Table))

    @property
    def table(self) -> Table:
        return self._content[self._at]

    def split(self, aW, aH):
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        if aH < self._H:
            parts = self._parts(aW, aH)
            if parts:
                return parts
        return super().split(aW, aH)

    def _parts(self, aW: float, aH: float) -> list | None:
        """The content with the table in two, its first part in ``aH``; None when the
        table cannot part there with ``MIN_ROWS`` body rows on each side."""
        table = self.table
        rows = len(table._cellvalues)
        lo, hi = self.heads + MIN_ROWS, rows - MIN_ROWS
        if self.heads < 1 or lo > hi:
            return None
        lead = self._content[: self._at]
        room = aH - SLACK
        if lead:  # the lead's height, and the space after its last line (the frame's way)
            spaces = _Spaces()
            room -= _listWrapOn(lead, aW, self.canv, obj=spaces)[1] + spaces._spaceAfter
        table._rowSplitRange = (lo, hi)  # Table._splitRows keeps to this range
        try:
            pieces = table.split(aW, room)
        finally:
            table._rowSplitRange = None
        if not pieces or len(pieces) > 2:
            return None
        for f in lead:  # set here, before the first part; kept with it by the room measured
            f.__dict__["keepWithNext"] = 0
        if len(pieces) == 1:  # it fits whole but for the space after it: the page ends here
            return [*lead, table]
        first, rest = pieces
        first.setStyle(_closing_rules(table))
        after = self._content[self._at + 1 :]
        if self.continued is None:
            return [*lead, first, rest, *after]
        # the rest opens the next frame (never below the first part, under a second
        # caption), and goes on again over a further page if it must
        more = SplitTable([self.continued(), rest, *after], self.heads, self.continued)
        return [*lead, first, FrameBreak(), more]


def _closing_rules(table: Table) -> list[tuple]:
    """The rules under the table's last row, for a part's last row: a part that ends on
    a thin rule between rows reads as a table cut off rather than one that goes on."""
    last = len(table._cellvalues) - 1
    return [
        (op, (sc, -1), (ec, -1), *rest)
        for op, (sc, sr), (ec, er), *rest in table._linecmds
        if op == "LINEBELOW" and isinstance(sr, int) and sr in (-1, last) and er in (-1, last)
    ]


class _Spaces:
    """Where ``_listWrapOn`` notes the space before and after a list of flowables."""

    _spaceBefore = 0.0
    _spaceAfter = 0.0
