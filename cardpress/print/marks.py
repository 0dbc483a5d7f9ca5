"""What a PDF page puts on paper, and where: text runs, painted shapes, placed images.

A print shop's preflight asks where ink lands, at what size and in which
colour space; the drawing code's own numbers cannot answer that for a file
it did not write (a designer's PDF, a file made to break a rule), so the
answers are read back from the content streams. pikepdf (qpdf) parses them;
this module keeps the graphics state a reader needs: the transformation
matrix, the clipping region (as a box: every clip our faces and art use is
a rectangle or inside one), form XObjects with their matrix and BBox, the
colour spaces, text position and glyph widths. Each mark's box is in page
coordinates (points) and already cut by the clip in force, so art clipped to
its window is reported as the window, not as the strokes that run past it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pikepdf

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_PAINT = {"f", "F", "f*", "B", "B*", "b", "b*", "S", "s"}
_STROKES = {"S", "s", "B", "B*", "b", "b*"}
_SPACE_OF = {"g": "DeviceGray", "rg": "DeviceRGB", "k": "DeviceCMYK"}


@dataclass(frozen=True, slots=True)
class Mark:
    """One thing drawn: ``kind`` is text, shape, image or shading."""

    kind: str
    box: Box
    #: fill (text, filled shapes, images) or stroke colour space: DeviceRGB, DeviceCMYK...
    space: str
    #: the colour's components (empty for an image, whose pixels carry it)
    colour: tuple[float, ...] = ()
    #: text: effective type size in points; image: effective resolution (dpi, the lesser axis)
    size: float = 0.0
    text: str = ""
    #: a path with three or more points, every one on its box's edges (a rectangle, a
    #: rounded rectangle, a disc): it has edges parallel to the page's
    boxy: bool = False
    #: an image: its XObject (object number, generation) and where the whole picture
    #: lies on the page before the clip, so a pixel can be found on the page
    xobject: tuple[int, int] = (0, 0)
    frame: Box | None = None
    #: text: its font dictionary (object number, generation); (0, 0) for a direct one
    font: tuple[int, int] = (0, 0)


def mul(a: Matrix, b: Matrix) -> Matrix:
    """``a`` then ``b`` (PDF's row-vector convention: a point is transformed by a, then b)."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def box_of(points) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def transform_box(m: Matrix, b: Box) -> Box:
    return box_of([apply(m, x, y) for x in (b[0], b[2]) for y in (b[1], b[3])])


def intersect(a: Box | None, b: Box) -> Box | None:
    """``b`` cut by the clip ``a`` (None: no clip); None when nothing is left."""
    if a is None:
        return b
    out = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return out if out[0] < out[2] and out[1] < out[3] else None


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    clip: Box | None = None
    line_width: float = 1.0
    fill_space: str = "DeviceGray"
    fill: tuple[float, ...] = (0.0,)
    stroke_space: str = "DeviceGray"
    stroke: tuple[float, ...] = (0.0,)
    #: the pattern a Pattern colour space paints with (its resource name)
    fill_pattern: str = ""
    stroke_pattern: str = ""
    font: object = None
    font_size: float = 0.0
    leading: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    scale: float = 1.0
    rise: float = 0.0

    def copy(self) -> _State:
        return _State(**{k: getattr(self, k) for k in self.__dataclass_fields__})


@dataclass
class _Font:
    widths: dict[int, float] = field(default_factory=dict)
    default: float = 500.0
    ascent: float = 0.9
    descent: float = -0.2
    two_byte: bool = False
    unicode: dict[int, str] = field(default_factory=dict)


def _font(obj) -> _Font:
    out = _Font()
    if obj is None:
        return out
    desc = obj.get("/FontDescriptor")
    if obj.get("/Subtype") == "/Type0":
        out.two_byte = True
        kid = obj.DescendantFonts[0]
        desc = kid.get("/FontDescriptor")
        out.default = float(kid.get("/DW", 1000))
        w = list(kid.get("/W", []))
        i = 0
        while i < len(w):
            first = int(w[i])
            if isinstance(w[i + 1], pikepdf.Array):
                for k, v in enumerate(w[i + 1]):
                    out.widths[first + k] = float(v)
                i += 2
            else:
                for code in range(first, int(w[i + 1]) + 1):
                    out.widths[code] = float(w[i + 2])
                i += 3
    else:
        first = int(obj.get("/FirstChar", 0))
        for k, v in enumerate(obj.get("/Widths", [])):
            out.widths[first + k] = float(v)
    if desc is not None:
        out.ascent = float(desc.get("/Ascent", 900)) / 1000
        out.descent = float(desc.get("/Descent", -200)) / 1000
    if "/ToUnicode" in obj:
        out.unicode = _cmap(obj.ToUnicode.read_bytes().decode("latin-1"))
    return out


def _cmap(text: str) -> dict[int, str]:
    """A ToUnicode CMap's bfchar and bfrange entries (what ReportLab and most tools write)."""
    import re

    out: dict[int, str] = {}

    def uni(hexes: str) -> str:
        raw = bytes.fromhex(hexes)
        return raw.decode("utf-16-be", "replace")

    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = uni(dst)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for a, b, dst in re.findall(
            r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block
        ):
            start = int(dst, 16)
            for k, code in enumerate(range(int(a, 16), int(b, 16) + 1)):
                out[code] = chr(start + k)
    return out


class _Reader:
    def __init__(self) -> None:
        self.fonts: dict[tuple[int, int], _Font] = {}
        #: the page's MediaBox: where a shading painted with no clip lands
        self.page_box: Box | None = None

    def font(self, obj) -> _Font:
        key = obj.objgen if obj is not None else (0, 0)
        if key not in self.fonts:
            self.fonts[key] = _font(obj)
        return self.fonts[key]

    def run(self, stream, resources, state: _State, out: list[Mark], depth: int = 0) -> None:
        """Interpret one content stream, collecting the marks it paints. Long because it is one PDF
        operator switch (graphics state, paths, text, XObjects): splitting it would pass the
        whole interpreter state to every branch."""
        stack: list[_State] = []
        path: list[tuple[float, float]] = []
        pending_clip = False
        tm = lm = IDENTITY
        for operands, op in pikepdf.parse_content_stream(stream):
            op = str(op)
            if op == "q":
                stack.append(state.copy())
            elif op == "Q":
                if stack:
                    state = stack.pop()
            elif op == "cm":
                state.ctm = mul(tuple(float(v) for v in operands), state.ctm)
            elif op == "w":
                state.line_width = float(operands[0])
            elif op in ("m", "l"):
                path.append(apply(state.ctm, float(operands[0]), float(operands[1])))
            elif op in ("c", "v", "y"):
                vals = [float(v) for v in operands]
                for i in range(0, len(vals), 2):
                    path.append(apply(state.ctm, vals[i], vals[i + 1]))
            elif op == "re":
                x, y, w, h = (float(v) for v in operands)
                path += [apply(state.ctm, px, py) for px in (x, x + w) for py in (y, y + h)]
            elif op in ("W", "W*"):
                pending_clip = True
            elif op in _PAINT or op == "n":
                if path and op != "n":
                    b = box_of(path)
                    if op in _STROKES:
                        half = state.line_width * _scale_of(state.ctm) / 2
                        b = (b[0] - half, b[1] - half, b[2] + half, b[3] + half)
                    cut = intersect(state.clip, b)
                    if cut:
                        stroke_only = op in ("S", "s")
                        space = state.stroke_space if stroke_only else state.fill_space
                        colour = state.stroke if stroke_only else state.fill
                        boxy = len(set(path)) >= 3 and all(
                            min(abs(x - b[0]), abs(x - b[2]), abs(y - b[1]), abs(y - b[3])) < 0.01
                            for x, y in path
                        )
                        if space == "Pattern":
                            pattern = state.stroke_pattern if stroke_only else state.fill_pattern
                            self._pattern(resources, pattern, cut, state, out, depth)
                        else:
                            out.append(Mark("shape", cut, space, colour, boxy=boxy))
                if pending_clip and path:
                    state.clip = intersect(state.clip, box_of(path)) or (0.0, 0.0, 0.0, 0.0)
                pending_clip = False
                path = []
            elif op in ("g", "rg", "k"):
                state.fill_space, state.fill = _SPACE_OF[op], tuple(float(v) for v in operands)
            elif op in ("G", "RG", "K"):
                state.stroke_space = _SPACE_OF[op.lower()]
                state.stroke = tuple(float(v) for v in operands)
            elif op in ("cs", "CS"):
                name = space_name(resources, operands[0])
                if op == "cs":
                    state.fill_space = name
                else:
                    state.stroke_space = name
            elif op in ("sc", "scn"):
                state.fill = tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name))
                state.fill_pattern = _pattern_name(operands)
            elif op in ("SC", "SCN"):
                state.stroke = tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name))
                state.stroke_pattern = _pattern_name(operands)
            elif op == "BT":
                tm = lm = IDENTITY
            elif op == "Tf":
                fonts = resources.get("/Font", {}) if resources is not None else {}
                state.font = fonts.get(str(operands[0]))
                state.font_size = float(operands[1])
            elif op == "TL":
                state.leading = float(operands[0])
            elif op == "Tc":
                state.char_space = float(operands[0])
            elif op == "Tw":
                state.word_space = float(operands[0])
            elif op == "Tz":
                state.scale = float(operands[0]) / 100
            elif op == "Ts":
                state.rise = float(operands[0])
            elif op == "Tm":
                tm = lm = tuple(float(v) for v in operands)
            elif op in ("Td", "TD"):
                tx, ty = float(operands[0]), float(operands[1])
                if op == "TD":
                    state.leading = -ty
                tm = lm = mul((1, 0, 0, 1, tx, ty), lm)
            elif op == "T*":
                tm = lm = mul((1, 0, 0, 1, 0, -state.leading), lm)
            elif op in ("Tj", "TJ", "'", '"'):
                if op in ("'", '"'):
                    tm = lm = mul((1, 0, 0, 1, 0, -state.leading), lm)
                    operands = operands[-1:]
                items = list(operands[0]) if op == "TJ" else [operands[0]]
                tm = self._text(items, state, tm, out)
            elif op == "Do":
                self._do(resources, operands[0], state, out, depth)
            elif op == "sh":
                shadings = resources.get("/Shading", {}) if resources is not None else {}
                shading = shadings.get(str(operands[0]))
                where = state.clip or self.page_box
                if shading is not None and where and where[0] < where[2]:
                    out.append(_shading_mark(resources, shading, where))
            elif op == "INLINE IMAGE":
                b = intersect(state.clip, transform_box(state.ctm, (0, 0, 1, 1)))
                if b:
                    out.append(Mark("image", b, "Inline"))

    def _text(self, items, state: _State, tm: Matrix, out: list[Mark]) -> Matrix:
        font = self.font(state.font)
        fs, th = state.font_size, state.scale
        advance = 0.0
        chars = []
        for item in items:
            if isinstance(item, pikepdf.String):
                raw = bytes(item)
                codes = (
                    [int.from_bytes(raw[i : i + 2], "big") for i in range(0, len(raw) - 1, 2)]
                    if font.two_byte
                    else list(raw)
                )
                for code in codes:
                    w = font.widths.get(code, font.default) / 1000
                    advance += (
                        w * fs + state.char_space + (state.word_space if code == 32 else 0)
                    ) * th
                    chars.append(font.unicode.get(code, chr(code) if code < 128 else "?"))
            else:
                advance -= float(item) / 1000 * fs * th
        trm = mul(tm, state.ctm)
        text = "".join(chars)
        if text.strip():
            local = (0.0, state.rise + font.descent * fs, advance, state.rise + font.ascent * fs)
            cut = intersect(state.clip, transform_box(trm, local))
            if cut:
                size = fs * (trm[2] ** 2 + trm[3] ** 2) ** 0.5
                font_ref = state.font.objgen if state.font is not None else (0, 0)
                out.append(
                    Mark("text", cut, state.fill_space, state.fill, size, text, font=font_ref)
                )
        return mul((1, 0, 0, 1, advance, 0), tm)

    def _do(self, resources, name, state: _State, out: list[Mark], depth: int) -> None:
        xobjects = resources.get("/XObject", {}) if resources is not None else {}
        obj = xobjects.get(str(name))
        if obj is None:
            return
        if obj.get("/Subtype") == "/Image":
            box = transform_box(state.ctm, (0, 0, 1, 1))
            cut = intersect(state.clip, box)
            if cut:
                w_in = (box[2] - box[0]) / 72
                h_in = (box[3] - box[1]) / 72
                dpi = min(int(obj.Width) / w_in, int(obj.Height) / h_in) if w_in and h_in else 0
                out.append(
                    Mark(
                        "image",
                        cut,
                        _image_space(obj),
                        (),
                        dpi,
                        boxy=True,
                        xobject=obj.objgen,
                        frame=box,
                    )
                )
            return
        if depth > 12:
            return
        inner = state.copy()
        inner.ctm = mul(tuple(float(v) for v in obj.get("/Matrix", IDENTITY)), state.ctm)
        if "/BBox" in obj:
            bbox = tuple(float(v) for v in obj.BBox)
            inner.clip = intersect(state.clip, transform_box(inner.ctm, bbox)) or (0, 0, 0, 0)
        self.run(obj, obj.get("/Resources", resources), inner, out, depth + 1)

    def _pattern(self, resources, name: str, where: Box, state: _State, out, depth: int) -> None:
        """A fill or stroke in a pattern: a shading pattern is a shading over ``where``; a
        tiling pattern's cell is read as a form clipped to ``where`` (its own colours)."""
        patterns = resources.get("/Pattern", {}) if resources is not None else {}
        pattern = patterns.get(name)
        if pattern is None:
            out.append(Mark("shape", where, "Pattern"))
            return
        if int(pattern.get("/PatternType", 1)) == 2:
            shading = pattern.get("/Shading", pikepdf.Dictionary())
            out.append(_shading_mark(resources, shading, where))
            return
        if depth > 12 or not isinstance(pattern, pikepdf.Stream):
            return
        inner = _State(clip=where)
        inner.ctm = tuple(float(v) for v in pattern.get("/Matrix", IDENTITY))
        self.run(pattern, pattern.get("/Resources", resources), inner, out, depth + 1)


