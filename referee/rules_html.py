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
from html import escape
from urllib.parse import quote

from reportlab.graphics import renderSVG

from cardpress.catalogue import CatalogueError
from cardpress.print import diagrams
from cardpress.rules import model as m
from cardpress.rules.render import Renderer, handles

_SANS_CSS = "'BIZ UDPGothic', 'Hiragino Sans', 'Noto Sans JP', sans-serif"
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


def inline(spans: m.Inline) -> str:
    out: list[str] = []
    for s in spans:
        if s.style == "b":
            out.append(f"<strong>{escape(s.text)}</strong>")
        elif s.style == "em":
            out.append(f"<em>{escape(s.text)}</em>")
        elif s.style == "ref":
            out.append(f'<a class="rule-ref" href="#{escape(s.target)}">{escape(s.text)}</a>')
        elif s.style == "figref":
            out.append(f'<a class="figure-ref" href="#{escape(s.target)}">{escape(s.text)}</a>')
        elif s.style == "br":
            out.append("<br>")
        else:
            out.append(escape(s.text))
    return "".join(out)


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
        r"font-family: ?Cardpress(Sans|Display)Bold",
        f"font-family: {_SANS_CSS}; font-weight: bold",
        svg,
    )
    svg = re.sub(
        r"font-family: ?Cardpress(Sans|Serif|Mono|Display|Text)\w*",
        f"font-family: {_SANS_CSS}",
        svg,
    )
    svg = presentation_attributes(prefix_ids(svg, id_prefix or d.kind))
    return svg.replace("<svg ", '<svg role="img" class="rules-diagram-svg" ', 1)


class HtmlRenderer(Renderer[str]):
    def __init__(self, doc: m.RuleDocument) -> None:
        self.doc = doc
        self.diagrams: Counter[str] = Counter()  # kind -> diagrams of it so far

    def card_table(self, table: m.Table | None) -> str:
        """A rule card's own table (nomination results, scoring), as the card prints it."""
        if table is None:
            return ""
        rows = "".join(
            "<tr>"
            + "".join(
                f"<{'th' if c.header else 'td'}>{escape(c.text)}</{'th' if c.header else 'td'}>"
                for c in row
            )
            + "</tr>"
            for row in table.rows
        )
        return f'<table class="rules-card-table">{rows}</table>'

    def blocks(self, blocks: tuple[m.Block, ...]) -> str:
        return "".join(self.block(b) for b in blocks)

    def block(self, b: m.Block) -> str:
        return self.render(b)

    @handles(m.Section)
    def _section(self, b: m.Section) -> str:
        tag = "h2" if b.level == 1 else "h3"
        return (
            f'<section class="rules-section" id="{escape(b.id)}">'
            f"<{tag}>{escape(b.title)}</{tag}>{self.blocks(b.blocks)}</section>"
        )

    @handles(m.Clause)
    def _clause(self, b: m.Clause) -> str:
        return f'<p class="rule-clause" id="{escape(b.id)}">{_label(b.id)} {inline(b.spans)}</p>'

    @handles(m.Paragraph)
    def _paragraph(self, b: m.Paragraph) -> str:
        return f"<p>{inline(b.spans)}</p>"

    @handles(m.BulletList)
    def _bullets(self, b: m.BulletList) -> str:
        tag = "ol" if b.ordered else "ul"
        items = "".join(f"<li>{inline(i)}</li>" for i in b.items)
        return f"<{tag}>{items}</{tag}>"

    @handles(m.Box)
    def _box(self, b: m.Box) -> str:
        title = f'<p class="rules-box-title">{inline(b.title)}</p>' if b.title else ""
        return f'<div class="rules-box" role="note">{title}{self.blocks(b.blocks)}</div>'

    @handles(m.Example)
    def _example(self, b: m.Example) -> str:
        word = escape(self.doc.label("example", "Example"))
        return (
            f'<div class="rules-example" id="{escape(b.id)}">'
            f'<p class="rules-example-title">{_label(b.id)} <span>{word}</span> '
            f"{inline(b.title)}</p>{self.blocks(b.blocks)}</div>"
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
        cap = f"<figcaption>{inline(b.caption)}</figcaption>" if b.caption else ""
        return f'<figure class="rules-diagram" data-kind="{escape(b.kind)}">{body}{cap}</figure>'

    @handles(m.Figure)
    def _figure(self, b: m.Figure) -> str:
        # the cards' faces are drawn for print; the page names them and says so
        doc = self.doc
        words = escape(doc.label("no-picture") or doc.label("no-diagram"))
        return (
            f'<figure class="rules-diagram rules-figure" id="{escape(b.id)}">'
            f'<p class="rules-diagram-missing">{words}</p>'
            f"<figcaption><strong>{escape(b.words)}</strong> {inline(b.caption)}</figcaption>"
            "</figure>"
        )

    @handles(m.Glossary)
    def _glossary(self, b: m.Glossary) -> str:
        items = "".join(
            f'<dt id="{escape(t.id)}">{_label(t.id)} {escape(t.name)}</dt>'
            f"<dd>{inline(t.definition)}</dd>"
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
            f"{inline(b.question_spans)}</p>"
            f'<p class="rules-a"><strong>{a}.</strong> {inline(b.answer_spans)}</p></div>'
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
                cells.append(f"<{tag}{attrs}>{colour}{inline(cell.spans)}</{tag}>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        head = "".join(rows[:heads])
        body = "".join(rows[heads:])
        cap = f"<caption>{inline(t.caption)}</caption>" if t.caption else ""
        source = f' data-source="{escape(t.source)}"' if t.source else ""
        name = f' data-name="{escape(t.name)}"' if t.name else ""
        return (
            f'<table class="rules-table"{name}{source}>{cap}'
            f"<thead>{head}</thead><tbody>{body}</tbody></table>"
        )

    def document(self) -> str:
        doc = self.doc
        parts = [
            f'<article class="rules" lang="{escape(doc.lang)}" data-game="{escape(doc.game)}">',
            f'<header class="rules-header"><h1>{escape(doc.title)}</h1>',
        ]
        if doc.subtitle:
            parts.append(f'<p class="rules-subtitle">{escape(doc.subtitle)}</p>')
        if doc.facts:
            facts = "".join(
                f"<div><dt>{escape(f.label)}</dt><dd>{escape(f.value)}</dd></div>"
                for f in doc.facts
            )
            parts.append(f'<dl class="rules-facts">{facts}</dl>')
        parts.extend(f'<p class="rules-lead">{inline(p.spans)}</p>' for p in doc.lead)
        parts.append("</header>")
        if doc.card:
            items = "".join(
                f"<dt>{escape(i.heading)}</dt><dd>{escape(i.body)}{self.card_table(i.table)}</dd>"
                for i in doc.card
            )
            parts.append(
                f'<div class="rules-box rules-card" role="note"><p class="rules-box-title">'
                f"{escape(doc.label('card', 'On the rule card'))}</p><dl>{items}</dl></div>"
            )
        parts.append(self.blocks(doc.sections))
        parts.append("</article>")
        return "".join(parts)


def render_document(doc: m.RuleDocument) -> str:
    """The whole document as an HTML fragment (an <article>)."""
    return HtmlRenderer(doc).document()
