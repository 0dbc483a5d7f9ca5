"""A scene painted in a painter's manner, once per build, placed as cached PDF operators.

Painting a scene (its reference raster, then the layered strokes) costs about
a tenth of a second; a build prints each picture in several documents (both
languages, both papers, the print-shop file, the PNG export). So a picture is
painted once, in a canonical box (:data:`CANVAS`, the art boxes' shape on
every card size, within 1 %), and scaled into whichever box it is printed
in; its operators are formatted once per colour space. Before a build's
workers fork, :func:`warm` paints every picture the build needs, spread over
the build's processes, so no worker paints one again; given a cache folder
(a build's ``<out>/.cache/art``), it keeps every painted picture's strokes
there, keyed by the picture and the art code, so the next process (a
``--watch`` save after a full build) reads them instead of painting.
"""

from __future__ import annotations

import colorsys
import dataclasses
import hashlib
import io
import marshal
import os
import random
import sys
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.art import brush
from cardpress.print.art.brush import Manner, Stroke
from cardpress.print.art.pen import Painting, Pen, clip
from cardpress.print.colour import RGB, seed_of
from cardpress.print.deflate import Deflated

#: a scene, its brushwork and the box it is painted in, by style name ("monet", ...)
Style = tuple[Painting, Callable[[int, str], Manner], tuple[float, float]]


def forged(manner: Manner) -> Manner:
    """A forger's copy of a manner: coarse, mechanical brushwork.

    Brushes a third larger (no detail drawn as small), every stroke at one
    slant, straight, of one width; beside the real
    painter's cards a forgery reads as "off" before its stamp is seen. It is
    still paint: each dash keeps a little of its own value, the fine brush
    goes back over the details the coarse ones missed, and a painter's
    impasto is aped with ridges that all catch the light the same way.
    """
    return dataclasses.replace(
        manner,
        brushes=tuple(round(r * 1.35, 2) for r in manner.brushes),
        threshold=manner.threshold * 0.6,
        hatch=0.75,
        curvature=0.0,
        width_jitter=0.0,
        hue_jitter=manner.hue_jitter * 0.5,
        value_jitter=max(0.04, manner.value_jitter),
        saturation=min(manner.saturation, 1.0),
        contrast=1.15,
        flow=None,
        impasto=manner.impasto * 0.6,
        accents=0.0,
        highlights=0,
        min_length=3,
        max_length=6,
        alpha=(),
    )


def _dull(c: RGB) -> RGB:
    """A forger's palette: every hue slid a step (skies turn violet, greens sour, reds
    orange), too saturated and a shade dark, under a brownish varnish."""
    hh, ll, ss = colorsys.rgb_to_hls(*c)
    r, g, b = colorsys.hls_to_rgb((hh + 0.07) % 1.0, ll * 0.88, min(1.0, ss * 1.3))
    return (min(1.0, r * 0.96 + 0.04), min(1.0, g * 0.92 + 0.03), b * 0.8)


#: the box every picture is painted in (pt); printed, it is scaled to its art box
CANVAS = (150.0, 116.0)

#: a picture: (style, seed key, forged, English title)
Picture = tuple[str, str, bool, str]

_painted: dict[Picture, tuple[Stroke, ...]] = {}
#: pictures a painter process kept in a cache folder, read from there when first asked for
_kept: dict[Picture, Path] = {}


def strokes(
    styles_key: str, seed_key: str, dull: bool = False, hint: str = ""
) -> tuple[Stroke, ...]:
    """The strokes of one picture in the canonical box (painted once per process)."""
    key = (styles_key, seed_key, dull, hint)
    if key not in _painted and not (key in _kept and _load(_kept[key], key)):
        _painted[key] = _paint(key)
    return _painted[key]


def _paint(picture: Picture) -> tuple[Stroke, ...]:
    styles_key, seed_key, dull, hint = picture
    scene, manner_of, (w, h) = STYLES[styles_key]

    focus: list[tuple[float, float, float, float, float]] = []

    def draw(c: Canvas) -> None:
        pen = Pen(c, random.Random(seed_of(seed_key)), _dull if dull else (lambda c: c), hint)
        if dull:  # copied from a reversed print: the composition mirrored, the light wrong
            c.translate(w, 0)
            c.scale(-1, 1)
        scene(pen, w, h)
        focus.extend(pen.focus_areas)

    ref = brush.reference(draw, w, h)
    manner = manner_of(seed_of(seed_key + "/flow"), hint)
    if dull:  # a forger copies the shapes, not where the master looked
        manner = forged(manner)
        focus.clear()
    return tuple(brush.paint(ref, manner, seed_of(seed_key + "/brush"), tuple(focus)))


