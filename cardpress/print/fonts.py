"""Find and register the TrueType fonts every PDF embeds.

ReportLab embeds (and subsets) TrueType outlines only; CFF-flavoured OpenType
such as Noto CJK cannot be loaded. So we look for the Morisawa BIZ UD or
IPAex families, which Debian ships as .ttf, and fail with one actionable
message when none is installed. Each role can be pointed at a file with an
environment variable, for designers who want another typeface.

English rule sheets are set in faces made for Latin reading rather than in
the Latin glyphs of a Japanese font: Charis SIL (a Charter-like book face) for
the text and Open Sans (a humanist sans) for headings, labels and diagrams.
Latin inside Japanese text keeps the Japanese font's own proportional Latin,
one rule with no switching mid-line. ``sheet_fonts(lang)`` is the one place
that says which face a rule sheet uses for what.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

INSTALL_HINT = (
    "install one with: apt-get install fonts-morisawa-bizud-gothic "
    "fonts-morisawa-bizud-mincho (or fonts-ipaexfont), or set {env}=/path/to/font.ttf"
)
LATIN_HINT = "install it with: apt-get install {package}, or set {env}=/path/to/font.ttf"


class FontError(RuntimeError):
    """No usable TrueType font for a role; the message says how to get one."""


@dataclass(frozen=True, slots=True)
class FontRole:
    name: str  # the ReportLab font name PDFs use
    env: str  # environment variable that overrides the file
    families: tuple[str, ...]  # fontconfig patterns, best first
    paths: tuple[str, ...]  # known Debian locations, in case fc-match is missing
    package: str = "fonts-morisawa-bizud-gothic"  # the Debian package that ships it


ROLES: dict[str, FontRole] = {
    role.name: role
    for role in (
        FontRole(
            "CardpressSans",
            "CARDPRESS_FONT_SANS",
            ("BIZ UDPGothic:style=Regular", "IPAexGothic"),
            (
                "/usr/share/fonts/truetype/bizud-gothic/BIZUDPGothic-Regular.ttf",
                "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
                "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
            ),
        ),
        FontRole(
            "CardpressSansBold",
            "CARDPRESS_FONT_SANS_BOLD",
            ("BIZ UDPGothic:style=Bold", "IPAexGothic"),
            (
                "/usr/share/fonts/truetype/bizud-gothic/BIZUDPGothic-Bold.ttf",
                "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
            ),
        ),
        FontRole(
            "CardpressSerif",
            "CARDPRESS_FONT_SERIF",
            ("BIZ UDPMincho:style=Regular", "IPAexMincho"),
            (
                "/usr/share/fonts/truetype/bizud-mincho/BIZUDPMincho-Regular.ttf",
                "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf",
                "/usr/share/fonts/truetype/fonts-japanese-mincho.ttf",
            ),
        ),
        FontRole(
            "CardpressMono",
            "CARDPRESS_FONT_MONO",
            ("BIZ UDGothic:style=Regular", "IPAexGothic"),
            (
                "/usr/share/fonts/truetype/bizud-gothic/BIZUDGothic-Regular.ttf",
                "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
            ),
        ),
        FontRole(
            "CardpressText",
            "CARDPRESS_FONT_TEXT",
            ("Charis SIL:style=Regular",),
            ("/usr/share/fonts/truetype/charis/CharisSIL-Regular.ttf",),
            "fonts-sil-charis",
        ),
        FontRole(
            "CardpressTextBold",
            "CARDPRESS_FONT_TEXT_BOLD",
            ("Charis SIL:style=Bold",),
            ("/usr/share/fonts/truetype/charis/CharisSIL-Bold.ttf",),
            "fonts-sil-charis",
        ),
        FontRole(
            "CardpressTextItalic",
            "CARDPRESS_FONT_TEXT_ITALIC",
            ("Charis SIL:style=Italic",),
            ("/usr/share/fonts/truetype/charis/CharisSIL-Italic.ttf",),
            "fonts-sil-charis",
        ),
        FontRole(
            "CardpressDisplay",
            "CARDPRESS_FONT_DISPLAY",
            ("Open Sans:style=Regular",),
            ("/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",),
            "fonts-open-sans",
        ),
        FontRole(
            "CardpressDisplayBold",
            "CARDPRESS_FONT_DISPLAY_BOLD",
            ("Open Sans:style=Bold",),
            ("/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",),
            "fonts-open-sans",
        ),
    )
}

SANS = "CardpressSans"
SANS_BOLD = "CardpressSansBold"
SERIF = "CardpressSerif"
MONO = "CardpressMono"
TEXT = "CardpressText"
TEXT_BOLD = "CardpressTextBold"
TEXT_ITALIC = "CardpressTextItalic"
DISPLAY = "CardpressDisplay"
DISPLAY_BOLD = "CardpressDisplayBold"


@dataclass(frozen=True, slots=True)
class SheetFonts:
    """Which registered face a rule sheet sets each kind of text in."""

    body: str  # running text
    bold: str  # <b> in running text
    em: str  # <em> in running text
    lead: str  # the opening paragraph under the title
    heading: str  # titles, headings, table heads, box titles
    label: str  # rule IDs, captions, footers, diagrams' small print
    label_bold: str  # the bold of ``label``


#: Japanese keeps BIZ UD throughout (Gothic for text and headings, Mincho for
#: emphasis); English reads in Charis SIL with Open Sans for display.
JAPANESE_SHEET = SheetFonts(SANS, SANS_BOLD, SERIF, SERIF, SANS_BOLD, SANS, SANS_BOLD)
LATIN_SHEET = SheetFonts(TEXT, TEXT_BOLD, TEXT_ITALIC, TEXT, DISPLAY_BOLD, DISPLAY, DISPLAY_BOLD)


def sheet_fonts(lang: str) -> SheetFonts:
    """The faces of ``lang``'s rule sheets (Japanese faces for Japanese, Latin ones else)."""
    return JAPANESE_SHEET if lang == "ja" else LATIN_SHEET


