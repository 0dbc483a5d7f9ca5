"""Render a rule document as an HTML fragment for the referee's rules page.

The web edge of the rule documents, as ``cardpress.print.rulesheet`` is the
paper's: both walk ``cardpress.rules.model`` through the one handler registry
of ``cardpress.rules.render``, and both draw diagrams with
``cardpress.print.diagrams``, which is why this renderer lives above the print
layer rather than in ``cardpress.rules``.

Every clause, example, glossary entry and ruling carries ``id="<rule-id>"``
so ``/<lang>/rules/<game>#FA-3`` lands on it; sections carry their section ID.
Diagrams are inline SVG rendered from the very Drawings the PDF embeds; each
one's internal ids (ReportLab names every clip path "clip") are prefixed with
the diagram's kind, so a page holding several diagrams has no duplicate ids.
The fragment carries no ``style`` attribute (a strict Content-Security-Policy,
``style-src 'self'``, would block it): SVG styling is written as presentation
attributes and a table cell's colour as a small data: image. All text is
escaped; the result is safe to wrap in ``markupsafe.Markup``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from html import escape
from itertools import pairwise
from urllib.parse import quote

from reportlab.graphics import renderSVG

from cardpress.catalogue import CatalogueError
from cardpress.print import diagrams, figure_pictures
from cardpress.print.justify import MIN_WORD, hyphenator
from cardpress.print.sheetstyles import HYPHENATION
from cardpress.print.typography import sheet_typography, typographic
from cardpress.rules import model as m
from cardpress.rules.kinsoku import CANNOT_END, CANNOT_START, is_cjk, phrase_boundaries
from cardpress.rules.render import Renderer, handles

#: the rule page's families (referee.rules_faces): a diagram's labels in the
#: faces its PDF sets them in, so they fit the boxes ReportLab measured them for
_DISPLAY_CSS = "'Rules Display', 'Open Sans', 'BIZ UDPGothic', 'Hiragino Sans', sans-serif"
_TEXT_CSS = "'Rules Text', 'Charis SIL', 'BIZ UDPGothic', 'Hiragino Sans', serif"
_XML_DECL = re.compile(r"^<\?xml[^>]*\?>\s*(<!DOCTYPE[^>]*>\s*)?", re.S)
_STYLE_ATTR = re.compile(r'\sstyle="([^"]*)"')
#: the SVG presentation attributes (all ReportLab writes as style declarations)
_PRESENTATION = frozenset(
    {
        "clip-path", "clip-rule", "color", "display", "fill", "fill-opacity", "fill-rule",
        "font-family", "font-size", "font-style", "font-weight", "opacity", "stroke",
        "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-opacity", "stroke-width", "text-anchor", "visibility",
    }
)  # fmt: skip
_SVG_ID = re.compile(r"""(?<![\w:-])id=["']([^"']+)["']""")


def prefix_ids(svg: str, prefix: str) -> str:
    """Prefix every id an SVG defines with ``prefix-``, and every reference to
    one: ``url(#clip)`` (also quoted) and ``href="#clip"`` / ``xlink:href``."""
    ids = set(_SVG_ID.findall(svg))
    if not ids:
        return svg
    names = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    uses = re.compile(rf"""((?<![\w:-])id=["']|url\(\s*["']?#|href=["']#)({names})(?=["')\s])""")
    return uses.sub(lambda found: f"{found[1]}{prefix}-{found[2]}", svg)


_WORD = re.compile(rf"[^\W\d_]{{{MIN_WORD},}}")
SOFT_HYPHEN = "\u00ad"


def set_text(text: str, lang: str) -> str:
    """Text as the rule sheet sets it (curly quotes, en dashes, the real minus,
    「・」 between Japanese names), not yet escaped: one set of rules for paper and web."""
    return sheet_typography(typographic(text), lang)


def hyphenated(text: str, lang: str) -> str:
    """Running English with soft hyphens where the sheet's dictionary (pyphen's)
    may break a word: browsers without a hyphenation dictionary of their own
    (Chromium on Linux) then justify without holes, and every browser breaks
    the same words the PDF does. Japanese and short words are left alone."""
    if is_cjk(lang):
        return text
    return _WORD.sub(lambda w: _soft_hyphens(w[0]), text)


@lru_cache(maxsize=8192)
def _soft_hyphens(word: str) -> str:
    cuts = sorted({len(head.rstrip("-")) for head, _tail in _HYPHENATE(word)})
    pieces = [word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)], strict=True)]
    return SOFT_HYPHEN.join(pieces)


