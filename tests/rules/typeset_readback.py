"""Paragraphs of a rule sheet read back from its PDF: the lines of running text.

A paragraph is a run of lines in one text column, each one line-spacing
(a justified style's leading, from the stylesheet) below the last; a wider
gap, another column or the end of the page ends it. Running text starts at
the body's left edge (right of the rule-ID gutter), a bullet's or a box's;
lines elsewhere (tables, diagrams, labels, headings) are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.enums import TA_JUSTIFY

from cardpress.print.rulesheet import BOX_PAD, LABEL_W, sheet_measure
from cardpress.print.sheetstyles import sheet_styles
from tests.print.readback import Line, lines

BULLETS = {"•", ""}
#: a ruling's question and a worked example's title are headings, set ragged
HEADINGS = ("Q.", "Q．", "Example:", "例　")
TOLERANCE = 1.2  # points: a line "reaches" an edge this close to it
COMPACT = 0.94  # the rulings' tighter leading (rulesheet.Styles, compact)


@dataclass(frozen=True)
class Para:
    lines: tuple[Line, ...]
    right: float  # the column edge its lines justify to

    def inner(self) -> tuple[Line, ...]:
        """Every line but the last (those a justified setting fills)."""
        return self.lines[:-1]


def _columns(lang: str, pagesize: tuple[float, float]) -> list[tuple[float, float, float]]:
    """(first line's left, other lines' left, right edge) of each kind of running text,
    in every column of the page."""
    out = []
    for body, right in sheet_measure(lang, pagesize).text_edges():
        box = body + BOX_PAD
        out += [
            (body, body, right),
            (body + 2, body + 11, right),  # a bullet, its mark at +2
            (body + 11, body + 11, right),
            (box, box, right - BOX_PAD),
            (box + 1, box + 10, right - BOX_PAD),
            (box + 10, box + 10, right - BOX_PAD),
        ]
    return out


def leadings(lang: str) -> list[float]:
    """The line spacing of every justified style (and the rulings' compact one)."""
    styles = sheet_styles(lang, LABEL_W)
    found = {round(s.leading, 2) for s in styles.values() if s.alignment == TA_JUSTIFY}
    return sorted(found | {round(styles["para"].leading * COMPACT, 2)})


def without_pictures(pdf: bytes) -> bytes:
    """The sheet with its pictured cards left blank: a card face prints what the card
    prints (its own type, the bilingual back), which is not the sheet's running text."""
    import io

    import pikepdf

    doc = pikepdf.open(io.BytesIO(pdf))
    for page in doc.pages:
        for name, xobj in page.Resources.get("/XObject", {}).items():
            if "cardpress-figure" in name or "cardpress-face" in name:
                xobj.write(b"")
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


def paragraphs(pdf: bytes, pagesize: tuple[float, float], lang: str) -> list[Para]:
    pdf = without_pictures(pdf)
    cols = _columns(lang, pagesize)
    steps = leadings(lang)
    by_page: dict[int, list[Line]] = {}
    for line in lines(pdf):
        if line.text.strip() in BULLETS:
            continue
        by_page.setdefault(line.page, []).append(line)
    out: list[Para] = []
    for page in by_page.values():
        used: set[int] = set()
        page.sort(key=lambda ln: (ln.box[1], ln.box[0]))
        for i, first in enumerate(page):
            if i in used:
                continue
            col = next((c for c in cols if abs(first.box[0] - c[0]) < 0.6), None)
            if col is None:
                continue
            para = [first]
            used.add(i)
            while True:
                y = para[-1].box[1]
                nxt = next(
                    (
                        j
                        for j, ln in enumerate(page)
                        if j not in used
                        and abs(ln.box[0] - col[1]) < 0.6
                        and any(abs(ln.box[1] - y - s) < 0.12 for s in steps)
                    ),
                    None,
                )
                if nxt is None:
                    break
                para.append(page[nxt])
                used.add(nxt)
            if not first.text.startswith(HEADINGS):
                out.append(Para(tuple(para), col[2]))
    return out


def reaches(line: Line, para: Para) -> bool:
    return line.box[2] >= para.right - TOLERANCE


def is_runt(para: Para) -> bool:
    """A paragraph of two or more lines whose last holds one word (Latin text)."""
    last = para.lines[-1].text.strip()
    return len(para.lines) >= 2 and " " not in last and all(ord(c) < 0x2E80 for c in last)
