"""QR codes drawn with text, for a terminal (``cardpress serve --lan``)."""

from __future__ import annotations

from cardpress.print.qr import qr_matrix

#: two modules a character: (top dark, bottom dark) -> glyph
HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_text(data: str, invert: bool = True) -> str:
    """The code (quiet zone included) as lines of half-block characters.

    ``invert`` draws the light modules, which suits the usual light-on-dark
    terminal: the phone then sees dark modules on a light square.
    """
    matrix = [[dark != invert for dark in row] for row in qr_matrix(data)]
    if len(matrix) % 2:
        matrix.append([invert] * len(matrix[0]))  # more quiet zone
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        lines.append("".join(HALF_BLOCKS[pair] for pair in zip(top, bottom, strict=True)))
    return "\n".join(lines)