_HYPHENATE = hyphenator(HYPHENATION)


#: a phrase this long (characters) may not fit a phone's line in a title's size
LONG_PHRASE = 9


def _katakana(ch: str) -> bool:
    return "\u30a1" <= ch <= "\u30fa" or ch == "ー"


def _leading_katakana(text: str) -> int:
    n = 0
    while n < len(text) and _katakana(text[n]):
        n += 1
    return n


def heading_breaks(text: str) -> frozenset[int]:
    """Where a Japanese title may break: between budoux's phrases, and inside a
    phrase too long for a phone's line only where a katakana word begins or
    ends (絵師100人展|トレーディングカードゲーム), as the sheet's headings do."""
    bounds = sorted({0, len(text), *phrase_boundaries(text)})
    out = set(bounds[1:-1])
    for a, b in pairwise(bounds):
        if b - a < LONG_PHRASE:
            continue
        for i in range(a + 2, b - 1):  # never a lone character on either side
            before, after = text[i - 1], text[i]
            if _katakana(before) == _katakana(after):
                continue
            if after in CANNOT_START or before in CANNOT_END:
                continue
            run = text[i:b] if _katakana(after) else text[a:i][::-1]
            if _leading_katakana(run) >= 4:  # a katakana word, not ゲーム|Ⅲ
                out.add(i)
    return frozenset(i for i in out if 0 < i < len(text))


def phrased(text: str, lang: str) -> str:
    """A Japanese heading, escaped, each of budoux's phrases in a ``<span class="phrase">``.

    The stylesheet sets each phrase as one unit (``inline-block``), so a
    heading breaks between phrases and nowhere else, in every browser: never
    アルジャントゥイユのひ⏎なげし, nor 絵師⏎100人展 (a line may start at a digit
    after a kanji, even with ``word-break: keep-all``). A phrase wider than the
    line still wraps inside itself rather than overflow. Spaces stay between
    the units, where they collapse as spaces do.
    """
    text = set_text(text, lang)
    if not is_cjk(lang):
        return escape(text)
    cuts = sorted(heading_breaks(text))
    if not cuts:  # one phrase: nothing to keep apart
        return escape(text)
    out: list[str] = []
    for piece in (text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)):
        word = piece.strip()
        if not word:
            out.append(escape(piece))
            continue
        head, tail = piece[: len(piece) - len(piece.lstrip())], piece[len(piece.rstrip()) :]
        out.append(f'{escape(head)}<span class="phrase">{escape(word)}</span>{escape(tail)}')
    return "".join(out)


def inline(spans: m.Inline, lang: str = "en", running: bool = True) -> str:
    """Spans as HTML; ``running`` text (not a heading, a label or a cell) is hyphenated."""

    def text(s: m.Span) -> str:
        said = set_text(s.text, lang)
        return escape(hyphenated(said, lang) if running else said)

    out: list[str] = []
    for s in spans:
        if s.style == "b":
            out.append(f"<strong>{text(s)}</strong>")
        elif s.style == "em":
            out.append(f"<em>{text(s)}</em>")
        elif s.style == "ref":
            out.append(f'<a class="rule-ref" href="#{escape(s.target)}">{escape(s.text)}</a>')
        elif s.style == "figref":
            said = escape(set_text(s.text, lang))
            out.append(f'<a class="figure-ref" href="#{escape(s.target)}">{said}</a>')
        elif s.style == "br":
            out.append("<br>")
        else:
            out.append(text(s))
    return "".join(out)


def scroll_box(table: str, label: str) -> str:
    """A table in a box of its own that scrolls sideways when the table is wider
    than the phone (a long Japanese word per cell), never the page. The box can
    take focus (a keyboard scrolls it) and is named for a screen reader; the
    stylesheet shades the edge that has more to see."""
    return (
        f'<div class="rules-scroll" role="region" tabindex="0" aria-label="{escape(label)}">'
        f"{table}</div>"
    )