#: what a painter process sends back: each picture's strokes, and its RGB operators
#: written and compressed there (alpha, text, raw deflate), not in the waiting parent
Painted = tuple[tuple[Stroke, ...], tuple[tuple[float, str, bytes], ...]]


def _paint_all(pictures: list[Picture], folder: Path | None = None) -> list[Painted]:
    """Paint in a painter process. Given the cache ``folder``, the strokes are kept there
    and only the operators go back (a build prints those; strokes are read again only
    for another colour space), else both go back."""
    out = []
    for p in pictures:
        _painted[p] = _paint(p)
        runs = tuple((alpha, str(ops), ops.raw()) for alpha, ops in _operators(*p, None))
        out.append(((), runs) if folder is not None else (_painted[p], runs))
    if folder is not None:
        _keep(folder, pictures)
    return out


def warm(pictures: list[Picture], jobs: int = 1, cache_dir: Path | None = None) -> None:
    """Paint the pictures not painted yet, over ``jobs`` processes, and write and compress
    their RGB operators into this process (what the workers forked next inherit).

    With ``cache_dir``, pictures kept there by an earlier build are read back
    instead (the same strokes, so the same PDF bytes), and what is painted now
    is kept there for the next (and read from there here, should this process need
    the strokes themselves: another colour space).
    """
    Warming(pictures, jobs, cache_dir).finish()


class Warming:
    """:func:`warm` begun: the painter processes set off at once, so this one can get on
    with its own work (a build registers its fonts and compiles its templates meanwhile)
    until :meth:`finish` takes the pictures in."""

    def __init__(self, pictures: list[Picture], jobs: int = 1, cache_dir: Path | None = None):
        self.pictures = pictures
        todo = sorted({p for p in pictures if p not in _painted})
        self.folder = cache_dir / art_version() if cache_dir is not None else None
        if self.folder is not None:
            todo = [p for p in todo if not _load(self.folder, p)]
            _prune(self.folder)
        self.todo = todo
        self.pool = None
        if jobs > 1 and len(todo) >= 4:
            from concurrent.futures import ProcessPoolExecutor

            self.shares = [todo[i::jobs] for i in range(jobs)]
            self.pool = ProcessPoolExecutor(max_workers=jobs)
            self.painting = [
                self.pool.submit(_paint_all, share, self.folder) for share in self.shares
            ]

    def finish(self) -> None:
        if self.pool is None:
            for p in self.todo:
                strokes(*p)
            if self.folder is not None and self.todo:
                _keep(self.folder, self.todo)
        else:
            try:
                for share, future in zip(self.shares, self.painting, strict=True):
                    for p, (picture_strokes, runs) in zip(share, future.result(), strict=True):
                        if self.folder is None:
                            _painted[p] = picture_strokes
                        else:
                            _kept[p] = self.folder
                        _formatted[(p, None)] = tuple(_deflated(*run) for run in runs)
            finally:
                self.cancel()
        for p in self.pictures:  # formatted and compressed once here, not again in every worker
            for _, ops in _operators(*p, None):
                ops.raw()

    def cancel(self) -> None:
        """Stop waiting for the painters (the build failed before it needed them)."""
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None


# --------------------------------------------------------------------------- the stroke cache


@cache
def art_version() -> str:
    """What a picture's strokes depend on besides the picture: the art code, the libraries
    that rasterise and blur its reference, and the Python whose ``marshal`` stores them."""
    from importlib.metadata import version

    h = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    versions = [version(d) for d in ("reportlab", "pypdfium2", "pillow", "numpy")]
    h.update(repr((versions, sys.version)).encode())
    return h.hexdigest()[:16]


def _cache_file(folder: Path, picture: Picture) -> Path:
    return folder / (hashlib.sha256(repr(picture).encode()).hexdigest()[:32] + ".strokes")


