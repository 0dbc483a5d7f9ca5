"""A designer's own art (a scan or a painting file named by the card data) placed in print.

What a designer with scans needs beyond "the file is drawn": the picture fitted
to its window by a declared mode (``cover`` fills the window and crops around a
focal point, ``contain`` shows all of it inside the window, ``full-bleed`` covers
the whole card out to the bleed's edge, ``cardpress.print.faces_full_bleed``), a
warning naming card and file when the picture prints under 300 dpi, and
colour as the file means it: an embedded ICC profile (Adobe RGB, a CMYK JPEG
from a print workflow) is converted by littleCMS (Pillow's ImageCms) to sRGB,
or straight to the press profile when the PDF is CMYK
(``cardpress.print.cmyk``), never read as if it were sRGB. PNG, JPEG and TIFF
are read by Pillow.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageCms

from cardpress.catalogue.loader import FULL_BLEED
from cardpress.catalogue.loader import IMAGE_FITS as FITS

MIN_DPI = 300
FORMATS = ("PNG", "JPEG", "TIFF")


class ArtError(ValueError):
    """An art file cannot be placed (unreadable, or not PNG/JPEG/TIFF)."""


@dataclass(frozen=True)
class Placement:
    """Where the picture is drawn (points) and how finely it prints there."""

    x: float
    y: float
    w: float
    h: float
    dpi: float


def place(
    size: tuple[int, int],
    box: tuple[float, float, float, float],
    fit: str = "cover",
    focus: tuple[float, float] = (0.5, 0.5),
) -> Placement:
    """The picture of ``size`` pixels in ``box`` (x, y, w, h) by ``fit``.

    ``cover`` fills the box and crops:
    ``focus`` (0-1 across, 0-1 down from the top) is the point of the picture kept
    as near the box's centre as the crop allows. ``contain`` shows the whole
    picture, centred. ``full-bleed`` is ``cover`` over a box that is the whole card
    and its bleed (the caller's box), so the resolution is what the bleed size gets.
    """
    if fit not in FITS:
        raise ArtError(f"fit {fit!r}: choose one of {', '.join(FITS)}")
    iw, ih = size
    x, y, w, h = box
    scale = min(w / iw, h / ih) if fit == "contain" else max(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    fx, fy = (min(1.0, max(0.0, v)) for v in focus)
    # the focal point at the box's centre, then the picture pulled back to cover the box
    dx = x + w / 2 - fx * dw
    dy = y + h / 2 - (1 - fy) * dh
    if fit != "contain":
        dx = min(x, max(x + w - dw, dx))
        dy = min(y, max(y + h - dh, dy))
    else:
        dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
    dpi = min(iw / (dw / 72), ih / (dh / 72))
    return Placement(dx, dy, dw, dh, dpi)


def load(path: Path, cmyk: bool = False) -> Image.Image:
    """The file as an RGB (or RGBA) image in sRGB, or in press CMYK when ``cmyk``."""
    try:
        img = Image.open(path)
        img.load()
    except (OSError, ValueError) as exc:
        raise ArtError(f"{path}: cannot read the picture ({exc})") from None
    if img.format not in FORMATS:
        raise ArtError(f"{path}: {img.format} is not accepted (PNG, JPEG or TIFF)")
    if cmyk:
        from cardpress.print.cmyk import image_to_cmyk

        return image_to_cmyk(img.convert("RGB") if img.mode not in ("RGB", "CMYK") else img)
    icc = img.info.get("icc_profile")
    if img.mode in ("P", "LA", "PA"):
        img = img.convert("RGBA")
    if icc:
        from cardpress.print.cmyk import SRGB_PROFILE

        source = ImageCms.getOpenProfile(io.BytesIO(icc))
        alpha = img.getchannel("A") if img.mode == "RGBA" else None
        base = img.convert("CMYK" if img.mode == "CMYK" else "RGB")
        img = ImageCms.profileToProfile(
            base,
            source,
            ImageCms.getOpenProfile(str(SRGB_PROFILE)),
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            outputMode="RGB",
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )
        if alpha is not None:
            img.putalpha(alpha)
        return img
    if img.mode == "CMYK":  # no profile: the press's own inks, as a press would read them
        from cardpress.print.cmyk import PRESS_PROFILE, SRGB_PROFILE

        return ImageCms.profileToProfile(
            img,
            ImageCms.getOpenProfile(str(PRESS_PROFILE)),
            ImageCms.getOpenProfile(str(SRGB_PROFILE)),
            outputMode="RGB",
        )
    return img if img.mode in ("RGB", "RGBA") else img.convert("RGB")


def draw_art(
    canvas,
    path: Path,
    box: tuple[float, float, float, float],
    *,
    card: str = "",
    fit: str = "cover",
    focus: tuple[float, float] = (0.5, 0.5),
    cmyk: bool | None = None,
) -> Placement:
    """Draw the file in ``box`` (clipped to it), warning when it prints under ``MIN_DPI``.

    ``cmyk`` None: as the canvas converts its colours (``--cmyk``).
    """
    from reportlab.lib.utils import ImageReader

    if cmyk is None:
        cmyk = getattr(canvas, "_enforceColorSpace", None) is not None
    img = load(path, cmyk=cmyk)
    where = place(img.size, box, fit, focus)
    if where.dpi < MIN_DPI - 0.5:
        window = "over the card and its bleed" if fit == FULL_BLEED else "in its window"
        warnings.warn(
            f"{card}: {path.name} prints at {where.dpi:.0f} dpi {window}, under "
            f"{MIN_DPI} dpi ({img.size[0]} x {img.size[1]} px over "
            f"{where.w / 72 * 25.4:.0f} x {where.h / 72 * 25.4:.0f} mm)",
            stacklevel=2,
        )
    x, y, w, h = box
    canvas.saveState()
    p = canvas.beginPath()
    p.rect(x, y, w, h)
    canvas.clipPath(p, stroke=0, fill=0)
    mask = "auto" if img.mode == "RGBA" else None
    canvas.drawImage(ImageReader(img), where.x, where.y, where.w, where.h, mask=mask)
    canvas.restoreState()
    return where
