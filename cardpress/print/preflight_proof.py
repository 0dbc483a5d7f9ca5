"""Soft proofs: a page as the press would print it, with its cut and safe zone drawn on.

Ghostscript rasterises the page to CMYK through the press profile
(``cardpress.print.cmyk.PRESS_PROFILE``: an RGB file is converted by it, a
CMYK file is taken as already in it), and littleCMS (Pillow's ImageCms)
turns those inks back into screen colours, so a colour the press cannot
print shows as it will print. On top: the bleed's edge (magenta), the trim
(cyan on white), the safe zone (green, dashed) and every problem found on
the page where it is (red, boxed, or ringed when small, numbered as in the
caption under the picture). The caption is as wide as the card: its title,
a key to the lines, and each problem by number naming its rule.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageCms, ImageDraw, ImageFont

from cardpress.print.cmyk import PRESS_PROFILE, SRGB_PROFILE
from cardpress.print.preflight import Problem

PROOF_DPI = 200  # a card 2.75 in wide is 550 px: its 6 pt type reads on a screen
CAPTION_PT = 8  # the caption's title, in points at PROOF_DPI; its lines a little smaller


class ProofError(RuntimeError):
    """A soft proof could not be rendered."""


def render_cmyk(pdf: Path, pages: list[int], dpi: int = PROOF_DPI) -> dict[int, Image.Image]:
    """``pages`` (1-based) of ``pdf`` as CMYK images in the press profile's inks."""
    gs = shutil.which("gs")
    if gs is None:
        raise ProofError("Ghostscript (gs) renders the soft proofs: apt-get install ghostscript")
    out: dict[int, Image.Image] = {}
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            [
                gs,
                "-q",
                "-dNOPAUSE",
                "-dBATCH",
                "-dSAFER",
                "-sDEVICE=tiff32nc",
                f"-r{dpi}",
                f"-sOutputICCProfile={PRESS_PROFILE}",
                f"-sPageList={','.join(str(p) for p in pages)}",
                f"-sOutputFile={tmp}/p%04d.tif",
                str(pdf),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        files = sorted(Path(tmp).glob("p*.tif"))
        if run.returncode or len(files) != len(pages):
            first = (run.stderr or run.stdout).strip().splitlines()[:1]
            raise ProofError(f"{pdf}: Ghostscript could not render it: {' '.join(first)}")
        for page, file in zip(pages, files, strict=True):
            with Image.open(file) as img:
                img.load()
                out[page] = img.copy()
    return out


def to_screen(cmyk: Image.Image) -> Image.Image:
    """Press inks as sRGB (littleCMS, relative colorimetric)."""
    return ImageCms.profileToProfile(
        cmyk,
        ImageCms.getOpenProfile(str(PRESS_PROFILE)),
        ImageCms.getOpenProfile(str(SRGB_PROFILE)),
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        outputMode="RGB",
    )


def _font(size: int):
    from cardpress.print.fonts import SANS, locate

    try:
        return ImageFont.truetype(str(locate(SANS)), size)
    except Exception:  # a missing font only costs the caption its face
        return ImageFont.load_default()


BLEED_RGB = (230, 0, 140)
TRIM_RGB = (0, 170, 220)
SAFE_RGB = (0, 160, 60)
PROBLEM_RGB = (225, 20, 20)
#: what a Japanese line may not start with (kinsoku): it stays on the line before
NO_LINE_START = "。、，．）」』〉》】：；！？ー・%"
#: the least a problem's mark is drawn across (px): a 1 mm text line gets a ring one can see
MIN_MARK_PX = 36


def annotate(
    img: Image.Image,
    media,
    trim,
    bleed,
    safe_mm: float,
    problems: list[Problem],
    title: str,
    legend: dict[str, str],
    lines: list[str],
    dpi: int = PROOF_DPI,
) -> Image.Image:
    """``img`` (the page's MediaBox) with bleed, trim, safe zone and numbered problems
    drawn, above a caption as wide as the card: ``title``, a key of the lines drawn
    (``legend``: the words for "bleed", "trim", "safe" and "problem") and ``lines``,
    the problems by number, each naming its rule.

    A problem with a place on the page is boxed there, or ringed when its box is too
    small to see (a line of type, a corner index), with its number in a red tag.
    """
    scale = dpi / 72

    def px(box):
        x0, y0, x1, y1 = box
        return (
            (x0 - media[0]) * scale,
            img.height - (y1 - media[1]) * scale,
            (x1 - media[0]) * scale,
            img.height - (y0 - media[1]) * scale,
        )

    page = img.convert("RGB")
    draw = ImageDraw.Draw(page)
    if bleed is not None:
        draw.rectangle(px(bleed), outline=BLEED_RGB, width=2)
    if trim is not None:
        draw.rectangle(px(trim), outline=(255, 255, 255), width=5)
        draw.rectangle(px(trim), outline=TRIM_RGB, width=3)
        inset = safe_mm / 25.4 * 72
        safe = (trim[0] + inset, trim[1] + inset, trim[2] - inset, trim[3] - inset)
        _dashed_box(draw, px(safe), SAFE_RGB)
    tag = _font(round(8 * scale))
    places: dict[tuple, list[str]] = {}  # problems found in one place share one mark
    for n, problem in enumerate(problems, 1):
        if problem.box is not None:
            places.setdefault(tuple(round(v, 1) for v in problem.box), []).append(str(n))
    for box, numbers in places.items():
        _mark_problem(draw, px(box), ", ".join(numbers), tag, page.size)
    return _with_caption(page, title, legend, lines, scale)


def _mark_problem(draw, box, label: str, font, size: tuple[int, int]) -> None:
    """A red box round ``box`` (pixels), a ring when it is small, and a numbered tag."""
    x0, y0, x1, y1 = box
    if x1 - x0 < MIN_MARK_PX or y1 - y0 < MIN_MARK_PX:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = max(MIN_MARK_PX / 2, (x1 - x0) / 2 + 6, (y1 - y0) / 2 + 6)
        x0, y0, x1, y1 = cx - r, cy - r, cx + r, cy + r
        draw.ellipse((x0, y0, x1, y1), outline=(255, 255, 255), width=7)
        draw.ellipse((x0, y0, x1, y1), outline=PROBLEM_RGB, width=4)
    else:
        draw.rectangle((x0, y0, x1, y1), outline=(255, 255, 255), width=7)
        draw.rectangle((x0, y0, x1, y1), outline=PROBLEM_RGB, width=4)
    tw = draw.textlength(label, font=font)
    th = font.size
    # the tag outside the mark's top left corner, kept on the picture
    tx = min(max(0, x0 - tw - 10), size[0] - tw - 10)
    ty = min(max(0, y0 - th - 8), size[1] - th - 8)
    draw.rectangle((tx, ty, tx + tw + 10, ty + th + 8), fill=PROBLEM_RGB)
    draw.text((tx + 5, ty + 2), label, fill=(255, 255, 255), font=font)


def _with_caption(page: Image.Image, title: str, legend: dict[str, str], lines, scale):
    """``page`` above its caption, wrapped to the page's width."""
    pad = round(4 * scale)
    width = page.width
    head = _font(round(CAPTION_PT * scale))
    body = _font(round(CAPTION_PT * 0.85 * scale))
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    rows: list[tuple[str, object, tuple[int, int, int]]] = []
    for text in _wrap(probe, title, head, width - 2 * pad):
        rows.append((text, head, (20, 20, 20)))
    for line in lines:
        for text in _wrap(probe, line, body, width - 2 * pad):
            rows.append((text, body, (20, 20, 20)))
    key = [("bleed", BLEED_RGB), ("trim", TRIM_RGB), ("safe", SAFE_RGB), ("problem", PROBLEM_RGB)]
    line_h = round(body.size * 1.35)
    key_rows = _key_rows(probe, [(legend[k], c) for k, c in key], body, width - 2 * pad)
    height = page.height + pad + len(key_rows) * line_h + pad
    height += sum(round(f.size * 1.35) for _, f, _ in rows) + pad
    canvas = Image.new("RGB", (width, height), "white")
    canvas.paste(page, (0, 0))
    d = ImageDraw.Draw(canvas)
    y = page.height + pad
    for row in key_rows:
        x = pad
        for label, colour in row:
            swatch = body.size * 1.6
            mid = y + line_h / 2
            d.line((x, mid, x + swatch, mid), fill=colour, width=max(3, round(scale * 1.2)))
            x += swatch + body.size * 0.4
            d.text((x, y), label, fill=(20, 20, 20), font=body)
            x += d.textlength(label, font=body) + body.size * 1.2
        y += line_h
    y += pad
    for text, font, colour in rows:
        d.text((pad, y), text, fill=colour, font=font)
        y += round(font.size * 1.35)
    return canvas


def _key_rows(draw, items, font, width: float) -> list[list[tuple[str, tuple]]]:
    """The key's items (a line sample and its word) in as few rows as fit ``width``."""
    rows: list[list] = [[]]
    used = 0.0
    for label, colour in items:
        need = font.size * 3.2 + draw.textlength(label, font=font)
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0.0
        rows[-1].append((label, colour))
        used += need
    return rows


def _wrap(draw, text: str, font, width: float) -> list[str]:
    """``text`` in lines no wider than ``width``: between words, or between characters in
    a language written without spaces."""
    import re

    out: list[str] = []
    line = ""
    # a Latin word (with its space) is one piece; any other character is its own
    for piece in re.findall(r"[\x21-\x7e]+\s*|\s+|.", text):
        parts = [piece] if draw.textlength(piece, font=font) <= width else list(piece)
        for part in parts:
            fits = draw.textlength(line + part, font=font) <= width
            if line and not fits and part[0] not in NO_LINE_START:
                out.append(line.rstrip())
                line = part.lstrip() if part.strip() else ""
            else:
                line += part
    if line.strip() or not out:
        out.append(line.rstrip())
    return out


def _dashed_box(draw, box, colour) -> None:
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        _dashed(draw, a, b, colour)


def _dashed(draw, a, b, colour, dash: float = 9) -> None:
    (x0, y0), (x1, y1) = a, b
    length = max(abs(x1 - x0), abs(y1 - y0))
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1, (i + 1) / steps)
        draw.line(
            (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
            fill=colour,
            width=2,
        )


def png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False)
    return buf.getvalue()
