"""The rule-document tree: immutable, language-specific, renderer-neutral.

A rule document is parsed from the small XML markup a game's template renders
(``templates/rules/<game>.xml.j2``, see ``cardpress.rules.markup``). The PDF
typesetter (``cardpress.print.rulesheet``) and the referee's HTML page
(``referee.rules_html``) both walk this tree, so the two never disagree.

Rule IDs (documented in templates/rules/README.md):

* ``GR-1`` … : the project rulings of ../shared/RULINGS.md, unchanged;
* ``<PREFIX>-<LETTER><n>`` (``FA-P2``, ``GR-T3``): a clause, example or
  glossary entry of a rule sheet. The letter names the section, so these never
  clash with the ruling numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

RULING_ID = re.compile(r"^(GR|FA|DE|UM|ES)-\d+$")
CLAUSE_ID = re.compile(r"^[A-Z]{2}-[A-Z]\d+$")


# --------------------------------------------------------------------------- inline


@dataclass(frozen=True, slots=True)
class Span:
    """A run of inline text. ``style`` is "" (plain), "b" (strong), "em",
    "ref" (a cross-reference whose text is the target rule ID), "figref" (a
    reference to a figure, its text the sheet's words for it: "(See figure 2.)",
    「（図2参照）」) or "br"."""

    text: str
    style: str = ""
    target: str = ""


Inline = tuple[Span, ...]


def plain(spans: Inline) -> str:
    return "".join("\n" if s.style == "br" else s.text for s in spans)


# --------------------------------------------------------------------------- blocks


@dataclass(frozen=True, slots=True)
class Paragraph:
    spans: Inline

    @property
    def text(self) -> str:
        return plain(self.spans)


@dataclass(frozen=True, slots=True)
class Clause:
    """A numbered rule with a stable ID; ``card`` marks text the rule card keeps."""

    id: str
    spans: Inline

    @property
    def text(self) -> str:
        return plain(self.spans)


@dataclass(frozen=True, slots=True)
class BulletList:
    items: tuple[Inline, ...]
    ordered: bool = False


@dataclass(frozen=True, slots=True)
class Cell:
    spans: Inline
    header: bool = False
    align: str = ""  # "", "center", "right"
    colour: str = ""  # optional swatch colour (#rrggbb)

    @property
    def text(self) -> str:
        return plain(self.spans)


@dataclass(frozen=True, slots=True)
class Table:
    rows: tuple[tuple[Cell, ...], ...]
    caption: Inline = ()
    name: str = ""
    #: where the numbers come from, e.g. "finger-auction.score_table"
    source: str = ""
    widths: tuple[float, ...] = ()  # relative column widths, optional

    @property
    def header_rows(self) -> int:
        n = 0
        for row in self.rows:
            if not all(c.header for c in row):
                break
            n += 1
        return n


@dataclass(frozen=True, slots=True)
class Box:
    """A supplement: the blue box of the seed (notes, clarifications)."""

    title: Inline
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Example:
    id: str
    title: Inline
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Diagram:
    """A figure drawn from data by ``cardpress.print.diagrams``."""

    kind: str
    params: tuple[tuple[str, str], ...] = ()
    labels: tuple[tuple[str, str], ...] = ()
    caption: Inline = ()

    def param(self, key: str, default: str = "") -> str:
        return dict(self.params).get(key, default)

    @property
    def label_map(self) -> dict[str, str]:
        return dict(self.labels)


@dataclass(frozen=True, slots=True)
class FigureItem:
    """One thing pictured in a figure: a card's face (``card``: its id), a face-down
    card or stack (``back``: how many cards high) or a hand (``hand``: fingers shown)."""

    kind: str  # "card", "back", "hand"
    card: str = ""
    count: int = 1  # back: cards in the stack; hand: fingers
    note: str = ""  # a short line under it ("×8", "1")
    mark: str = ""  # "" or "win" / "lose": a green or red ring


@dataclass(frozen=True, slots=True)
class FigureGroup:
    """Things that lie together on the table, under one label ("Field", "Aki")."""

    label: str
    items: tuple[FigureItem, ...]


@dataclass(frozen=True, slots=True)
class Figure:
    """A numbered picture of the real cards (drawn by the deck's own face code),
    with a caption; the text refers to it by ``id`` (``<ref to="FA-F1"/>``)."""

    id: str
    number: int
    deck: str
    groups: tuple[FigureGroup, ...]
    caption: Inline = ()
    words: str = ""  # "Figure 2." / 「図2」: the caption's lead-in in the sheet's language


@dataclass(frozen=True, slots=True)
class Term:
    id: str
    name: str
    definition: Inline

    @property
    def text(self) -> str:
        return plain(self.definition)


@dataclass(frozen=True, slots=True)
class Glossary:
    terms: tuple[Term, ...]


@dataclass(frozen=True, slots=True)
class Ruling:
    id: str
    question_spans: Inline
    answer_spans: Inline
    concerns: frozenset[str] = frozenset()

    @property
    def question(self) -> str:
        return plain(self.question_spans)

    @property
    def answer(self) -> str:
        return plain(self.answer_spans)


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    blocks: tuple[Block, ...]
    level: int = 1


Block = (
    Paragraph
    | Clause
    | BulletList
    | Table
    | Box
    | Example
    | Diagram
    | Figure
    | Glossary
    | Ruling
    | Section
)


@dataclass(frozen=True, slots=True)
class Fact:
    label: str
    value: str


@dataclass(frozen=True, slots=True)
class CardItem:
    """One paragraph of a rule card, with the table that plays it if the card carries one."""

    heading: str
    body: str
    table: Table | None = None


@dataclass(frozen=True, slots=True)
class RuleDocument:
    game: str
    lang: str
    title: str
    subtitle: str
    lead: tuple[Paragraph, ...]
    facts: tuple[Fact, ...]
    sections: tuple[Section, ...]
    card: tuple[CardItem, ...] = ()
    labels: tuple[tuple[str, str], ...] = ()  # UI words: "Rules online", "page"
    _index: dict[str, Block] = field(default_factory=dict, compare=False, repr=False)

    def label(self, key: str, default: str = "") -> str:
        return dict(self.labels).get(key, default)

    def walk(self) -> Iterator[Block]:
        """Every block, depth first, in document order."""

        def visit(blocks: tuple[Block, ...]) -> Iterator[Block]:
            for block in blocks:
                yield block
                if isinstance(block, Section | Box | Example):
                    yield from visit(block.blocks)

        yield from visit(self.sections)

    def clause_ids(self) -> list[str]:
        """Every rule ID in document order: clauses, examples, glossary, rulings."""
        ids: list[str] = []
        for block in self.walk():
            if isinstance(block, Clause | Example | Ruling):
                ids.append(block.id)
            elif isinstance(block, Glossary):
                ids.extend(t.id for t in block.terms)
        return ids

    @property
    def rulings(self) -> list[Ruling]:
        return [b for b in self.walk() if isinstance(b, Ruling)]

    @property
    def tables(self) -> list[Table]:
        return [b for b in self.walk() if isinstance(b, Table)]

    @property
    def diagrams(self) -> list[Diagram]:
        return [b for b in self.walk() if isinstance(b, Diagram)]

    @property
    def figures(self) -> list[Figure]:
        return [b for b in self.walk() if isinstance(b, Figure)]

    def find(self, rule_id: str) -> Clause | Example | Ruling | Term | Section | Figure:
        """The block carrying a rule ID (or a section ID); KeyError if none."""
        if not self._index:
            for block in self.walk():
                if isinstance(block, Clause | Example | Ruling | Section | Figure):
                    self._index[block.id] = block
                elif isinstance(block, Glossary):
                    for term in block.terms:
                        self._index[term.id] = term  # type: ignore[assignment]
        return self._index[rule_id]  # type: ignore[return-value]
