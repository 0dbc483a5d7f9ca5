"""The one Japanese line breaker (kinsoku shori, after JIS X 4051 / W3C JLREQ).

ReportLab's CJK wrapping breaks between any two characters and only lets
one line-start-forbidden mark hang into the margin; it never keeps an opening
bracket off the end of a line and happily splits a Latin word such as
``FA-3`` in two. ``line_breaks`` chooses the breaks for every Japanese text we
print — rule sheets (``KinsokuParagraph``), card faces (``typeset.paragraph``)
and diagrams (``diagrams.wrap``) — so they all obey the same rules:

* no line starts with a closing mark (、。」）：… small kana, ー) and none ends
  with an opening mark (「（…): the break moves back (oidashi), and only when a
  line would be left empty does a 、 or 。 hang past the edge (burasage);
* runs of Latin letters and digits (rule IDs, numbers) stay whole, and so
  does a katakana word (ブラフ, セッション) of up to ``KATAKANA_WORD`` characters
  when a break before it exists; one wider than the line splits after a ー
  (レフェリー|アプリ) where it can;
* a short kanji word (a run of 2–4 kanji such as 非売品) is not split when the
  line can break before it (after a ・, a space or a kana): 「プロキシカード・
  非売品」 rather than 「…・非」「売品」;
* the last line of a paragraph never holds a single character (with its
  closing marks): one more comes down from the line above;
* forced breaks (``<br/>``, ``\n``) are honoured.

Other languages break at spaces; the same function serves them in diagrams.

Rule sheets set Japanese as a book does (``JustifiedKinsokuParagraph``):
両端揃え, the line's slack spread between its characters (JIS X 4051's
字間調整, by the PDF's character spacing); a quarter em between Japanese
and Latin letters or digits (四分アキ, replacing a typed space there); and a
katakana word may break where JLREQ allows (not before ー or a small kana)
rather than leave a line more than ``KATAKANA_SLACK`` ems short. Headings
(``PhraseKinsokuParagraph``) break only between the phrases budoux finds
(アルジャントゥイユの|ひなげし), read on the text as typed (a quarter-em gap is
not a phrase boundary); a phrase wider than the line breaks where kanji meets
katakana (絵師100人展|トレーディングカードゲーム) before anywhere else.
"""

from __future__ import annotations

from functools import lru_cache

import budoux
import reportlab.platypus.paragraph as rl_paragraph
from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.rl_accel import sameFrag
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.platypus.paragraph import (
    FragLine,
    ParaLines,
    _handleBulletWidth,
    cjkU,
    imgNormV,
    imgVRange,
)
from reportlab.rl_config import _FUZZ

from cardpress.rules.paragraph_cache import ParsedOnce, frags_key, remembered, value_key

CANNOT_START = frozenset(
    "、。，．,.・：；:;？！?!」』）］｝〉》】〕〙〛)]}’”"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "ー〜～々ゝゞヽヾ゛゜%％‰℃°′″"
)
CANNOT_END = frozenset("「『（［｛〈《【〔〘〚([{‘“")
#: closing marks that may hang past the line's end when nothing else can move
HANGING = frozenset("、。，．,.")
CJK_LANGS = frozenset({"ja", "zh", "ko"})


def is_cjk(lang: str) -> bool:
    """Whether ``lang`` wraps between any two characters rather than at spaces.

    Card faces and rule sheets must agree on which languages get CJK wrapping.
    """
    return lang in CJK_LANGS


KATAKANA_WORD = 10  # a katakana run up to this long is kept on one line when it can be
#: a justified line may not be left more than this many ems short to keep a katakana word whole
KATAKANA_SLACK = 1.5
#: the space between Japanese and Latin letters or digits in justified text (四分アキ)
LATIN_GAP = 0.25
KANJI_WORD = 4  # a kanji run of 2 up to this long is read as one word (非売品, 手札)


