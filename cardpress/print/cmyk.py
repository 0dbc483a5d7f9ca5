"""DeviceCMYK output for print shops (``cardpress build --cmyk``).

Print shops that print in four colours (DriveThruCards requires it) want the
PDF in CMYK, not RGB: left to their RIP, an RGB file is converted by a profile
nobody chose. ReportLab lets a canvas enforce a colour space with a function
applied to every colour as it is set (fills, strokes and text alike), so the
drawing code stays as it is and the print-shop canvas converts each colour.

The conversion is ReportLab's device formula (grey component replaced by
black), not an ICC transform: it keeps pure black as K only, greys as K only,
and total ink at most 200 % (DriveThruCards' limit is 240 %). Order a proof
before a run: screen RGB and press CMYK never match exactly.
"""

from __future__ import annotations

from reportlab.lib.colors import CMYKColor, CMYKColorSep, rgb2cmyk, toColor


def to_cmyk(colour) -> CMYKColor:
    """Any ReportLab colour (name, hex, Color, CMYKColor) as a plain CMYKColor."""
    tc = toColor(colour)
    if isinstance(tc, CMYKColorSep):  # a spot colour is printed as process
        return CMYKColor(tc.cyan, tc.magenta, tc.yellow, tc.black, alpha=tc.alpha)
    if isinstance(tc, CMYKColor):
        return tc
    c, m, y, k = rgb2cmyk(tc.red, tc.green, tc.blue)
    return CMYKColor(c, m, y, k, alpha=tc.alpha)
