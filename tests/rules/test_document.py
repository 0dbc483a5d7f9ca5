"""The rule-document API the referee and the card printer code against."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from cardpress.rules import (
    CARD_GAMES,
    DOCUMENTS,
    GAMES,
    load_rules,
    rule_card_text,
    rulings_concerning,
)
from cardpress.rules.markup import MarkupError, parse_document
from cardpress.rules.model import CLAUSE_ID, RULING_ID, Clause, Ruling
from referee.rules_html import prefix_ids, presentation_attributes, render_document

from .conftest import PREFIX, ruling_ids


def test_unknown_game_and_language() -> None:
    with pytest.raises(KeyError):
        load_rules("chess", "en")
    with pytest.raises(ValueError):
        load_rules("ultimatch", "xx")
    with pytest.raises(KeyError):
        rule_card_text("ultimatch", "en")


@pytest.mark.parametrize("game", DOCUMENTS)
def test_both_languages_carry_the_same_ids(game: str) -> None:
    ja, en = load_rules(game, "ja"), load_rules(game, "en")
    assert ja.clause_ids() == en.clause_ids()
    assert len(set(ja.clause_ids())) == len(ja.clause_ids())
    for rid in ja.clause_ids():
        assert CLAUSE_ID.match(rid) or RULING_ID.match(rid), rid
    assert ja.title and en.title and ja.title != en.title
    assert [s.id for s in ja.sections] == [s.id for s in en.sections]


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_is_answered(game: str) -> None:
    wanted = ruling_ids().get(PREFIX[game])
    if not wanted:
        pytest.skip("../shared/RULINGS.md not available")
    for lang in ("ja", "en"):
        doc = load_rules(game, lang)
        got = [r.id for r in doc.rulings]
        assert got == wanted, f"{game}/{lang}"
        for r in doc.rulings:
            assert r.question and r.answer
            assert doc.find(r.id) is r


def test_find_and_concerns() -> None:
    doc = load_rules("finger-auction", "en")
    assert isinstance(doc.find("FA-T3"), Clause)
    assert isinstance(doc.find("FA-6"), Ruling)
    with pytest.raises(KeyError):
        doc.find("FA-99")
    ids = [r.id for r in rulings_concerning("finger-auction", "ja", {"mona-lisa"})]
    assert "FA-6" in ids and "FA-1" not in ids
    assert [r.id for r in rulings_concerning("gallery-rush", "en", {"forgery"})][:1] == ["GR-2"]


@pytest.mark.parametrize("card_game", CARD_GAMES)
def test_rule_card_text_has_the_same_items_in_every_language(card_game: str) -> None:
    # whether the text fits is read back from the drawn card: tests/print/test_rule_cards.py
    en = rule_card_text(card_game, "en")
    ja = rule_card_text(card_game, "ja")
    assert len(en) == len(ja) >= 3
    assert all(h and b for h, b in en + ja)


def test_scoring_table_comes_from_the_engine() -> None:
    from cardpress.catalogue.models import Painter
    from cardpress.games.finger_auction import score_table

    table = next(t for t in load_rules("finger-auction", "en").tables if t.source)
    rows = [tuple(int(c.text) for c in row[1:]) for row in table.rows[1:]]
    assert rows == [
        score_table(Painter.MONET, 2),
        score_table(Painter.MONET, 3),
        score_table(Painter.GOGH, 2),
        score_table(Painter.VERMEER, 2),
    ]


def test_markup_errors_are_named() -> None:
    with pytest.raises(MarkupError, match="not a valid rule ID"):
        parse_document(
            '<document game="x" prefix="FA"><section id="FA-S"><h>x</h>'
            '<clause id="S1">x</clause></section></document>',
            "en",
        )
    with pytest.raises(MarkupError, match="used twice"):
        parse_document(
            '<document game="x" prefix="FA"><section id="FA-S"><h>x</h>'
            '<clause id="FA-S1">x</clause><clause id="FA-S1">y</clause></section></document>',
            "en",
        )


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for k, v in attrs:
            if k == "id":
                self.ids.append(v)


@pytest.mark.parametrize("game", DOCUMENTS)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_html_anchors_every_rule(game: str, lang: str) -> None:
    doc = load_rules(game, lang)
    html = render_document(doc)
    parser = _Ids()
    parser.feed(html)
    assert set(doc.clause_ids()) <= set(parser.ids)
    assert "script" not in parser.tags
    assert html.count("<svg") == len(doc.diagrams)
    assert "Cardpress" not in html  # diagram fonts are mapped to a CSS stack


@pytest.mark.parametrize("game", DOCUMENTS)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_html_ids_are_unique_and_every_reference_resolves(game: str, lang: str) -> None:
    # Inlined diagrams each bring their own SVG ids (ReportLab calls every clip
    # path "clip"): a page with two diagrams must still be valid HTML.
    html = render_document(load_rules(game, lang))
    parser = _Ids()
    parser.feed(html)
    duplicates = sorted({i for i in parser.ids if parser.ids.count(i) > 1})
    assert duplicates == []
    refs = re.findall(r"""url\(\s*["']?#([^"')\s]+)|href=["']#([^"']+)""", html)
    assert {a or b for a, b in refs} <= set(parser.ids)
    # and no inline style, which the referee's Content-Security-Policy blocks
    assert " style=" not in html


def test_svg_styles_become_presentation_attributes() -> None:
    svg = '<path d="M 0,0" style="stroke: rgb(18%,54%,34%); stroke-width: 1.3; cursor: x;"/>'
    assert presentation_attributes(svg) == (
        '<path d="M 0,0" stroke="rgb(18%,54%,34%)" stroke-width="1.3" style="cursor: x"/>'
    )


def test_prefix_ids_rewrites_definitions_and_references() -> None:
    svg = (
        '<svg><clipPath id="clip"/><g id="group" style="clip-path: url(#clip)">'
        '<use xlink:href="#group"/><use href="#clip"/><text data-id="clip">#clip</text></g></svg>'
    )
    assert prefix_ids(svg, "um-pyramid") == (
        '<svg><clipPath id="um-pyramid-clip"/><g id="um-pyramid-group" '
        'style="clip-path: url(#um-pyramid-clip)"><use xlink:href="#um-pyramid-group"/>'
        '<use href="#um-pyramid-clip"/><text data-id="clip">#clip</text></g></svg>'
    )


def test_html_escapes_text() -> None:
    doc = parse_document(
        '<document game="x" prefix="FA"><title>a &amp; &lt;b&gt;</title>'
        '<section id="FA-S"><h>x</h><clause id="FA-S1">1 &lt; 2 &amp; '
        '<ref to="FA-3"/></clause></section></document>',
        "en",
    )
    html = render_document(doc)
    assert "a &amp; &lt;b&gt;" in html
    assert "1 &lt; 2 &amp; " in html
    assert 'href="#FA-3"' in html
