"""A table goes on over a page break as a typesetter sets it (``SplitTable``)."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import FrameBreak, Paragraph, Spacer, Table

from cardpress.print.split_table import MIN_ROWS, SplitTable

STYLE = ParagraphStyle("cell", fontName="Helvetica", fontSize=8, leading=10, keepWithNext=1)
ROWS = 8  # body rows, under one header row
WIDTH = 200
BREAK = type(FrameBreak)  # Platypus makes FrameBreak an instance, called for a fresh one


def _table() -> SplitTable:
    rows = [["Declared", "Result"]] + [
        [f"row {i}", "word " * (12 * (i % 3) + 1)] for i in range(ROWS)
    ]
    data = [[Paragraph(text, STYLE) for text in row] for row in rows]
    table = Table(data, colWidths=[60, 140], repeatRows=1)
    caption = Paragraph("What a nomination brings", STYLE)
    return SplitTable([caption, table, Spacer(1, 5)], 1, lambda: Paragraph("(continued)", STYLE))


def _split(aH: float) -> list:
    st = _table()
    st.canv = Canvas(io.BytesIO())
    st.wrap(WIDTH, aH)
    return st.split(WIDTH, aH)


def _heights(st: SplitTable) -> float:
    st.canv = Canvas(io.BytesIO())
    st.wrap(WIDTH, 1e6)
    return st._H


def _least() -> float:
    """The room a first part takes at the least: the caption, the header, MIN_ROWS rows."""
    st = _table()
    canv = Canvas(io.BytesIO())
    caption, table = st._content[0], st.table
    table.wrapOn(canv, WIDTH, 1e6)
    head = caption.wrapOn(canv, WIDTH, 1e6)[1] + caption.getSpaceAfter()
    return head + sum(table._rowHeights[: 1 + MIN_ROWS]) + 0.5


def _text(cell) -> str:
    return (cell[0] if isinstance(cell, list | tuple) else cell).text


@pytest.mark.parametrize("room", range(20, 320, 6))
def test_a_table_parts_with_rows_on_both_sides_or_moves_whole(room: int) -> None:
    whole = _heights(_table())
    parts = _split(room)
    tables = [f for f in parts if isinstance(f, Table)]
    if len(tables) == 1 and len(tables[0]._cellvalues) == ROWS + 1 and parts[1] is tables[0]:
        # set whole where it is: it fits, maybe but for the space after it
        assert room >= whole - 5, f"{room} pt cannot hold {whole} pt"
        return
    if isinstance(parts[0], BREAK):  # moved whole to the next frame
        assert len(tables) == 1 and len(tables[0]._cellvalues) == ROWS + 1
        assert room < _least(), f"the table moved whole from {room} pt"
        return
    (first,) = tables
    caption, _first, brk, rest = parts
    assert caption.getKeepWithNext() == 0 and isinstance(brk, BREAK)
    body = len(first._cellvalues) - 1
    assert MIN_ROWS <= body <= ROWS - MIN_ROWS, f"{body} rows before the break"
    # the first part, with its caption, fits where it was set
    canv = Canvas(io.BytesIO())
    h = sum(f.wrapOn(canv, WIDTH, room)[1] + f.getSpaceAfter() for f in (caption, first))
    assert h <= room + 0.01
    # the rest opens with "(continued)" and the header row again, no row lost or cut
    continued, again = rest._content[0], rest.table
    assert continued.text == "(continued)"
    assert _text(again._cellvalues[0][0]) == "Declared"
    assert len(again._cellvalues) - 1 == ROWS - body


def test_a_table_too_short_to_part_moves_whole() -> None:
    data = [["Declared", "Result"]] + [[f"row {i}", "x"] for i in range(2 * MIN_ROWS - 1)]
    st = SplitTable([Table(data, repeatRows=1)], 1)
    st.canv = Canvas(io.BytesIO())
    st.wrap(WIDTH, 30)
    assert isinstance(st.split(WIDTH, 30)[0], BREAK)


def test_a_heading_goes_with_the_first_part_of_the_table_opening_its_section() -> None:
    """A section that opens with a table: its heading, the caption and the first rows
    are set together before the break; in less room than that, all of it moves."""
    from reportlab.platypus import CondPageBreak

    from cardpress.print.rulesheet import Anchor, KeptHeadingTable, _with_first_kept

    heading = Paragraph("Nominate", STYLE)
    (kept,) = _with_first_kept([CondPageBreak(20), Anchor("GR-N"), heading], [_table()])[1:]
    assert isinstance(kept, KeptHeadingTable) and kept.continued is not None
    kept.canv = Canvas(io.BytesIO())
    kept.wrap(WIDTH, 120)
    parts = kept.split(WIDTH, 120)
    assert parts[:2] == [kept._content[0], heading] and isinstance(parts[-2], BREAK)
    assert all(f.getKeepWithNext() == 0 for f in parts[:3])
    kept.wrap(WIDTH, _least())
    assert isinstance(kept.split(WIDTH, _least())[0], BREAK)  # no room for the heading too
