"""The furniture of Vermeer's rooms, shared by the scenes that stand in them: the wall in
the window's light, the leaded casement, the heavy carpet thrown over a table, the marble
floor. Each scene places them where its own painting has them."""

from __future__ import annotations

from cardpress.print.art.pen import Pen
from cardpress.print.colour import hex_rgb, mix


def lit_wall(pen: Pen, w: float, h: float, lit: str, shade: str) -> None:
    """A plastered wall in soft light from the left: pale by the window, greyer to the right."""
    bands = 14
    for i in range(bands):
        t = i / (bands - 1)
        pen.rect(w * i / bands, 0, w / bands + 0.6, h, mix(hex_rgb(lit), hex_rgb(shade), t))


def leaded_window(pen: Pen, x0, y0, ww, wh, glass: str = "#dfe6d8") -> None:
    """A leaded casement: pale glass in small panes, the brightest thing in the room."""
    pen.rect(x0, y0, ww, wh, hex_rgb(glass))
    pen.stroke(hex_rgb("#4e564a"), 1.1)  # leads a painter would draw, visible at card size
    for i in range(1, 6):
        pen.c.line(x0, y0 + wh * i / 6, x0 + ww, y0 + wh * i / 6)
    for i in range(1, 3):
        pen.c.line(x0 + ww * i / 3, y0, x0 + ww * i / 3, y0 + wh)


def tapestry(pen: Pen, pts, base: str = "#5a3024", motifs: int = 26) -> None:
    """A heavy oriental carpet thrown over a table: a dark mass worked in blue, gold and red."""
    pen.blob(pts, hex_rgb(base))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    rng = pen.rng
    for _ in range(motifs):
        x, y = rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys) * 0.9)
        pen.ellipse(
            x,
            y,
            rng.uniform(2, 4.5),
            rng.uniform(1.2, 2.5),
            hex_rgb(rng.choice(("#2f4f6a", "#c9a24a", "#8a2a22", "#3f5f4a"))),
            0.85,
        )


def marble_floor(pen: Pen, w: float, top: float, x0: float = 0.0) -> None:
    """Black and white marble tiles set diagonally, from ``x0`` to the right edge."""
    pen.rect(x0, 0, w - x0, top, hex_rgb("#e6e0d2"))
    n = 9
    for k in range(-2, n + 3):
        x = x0 + (w - x0) * k / n
        step = (w - x0) / n
        pen.poly(
            [(x, 0), (x + step * 0.5, 0), (x + step * 0.75, top), (x + step * 0.45, top)],
            hex_rgb("#24211e"),
        )