def _label(rule_id: str) -> str:
    return f'<a class="rule-id" href="#{escape(rule_id)}">{escape(rule_id)}</a>'


def presentation_attributes(svg: str) -> str:
    """``style="fill: red; stroke: none"`` -> ``fill="red" stroke="none"``.

    Same rendering, but no inline style for a Content-Security-Policy to block;
    a declaration that is not a presentation attribute stays in ``style``.
    """

    def attributes(style: re.Match[str]) -> str:
        out, rest = [], []
        for declaration in style[1].split(";"):
            name, sep, value = declaration.partition(":")
            name, value = name.strip(), value.strip()
            if not sep or not name:
                continue
            if name in _PRESENTATION:
                out.append(f' {name}="{value}"')
            else:
                rest.append(f"{name}: {value}")
        if rest:
            out.append(f' style="{"; ".join(rest)}"')
        return "".join(out)

    return _STYLE_ATTR.sub(attributes, svg)


def swatch(colour: str) -> str:
    """A small colour bar for a table cell: an image, not an inline style."""
    svg = (
        "<svg xmlns='http://www.w3.org/2000/svg' width='6' height='16'>"
        f"<rect width='6' height='16' rx='1' fill='{colour}'/></svg>"
    )
    src = "data:image/svg+xml," + quote(svg, safe=" =:/")
    return f'<img class="rules-swatch" src="{escape(src)}" width="6" height="16" alt="">'


def diagram_svg(
    d: m.Diagram, lang: str, width: float = 440.0, id_prefix: str | None = None
) -> str | None:
    """The diagram as an inline <svg> element, or None when it cannot be drawn.

    ``id_prefix`` (default: the diagram's kind) keeps its ids unique in a page.
    """
    try:
        drawing = diagrams.draw(d, lang, width)
        if drawing is None:
            return None
        svg = renderSVG.drawToString(drawing)
    except CatalogueError:  # broken card data is an error, never a silently missing figure
        raise
    except Exception:  # a missing font must not take the page down
        return None
    svg = _XML_DECL.sub("", svg)
    # the PDF's registered font names mean nothing to a browser: use a CSS stack
    svg = re.sub(
        r"font-family: ?Cardpress(Sans|Display|Text)Bold",
        lambda f: (
            f"font-family: {_TEXT_CSS if f[1] == 'Text' else _DISPLAY_CSS}; font-weight: bold"
        ),
        svg,
    )
    svg = re.sub(r"font-family: ?CardpressText\w*", f"font-family: {_TEXT_CSS}", svg)
    svg = re.sub(
        r"font-family: ?Cardpress(Sans|Serif|Mono|Display)\w*", f"font-family: {_DISPLAY_CSS}", svg
    )
    svg = presentation_attributes(prefix_ids(svg, id_prefix or d.kind))
    return svg.replace("<svg ", '<svg role="img" class="rules-diagram-svg" ', 1)


#: a figure's id -> the URL of its picture (the referee's route; None: no pictures);
#: the id with PHONE after it names the picture drawn for a phone's column
PictureUrl = Callable[[str], str]
PHONE = ".phone"


