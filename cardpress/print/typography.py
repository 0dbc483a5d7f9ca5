"""English typography at the last moment before text is set: curly quotes, en dashes.

Catalogues, card data and templates are written with the keys a keyboard has
(' " -); every text the print layer sets passes through ``typographic`` (or
``typographic_markup`` for Platypus mini-HTML), so whoever writes the words,
the page shows ’ ‘ “ ” and – where a typesetter would put them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_OPEN_BEFORE = " \t\n([{<—–-/\u3000「『（"
_RANGE = re.compile(r"(?<=\d)-(?=\d)")  # 2-4 players, 1872-1873: an en dash
_SPACED_HYPHEN = re.compile(r"(?<= )-(?= )")  # a dash between words: spaced en dash
_TAG = re.compile(r"(<[^>]*>|&[#\w]+;)")


@lru_cache(maxsize=8192)
def typographic(text: str) -> str:
    """``text`` with curly quotes and apostrophes and en dashes in ranges."""
    if not any(ch in text for ch in "'\"-"):
        return text
    text = _RANGE.sub("–", text)
    text = _SPACED_HYPHEN.sub("–", text)
    out: list[str] = []
    for i, ch in enumerate(text):
        if ch not in "'\"":
            out.append(ch)
            continue
        before = text[i - 1] if i else " "
        opening = before in _OPEN_BEFORE
        if ch == "'":
            out.append("‘" if opening and i + 1 < len(text) and text[i + 1].isalnum() else "’")
        else:
            out.append("“" if opening else "”")
    return "".join(out)


def typographic_markup(markup: str) -> str:
    """``typographic`` for Platypus markup: tags and entities are left as they are."""
    parts = _TAG.split(markup)
    return "".join(p if _TAG.fullmatch(p) else typographic(p) for p in parts)


_JP = "[\u3041-\u309f\u30a1-\u30fa\u4e00-\u9fff々]"
_JP_SLASH = re.compile(rf"(?<={_JP})\s*/\s*(?={_JP})")  # 梅 / 桜: 梅・桜 (JLREQ's 中点)
_MINUS = re.compile(r"(?<![\w.\-−])-(?=\d)")  # -2 points, -2点: a real minus, not a hyphen


def sheet_typography(text: str, lang: str) -> str:
    """A rule sheet's last touches: a real minus sign, and Japanese lists joined by 「・」.

    For plain text (no markup): ``sheet_typography_markup`` skips tags.
    """
    text = _MINUS.sub("\u2212", text)
    if lang == "ja":
        text = _JP_SLASH.sub("・", text)
    return text


def sheet_typography_markup(markup: str, lang: str) -> str:
    """``sheet_typography`` for Platypus markup: tags and entities are left as they are."""
    parts = _TAG.split(markup)
    return "".join(p if _TAG.fullmatch(p) else sheet_typography(p, lang) for p in parts)


def side_by_side(parts: Iterable[str], lang: str) -> str:
    """Short facts on one line, set apart as the language does: 「・」 in Japanese
    (JLREQ's 中点, never a Latin dot beside it on the same line), " · " in English."""
    return ("・" if lang == "ja" else " · ").join(p for p in parts if p)


def aside(words: str, lang: str) -> str:
    """Words set beside what they qualify, in the language's parentheses: full-width
    and unspaced in Japanese (「（小冊子）」), after a space in English (" (booklet)")."""
    return f"（{words}）" if lang == "ja" else f" ({words})"