def _load(folder: Path, picture: Picture) -> bool:
    """Read a kept picture's strokes into this process; False if absent or unreadable."""
    try:
        kept, rows = marshal.loads(zlib.decompress(_cache_file(folder, picture).read_bytes()))
        if kept != repr(picture):
            return False
        _painted[picture] = tuple(Stroke(c, w, pts, a, path) for c, w, pts, a, path in rows)
    except (OSError, ValueError, EOFError, TypeError, zlib.error):
        return False
    return True


def _prune(folder: Path) -> None:
    """Drop what older art code kept beside ``folder`` (before painters write into it)."""
    try:
        for old in folder.parent.iterdir():
            if old.is_dir() and old.name != folder.name:
                for f in old.iterdir():
                    f.unlink()
                old.rmdir()
    except OSError:
        return


def _keep(folder: Path, pictures: list[Picture]) -> None:
    """Write the pictures' strokes, each atomically."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for picture in pictures:
            rows = tuple((s.colour, s.width, s.points, s.alpha, s.path) for s in _painted[picture])
            target = _cache_file(folder, picture)
            tmp = target.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(zlib.compress(marshal.dumps((repr(picture), rows)), 1))
            os.replace(tmp, target)
    except OSError:  # a cache that cannot be written costs the next build time, nothing more
        return


#: each picture's operators per colour space (None: RGB), written once per process
_formatted: dict[tuple[Picture, object], tuple[tuple[float, Deflated], ...]] = {}


def _deflated(alpha: float, ops: str, raw: bytes) -> tuple[float, Deflated]:
    text = Deflated(ops)
    text._raw = raw
    return alpha, text


def _operators(
    styles_key: str, seed_key: str, dull: bool, hint: str, enforce
) -> tuple[tuple[float, Deflated], ...]:
    key = ((styles_key, seed_key, dull, hint), enforce)
    runs = _formatted.get(key)
    if runs is None:
        if len(_formatted) >= 256:  # a long --watch: titles edited, pictures repainted
            _formatted.clear()
        runs = _formatted[key] = _write_operators(styles_key, seed_key, dull, hint, enforce)
    return runs


def _write_operators(
    styles_key: str, seed_key: str, dull: bool, hint: str, enforce
) -> tuple[tuple[float, Deflated], ...]:
    if enforce is None:  # RGB, as ReportLab writes it

        def colour_op(c: RGB) -> str:
            return f"{fp_str(c)} RG"

    else:  # another colour space (CMYK): ReportLab converts and writes it
        scratch = Canvas(io.BytesIO(), enforceColorSpace=enforce)

        def colour_op(c: RGB) -> str:
            scratch.setStrokeColorRGB(*c)
            return scratch._code.pop()

    runs = brush.stroke_ops(list(strokes(styles_key, seed_key, dull, hint)), colour_op)
    # compressed once here, spliced into every face stream that prints the picture
    return tuple((alpha, Deflated(ops)) for alpha, ops in runs)


def draw_painted(
    canvas, styles_key: str, seed_key: str, x, y, w, h, *, dull: bool = False, hint: str = ""
) -> None:
    """Paint the scene in the box, clipped: ground, then the strokes as Bézier paths.

    The picture, painted in its style's own box, is scaled to cover the box
    (uniformly, centred; an art box of another shape crops it a little).
    """
    runs = _operators(styles_key, seed_key, dull, hint, getattr(canvas, "_enforceColorSpace", None))
    _, manner_of, (cw, ch) = STYLES[styles_key]
    manner = manner_of(0, hint)
    scale = max(w / cw, h / ch)
    canvas.saveState()
    clip(canvas, x, y, w, h)
    canvas.translate(x + (w - cw * scale) / 2, y + (h - ch * scale) / 2)
    canvas.scale(scale, scale)
    canvas.setFillColorRGB(*(_dull(manner.ground) if dull else manner.ground))
    canvas.rect(0, 0, cw, ch, stroke=0, fill=1)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    canvas.scale(brush.OPS_SCALE, brush.OPS_SCALE)
    for alpha, ops in runs:
        canvas.setStrokeAlpha(alpha)
        canvas._code.append(ops)  # as is: addLiteral's str() would drop its deflate data
    canvas.restoreState()


STYLES: dict[str, Style] = {}


def register(
    name: str,
    scene: Painting,
    manner_of: Callable[[int, str], Manner],
    canvas: tuple[float, float] = CANVAS,
) -> None:
    STYLES[name] = (scene, manner_of, canvas)