class HtmlRenderer(Renderer[str]):
    def __init__(self, doc: m.RuleDocument, picture_url: PictureUrl | None = None) -> None:
        self.doc = doc
        self.picture_url = picture_url
        self.lang = doc.lang
        self.diagrams: Counter[str] = Counter()  # kind -> diagrams of it so far
        self.titles: list[str] = [doc.title]  # the sections we are in: a table's name

    def inline(self, spans: m.Inline, running: bool = True) -> str:
        return inline(spans, self.lang, running)

    def text(self, text: str) -> str:
        """A short text (a fact, a cell), escaped, as the sheet sets it."""
        return escape(set_text(text, self.lang))

    def heading(self, text: str) -> str:
        return phrased(text, self.lang)

    def card_table(self, table: m.Table | None, name: str) -> str:
        """A rule card's own table (nomination results, scoring), as the card prints it."""
        if table is None:
            return ""
        rows = "".join(
            "<tr>"
            + "".join(
                (
                    f"<th>{self.heading(c.text)}</th>"
                    if c.header
                    else f"<td>{self.text(c.text)}</td>"
                )
                for c in row
            )
            + "</tr>"
            for row in table.rows
        )
        return scroll_box(f'<table class="rules-card-table">{rows}</table>', name)

    def blocks(self, blocks: tuple[m.Block, ...]) -> str:
        return "".join(self.block(b) for b in blocks)

    def block(self, b: m.Block) -> str:
        return self.render(b)

    @handles(m.Section)
    def _section(self, b: m.Section) -> str:
        tag = "h2" if b.level == 1 else "h3"
        self.titles.append(b.title)
        inside = self.blocks(b.blocks)
        self.titles.pop()
        return (
            f'<section class="rules-section" id="{escape(b.id)}">'
            f"<{tag}>{self.heading(b.title)}</{tag}>{inside}</section>"
        )

    @handles(m.Clause)
    def _clause(self, b: m.Clause) -> str:
        said = self.inline(b.spans)
        return f'<p class="rule-clause" id="{escape(b.id)}">{_label(b.id)} {said}</p>'

    @handles(m.Paragraph)
    def _paragraph(self, b: m.Paragraph) -> str:
        return f"<p>{self.inline(b.spans)}</p>"

    @handles(m.BulletList)
    def _bullets(self, b: m.BulletList) -> str:
        tag = "ol" if b.ordered else "ul"
        items = "".join(f"<li>{self.inline(i)}</li>" for i in b.items)
        return f"<{tag}>{items}</{tag}>"

    @handles(m.Box)
    def _box(self, b: m.Box) -> str:
        title = (
            f'<p class="rules-box-title">{self.inline(b.title, running=False)}</p>'
            if b.title
            else ""
        )
        return f'<div class="rules-box" role="note">{title}{self.blocks(b.blocks)}</div>'

    @handles(m.Example)
    def _example(self, b: m.Example) -> str:
        word = escape(self.doc.label("example", "Example"))
        return (
            f'<div class="rules-example" id="{escape(b.id)}">'
            f'<p class="rules-example-title">{_label(b.id)} <span>{word}</span> '
            f"{self.inline(b.title, running=False)}</p>{self.blocks(b.blocks)}</div>"
        )

    @handles(m.Diagram)
    def _diagram(self, b: m.Diagram) -> str:
        self.diagrams[b.kind] += 1
        n = self.diagrams[b.kind]
        svg = diagram_svg(b, self.doc.lang, id_prefix=b.kind if n == 1 else f"{b.kind}-{n}")
        body = (
            svg
            if svg is not None
            else (f'<p class="rules-diagram-missing">{escape(self.doc.label("no-diagram"))}</p>')
        )
        cap = f"<figcaption>{self.inline(b.caption)}</figcaption>" if b.caption else ""
        return f'<figure class="rules-diagram" data-kind="{escape(b.kind)}">{body}{cap}</figure>'

    @handles(m.Figure)
    def _figure(self, b: m.Figure) -> str:
        """The sheet's picture of the cards, as an image of the same figure
        (cardpress.print.figure_pictures), sized so the page does not shift as it loads."""
        doc = self.doc
        cap = (
            f"<figcaption><strong>{self.text(b.words)}</strong> "
            f"{self.inline(b.caption)}</figcaption>"
        )
        if self.picture_url is None:
            words = escape(doc.label("no-picture") or doc.label("no-diagram"))
            body = f'<p class="rules-diagram-missing">{words}</p>'
        else:
            width, height = figure_pictures.figure_size(b, doc.game, doc.lang)
            alt = set_text(figure_pictures.alt_text(b, doc.game, doc), doc.lang)
            src = self.picture_url(b.id)
            sizes = ""
            phone = figure_pictures.phone_size(b, doc.game, doc.lang)
            if phone is not None:  # a phone loads the picture drawn for its column
                dpr = figure_pictures.DENSITY
                small = self.picture_url(b.id + PHONE)
                sizes = (
                    f'srcset="{escape(small)} {phone[0] * dpr}w, {escape(src)} {width * dpr}w" '
                    f'sizes="(max-width: {width + 2 * figure_pictures.PHONE_MARGIN}px) '
                    f'calc(100vw - {2 * figure_pictures.PHONE_MARGIN}px), {width}px" '
                )
            body = (
                f'<img class="rules-cards" src="{escape(src)}" {sizes}'
                f'width="{width}" height="{height}" alt="{escape(alt)}" '
                'loading="lazy" decoding="async">'
            )
        return (
            f'<figure class="rules-diagram rules-figure" id="{escape(b.id)}">{body}{cap}</figure>'
        )

    @handles(m.Glossary)
    def _glossary(self, b: m.Glossary) -> str:
        items = "".join(
            f'<dt id="{escape(t.id)}">{_label(t.id)} {self.heading(t.name)}</dt>'
            f"<dd>{self.inline(t.definition)}</dd>"
            for t in b.terms
        )
        return f'<dl class="rules-glossary">{items}</dl>'

    @handles(m.Ruling)
    def _ruling(self, b: m.Ruling) -> str:
        q = escape(self.doc.label("question", "Q"))
        a = escape(self.doc.label("answer", "A"))
        concerns = " ".join(sorted(b.concerns))
        return (
            f'<div class="rules-ruling" id="{escape(b.id)}" '
            f'data-concerns="{escape(concerns)}">'
            f'<p class="rules-q">{_label(b.id)} <strong>{q}.</strong> '
            f"{self.inline(b.question_spans)}</p>"
            f'<p class="rules-a"><strong>{a}.</strong> {self.inline(b.answer_spans)}</p></div>'
        )

    @handles(m.Table)
    def table(self, t: m.Table) -> str:
        rows = []
        heads = t.header_rows
        for r, row in enumerate(t.rows):
            cells = []
            for cell in row:
                tag = "th" if cell.header else "td"
                attrs = ""
                if cell.header and r >= heads:
                    attrs += ' scope="row"'
                elif cell.header:
                    attrs += ' scope="col"'
                if cell.align:
                    attrs += f' class="align-{escape(cell.align)}"'
                colour = swatch(cell.colour) if cell.colour else ""
                plain_text = all(s.style == "" for s in cell.spans)
                said = (
                    self.heading(m.plain(cell.spans))
                    if cell.header and plain_text
                    else self.inline(cell.spans, running=False)
                )
                cells.append(f"<{tag}{attrs}>{colour}{said}</{tag}>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        head = "".join(rows[:heads])
        body = "".join(rows[heads:])
        cap = f"<caption>{self.inline(t.caption, running=False)}</caption>" if t.caption else ""
        source = f' data-source="{escape(t.source)}"' if t.source else ""
        name = f' data-name="{escape(t.name)}"' if t.name else ""
        table = (
            f'<table class="rules-table"{name}{source}>{cap}'
            f"<thead>{head}</thead><tbody>{body}</tbody></table>"
        )
        return scroll_box(table, set_text(m.plain(t.caption), self.lang) or self.titles[-1])

    def document(self) -> str:
        doc = self.doc
        parts = [
            f'<article class="rules" lang="{escape(doc.lang)}" data-game="{escape(doc.game)}">',
            f'<header class="rules-header"><h1>{self.heading(doc.title)}</h1>',
        ]
        if doc.subtitle:
            parts.append(f'<p class="rules-subtitle">{self.heading(doc.subtitle)}</p>')
        if doc.facts:
            facts = "".join(
                f"<div><dt>{self.heading(f.label)}</dt><dd>{self.text(f.value)}</dd></div>"
                for f in doc.facts
            )
            parts.append(f'<dl class="rules-facts">{facts}</dl>')
        parts.extend(f'<p class="rules-lead">{self.inline(p.spans)}</p>' for p in doc.lead)
        parts.append("</header>")
        if doc.card:
            items = "".join(
                f"<dt>{self.heading(i.heading)}</dt><dd>{self.inline((m.Span(i.body),))}"
                f"{self.card_table(i.table, i.heading)}</dd>"
                for i in doc.card
            )
            parts.append(
                f'<div class="rules-box rules-card" role="note"><p class="rules-box-title">'
                f"{self.heading(doc.label('card', 'On the rule card'))}</p><dl>{items}</dl></div>"
            )
        parts.append(self.blocks(doc.sections))
        parts.append("</article>")
        return "".join(parts)


def render_document(doc: m.RuleDocument, picture_url: PictureUrl | None = None) -> str:
    """The whole document as an HTML fragment (an <article>); its pictures of the
    cards at ``picture_url(figure id)`` (without it, a line says they are printed)."""
    return HtmlRenderer(doc, picture_url).document()