def _is_katakana(ch: str) -> bool:
    return ("\u30a1" <= ch <= "\u30fa") or ch in "ーヽヾ"


def _is_kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or ch in "々〆"


def _kanji_word_start(chars, start: int, b: int) -> int | None:
    """Where the short kanji word that a break at ``b`` would split begins, if it does.

    Japanese may break between any two kanji, but a typesetter does not split a
    word of two to four (非|売品) when the line can end just before it.
    """
    if not (0 < b < len(chars) and _is_kanji(chars[b - 1]) and _is_kanji(chars[b])):
        return None
    i, j = b, b
    while i > start and _is_kanji(chars[i - 1]):
        i -= 1
    while j < len(chars) and _is_kanji(chars[j]):
        j += 1
    return i if j - i <= KANJI_WORD and i > start else None


def _is_cjk_char(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def _same_word(a: str, b: str) -> bool:
    """Whether a break between ``a`` and ``b`` would split a word."""
    if a in " \n" or b in " \n":
        return False
    if not _is_cjk_char(a) and not _is_cjk_char(b):
        return True  # a Latin word, a number, a rule ID: break at spaces only
    return _is_katakana(a) and _is_katakana(b)


def _legal(chars, start: int, b: int, keep_katakana: bool = True) -> bool:
    if b <= start or b >= len(chars):
        return b >= len(chars)
    prev, nxt = chars[b - 1], chars[b]
    if nxt in CANNOT_START or prev in CANNOT_END:
        return False
    if _is_katakana(prev) and _is_katakana(nxt):
        # only a very long run splits, or one that would otherwise leave a lone last character
        return not keep_katakana or _katakana_run_length(chars, b) > KATAKANA_WORD
    return not _same_word(prev, nxt)


def legal_break(chars, start: int, b: int) -> int:
    """The last legal break at or before ``b`` in a line that begins at ``start``.

    A word longer than the line is split where the line is full (still avoiding a
    closing mark at the start of the next line); a katakana word is split only when it
    is longer than ``KATAKANA_WORD``.
    """
    j = b
    while j > start:
        if _legal(chars, start, j):
            before = _kanji_word_start(chars, start, j)
            # the word's own start, or the break before what opens it (カード|（自分, not 自|分)
            while before is not None and before > start and not _legal(chars, start, before):
                before -= 1
            return before if before is not None and before > start else j
        j -= 1
    # no clean break: hang one 、。 past the edge rather than start a line with it
    if b < len(chars) and chars[b] in HANGING:
        return b + 1
    # a katakana compound wider than the line splits at a seam (レフェリー|アプリ)
    for j in range(b, start + 1, -1):
        if _seam(chars, j):
            return j
    # split the long word, only respecting the marks
    j = b
    while j > start + 1 and (chars[j] in CANNOT_START or chars[j - 1] in CANNOT_END):
        j -= 1
    return j if j > start else b


def _seam(chars, b: int) -> bool:
    """Whether ``b`` is after a ー or ・ inside a katakana compound (レフェリー|アプリ)."""
    return chars[b - 1] in "ー・" and _is_katakana(chars[b]) and chars[b] not in CANNOT_START


def _katakana_run_length(chars, b: int) -> int:
    i, j = b, b
    while i > 0 and _is_katakana(chars[i - 1]):
        i -= 1
    while j < len(chars) and _is_katakana(chars[j]):
        j += 1
    return j - i


def line_breaks(
    chars,
    widths,
    max_width,
    forced=frozenset(),
    *,
    katakana_slack: float | None = None,
    phrases: frozenset[int] | None = None,
) -> list[tuple[int, int]]:
    """Lines as (start, end) index pairs into ``chars``.

    ``chars`` are one-character strings, ``widths`` their advance widths, and
    ``max_width`` a number or a function of the line number. A ``"\n"`` or an index
    in ``forced`` ends a line there (the newline itself is not part of any line).
    Spaces at the start of a wrapped line are dropped. With ``katakana_slack`` (points)
    a katakana word splits where a line would otherwise end more than that short;
    with ``phrases`` (indices) a line breaks only there while one can.
    """
    width_of = max_width if callable(max_width) else (lambda _n: max_width)
    n = len(chars)
    lines: list[tuple[int, int]] = []
    hard: set[int] = set()  # line numbers that end at a forced break
    start = 0
    while start < n:
        if lines and lines[-1][0] not in hard:
            while start < n and chars[start] == " ":
                start += 1
            if start >= n:
                break
        limit = width_of(len(lines)) + _FUZZ
        width = 0.0
        i = start
        while i < n and chars[i] != "\n" and i not in forced:
            if width + widths[i] > limit and i > start:
                break
            width += widths[i]
            i += 1
        if i >= n:
            lines.append((start, n))
            break
        if chars[i] == "\n" or i in forced:
            end = i + 1 if i in forced else i
            lines.append((start, end))
            hard.add(len(lines) - 1)
            start = i + 1
            continue
        b = legal_break(chars, start, i)
        if phrases is not None:
            b = _phrase_break(chars, start, i, b, phrases)
        elif katakana_slack is not None and sum(widths[b:i]) > katakana_slack:
            b = _katakana_break(chars, start, i, b)
        lines.append((start, b))
        start = b
    return _no_lone_last_char(chars, widths, width_of, lines, hard)


def _katakana_break(chars, start: int, i: int, b: int) -> int:
    """A break inside the katakana word that ``b`` went back before, where JLREQ allows."""
    for j in range(i, b, -1):
        if j < len(chars) and _is_katakana(chars[j - 1]) and _legal(chars, start, j, False):
            return j
    return b


def _phrase_break(chars, start: int, i: int, b: int, phrases: frozenset[int]) -> int:
    """The last phrase boundary before ``i`` that is a legal break; in a phrase longer
    than the line, the last place its words meet (``word_seam``), else ``b``."""
    for j in range(i, start, -1):
        if j in phrases and _legal(chars, start, j, False):
            return j
    for j in range(i, start, -1):
        if word_seam(chars, j) and _legal(chars, start, j, False):
            return j
    return b


def word_seam(chars, i: int) -> bool:
    """Whether kanji meets katakana at ``i`` (絵師100人展|トレーディングカードゲーム): where
    a phrase that budoux reads whole but no line holds is broken between its words."""
    if not 0 < i < len(chars):
        return False
    a, b = chars[i - 1], chars[i]
    return (_is_kanji(a) and _is_katakana(b) and b not in CANNOT_START) or (
        _is_katakana(a) and a != "・" and _is_kanji(b)
    )


def phrases(text: str) -> list[str]:
    """``text`` cut into budoux's phrases (what a heading keeps on one line)."""
    return list(_parser().parse(text))


def phrase_parts(text: str) -> list[str]:
    """``text``'s budoux phrases, each cut again where its words meet (``word_seam``):
    the pieces a phrase too wide for its line is broken into."""
    out = []
    for phrase in phrases(text):
        cut = 0
        for i in range(1, len(phrase)):
            if word_seam(phrase, i):
                out.append(phrase[cut:i])
                cut = i
        out.append(phrase[cut:])
    return out


@lru_cache(maxsize=1)
def _parser() -> budoux.Parser:
    return budoux.load_default_japanese_parser()


def phrase_boundaries(text: str) -> frozenset[int]:
    """Indices between budoux's phrases of ``text`` (and at its spaces)."""
    out: set[int] = set()
    at = 0
    for phrase in _parser().parse(text):
        at += len(phrase)
        out.add(at)
    out.update(i for i, ch in enumerate(text) if ch == " ")
    out.update(i + 1 for i, ch in enumerate(text) if ch == " ")
    return frozenset(out)


def _typed_phrases(typed: list, chars: list) -> frozenset[int]:
    """Phrase boundaries found on the ``typed`` text, as indices into ``chars`` (the
    same with quarter-em gaps put in): a gap is spacing, not a break between phrases
    (絵師 100 人展 is one phrase), and a boundary at a gap falls before it."""
    where = {id(u): i for i, u in enumerate(chars)}
    typed_ids = {id(u) for u in typed}
    at, nxt = [0] * (len(typed) + 1), len(chars)
    at[len(typed)] = nxt
    for k in range(len(typed) - 1, -1, -1):  # a typed space the gap replaced: the gap
        nxt = where.get(id(typed[k]), nxt - 1)
        at[k] = nxt
    text = "".join(str(u) if len(str(u)) == 1 else "\ufffc" for u in typed)
    out = set()
    for b in phrase_boundaries(text):
        j = at[b]
        out.add(j - 1 if 0 < j < len(chars) and id(chars[j - 1]) not in typed_ids else j)
    return frozenset(out)


def _visible(chars, start: int, end: int) -> int:
    return sum(1 for ch in chars[start:end] if ch not in CANNOT_START and not ch.isspace())


def _no_lone_last_char(chars, widths, width_of, lines, hard) -> list[tuple[int, int]]:
    """Bring one more character down when a paragraph's last line would hold only one."""
    out = list(lines)
    for k in range(1, len(out)):
        last = k == len(out) - 1 or (k in hard)
        if not last or (k - 1) in hard:
            continue
        (ps, pe), (s, e) = out[k - 1], out[k]
        if _visible(chars, s, e) != 1 or not _is_cjk_char(chars[s]):
            continue
        # the nearest break that keeps a word whole (ア|プリへ。 would split アプリ, 裏|向き
        # 裏向き), then a compound's seam (レフェリー|アプリへ。), then the nearest at all
        for ok in (
            lambda b, ps=ps: _legal(chars, ps, b) and _kanji_word_start(chars, ps, b) is None,
            lambda b: _seam(chars, b),
            lambda b, ps=ps: _legal(chars, ps, b, keep_katakana=False),
        ):
            b = next((b for b in range(pe - 1, ps + 1, -1) if ok(b)), None)
            if b is not None and sum(widths[b:e]) <= width_of(k) + _FUZZ:
                out[k - 1], out[k] = (ps, b), (b, e)
                break
    return out


def _width(u, max_width: float) -> float:
    w = u.width
    if hasattr(w, "normalizedValue"):
        w._normalizer = max_width
        w = w.normalizedValue(max_width)
    return w


def kinsoku_split(
    frags,
    max_widths,
    calc_bounds: bool,
    encoding: str = "utf8",
    *,
    book: bool = False,
    phrases: bool = False,
    gaps: bool = False,
) -> ParaLines:
    """ReportLab's CJK line splitting with the breaks chosen by ``line_breaks``.

    ``book`` sets the line as a justified book page (katakana splitting, the
    slack between characters); ``gaps`` puts a quarter em between Japanese and
    Latin; ``phrases`` breaks at budoux's phrase boundaries (with ``gaps``).
    """
    chars = []
    for f in frags:
        text = f.text
        if isinstance(text, bytes):
            text = text.decode(encoding)
        if text:
            chars.extend(cjkU(t, f, encoding) for t in text)
        else:
            chars.append(cjkU(text, f, encoding))
    gaps = gaps or book or phrases
    typed = chars
    if gaps:
        chars = latin_gaps(chars, encoding)
    forced = frozenset(i for i, u in enumerate(chars) if hasattr(u.frag, "lineBreak"))
    first = max_widths[0]
    widths = [_width(u, first) for u in chars]
    keys = [str(u) if len(str(u)) == 1 else "\ufffc" for u in chars]

    def width_of(n: int) -> float:
        return max_widths[min(n, len(max_widths) - 1)]

    em = getattr(frags[0], "fontSize", 10) if frags else 10
    breaks = line_breaks(
        keys,
        widths,
        width_of,
        forced,
        katakana_slack=KATAKANA_SLACK * em if book else None,
        phrases=_typed_phrases(typed, chars) if phrases else None,
    )
    lines = []
    for start, end in breaks:
        mw = width_of(len(lines))
        hard = end - 1 in forced
        seg = chars[start:end]
        while gaps and seg and str(seg[-1]) == " ":  # no gap hangs at a line's end
            seg = seg[:-1]
        used = sum(_width(u, mw) for u in seg)
        line = _para_line(seg, mw, used, mw - used, hard, calc_bounds)
        if book:
            line.cjkGaps = max(0, len(seg) - 1)
        lines.append(line)
    return ParaLines(kind=1, lines=lines)


def _japanese_letter(ch: str) -> bool:
    """Kana or kanji (not punctuation or brackets, which carry their own space)."""
    return (
        ("\u3041" <= ch <= "\u309f")
        or (_is_katakana(ch) and ch != "・")
        or _is_kanji(ch)
        or ch == "〜"
    )


def _latin(ch: str) -> bool:
    return len(ch) == 1 and ch.isascii() and ch.isalnum()


def latin_gaps(chars: list, encoding: str = "utf8") -> list:
    """``chars`` with a quarter-em space wherever Japanese meets Latin or digits.

    A typed space there becomes the quarter em too (四分アキ, JIS X 4051). The gap
    is a space set in a smaller size, so it stays a break opportunity that
    ``line_breaks`` drops at a line's start.
    """
    out: list = []
    n = len(chars)
    for i, u in enumerate(chars):
        ch = str(u)
        prev = str(out[-1]) if out else ""
        if ch == " " and 0 < i < n - 1:
            a, b = str(chars[i - 1]), str(chars[i + 1])
            if (_japanese_letter(a) and _latin(b)) or (_latin(a) and _japanese_letter(b)):
                out.append(_gap(chars[i - 1], encoding))
                continue
        if prev and (
            (_japanese_letter(prev) and _latin(ch)) or (_latin(prev) and _japanese_letter(ch))
        ):
            out.append(_gap(out[-1], encoding))
        out.append(u)
    return out


def _gap(beside, encoding: str):
    f = beside.frag
    size = f.fontSize
    space = stringWidth(" ", f.fontName, size) or size / 3
    return cjkU(" ", f.clone(fontSize=size * LATIN_GAP * size / space), encoding)


def _para_line(chars, max_width, used, extra, hard, calc_bounds: bool) -> FragLine:
    """ReportLab's ``makeCJKParaLine``, doing its per-fragment work once per fragment.

    It measured and compared every character's fragment again, though a line's
    characters come from one or two fragments (a tenth of a rule sheet's CPU).
    """
    words = []
    run: list[str] = []
    f0 = FragLine()
    size = top = bottom = 0
    last = None
    joins = False
    for u in chars:
        f = u.frag
        if f is not last:
            last = f
            cb = getattr(f, "cbDefn", None)
            if calc_bounds and getattr(cb, "width", 0):
                descent, ascent = imgVRange(imgNormV(cb.height, f.fontSize), cb.valign, f.fontSize)
            else:
                ascent, descent = getAscentDescent(f.fontName, f.fontSize)
            size, top, bottom = max(size, f.fontSize), max(top, ascent), min(bottom, descent)
            # sameFrag never joins an image or a forced break, even to itself
            joins = not (hasattr(f, "cbDefn") or hasattr(f, "lineBreak"))
        if not ((f is f0 and joins) or sameFrag(f0, f)):
            f0 = f0.clone()
            f0.text = "".join(run)
            words.append(f0)
            run = []
            f0 = f
        run.append(u)
    if run:
        f0 = f0.clone()
        f0.text = "".join(run)
        words.append(f0)
    return FragLine(
        kind=1,
        extraSpace=extra,
        wordCount=1,
        words=words[1:],
        fontSize=size,
        ascent=top,
        descent=bottom,
        maxWidth=max_width,
        currentWidth=used,
        lineBreak=hard,
    )


class KinsokuParagraph(ParsedOnce):
    """A Paragraph whose CJK wrapping obeys kinsoku (see the module docstring)."""

    book = False  # justified book setting (quarter-em gaps, katakana splits)
    phrases = False  # break at budoux's phrase boundaries

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
        # platypus wraps a paragraph again and again at the same width (each frame it
        # tries, KeepTogether, tables measuring their cells): break its lines once per width
        key = (tuple(maxWidths), frags)
        done = self.__dict__.get("_kinsoku_lines")
        if done is not None and done[0][0] == key[0] and done[0][1] is frags:
            return done[1]
        auto_leading = getattr(self, "autoLeading", getattr(style, "autoLeading", ""))
        bounds = auto_leading not in ("", "off")
        book = self.book and style.alignment == TA_JUSTIFY
        setting = (bounds, book, self.phrases, self.book)
        lines = remembered(
            ("kinsoku", frags_key(frags), value_key(list(maxWidths)), setting),
            self,
            (),
            lambda: kinsoku_split(
                frags, maxWidths, bounds, book=book, phrases=self.phrases, gaps=self.book
            ),
        )
        self._kinsoku_lines = (key, lines)
        return lines

    def split(self, availWidth, availHeight):
        # splitting edits the broken lines' words in place: never hand them out again
        self.__dict__.pop("_kinsoku_lines", None)
        parts = super().split(availWidth, availHeight)
        for part in parts[1:]:
            _rejoin_cjk_lines(part.frags)
        return parts


def _rejoin_cjk_lines(frags) -> None:
    """Take out the spaces ReportLab adds where the split-off lines used to end.

    ReportLab rebuilds the rest of a split paragraph from its broken lines and
    puts a space at each old line end, as a Latin line ends at a space. Between
    Japanese characters there was none, and once the rest is wrapped again (the
    next card, the next column) each of those spaces shows as a gap inside a
    line: 「自分を数 える」. A space between two Latin words stays.
    """
    texts = [getattr(f, "text", "") for f in frags]
    for i, (f, text) in enumerate(zip(frags, texts, strict=True)):
        if len(text) < 2 or text[-1] != " " or text[-2] == " ":
            continue
        after = next((t[0] for t in texts[i + 1 :] if t), "")
        if _is_cjk_char(text[-2]) or (after and _is_cjk_char(after)):
            f.text = text[:-1]


class JustifiedKinsokuParagraph(KinsokuParagraph):
    """Japanese running text as a book sets it: 両端揃え, 四分アキ, katakana splits."""

    book = True


class PhraseKinsokuParagraph(KinsokuParagraph):
    """A Japanese heading: breaks between phrases (budoux), never inside a word."""

    phrases = True


_rl_justify_line = rl_paragraph._justifyDrawParaLineX


def _justify_line(tx, offset, line, last=0):
    """ReportLab's justified line, spreading a Japanese line's slack between its characters.

    ReportLab justifies by widening word spaces, which Japanese has none of; a
    line from ``JustifiedKinsokuParagraph`` carries its character count and is
    drawn with the PDF's character spacing instead (the last line stays ragged).
    """
    gaps = getattr(line, "cjkGaps", 0)
    if gaps and not last and not line.lineBreak and line.extraSpace > 1e-6:
        tx.setCharSpace(line.extraSpace / gaps)
        try:
            return rl_paragraph._leftDrawParaLineX(tx, offset, line, last)
        finally:
            tx.setCharSpace(0)
    return _rl_justify_line(tx, offset, line, last)


rl_paragraph._justifyDrawParaLineX = _justify_line
