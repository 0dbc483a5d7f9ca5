"""Parse the rule markup a template renders into the immutable document tree.

The markup is a small XML vocabulary (documented in templates/rules/README.md)::

    <document game="finger-auction" prefix="FA">
      <title/> <subtitle/> <lead/>* <fact><label/><value/></fact>* <ui key=""/>*
      <card><item><h/><body/><table/>?</item>*</card>
      <section id="FA-S"><h/> blocks… </section>*
    </document>

blocks: ``p``, ``clause id``, ``list [ordered]`` of ``li``, ``table [name source
widths]`` of ``caption`` and ``tr`` of ``th``/``td [align colour]``, ``box`` (``h``
then blocks), ``example id`` (``h`` then blocks), ``diagram kind …params`` of
``label key`` and ``caption``, ``glossary`` of ``term id`` (``name``, ``def``),
``ruling id concerns`` (``q``, ``a``) and nested ``section``.
Inline: text, ``b``, ``em``, ``ref to``, ``br``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from contextvars import ContextVar

from cardpress.rules.model import (
    CLAUSE_ID,
    RULING_ID,
    Block,
    Box,
    BulletList,
    CardItem,
    Cell,
    Clause,
    Diagram,
    Example,
    Fact,
    Figure,
    FigureGroup,
    FigureItem,
    Glossary,
    Inline,
    Paragraph,
    RuleDocument,
    Ruling,
    Section,
    Span,
    Table,
    Term,
)

_WS = re.compile(r"[ \t\r\n]+")
# A space between two CJK characters is an artefact of line wrapping in the
# source, never meant: drop it.
_CJK = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_CJK_SPACE = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}])")


#: while a document is parsed: each figure's ID -> the words a reference to it prints
_FIGURE_REFS: ContextVar[dict[str, str]] = ContextVar("figure_refs")
#: while a document is parsed: each figure's ID -> (number, its caption's lead-in words)
_FIGURE_NUMBERS: ContextVar[dict[str, tuple[int, str]]] = ContextVar("figure_numbers")
FIGURE_ITEMS = ("card", "back", "hand")


class MarkupError(ValueError):
    """The rendered markup is malformed; the message names the element."""


def _norm(text: str | None) -> str:
    return _WS.sub(" ", text or "")


def parse_inline(el: ET.Element) -> Inline:
    spans: list[Span] = []

    def add(text: str | None, style: str = "", target: str = "") -> None:
        t = _norm(text)
        if t:
            spans.append(Span(t, style, target))

    add(el.text)
    for child in el:
        if child.tag in ("b", "em"):
            add("".join(child.itertext()), child.tag)
        elif child.tag == "ref":
            target = child.get("to", "")
            if not target:
                raise MarkupError("<ref> needs a 'to' attribute")
            words = _FIGURE_REFS.get({}).get(target)
            if words is not None:  # a figure is referred to by its number, in words
                spans.append(Span(words, "figref", target))
            else:
                spans.append(Span(target, "ref", target))
        elif child.tag == "br":
            spans.append(Span("", "br"))
        else:
            raise MarkupError(f"<{child.tag}> is not allowed inside <{el.tag}>")
        add(child.tail)
    # trim the outer whitespace, and spaces the source's line wrapping left
    # between Japanese characters
    out: list[Span] = []
    for i, s in enumerate(spans):
        text = s.text
        if i == 0:
            text = text.lstrip()
        if i == len(spans) - 1:
            text = text.rstrip()
        text = _CJK_SPACE.sub("", text)
        if text or s.style in ("br", "ref", "figref"):
            out.append(Span(text, s.style, s.target))
    return tuple(out)


def _inline_or_empty(el: ET.Element | None) -> Inline:
    return parse_inline(el) if el is not None else ()


def _text(el: ET.Element | None) -> str:
    if el is None:
        return ""
    return "".join(s.text for s in parse_inline(el) if s.style != "br")


def _child(el: ET.Element, tag: str) -> ET.Element | None:
    return el.find(tag)


def _need_id(el: ET.Element, pattern: re.Pattern[str], prefix: str) -> str:
    rid = el.get("id", "")
    if not pattern.match(rid):
        raise MarkupError(f"<{el.tag} id={rid!r}>: not a valid rule ID")
    if prefix and not rid.startswith(prefix + "-"):
        raise MarkupError(f"<{el.tag} id={rid!r}>: expected the prefix {prefix}-")
    return rid


def parse_blocks(parent: ET.Element, prefix: str, level: int = 1) -> tuple[Block, ...]:
    blocks: list[Block] = []
    for el in parent:
        tag = el.tag
        if tag in ("h", "caption"):
            continue  # read by the parent
        if tag == "p":
            blocks.append(Paragraph(parse_inline(el)))
        elif tag == "clause":
            blocks.append(Clause(_need_id(el, CLAUSE_ID, prefix), parse_inline(el)))
        elif tag == "list":
            items = tuple(parse_inline(li) for li in el.findall("li"))
            blocks.append(BulletList(items, ordered=el.get("ordered") == "yes"))
        elif tag == "table":
            blocks.append(parse_table(el))
        elif tag == "box":
            blocks.append(Box(_inline_or_empty(_child(el, "h")), parse_blocks(el, prefix, level)))
        elif tag == "example":
            blocks.append(
                Example(
                    _need_id(el, CLAUSE_ID, prefix),
                    _inline_or_empty(_child(el, "h")),
                    parse_blocks(el, prefix, level),
                )
            )
        elif tag == "diagram":
            params = tuple(sorted((k, v) for k, v in el.attrib.items() if k != "kind"))
            labels = tuple((lb.get("key", ""), _text(lb)) for lb in el.findall("label"))
            blocks.append(
                Diagram(
                    el.get("kind", ""),
                    params,
                    labels,
                    _inline_or_empty(_child(el, "caption")),
                )
            )
        elif tag == "figure":
            blocks.append(parse_figure(el, prefix))
        elif tag == "glossary":
            terms = tuple(
                Term(
                    _need_id(t, CLAUSE_ID, prefix),
                    _text(_child(t, "name")),
                    _inline_or_empty(_child(t, "def")),
                )
                for t in el.findall("term")
            )
            blocks.append(Glossary(terms))
        elif tag == "ruling":
            q, a = _child(el, "q"), _child(el, "a")
            if q is None or a is None:
                raise MarkupError(f"<ruling id={el.get('id')!r}> needs <q> and <a>")
            blocks.append(
                Ruling(
                    _need_id(el, RULING_ID, prefix),
                    parse_inline(q),
                    parse_inline(a),
                    frozenset(el.get("concerns", "").split()),
                )
            )
        elif tag == "section":
            blocks.append(parse_section(el, prefix, level + 1))
        else:
            raise MarkupError(f"unknown block <{tag}>")
    return tuple(blocks)


def _figure_item(el: ET.Element, fig: str) -> FigureItem:
    if el.tag not in FIGURE_ITEMS:
        kinds = ", ".join(FIGURE_ITEMS)
        raise MarkupError(f"<figure id={fig!r}>: <{el.tag}> is not one of {kinds}")
    try:
        count = int(el.get("count", el.get("fingers", "1")))
    except ValueError as exc:
        raise MarkupError(f"<figure id={fig!r}> <{el.tag}>: count must be a number") from exc
    if el.tag == "card" and not el.get("id"):
        raise MarkupError(f"<figure id={fig!r}> <card> needs an 'id' (the card's id)")
    note = el.get("note", "") or _text(_child(el, "note"))
    return FigureItem(el.tag, el.get("id", ""), count, note, el.get("mark", ""))


def parse_figure(el: ET.Element, prefix: str) -> Figure:
    """``<figure id deck>`` of ``<group>`` (``<label>``, then ``card``/``back``/``hand``)
    and a ``<caption>``; numbered in document order (see ``parse_document``)."""
    fid = _need_id(el, CLAUSE_ID, prefix)
    groups = tuple(
        FigureGroup(
            _text(_child(g, "label")),
            tuple(_figure_item(i, fid) for i in g if i.tag not in ("label",)),
        )
        for g in el.findall("group")
    )
    if not any(g.items for g in groups):
        raise MarkupError(f"<figure id={fid!r}> pictures nothing: give it a <group> of cards")
    number, words = _FIGURE_NUMBERS.get({})[fid]
    return Figure(
        fid, number, el.get("deck", ""), groups, _inline_or_empty(_child(el, "caption")), words
    )


def _number_figures(root: ET.Element, labels: dict[str, str]) -> tuple[dict, dict]:
    """Figures are numbered 1, 2, … in document order; the words come from the
    document's ``<ui key="figure">`` ("Figure {n}.") and ``"see-figure"``."""
    numbers: dict[str, tuple[int, str]] = {}
    refs: dict[str, str] = {}
    head = labels.get("figure", "Figure {n}.")
    see = labels.get("see-figure", "(See figure {n}.)")
    for n, el in enumerate(root.iter("figure"), 1):
        fid = el.get("id", "")
        if fid in numbers:
            raise MarkupError(f"<figure id={fid!r}>: the figure ID is used twice")
        numbers[fid] = (n, head.replace("{n}", str(n)))
        refs[fid] = see.replace("{n}", str(n))
    return numbers, refs


