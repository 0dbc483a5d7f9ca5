"""Soft proofs: a page as the press would print it, with its cut and safe zone drawn on.

Ghostscript rasterises the page to CMYK through the press profile
(``cardpress.print.cmyk.PRESS_PROFILE``: an RGB file is converted by it, a
CMYK file is taken as already in it), and littleCMS (Pillow's ImageCms)
turns those inks back into screen colours, so a colour the press cannot
print shows as it will print. On top: the bleed's edge (magenta), the trim
(cyan on white), the safe zone (green, dashed) and every problem found on
the page (red, numbered as in the caption under the picture).
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

PROOF_DPI = 150
CAPTION_PT = 9  # caption type, in points at PROOF_DPI


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


def annotate(
    img: Image.Image,
    media,
    trim,
    bleed,
    safe_mm: float,
    problems: list[Problem],
    lines: list[str],
    dpi: int = PROOF_DPI,
) -> Image.Image:
    """``img`` (the page's MediaBox) with bleed, trim, safe zone and numbered problems drawn."""
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
        draw.rectangle(px(bleed), outline=(230, 0, 140), width=1)
    if trim is not None:
        draw.rectangle(px(trim), outline=(255, 255, 255), width=4)
        draw.rectangle(px(trim), outline=(0, 170, 220), width=2)
        inset = safe_mm / 25.4 * 72
        safe = (trim[0] + inset, trim[1] + inset, trim[2] - inset, trim[3] - inset)
        x0, y0, x1, y1 = px(safe)
        for a, b in (
            ((x0, y0), (x1, y0)),
            ((x1, y0), (x1, y1)),
            ((x1, y1), (x0, y1)),
            ((x0, y1), (x0, y0)),
        ):
            _dashed(draw, a, b, (0, 160, 60))
    small = _font(max(10, round(7 * scale)))
    for n, problem in enumerate(problems, 1):
        if problem.box is None:
            continue
        box = px(problem.box)
        draw.rectangle(box, outline=(230, 20, 20), width=2)
        draw.text((box[0] + 2, box[1] + 1), str(n), fill=(230, 20, 20), font=small)
    font = _font(round(CAPTION_PT * scale))
    line_h = round(CAPTION_PT * scale * 1.4)
    width = max(page.width, 900)
    canvas = Image.new("RGB", (width, page.height + line_h * (len(lines) + 1)), "white")
    canvas.paste(page, (0, 0))
    d = ImageDraw.Draw(canvas)
    for i, line in enumerate(lines):
        d.text((6, page.height + line_h // 2 + i * line_h), line, fill=(20, 20, 20), font=font)
    return canvas


def _dashed(draw, a, b, colour, dash: float = 6) -> None:
    (x0, y0), (x1, y1) = a, b
    length = max(abs(x1 - x0), abs(y1 - y0))
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1, (i + 1) / steps)
        draw.line(
            (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
            fill=colour,
            width=1,
        )


def png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False)
    return buf.getvalue()
