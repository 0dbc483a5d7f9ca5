"""Read text back from a PDF as a reader meets it: lines with their boxes, glyph sizes."""

from __future__ import annotations

import io
import re
import subprocess
from dataclasses import dataclass
from html import unescape

from pypdf import PdfReader

_LINE = re.compile(
    r'<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</line>', re.S
)
_WORD = re.compile(r"<word[^>]*>(.*?)</word>", re.S)
_PAGE = re.compile(r"<page [^>]*>(.*?)</page>", re.S)
_BLOCK = re.compile(r"<block [^>]*>(.*?)</block>", re.S)


def _cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


@dataclass(frozen=True)
class Line:
    page: int
    block: int
    box: tuple[float, float, float, float]  # x0, y0 (top), x1, y1 (bottom), points
    text: str


def lines(pdf: bytes) -> list[Line]:
    """Every text line pdftotext finds, page by page, block by block."""
    out = subprocess.run(
        ["pdftotext", "-bbox-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    found = []
    for p, page in enumerate(_PAGE.findall(out), 1):
        for b, block in enumerate(_BLOCK.findall(page)):
            for m in _LINE.finditer(block):
                words = [unescape(w) for w in _WORD.findall(m.group(5))]
                text = ""
                for w in words:
                    if text and not (_cjk(text[-1]) and _cjk(w[0])):
                        text += " "
                    text += w
                box = tuple(float(v) for v in m.groups()[:4])
                found.append(Line(p, b, box, text))
    return found


@dataclass(frozen=True)
class Run:
    page: int
    x: float  # where its line starts, points from the page's left
    baseline: float  # points up from the page's bottom
    size: float  # effective size in points
    text: str


def text_runs(pdf: bytes) -> list[Run]:
    """Every text run the pages draw, with its line's start, baseline and effective size."""
    reader = PdfReader(io.BytesIO(pdf))
    runs: list[Run] = []
    for n, page in enumerate(reader.pages, 1):

        def visit(text, cm, tm, font, size, n=n):
            if not text.strip():
                return
            _a, _b, c, d = (
                tm[0] * cm[0] + tm[1] * cm[2],
                tm[0] * cm[1] + tm[1] * cm[3],
                tm[2] * cm[0] + tm[3] * cm[2],
                tm[2] * cm[1] + tm[3] * cm[3],
            )
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append(Run(n, x, y, size * (c * c + d * d) ** 0.5, text))

        page.extract_text(visitor_text=visit)
    return runs


def glyph_sizes(pdf: bytes) -> list[tuple[int, float, str]]:
    """(page, effective size in points, text) for every text run the pages draw."""
    return [(r.page, r.size, r.text) for r in text_runs(pdf)]


@dataclass(frozen=True)
class Glyph:
    page: int
    index: int  # its place in the page's text order
    char: str
    box: tuple[float, float, float, float]  # its ink: x0, y0, x1, y1, points up from the bottom
    baseline: float  # its origin's y: glyphs of one line share it
    run: int  # the text object that draws it (one drawString, one paragraph)


def glyphs(pdf: bytes) -> list[Glyph]:
    """Every visible character the pages draw, with the tight box of its ink (PDFium's
    char box, not the font's ascent-to-descent box pdftotext gives, which is taller
    than a line's leading and so overlaps the next line's in any paragraph)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    out: list[Glyph] = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for n, page in enumerate(doc, 1):
            text = page.get_textpage()
            for i in range(text.count_chars()):
                ch = chr(raw.FPDFText_GetUnicode(text, i))
                if ch.isspace() or not ch.isprintable():
                    continue
                x0, y0, x1, y1 = text.get_charbox(i)
                if x1 <= x0 or y1 <= y0:
                    continue
                ox, oy = ctypes.c_double(), ctypes.c_double()
                raw.FPDFText_GetCharOrigin(text, i, ox, oy)
                run = ctypes.cast(raw.FPDFText_GetTextObject(text, i), ctypes.c_void_p).value
                out.append(Glyph(n, i, ch, (x0, y0, x1, y1), oy.value, run or 0))
    finally:
        doc.close()
    return out


def clashes(found: list[Glyph], gap: float = 0.25) -> list[tuple[Glyph, Glyph]]:
    """Pairs of glyphs of different lines (or of one line's different runs, or far
    apart in one run) whose inks come closer than ``gap`` points: one label's words run
    into another's, a footer's into its folio. Neighbours in a run may touch
    (kerning); nothing else may."""
    out = []
    by_page: dict[int, list[Glyph]] = {}
    for g in found:
        by_page.setdefault(g.page, []).append(g)
    for page in by_page.values():
        page.sort(key=lambda g: g.box[0])
        for i, a in enumerate(page):
            for b in page[i + 1 :]:
                if b.box[0] >= a.box[2] + gap:
                    break
                one_line = abs(a.baseline - b.baseline) < 0.5
                if one_line and a.run == b.run and abs(a.index - b.index) <= 1:
                    continue
                if a.box[1] < b.box[3] + gap and b.box[1] < a.box[3] + gap:
                    if one_line and min(a.box[2], b.box[2]) - max(a.box[0], b.box[0]) < gap:
                        continue  # one line's glyphs that merely abut
                    out.append((a, b))
    return out
