"""Everything `cardpress diff` says exists in Japanese and English."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from cardpress.designer.words import DOMAIN, MESSAGES
from cardpress.i18n import catalogue_problems, po_path

SAID = re.compile(r"""say\(\s*\w+,\s*(?:"([^"]+)"|'([^']+)')""")
PACKAGE = Path(__file__).parents[2] / "cardpress" / "designer"


def test_every_sentence_is_in_both_catalogues() -> None:
    assert catalogue_problems(DOMAIN) == []
    said = set()
    for path in PACKAGE.glob("*.py"):
        said |= {a or b for a, b in SAID.findall(path.read_text(encoding="utf-8"))}
    from cardpress.designer.report import LANGUAGE_NAMES, STATUS_WORDS

    said |= set(STATUS_WORDS.values()) | set(LANGUAGE_NAMES.values())
    said |= {"text", "art", "layout"}
    assert said <= set(MESSAGES), said - set(MESSAGES)
    for lang in ("ja", "en"):
        with po_path(lang, DOMAIN).open("rb") as fh:
            ids = {m.id for m in read_po(fh) if m.id}
        assert set(MESSAGES) <= ids, set(MESSAGES) - ids


def test_the_reprint_line_counts_cards_as_people_do() -> None:
    """ "1 card", "3 cards" (never "card(s)"); Japanese counts 種類 either way."""
    from types import SimpleNamespace

    from cardpress.designer.report import reprint_line

    def diff(*ids: str) -> SimpleNamespace:
        deck = SimpleNamespace(deck="triptych", name={"en": "Triptych", "ja": "トリプティック"})
        deck.reprint_ids = lambda: list(ids)
        return SimpleNamespace(decks=[deck])

    assert reprint_line(diff("m1"), "en").startswith("Reprint pack: 1 card — Triptych: m1")
    assert reprint_line(diff("m1", "m2", "g3"), "en").startswith("Reprint pack: 3 cards — ")
    assert reprint_line(diff("m1", "m2"), "ja").startswith("差し替え用の印刷：2種類 — ")
    assert "(s)" not in reprint_line(diff("m1", "m2"), "en")
