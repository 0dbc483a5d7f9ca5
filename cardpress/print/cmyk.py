"""Colour-managed CMYK for print shops (``cardpress build --cmyk``), through littleCMS.

Print shops that print in four colours (DriveThruCards requires it) want the
PDF in CMYK: left to their RIP, an RGB file is converted by a profile nobody
chose. Every colour the canvas sets (fills, strokes and text alike, through
ReportLab's ``enforceColorSpace`` hook, so the drawing code stays as it is)
goes through an ICC transform from sRGB to a named press profile: Pillow's
ImageCms, which is littleCMS, relative colorimetric with black-point
compensation. The press profile is Ghostscript's "Artifex CMYK SWOP Profile"
(Debian's libgs-common, installed with ghostscript): US web coated (SWOP),
the condition DriveThruCards prints to; the PDF/X files name it in their
OutputIntent and embed it. sRGB is icc-profiles-free's.

Total ink (C+M+Y+K) is then held under ``TOTAL_INK`` (240 %, DriveThruCards'
limit; the profile alone allows up to ~300 % in its darkest colours) by
taking the excess out of C, M and Y in proportion, keeping K: the darkest
colours lose a little depth, never their hue.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import CMYKColor, CMYKColorSep, toColor

SRGB_PROFILE = Path("/usr/share/color/icc/sRGB.icc")  # icc-profiles-free
PRESS_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # libgs-common
#: what the OutputIntent says the file is printed to (ICC's registry name for SWOP)
PRESS_CONDITION = "CGATS TR 001"
PRESS_INFO = "U.S. Web Coated (SWOP), Artifex CMYK SWOP Profile"
TOTAL_INK = 2.4  # 240 %


class ProfileMissing(RuntimeError):
    """An ICC profile the CMYK output needs is not installed."""


def _profile(path: Path):
    from PIL import ImageCms

    if not path.is_file():
        package = "icc-profiles-free" if path == SRGB_PROFILE else "ghostscript"
        raise ProfileMissing(
            f"{path}: ICC profile not found (install the Debian package {package})"
        )
    return ImageCms.getOpenProfile(str(path))


@lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms

    return ImageCms.buildTransform(
        _profile(SRGB_PROFILE),
        _profile(PRESS_PROFILE),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def press_profile_bytes() -> bytes:
    """The press profile itself, for a PDF/X OutputIntent."""
    if not PRESS_PROFILE.is_file():
        _profile(PRESS_PROFILE)  # raises the clear message
    return PRESS_PROFILE.read_bytes()


def limit_ink(c: float, m: float, y: float, k: float, limit: float = TOTAL_INK):
    """(c, m, y, k) with C+M+Y+K at most ``limit``: the excess comes out of C, M and Y."""
    total = c + m + y + k
    if total <= limit:
        return c, m, y, k
    cmy = c + m + y
    keep = max(0.0, (limit - k) / cmy) if cmy else 0.0
    return c * keep, m * keep, y * keep, k


@lru_cache(maxsize=8192)
def rgb_to_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """An sRGB colour (0-1) as press CMYK (0-1) by littleCMS, total ink limited."""
    from PIL import Image

    px = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in (r, g, b)))
    c, m, y, k = _transform().apply(px).getpixel((0, 0))
    return limit_ink(c / 255, m / 255, y / 255, k / 255)


def image_to_cmyk(img):
    """A Pillow image (any mode; an embedded ICC profile is honoured) in press CMYK."""
    import io

    from PIL import ImageCms

    source = _profile(SRGB_PROFILE)
    icc = img.info.get("icc_profile")
    if icc:
        source = ImageCms.getOpenProfile(io.BytesIO(icc))
    if img.mode == "CMYK" and not icc:
        return img
    mode = "CMYK" if img.mode == "CMYK" else "RGB"
    return ImageCms.profileToProfile(
        img.convert(mode),
        source,
        _profile(PRESS_PROFILE),
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        outputMode="CMYK",
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def to_cmyk(colour) -> CMYKColor:
    """Any ReportLab colour (name, hex, Color, CMYKColor) as a plain press CMYKColor."""
    tc = toColor(colour)
    if isinstance(tc, CMYKColorSep):  # a spot colour is printed as process
        return CMYKColor(tc.cyan, tc.magenta, tc.yellow, tc.black, alpha=tc.alpha)
    if isinstance(tc, CMYKColor):
        return tc
    c, m, y, k = rgb_to_cmyk(round(tc.red, 4), round(tc.green, 4), round(tc.blue, 4))
    return CMYKColor(c, m, y, k, alpha=tc.alpha)
