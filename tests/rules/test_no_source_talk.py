"""Rule text speaks to players, never about the document it was written from.

A rulebook states the rule; how the project read an unclear or misprinted
passage of the customer's source is a note for designers and referees
(templates/rules/rulings-notes.md), not something a player reads on paper or on
the web. Checked where a player reads it: each sheet read back from its PDF,
each web rule page through the app, each rule card's condensed text.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from cardpress.paths import ROOT
from cardpress.rules import DOCUMENTS, GAMES
from cardpress.rules.loader import CARD_GAMES, rule_card_text
from referee import create_app

from .conftest import LANGS, Sheets

#: how a text talks about its source: the source's wording, its errors, the source itself
SOURCE_TALK = re.compile(
    r"original (text|wording|rules?|document)|misprint|typo\b|erratum|errata|\(sic\)"
    r"|the (source|seed)\b|as written|"
    r"原文|誤記|誤植|誤字|原典|元の(説明|文|ルール|記述)|説明書では|記述ミス",
    re.I,
)
NOTES = ROOT / "templates" / "rules" / "rulings-notes.md"


def _talk(text: str) -> list[str]:
    flat = re.sub(r"\s+", " ", text)
    return [flat[max(0, m.start() - 40) : m.end() + 40] for m in SOURCE_TALK.finditer(flat)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_printed_sheet_does_not_talk_about_the_source(sheets: Sheets, game: str, lang: str) -> None:
    words = re.sub(r"(?<=[a-z])-\n(?=[a-z])", "", sheets.words(game, lang))
    assert _talk(words) == [], f"{game} {lang} sheet"


def test_web_rule_pages_do_not_talk_about_the_source() -> None:
    client = create_app({"TESTING": True, "SECRET_KEY": "t"}).test_client()
    found = {}
    for lang in LANGS:
        for game in DOCUMENTS:
            page = client.get(f"/{lang}/rules/{game}")
            assert page.status_code == 200, (lang, game)
            html = page.get_data(as_text=True)
            text = unescape(re.sub(r"<[^>]+>", " ", html)).replace("\u00ad", "")
            if hits := _talk(text):
                found[(lang, game)] = hits
    assert found == {}


def test_rule_cards_do_not_talk_about_the_source() -> None:
    found = {
        (game, lang): hits
        for game in CARD_GAMES
        for lang in LANGS
        if (hits := _talk(" ".join(f"{h} {b}" for h, b in rule_card_text(game, lang))))
    }
    assert found == {}


def test_the_pattern_finds_what_it_is_for() -> None:
    """The check is only as good as its pattern: the sentences it was written against."""
    assert _talk('The original text reads "red red + blue".')
    assert _talk('"Red red + blue" is a misprint for red + blue.')
    assert _talk("「赤赤＋青」は「赤＋青」の誤記です。")
    assert _talk("元の説明には「赤赤＋青」とあります。")
    assert not _talk("Owners of original cards may print proxies of their own deck.")


def test_the_source_notes_are_kept_off_paper() -> None:
    """What was taken off the sheets is kept where designers and referees read it."""
    notes = NOTES.read_text("utf-8")
    assert "UM-1" in notes and "赤赤＋青" in notes
