"""Vector QR codes for cards and rule sheets.

Every code is drawn as filled rectangles (one per horizontal run of dark
modules, merged into a single path) on a white square that includes the
4-module quiet zone the standard asks for, so ``size`` is the whole printed
square, quiet zone included. Error correction is level M (15 % recovery),
which survives a smudged home print.

Public API (the rule sheets import it too)::

    card_url(base_url, lang, deck, card_id) -> str
    card_qr_size(base_url, lang) -> float              # printed side of a card's code
    qr_matrix(data) -> tuple[tuple[bool, ...], ...]   # quiet zone included
    draw_qr(canvas, data, x, y, size)                  # lower-left corner at x, y
    qr_drawing(data, size) -> reportlab Drawing
    qr_flowable(data, size) -> Flowable
"""

from __future__ import annotations

from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.graphics.shapes import Drawing, Path, Rect
from reportlab.lib import colors
from reportlab.platypus import Flowable

from cardpress.urls import card_url

__all__ = ["card_qr_size", "card_url", "draw_qr", "qr_drawing", "qr_flowable", "qr_matrix"]

QUIET_ZONE = 4  # modules of white around the code
ERROR_CORRECTION = ERROR_CORRECT_M
#: one mask for every code: choosing the best of eight by penalty score costs six times
#: the encoding (a build encodes every card's URL in every output), and every card is
#: checked to decode at 100 dpi in the tests
MASK_PATTERN = 2
#: printed size of one module: 1.57 px at 100 dpi, the least that still decodes reliably
MODULE = 0.4 * 72 / 25.4
#: longest card id any deck uses in practice; sizes a card's QR box for its whole deck
LONGEST_CARD_PATH = ("ultimatch", "x" * 12)


@lru_cache(maxsize=4096)
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The module matrix (True = dark), quiet zone included, smallest version that fits."""
    code = qrcode.QRCode(
        error_correction=ERROR_CORRECTION,
        border=QUIET_ZONE,
        box_size=1,
        mask_pattern=MASK_PATTERN,
    )
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(bool(v) for v in row) for row in code.get_matrix())


def modules(data: str) -> int:
    """Modules across, quiet zone included."""
    return len(qr_matrix(data))


@lru_cache(maxsize=64)
def card_qr_size(base_url: str, lang: str, least: float = 0.0) -> float:
    """The printed side of every card QR code for this base URL: modules x ``MODULE``.

    Sized for the longest card URL, so one deck's codes are all the same size and a
    longer base URL grows the code instead of shrinking its modules below legibility.
    """
    n = modules(card_url(base_url, lang, *LONGEST_CARD_PATH))
    return max(least, n * MODULE)


def _runs(data: str) -> list[tuple[int, int, int]]:
    """Horizontal runs of dark modules as (row, first column, length)."""
    out: list[tuple[int, int, int]] = []
    for r, row in enumerate(qr_matrix(data)):
        c = 0
        n = len(row)
        while c < n:
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                out.append((r, start, c - start))
            else:
                c += 1
    return out


def draw_qr(canvas, data: str, x: float, y: float, size: float) -> None:
    """Draw the code with its quiet zone as a ``size`` square, lower-left at (x, y)."""
    n = modules(data)
    canvas.saveState()
    canvas.setFillColor(colors.white)
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillColor(colors.black)
    canvas.translate(x, y)
    canvas.scale(size / n, size / n)
    path = canvas.beginPath()
    path._code.append(_module_path(data))
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


@lru_cache(maxsize=1024)
def _module_path(data: str) -> str:
    """The dark runs as PDF ``re`` operators in whole modules (origin lower left).

    A build draws every card's code in several PDFs; written in module units the
    path is the same wherever the code sits, so it is formatted once per code
    instead of once per run per drawing (it was a tenth of a build's CPU).
    """
    last = modules(data) - 1
    return " ".join(f"{c} {last - r} {length} 1 re" for r, c, length in _runs(data))


def qr_drawing(data: str, size: float) -> Drawing:
    """The code as a reportlab graphics Drawing ``size`` points square."""
    n = modules(data)
    m = size / n
    d = Drawing(size, size)
    d.add(Rect(0, 0, size, size, fillColor=colors.white, strokeColor=None))
    p = Path(fillColor=colors.black, strokeColor=None, strokeWidth=0)
    for r, c, length in _runs(data):
        x0, y0 = c * m, size - (r + 1) * m
        p.moveTo(x0, y0)
        p.lineTo(x0 + length * m, y0)
        p.lineTo(x0 + length * m, y0 + m)
        p.lineTo(x0, y0 + m)
        p.closePath()
    d.add(p)
    return d


class QRFlowable(Flowable):
    """A platypus flowable drawing one QR code ``size`` points square."""

    def __init__(self, data: str, size: float) -> None:
        super().__init__()
        self.data = data
        self.size = size
        self.width = self.height = size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        draw_qr(self.canv, self.data, 0, 0, self.size)


def qr_flowable(data: str, size: float) -> Flowable:
    return QRFlowable(data, size)
