"""The termbase holds: no forbidden variant in any catalogue or card data file.

The built PDFs and the referee's pages are read back against the same
termbase in tests/rules/test_termbase_sheets.py, tests/print/test_termbase_decks.py
and tests/referee/test_termbase_pages.py.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from cardpress import termbase
from cardpress.paths import CARDS, LOCALES, ROOT

CATALOGUES = sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))
CARD_FILES = sorted(CARDS.glob("*/*.toml"))


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def catalogue_texts(path: Path) -> Iterator[tuple[str, str, str]]:
    """(lang, text, where) for every translation in a .po file."""
    lang = path.parts[-3]
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        shown = [s for s in strings if s] or (list(ids) if lang == "en" else [])
        for s in shown:
            yield lang, s, f"{_rel(path)}: msgid {ids[0][:70]!r}"


def card_texts(path: Path) -> Iterator[tuple[str, str, str]]:
    """(lang, text, where) for every {ja, en} text in a card data file."""

    def walk(node: Any, trail: str) -> Iterator[tuple[str, str, str]]:
        if isinstance(node, Mapping):
            if any(isinstance(node.get(lang), str) for lang in termbase.LANGS):
                for lang in termbase.LANGS:
                    if isinstance(node.get(lang), str):
                        yield lang, node[lang], f"{_rel(path)}: {trail}"
                return
            for key, value in node.items():
                yield from walk(value, f"{trail}.{key}" if trail else key)
        elif isinstance(node, list):
            for i, item in enumerate(node):
                name = item.get("id", i) if isinstance(item, Mapping) else i
                yield from walk(item, f"{trail}[{name}]")

    yield from walk(tomllib.loads(path.read_text(encoding="utf-8")), "")


def hits(texts: Iterator[tuple[str, str, str]]) -> list[str]:
    return [str(h) for lang, text, where in texts for h in termbase.scan(text, lang, where)]


def test_termbase_loads_and_names_every_term_in_both_languages() -> None:
    terms = termbase.load_termbase()
    ids = {t.id for t in terms if t.kind == "term"}
    # the terms the rules editor found drifting must be there
    for needed in (
        "keep", "bank", "nominate", "forgery", "bid-effect", "challenger", "miss-count",
        "supply", "referee-app", "two-hand-auction", "re-bid", "bid-collision", "strict",
        "alta-hand", "variant",
    ):  # fmt: skip
        assert needed in ids, needed
    for t in terms:
        if t.kind == "term":
            assert t.names["ja"] and t.names["en"] and t.define["ja"] and t.define["en"], t.id


def test_no_term_forbids_its_own_name() -> None:
    for t in termbase.load_termbase():
        for lang, name in t.names.items():
            if t.kind == "term":
                assert not list(termbase.scan(name, lang, "self", [t])), (t.id, lang)


@pytest.mark.parametrize("path", CATALOGUES, ids=_rel)
def test_catalogue_uses_the_termbase(path: Path) -> None:
    found = hits(catalogue_texts(path))
    assert not found, f"{len(found)} forbidden variant(s):\n" + "\n".join(found)


@pytest.mark.parametrize("path", CARD_FILES, ids=_rel)
def test_card_data_uses_the_termbase(path: Path) -> None:
    found = hits(card_texts(path))
    assert not found, f"{len(found)} forbidden variant(s):\n" + "\n".join(found)


def test_a_variant_is_reported_with_term_variant_place_and_sentence() -> None:
    found = [str(h) for h in termbase.scan("Bit: +1 to your bid total.", "en", "PX-08 face")]
    assert len(found) == 1
    assert "PX-08 face" in found[0] and "'bid-effect'" in found[0] and "'Bit'" in found[0]
    assert "+1 to your bid total" in found[0]
    # case and word boundaries: "orbit" and "called" are not variants
    assert not list(termbase.scan("An orbit; also called Attribute Eye.", "en", "x"))
    ja = [str(h) for h in termbase.scan("止めるかバーストするまで", "ja", "GR-O1")]
    assert ja and "'bank'" in ja[0] and "確定" in ja[0]


def test_markup_and_placeholders_are_not_read_as_text() -> None:
    assert not list(termbase.scan('<ref to="GR-2"/>赤%(n)s枚', "ja", "x"))
    assert list(termbase.scan("赤 + 黄", "ja", "x"))
    assert not list(termbase.scan("赤＋黄＝オレンジ", "ja", "x"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[term]]\nid = 'x'\nen = 'x'\n", "ja: missing"),
        ("[[term]]\nid = 'x'\nen = 'x'\nja = 'x'\ndefine.en = 'd'\n", "define: needs both"),
        (
            "[[style]]\nid = 's'\nja = 'x'\navoid.ja = ['(']\n",
            "style 's': avoid.ja: bad pattern '('",
        ),
        ("[[style]]\nid = 's'\nja = 'x'\navoid.fr = ['a']\n", "avoid.fr: unknown language"),
        ("[[term]\n", "not valid TOML"),
        ("[[words]]\nid = 'x'\n", "unknown table(s): words"),
    ],
)
def test_a_broken_termbase_names_file_entry_and_field(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "termbase.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(termbase.TermbaseError) as err:
        termbase.load_termbase(path)
    assert str(path) in str(err.value) and message in str(err.value)


def test_every_glossary_term_of_the_sheets_is_a_termbase_term() -> None:
    """The sheets' glossaries name their terms exactly as the termbase does."""
    from cardpress.rules import DOCUMENTS, load_rules
    from cardpress.rules.model import Glossary

    names = {
        lang: {t.names[lang].lower(): t.id for t in termbase.load_termbase() if t.kind == "term"}
        for lang in termbase.LANGS
    }
    missing = []
    for game in DOCUMENTS:
        for lang in termbase.LANGS:
            for section in load_rules(game, lang).sections:
                for block in section.blocks:
                    if isinstance(block, Glossary):
                        missing += [
                            f"{game} ({lang}) {t.id}: {t.name!r}"
                            for t in block.terms
                            if t.name.lower() not in names[lang]
                        ]
    assert not missing, "glossary terms not in locales/termbase.toml:\n" + "\n".join(missing)