def _usable(path: Path) -> bool:
    return path.is_file() and path.suffix.lower() in {".ttf", ".ttc"}


def _fc_match(pattern: str) -> Path | None:
    if shutil.which("fc-match") is None:
        return None
    family = pattern.split(":", 1)[0]
    try:
        out = subprocess.run(
            ["fc-match", "-f", "%{family}\n%{file}", pattern],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    families, _, file = out.partition("\n")
    # fc-match always answers with *something*; only accept the family we asked for.
    if family not in families.split(","):
        return None
    return Path(file) if file else None


def locate(role: str) -> Path:
    """The font file for a role, or FontError saying how to install one."""
    spec = ROLES[role]
    if override := os.environ.get(spec.env):
        path = Path(override)
        if not _usable(path):
            raise FontError(f"{spec.env}={override}: not a TrueType (.ttf) font file")
        return path
    for pattern in spec.families:
        found = _fc_match(pattern)
        if found is not None and _usable(found):
            return found
    for known in spec.paths:
        if _usable(Path(known)):
            return Path(known)
    if spec.package.startswith("fonts-morisawa"):
        hint = "no Japanese TrueType font found for {role}; " + INSTALL_HINT
    else:
        hint = "no TrueType font found for {role}; " + LATIN_HINT
    raise FontError(hint.format(role=role, env=spec.env, package=spec.package))


@cache
def font_files() -> dict[str, Path]:
    """Every role's font file (FontError naming the first role without one).

    Each role asks fontconfig (a ``fc-match`` process); asked side by side, the nine
    answers take the time of one, which a build waits for before anything else.
    """
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(ROLES)) as pool:
        found = {role: pool.submit(locate, role) for role in ROLES}
    return {role: future.result() for role, future in found.items()}


@cache
def register_fonts() -> dict[str, Path]:
    """Register every role with ReportLab once per process; returns name -> file."""
    files = font_files()
    for role, path in files.items():
        font = TTFont(role, str(path), subfontIndex=0)
        _narrow_apostrophe(font)
        pdfmetrics.registerFont(font)
    return files


APOSTROPHE, RIGHT_QUOTE = 0x27, 0x2019


def _narrow_apostrophe(font: TTFont) -> None:
    """Set the curly apostrophe on the straight one's advance.

    Japanese fonts give U+2019 half an em with its ink at the left, so English
    set in them reads "painting’ s". Their U+0027 already draws the same curly
    mark on a proportional advance; ReportLab takes both the layout and the
    PDF's /Widths from this table, so one entry closes the gap everywhere.
    """
    widths = font.face.charWidths
    if APOSTROPHE in widths and widths.get(RIGHT_QUOTE, 0) > widths[APOSTROPHE]:
        widths[RIGHT_QUOTE] = widths[APOSTROPHE]
