"""Japanese line breaking (kinsoku shori) for ReportLab paragraphs.

ReportLab's CJK wrapping breaks between any two characters and only lets
one line-start-forbidden mark hang into the margin; it never keeps an opening
bracket off the end of a line and happily splits a Latin word such as
``FA-3`` in two. ``KinsokuParagraph`` replaces its line breaker with one that

* never starts a line with a closing mark (、。」）… small kana, ー) and never
  ends one with an opening mark (「（…): the break moves back (oidashi);
* keeps runs of Latin letters and digits (rule IDs, numbers) whole;
* honours ``<br/>``.

Used for Japanese text (``wordWrap='CJK'``); other paragraphs wrap normally.
"""

from __future__ import annotations

from reportlab.platypus.paragraph import (
    Paragraph,
    ParaLines,
    _handleBulletWidth,
    cjkU,
    makeCJKParaLine,
)
from reportlab.rl_config import _FUZZ

CANNOT_START = frozenset(
    "、。，．,.・：；:;？！?!」』）］｝〉》】〕〙〛)]}’”"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "ー〜～々ゝゞヽヾ゛゜%％‰℃°′″"
)
CANNOT_END = frozenset("「『（［｛〈《【〔〘〚([{‘“")
CJK_LANGS = frozenset({"ja", "zh", "ko"})


def is_cjk(lang: str) -> bool:
    """Whether ``lang`` wraps between any two characters rather than at spaces.

    Card faces and rule sheets must agree on which languages get CJK wrapping.
    """
    return lang in CJK_LANGS


def _is_word(ch: str) -> bool:
    return len(ch) == 1 and ch.isascii() and (ch.isalnum() or ch in "-_.'/+#")


def _width(u, max_width: float) -> float:
    w = u.width
    if hasattr(w, "normalizedValue"):
        w._normalizer = max_width
        w = w.normalizedValue(max_width)
    return w


def break_point(chars: list, start: int, brk: int) -> int:
    """Move a break at ``brk`` (line = chars[start:brk]) back to a legal place."""
    b = brk
    if b < len(chars) and _is_word(chars[b]) and _is_word(chars[b - 1]):
        j = b - 1
        while j > start and _is_word(chars[j - 1]):
            j -= 1
        if j > start:
            b = j
    for _ in range(6):
        if b - 1 > start and (chars[b] in CANNOT_START or chars[b - 1] in CANNOT_END):
            b -= 1
        else:
            break
    return b


def kinsoku_split(frags, max_widths, calc_bounds: bool, encoding: str = "utf8") -> ParaLines:
    chars = []
    for f in frags:
        text = f.text
        if isinstance(text, bytes):
            text = text.decode(encoding)
        if text:
            chars.extend(cjkU(t, f, encoding) for t in text)
        else:
            chars.append(cjkU(text, f, encoding))
    lines = []
    n = len(chars)
    start = 0
    while start < n:
        max_width = max_widths[min(len(lines), len(max_widths) - 1)]
        if lines:  # a wrapped line never starts with a space
            while start < n and chars[start] == " ":
                start += 1
            if start >= n:
                break
        width = 0.0
        i = start
        brk = None
        forced = False
        while i < n:
            u = chars[i]
            if hasattr(u.frag, "lineBreak"):
                brk, forced = i + 1, True
                break
            w = _width(u, max_width)
            if width + w > max_width + _FUZZ and i > start:
                brk = i
                break
            width += w
            i += 1
        if brk is None:
            rest = chars[start:]
            lines.append(
                makeCJKParaLine(rest, max_width, width, max_width - width, False, calc_bounds)
            )
            break
        if not forced:
            brk = break_point(chars, start, brk)
        seg = chars[start:brk]
        used = sum(_width(u, max_width) for u in seg)
        lines.append(makeCJKParaLine(seg, max_width, used, max_width - used, forced, calc_bounds))
        start = brk
    return ParaLines(kind=1, lines=lines)


class KinsokuParagraph(Paragraph):
    """A Paragraph whose CJK wrapping obeys kinsoku (see the module docstring)."""

    def breakLinesCJK(self, maxWidths):
        if not isinstance(maxWidths, list | tuple):
            maxWidths = [maxWidths]
        style = self.style
        self.height = 0
        _handleBulletWidth(self.bulletText, style, maxWidths)
        if hasattr(self, "blPara") and getattr(self, "_splitpara", 0):
            return self.blPara
        frags = self.frags
        if not frags:
            return ParaLines(
                kind=0,
                fontSize=style.fontSize,
                fontName=style.fontName,
                textColor=style.textColor,
                lines=[],
                ascent=style.fontSize,
                descent=-0.2 * style.fontSize,
            )
        auto_leading = getattr(self, "autoLeading", getattr(style, "autoLeading", ""))
        return kinsoku_split(frags, maxWidths, auto_leading not in ("", "off"))
