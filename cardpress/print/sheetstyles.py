"""The rule sheets' paragraph styles, read from ``sheet_styles.toml``.

A typographer changes a size, a face or a space in one data file (as rst2pdf
keeps its stylesheets) rather than in code; this module only turns its tables
into ReportLab ``ParagraphStyle`` objects for one language, resolving font
roles (``fonts.sheet_fonts``), palette colours and the rule-ID gutter. A bad
key or value is refused with the style's name, before anything is set.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from cardpress.print import palette
from cardpress.print.fonts import sheet_fonts
from cardpress.rules.kinsoku import is_cjk

STYLESHEET = Path(__file__).with_name("sheet_styles.toml")
#: the dictionary English text is hyphenated with (pyphen's, kept with the library)
HYPHENATION = "en_US"
ALIGN = {"left": TA_LEFT, "right": TA_RIGHT, "center": TA_CENTER, "justify": TA_JUSTIFY}
#: stylesheet key -> ParagraphStyle attribute, for the keys that are plain numbers
NUMBERS = {
    "size": "fontSize",
    "leading": "leading",
    "bullet_size": "bulletFontSize",
    "space_before": "spaceBefore",
    "space_after": "spaceAfter",
    "keep_with_next": "keepWithNext",
}
INDENTS = {"left_indent": "leftIndent", "bullet_indent": "bulletIndent"}
FONTS = {"font": "fontName", "bullet_font": "bulletFontName"}
COLOURS = {"colour": "textColor", "bullet_colour": "bulletColor"}
OTHER = {"parent", "align", "hyphenate", "ja", "en"}


class StylesheetError(ValueError):
    """The stylesheet names a key, role, colour or parent that does not exist."""


@cache
def _tables(path: Path = STYLESHEET) -> dict[str, dict[str, Any]]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def _indent(name: str, key: str, value: Any, gutter: float) -> float:
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and value.startswith("gutter"):
        rest = value[len("gutter") :].replace(" ", "")
        try:
            return gutter + (float(rest) if rest else 0.0)
        except ValueError:
            pass
    raise StylesheetError(f"{STYLESHEET.name}: [{name}] {key} = {value!r}: a number or 'gutter+N'")


def _attributes(name: str, table: dict[str, Any], lang: str, gutter: float) -> dict[str, Any]:
    fonts = sheet_fonts(lang)
    merged = {k: v for k, v in table.items() if k not in ("ja", "en")}
    merged.update(table.get(lang, {}))
    out: dict[str, Any] = {}
    for key, value in merged.items():
        if key in NUMBERS:
            out[NUMBERS[key]] = float(value)
        elif key in INDENTS:
            out[INDENTS[key]] = _indent(name, key, value, gutter)
        elif key in FONTS:
            if not hasattr(fonts, value):
                raise StylesheetError(
                    f"{STYLESHEET.name}: [{name}] {key} = {value!r}: no such role"
                )
            out[FONTS[key]] = getattr(fonts, value)
        elif key in COLOURS:
            if not hasattr(palette, value):
                raise StylesheetError(f"{STYLESHEET.name}: [{name}] {key}: no colour {value!r}")
            out[COLOURS[key]] = getattr(palette, value)
        elif key == "align":
            if value not in ALIGN:
                raise StylesheetError(f"{STYLESHEET.name}: [{name}] align = {value!r}")
            out["alignment"] = ALIGN[value]
        elif key == "hyphenate":
            out["hyphenationLang"] = HYPHENATION if value and not is_cjk(lang) else ""
        elif key != "parent":
            raise StylesheetError(f"{STYLESHEET.name}: [{name}]: unknown key {key!r}")
    return out


def sheet_styles(lang: str, gutter: float, path: Path = STYLESHEET) -> dict[str, ParagraphStyle]:
    """Every style of the stylesheet for ``lang``, by name, parents resolved."""
    tables = _tables(path)
    built: dict[str, ParagraphStyle] = {}

    def build(name: str, seen: tuple[str, ...] = ()) -> ParagraphStyle:
        if name in built:
            return built[name]
        if name not in tables:
            raise StylesheetError(f"{path.name}: no style [{name}] (parent of {seen[-1]})")
        if name in seen:
            raise StylesheetError(f"{path.name}: [{name}] inherits from itself")
        table = tables[name]
        parent_name = table.get("parent")
        parent = build(parent_name, (*seen, name)) if parent_name else None
        attrs = _attributes(name, table, lang, gutter)
        if parent is None:
            attrs.setdefault("wordWrap", "CJK" if is_cjk(lang) else None)
            attrs.setdefault("allowWidows", 0)
            attrs.setdefault("allowOrphans", 0)
            attrs.setdefault("hyphenationMinWordLength", 6)
            attrs.setdefault("embeddedHyphenation", 1)
        built[name] = ParagraphStyle(name, parent, **attrs)
        return built[name]

    for name in tables:
        build(name)
    return built
