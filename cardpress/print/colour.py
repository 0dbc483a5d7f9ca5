"""Colours: parsing, mixing, contrast (WCAG 2), and the per-card seed.

Faces, backs and glyphs use these as well as the paintings; one place for them.
"""

from __future__ import annotations

import hashlib
import random
from typing import NamedTuple

RGB = tuple[float, float, float]


# --------------------------------------------------------------------------- colour helpers


def hex_rgb(value: str) -> RGB:
    v = value.lstrip("#")
    return (int(v[0:2], 16) / 255, int(v[2:4], 16) / 255, int(v[4:6], 16) / 255)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def jitter(rng: random.Random, c: RGB, amount: float = 0.06) -> RGB:
    return tuple(min(1.0, max(0.0, v + rng.uniform(-amount, amount))) for v in c)  # type: ignore[return-value]


def luminance(c: RGB) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def relative_luminance(c: RGB) -> float:
    """WCAG 2 relative luminance (sRGB decoded to linear light)."""

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio between two colours, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(colour: RGB, on: RGB, ratio: float = 4.5) -> RGB:
    """``colour`` darkened (or lightened) just enough to read at ``ratio`` on ``on``."""
    if contrast(colour, on) >= ratio:
        return colour
    toward = (0.0, 0.0, 0.0) if relative_luminance(on) > 0.18 else (1.0, 1.0, 1.0)
    for step in range(1, 41):
        c = mix(colour, toward, step / 40)
        if contrast(c, on) >= ratio:
            return c
    return toward


class Ink(NamedTuple):
    """A colour printed on another: what a contrast check needs of a corner index."""

    ink: RGB
    ground: RGB

    @property
    def contrast(self) -> float:
        return contrast(self.ink, self.ground)


def grey(c: RGB, t: float = 0.7) -> RGB:
    lum = luminance(c)
    return mix(c, (lum, lum, lum), t)


def seed_of(card_id: str) -> int:
    return int.from_bytes(hashlib.sha256(card_id.encode()).digest()[:8], "big")
