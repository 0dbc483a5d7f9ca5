"""Vector glyphs: Ultimatch's colour-blind symbols and 絵師100人展's flower icons.

Each function draws centred on (cx, cy) within radius ``r``; no fonts are
involved, so the shapes print identically in every language.
"""

from __future__ import annotations

import math

from cardpress.print.colour import RGB, hex_rgb, mix


def _poly(canvas, pts, fill=True, stroke=False) -> None:
    p = canvas.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    canvas.drawPath(p, stroke=int(stroke), fill=int(fill))


def _regular(cx, cy, r, n, rot=90.0) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(math.radians(rot + i * 360 / n)),
            cy + r * math.sin(math.radians(rot + i * 360 / n)),
        )
        for i in range(n)
    ]


def symbol_outline(name: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """The polygon for a symbol, or None for the circle."""
    if name == "circle":
        return None
    if name == "triangle":
        return _regular(cx, cy - r * 0.12, r * 1.08, 3)
    if name == "square":
        return _regular(cx, cy, r * 1.08, 4, 45)
    if name == "diamond":
        return [(cx, cy + r * 1.1), (cx + r * 0.86, cy), (cx, cy - r * 1.1), (cx - r * 0.86, cy)]
    if name == "hexagon":
        return _regular(cx, cy, r, 6, 0)
    if name == "star":
        pts = []
        for i in range(10):
            rr = r * 1.12 if i % 2 == 0 else r * 0.5
            a = math.radians(90 + i * 36)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a) - r * 0.04))
        return pts
    if name == "cross":
        t = r * 0.36
        return [
            (cx - t, cy + r),
            (cx + t, cy + r),
            (cx + t, cy + t),
            (cx + r, cy + t),
            (cx + r, cy - t),
            (cx + t, cy - t),
            (cx + t, cy - r),
            (cx - t, cy - r),
            (cx - t, cy - t),
            (cx - r, cy - t),
            (cx - r, cy + t),
            (cx - t, cy + t),
        ]
    if name == "heart":
        return [
            (
                cx + r * 16 * math.sin(t) ** 3 / 17,
                cy
                + r
                * (13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
                / 17,
            )
            for t in (i * 2 * math.pi / 48 for i in range(48))
        ]
    return None


def draw_symbol(
    canvas,
    name: str,
    cx: float,
    cy: float,
    r: float,
    fill: RGB,
    stroke: RGB | None = None,
    width: float = 0.0,
) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(*fill)
    if stroke is not None:
        canvas.setStrokeColorRGB(*stroke)
        canvas.setLineWidth(width)
        canvas.setLineJoin(1)
    pts = symbol_outline(name, cx, cy, r)
    if pts is None:
        canvas.circle(cx, cy, r, stroke=int(stroke is not None), fill=1)
    else:
        _poly(canvas, pts, stroke=stroke is not None)
    canvas.restoreState()


# --------------------------------------------------------------------------- flowers


def _petal(canvas, cx, cy, angle, length, width, notch: float = 0.0, point: bool = False):
    """One petal from the centre outward, as Béziers (optionally notched or pointed)."""
    ca, sa = math.cos(angle), math.sin(angle)

    def at(u, v):  # u along the petal, v across it
        return cx + u * ca - v * sa, cy + u * sa + v * ca

    p = canvas.beginPath()
    p.moveTo(*at(0, 0))
    if point:
        p.curveTo(*at(length * 0.3, width * 0.7), *at(length * 0.7, width * 0.6), *at(length, 0))
        p.curveTo(*at(length * 0.7, -width * 0.6), *at(length * 0.3, -width * 0.7), *at(0, 0))
    else:
        tip = length * (1 - notch)
        p.curveTo(
            *at(length * 0.25, width * 0.75),
            *at(length * 0.95, width * 0.75),
            *at(length, width * 0.22),
        )
        p.lineTo(*at(tip, 0))
        p.lineTo(*at(length, -width * 0.22))
        p.curveTo(*at(length * 0.95, -width * 0.75), *at(length * 0.25, -width * 0.75), *at(0, 0))
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)


def draw_flower(
    canvas, icon: str, cx: float, cy: float, r: float, rgb: str | RGB, disc: bool = True
) -> None:
    """A flower icon: 梅 ume, 桜 sakura, 朝顔 asagao, 桔梗 kikyo."""
    col = hex_rgb(rgb) if isinstance(rgb, str) else rgb
    canvas.saveState()
    if disc:
        canvas.setFillColorRGB(*mix(col, (1, 1, 1), 0.86))
        canvas.setStrokeColorRGB(*col)
        canvas.setLineWidth(max(0.4, r * 0.06))
        canvas.circle(cx, cy, r, stroke=1, fill=1)
        r *= 0.82
    canvas.setFillColorRGB(*col)
    if icon == "ume":
        for i in range(5):
            a = math.radians(90 + i * 72)
            canvas.circle(
                cx + math.cos(a) * r * 0.5, cy + math.sin(a) * r * 0.5, r * 0.42, stroke=0, fill=1
            )
        canvas.setFillColorRGB(*mix(col, (1, 1, 1), 0.75))
        canvas.circle(cx, cy, r * 0.26, stroke=0, fill=1)
        canvas.setFillColorRGB(0.95, 0.78, 0.2)
        for i in range(5):
            a = math.radians(90 + 36 + i * 72)
            canvas.circle(
                cx + math.cos(a) * r * 0.16, cy + math.sin(a) * r * 0.16, r * 0.05, stroke=0, fill=1
            )
    elif icon == "sakura":
        for i in range(5):
            _petal(canvas, cx, cy, math.radians(90 + i * 72), r * 0.98, r * 0.62, notch=0.16)
        canvas.setFillColorRGB(*mix(col, (1, 1, 1), 0.7))
        canvas.circle(cx, cy, r * 0.18, stroke=0, fill=1)
    elif icon == "asagao":
        canvas.circle(cx, cy, r * 0.95, stroke=0, fill=1)
        canvas.setFillColorRGB(*mix(col, (1, 1, 1), 0.55))
        for i in range(5):
            _petal(canvas, cx, cy, math.radians(90 + i * 72), r * 0.9, r * 0.16, point=True)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.circle(cx, cy, r * 0.26, stroke=0, fill=1)
    else:  # kikyo: five pointed petals, a star-shaped bell
        for i in range(5):
            _petal(canvas, cx, cy, math.radians(90 + i * 72), r, r * 0.72, point=True)
        canvas.setStrokeColorRGB(*mix(col, (0, 0, 0), 0.35))
        canvas.setLineWidth(max(0.3, r * 0.05))
        for i in range(5):
            a = math.radians(90 + i * 72)
            canvas.line(cx, cy, cx + math.cos(a) * r * 0.7, cy + math.sin(a) * r * 0.7)
        canvas.setFillColorRGB(0.98, 0.95, 0.85)
        canvas.circle(cx, cy, r * 0.15, stroke=0, fill=1)
    canvas.restoreState()