def _pattern_name(operands) -> str:
    names = [str(v) for v in operands if isinstance(v, pikepdf.Name)]
    return names[-1] if names else ""


def _shading_mark(resources, shading, where: Box) -> Mark:
    """A shading over ``where``: its colour space, and its colour with the most ink."""
    from cardpress.print.shadings import most_ink

    space = space_name(resources, shading.get("/ColorSpace", pikepdf.Name.DeviceGray))
    return Mark("shading", where, space, most_ink(shading))


def _scale_of(m: Matrix) -> float:
    return abs(m[0] * m[3] - m[1] * m[2]) ** 0.5


def space_name(resources, cs) -> str:
    """A colour space (a name, a resource's name or an array) as the marks name it:
    DeviceRGB, DeviceCMYK, ICCBased RGB, Indexed RGB (by its base), Separation..."""
    if isinstance(cs, pikepdf.Name):
        name = str(cs)
        if name in ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern"):
            return name[1:]
        spaces = resources.get("/ColorSpace", {}) if resources is not None else {}
        named = spaces.get(name)
        return space_name(None, named) if named is not None else name[1:]
    if isinstance(cs, pikepdf.Array) and len(cs):
        head = str(cs[0])[1:]
        if head == "ICCBased":
            n = int(cs[1].get("/N", 3))
            return {1: "ICCBased Gray", 3: "ICCBased RGB", 4: "ICCBased CMYK"}.get(n, head)
        if head == "Indexed":
            return "Indexed " + space_name(resources, cs[1]).removeprefix("Device")
        return head
    return "Unknown"


def _image_space(obj) -> str:
    cs = obj.get("/ColorSpace")
    if cs is None:
        return "ImageMask" if obj.get("/ImageMask") else "Unknown"
    return space_name(None, cs)


def page_marks(page: pikepdf.Page) -> list[Mark]:
    """Every mark ``page`` draws, in page coordinates, cut by its clip."""
    out: list[Mark] = []
    reader = _Reader()
    reader.page_box = _media(page)
    reader.run(page, page.obj.get("/Resources"), _State(), out)
    return out


def _media(page: pikepdf.Page) -> Box | None:
    box = page.obj.get("/MediaBox")
    return box_of([(float(box[0]), float(box[1])), (float(box[2]), float(box[3]))]) if box else None


def pdf_marks(pdf: pikepdf.Pdf) -> list[list[Mark]]:
    """``page_marks`` for every page, sharing the fonts' widths between pages."""
    reader = _Reader()
    pages = []
    for page in pdf.pages:
        out: list[Mark] = []
        reader.page_box = _media(page)
        reader.run(page, page.obj.get("/Resources"), _State(), out)
        pages.append(out)
    return pages
