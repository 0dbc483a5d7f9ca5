"""The printed rule sheets use the termbase: no forbidden variant in any sheet's text."""

from __future__ import annotations

import pytest

from cardpress import termbase

from .conftest import DOCUMENTS, LANGS


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", DOCUMENTS)
def test_rule_sheet_uses_the_termbase(sheets, game: str, lang: str) -> None:
    text = termbase.pdf_text_for_scan(sheets.words(game, lang), lang)  # not the pictured cards'
    where = f"{lang}/rules/{game}-a4.pdf"
    found = [str(h) for h in termbase.scan(text, lang, where)]
    assert not found, f"{len(found)} forbidden variant(s):\n" + "\n".join(found)
