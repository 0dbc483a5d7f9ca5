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

Total ink (C+M+Y+K) is then held under the strictest limit among the print
services' profiles (``preflight_services.toml``: DriveThruCards' 240 %; the
press profile alone allows up to ~300 % in its darkest colours) by taking the
excess out of C, M and Y in proportion, keeping K: the darkest colours lose a
little depth, never their hue. Placed images (``image_to_cmyk``) are limited
pixel by pixel the same way.

The limit is aimed ``INK_MARGIN`` under the service's number, not at it:
Ghostscript's flattening for PDF/X-1a turns a page into an 8-bit CMYK image,
which rounds each of the four inks to 1/255, a colour once and the blend of
two again, so a colour at exactly 240 % came back at up to 240.8 % (and a
preflight, theirs or ours, turned it back).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, toColor
from reportlab.pdfgen.canvas import Canvas

SRGB_PROFILE = Path("/usr/share/color/icc/sRGB.icc")  # icc-profiles-free
PRESS_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # libgs-common
#: what the OutputIntent says the file is printed to (ICC's registry name for SWOP)
PRESS_CONDITION = "CGATS TR 001"
PRESS_INFO = "U.S. Web Coated (SWOP), Artifex CMYK SWOP Profile"
#: how far under the service's total ink the conversion aims (C+M+Y+K, 1.0 = 100 %):
#: four inks each rounded to 1/255 twice (colour, then blend) is at most 4/255 = 1.6 %
INK_MARGIN = 4 / 255


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


@lru_cache(maxsize=1)
def total_ink() -> float:
    """The strictest total ink (C+M+Y+K, 1.0 = 100 %) among the services' profiles."""
    from cardpress.print.preflight import services

    return min(s.total_ink for s in services().values() if s.total_ink) / 100


def ink_aim() -> float:
    """What the conversion holds C+M+Y+K to: the strictest limit less ``INK_MARGIN``."""
    return total_ink() - INK_MARGIN


def limit_ink(c: float, m: float, y: float, k: float, limit: float | None = None):
    """(c, m, y, k) with C+M+Y+K at most ``limit`` (default ``ink_aim()``): the excess
    comes out of C, M and Y."""
    if limit is None:
        limit = ink_aim()
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
    """A Pillow image (any mode; an embedded ICC profile is honoured) in press CMYK,
    total ink limited pixel by pixel (``limit_image_ink``)."""
    import io

    from PIL import ImageCms

    source = _profile(SRGB_PROFILE)
    icc = img.info.get("icc_profile")
    if icc:
        source = ImageCms.getOpenProfile(io.BytesIO(icc))
    if img.mode == "CMYK" and not icc:
        return limit_image_ink(img)
    mode = "CMYK" if img.mode == "CMYK" else "RGB"
    converted = ImageCms.profileToProfile(
        img.convert(mode),
        source,
        _profile(PRESS_PROFILE),
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        outputMode="CMYK",
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    return limit_image_ink(converted)


def limit_image_ink(img, limit: float | None = None):
    """A CMYK Pillow image with every pixel's C+M+Y+K at most ``limit`` (default
    ``ink_aim()``), as ``limit_ink`` does a colour: C, M and Y scaled down, K kept, each
    rounded down to its 1/255 so no pixel rounds over. A scan from a press workflow
    can carry 320 % in its shadows; littleCMS's own press CMYK up to ~300 %."""
    import numpy as np
    from PIL import Image

    aim = int((ink_aim() if limit is None else limit) * 255)
    px = np.asarray(img, dtype=np.int32)
    total = px.sum(axis=2)
    over = total > aim
    if not over.any():
        return img
    cmy = px[..., :3].sum(axis=2)
    k = px[..., 3]
    keep = np.where(over & (cmy > 0), np.clip(aim - k, 0, None) / np.maximum(cmy, 1), 1.0)
    out = px.copy()
    out[..., :3] = np.floor(px[..., :3] * keep[..., None])
    return Image.frombytes("CMYK", img.size, out.astype(np.uint8).tobytes())


def to_cmyk(colour) -> CMYKColor:
    """Any ReportLab colour (name, hex, Color, CMYKColor) as a plain press CMYKColor."""
    tc = toColor(colour)
    if isinstance(tc, CMYKColor):  # a spot colour is printed as process; ink limited too
        ink = (tc.cyan, tc.magenta, tc.yellow, tc.black)
        limited = limit_ink(*ink)
        if limited == ink and not isinstance(tc, CMYKColorSep):
            return tc
        return CMYKColor(*limited, alpha=tc.alpha)
    c, m, y, k = rgb_to_cmyk(round(tc.red, 4), round(tc.green, 4), round(tc.blue, 4))
    return CMYKColor(c, m, y, k, alpha=tc.alpha)


class CmykCanvas(Canvas):
    """A canvas whose gradients are press CMYK like its fills (``--cmyk``): ReportLab's
    ``linearGradient`` and ``radialGradient`` write their stops as given, past the
    ``enforceColorSpace`` hook every other colour goes through."""

    def _cmyk_stops(self, colors, positions):
        from cardpress.print.shadings import rgb_stops

        if len(colors) < 2 or all(isinstance(toColor(c), CMYKColor) for c in colors):
            return [to_cmyk(c) for c in colors], positions
        rgb, at = rgb_stops(colors, positions)
        return [to_cmyk(Color(*c)) for c in rgb], at

    def linearGradient(self, x0, y0, x1, y1, colors, positions=None, extend=True):
        colors, positions = self._cmyk_stops(colors, positions)
        super().linearGradient(x0, y0, x1, y1, colors, positions, extend)

    def radialGradient(self, x, y, radius, colors, positions=None, extend=True):
        colors, positions = self._cmyk_stops(colors, positions)
        super().radialGradient(x, y, radius, colors, positions, extend)