# what an editor found saying one thing two ways (sheet, card, web, table words): each
# must be caught wherever it comes back
DRIFT = [
    ("ja", "めくったカードを確保する", "bank"),
    ("en", "Alta", "alta-hand"),
    ("en", "Give red-3 to the alta.", "alta-hand"),
    ("en", "easier: one more alta card", "alta-hand"),
    ("en", "use the stricter pass rule", "strict"),
    ("ja", "厳しいオプションでは", "variant"),
    ("en", "Passing (official variant): only when", "variant"),
    ("ja", "パス（公式バリアント）", "variant"),
    ("en", "official: pass when every match uses alta-hand cards alone", "strict"),
    ("en", "Nobody won: bid again.", "re-bid"),
    ("en", "no bid is unique: everyone bids again", "re-bid"),
    ("en", "Mona Lisa: Counts as any painter", "mona-lisa"),
    ("ja", "どの画家としても数えられる", "mona-lisa"),
    ("en", "auction, simultaneous bids, set collection", "bid-collision"),
    ("ja", "残った宣言をした人がチャレンジャー", "challenger"),
    ("ja", "贋作を持っていれば、1点につき1枚ずつ先にサプライへ戻し", "reward"),
    ("en", "Painting cards", "picture-card"),
    ("ja", "絵札28枚：画家ごとに絵画8枚", "picture-card"),
    ("en", "a settlement effect, used at the final count", "settlement"),
    ("ja", "倉庫による減点を最大2点まで減らす。", "warehouse"),
]


@pytest.mark.parametrize(("lang", "text", "term_id"), DRIFT)
def test_each_drift_the_editor_found_is_caught(lang: str, text: str, term_id: str) -> None:
    assert term_id in {h.term.id for h in termbase.scan(text, lang, "x")}, (text, term_id)


@pytest.mark.parametrize(
    "text",
    [
        "alta hand", "alta-hand cards", "the alta hand", "a re-bid", "the strict variant",
        "no official card list", "Counts toward any painter",
    ],
)  # fmt: skip
def test_the_right_words_pass(text: str) -> None:
    assert not list(termbase.scan(text, "en", "x")), text


@pytest.mark.parametrize(
    "text",
    [
        "最高枚数を宣言した人がチャレンジャーになります", "最高枚数の宣言者", "最後に上乗せした人",
        "バリアント「厳格」", "再宣言します", "アルタハンドのカード", "報酬1につき1枚",
        "絵画カード28枚", "倉庫の失点", "清算効果",
    ],
)  # fmt: skip
def test_the_right_japanese_words_pass(text: str) -> None:
    assert not list(termbase.scan(text, "ja", "x")), text


def test_the_choose_card_names_every_mechanic_of_the_seed() -> None:
    """Finger Auction's mechanics are auction, bid collision (バッティング) and set collection."""
    from cardpress.rules import rule_card_text

    collision = termbase.term("bid-collision")
    for lang in termbase.LANGS:
        card = " ".join(body for _, body in rule_card_text("choose", lang))
        assert collision.names[lang].lower() in card.lower(), (lang, card)