def parse_table(el: ET.Element) -> Table:
    rows: list[tuple[Cell, ...]] = []
    for tr in el.findall("tr"):
        row = tuple(
            Cell(
                parse_inline(c),
                header=c.tag == "th",
                align=c.get("align", ""),
                colour=c.get("colour", ""),
            )
            for c in tr
            if c.tag in ("th", "td")
        )
        rows.append(row)
    widths = tuple(float(w) for w in el.get("widths", "").split())
    return Table(
        tuple(rows),
        _inline_or_empty(_child(el, "caption")),
        el.get("name", ""),
        el.get("source", ""),
        widths,
    )


def parse_section(el: ET.Element, prefix: str, level: int = 1) -> Section:
    sid = el.get("id", "")
    if not re.match(r"^[A-Z]{2}-[A-Z]+$", sid):
        raise MarkupError(f"<section id={sid!r}>: expected PREFIX-LETTER")
    return Section(sid, _text(_child(el, "h")), parse_blocks(el, prefix, level), level)


def parse_document(xml: str, lang: str) -> RuleDocument:
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise MarkupError(f"rule markup is not well-formed XML: {exc}") from exc
    if root.tag != "document":
        raise MarkupError("the root element must be <document>")
    prefix = root.get("prefix", "")
    ui = {u.get("key", ""): "".join(u.itertext()).strip() for u in root.findall("ui")}
    numbers, refs = _number_figures(root, ui)
    t_numbers, t_refs = _FIGURE_NUMBERS.set(numbers), _FIGURE_REFS.set(refs)
    try:
        return _parse_document(root, prefix, lang)
    finally:
        _FIGURE_NUMBERS.reset(t_numbers)
        _FIGURE_REFS.reset(t_refs)


def _parse_document(root: ET.Element, prefix: str, lang: str) -> RuleDocument:
    facts = tuple(
        Fact(_text(_child(f, "label")), _text(_child(f, "value"))) for f in root.findall("fact")
    )
    card = tuple(
        CardItem(
            _text(_child(i, "h")),
            _text(_child(i, "body")),
            parse_table(t) if (t := i.find("table")) is not None else None,
        )
        for c in root.findall("card")
        for i in c.findall("item")
    )
    doc = RuleDocument(
        game=root.get("game", ""),
        lang=lang,
        title=_text(_child(root, "title")),
        subtitle=_text(_child(root, "subtitle")),
        lead=tuple(Paragraph(parse_inline(e)) for e in root.findall("lead")),
        facts=facts,
        sections=tuple(parse_section(s, prefix) for s in root.findall("section")),
        card=card,
        labels=tuple((u.get("key", ""), _text(u)) for u in root.findall("ui")),
    )
    seen: set[str] = set()
    for rid in doc.clause_ids():
        if rid in seen:
            raise MarkupError(f"{doc.game}: rule ID {rid} is used twice")
        seen.add(rid)
    return doc
