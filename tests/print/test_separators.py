"""Japanese faces and sheets set facts apart with 「・」, English ones with " · ".

One line never mixes the two (JLREQ's 中点 beside a Latin dot read as a
mistake on the rule cards' header: 「ルール・トリプティック・2〜4人·10〜20分」).
The bilingual Triptych back ("TRIPTYCH · トリプティック") is Latin beside
Japanese by design and is left out.
"""

from __future__ import annotations

import subprocess

import pytest

from cardpress.catalogue import load_catalogue
from cardpress.print.sheets import render_deck_pdf

BILINGUAL = "TRIPTYCH · トリプティック"


def _lines(pdf: bytes, tmp_path, name: str) -> list[str]:
    path = tmp_path / name
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-raw", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [ln for ln in text.splitlines() if ln.strip() and ln.strip() != BILINGUAL]


@pytest.mark.parametrize("deck", ["triptych", "ultimatch", "eshi100"])
def test_japanese_faces_and_sheets_use_the_japanese_separator(deck, tmp_path) -> None:
    catalogue = load_catalogue()
    pdf = render_deck_pdf(
        catalogue.deck(deck), "ja", "a4", "https://cards.example.org", root=catalogue.root
    )
    lines = _lines(pdf, tmp_path, f"{deck}.pdf")
    mixed = [ln for ln in lines if " · " in ln]
    assert mixed == [], mixed[:5]
    assert any("・" in ln for ln in lines)  # the facts are still set apart
