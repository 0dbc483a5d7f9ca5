"""The rule pages' typefaces: the faces the printed rule sheets use, for the web.

``cardpress.print.fonts.sheet_fonts(lang)`` says which face a sheet sets each
kind of text in; this module turns that one answer into ``@font-face`` rules,
so a page and its sheet never disagree. The stylesheet (``rules.css``) names
only the page's own families, each a role of the sheet:

    "Rules Text"     body (400), bold (700), emphasis (400 italic)
    "Rules Lead"     the opening paragraph under the title
    "Rules Display"  labels, rule IDs, captions (400); headings (700)

English faces (Charis SIL, Open Sans) are served from the very files the
build embeds, cut down to the Latin a rule text uses (about 40 KB each instead
of 750 KB: Charis carries IPA, Greek and Cyrillic): every phone reads the
sheet's faces, not whatever serif it happens to have. Japanese faces are
named by ``local()`` only: BIZ UD Gothic and Mincho are 4.6–6 MB each, far
too heavy for a phone on a table's Wi-Fi, and Windows (10 and later) already
ships them; elsewhere the stylesheet falls back to Hiragino or Noto Sans JP.
Subsets are WOFF (zlib; WOFF2 would need brotli) and byte-reproducible: the
``head`` table's timestamp is kept, so the static site does not change
between runs.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import cache

from fontTools import subset
from fontTools.ttLib import TTFont

from cardpress.print import fonts

#: what the web serves of a Latin face: ASCII, Latin-1, Latin Extended-A (names
#: such as "Mondrian" stay in range; Dvořák too), general punctuation, the
#: real minus and the multiplication sign the rule text sets
LATIN = (
    *range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2000, 0x2070),
    0x2122, 0x2190, 0x2192, 0x2212, 0x2264, 0x2265, 0x25CF, 0x25CB, 0x2713, 0x2717,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Face:
    """One ``@font-face``: a page family's weight and style, set in a sheet role's font."""

    family: str
    weight: int
    style: str
    role: str  # a name of cardpress.print.fonts.ROLES

    @property
    def file(self) -> str:
        """The served file's name: the role, so the URL says which face it is."""
        return f"{self.role}.woff"


def faces(lang: str) -> tuple[Face, ...]:
    """The page families of ``lang``, each in the face its rule sheet uses."""
    sheet = fonts.sheet_fonts(lang)
    return (
        Face("Rules Text", 400, "normal", sheet.body),
        Face("Rules Text", 700, "normal", sheet.bold),
        Face("Rules Text", 400, "italic", sheet.em),
        Face("Rules Lead", 400, "normal", sheet.lead),
        Face("Rules Display", 400, "normal", sheet.label),
        Face("Rules Display", 700, "normal", sheet.heading),
    )


def served(lang: str) -> bool:
    """Whether ``lang``'s faces are served as files (Latin) or named locally (Japanese)."""
    return fonts.sheet_fonts(lang) is not fonts.JAPANESE_SHEET


def served_files(lang: str) -> tuple[str, ...]:
    """The font files ``lang``'s pages load, once each (a page preloads them)."""
    if not served(lang):
        return ()
    return tuple(dict.fromkeys(f.file for f in faces(lang)))


@cache
def local_names(role: str) -> tuple[str, ...]:
    """The installed font's full and PostScript names, as ``local()`` matches them."""
    font = TTFont(fonts.locate(role), lazy=True, fontNumber=0)
    names = font["name"]
    found = [names.getDebugName(4), names.getDebugName(6)]
    return tuple(dict.fromkeys(n for n in found if n))


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def stylesheet(lang: str, url_for_file) -> str:
    """``@font-face`` rules for ``lang``'s page families; ``url_for_file(name)`` -> URL."""
    rules = [f"/* {lang}: the rule sheets' faces (cardpress.print.fonts.sheet_fonts) */"]
    for face in faces(lang):
        sources = [f"local({_css_string(n)})" for n in local_names(face.role)]
        if served(lang):
            # the served file first: the same glyphs as the sheet on every device
            sources = [f'url({_css_string(url_for_file(face.file))}) format("woff")']
        rules.append(
            "@font-face { "
            f"font-family: {_css_string(face.family)}; font-weight: {face.weight}; "
            f"font-style: {face.style}; font-display: swap; src: {', '.join(sources)}; }}"
        )
    return "\n".join(rules) + "\n"


@cache
def woff(role: str) -> bytes:
    """``role``'s font cut down to :data:`LATIN`, as WOFF, the same bytes every time."""
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]  # ligatures, kerning, old-style figures: as printed
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["Silf", "Silt", "Sill", "Glat", "Gloc", "Feat"]  # Graphite: unused
    font = TTFont(fonts.locate(role), recalcTimestamp=False, fontNumber=0)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=LATIN)
    cutter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff"
    font.save(out, reorderTables=True)
    return out.getvalue()


def role_of(lang: str, file: str) -> str | None:
    """The role whose served file is ``file`` on ``lang``'s pages, or None."""
    for face in faces(lang):
        if served(lang) and face.file == file:
            return face.role
    return None


def etag(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]
