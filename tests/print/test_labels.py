"""Every label a card prints exists, translated, in both `cards` catalogues."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from cardpress.i18n import catalogue_problems, po_path

PRINT = Path(__file__).resolve().parents[2] / "cardpress" / "print"
USED = re.compile(r'(?:ctx\._|label\((?:ctx\.)?lang,\s*)\(?\s*"([^"]+)"')


def _msgids(lang: str) -> set[str]:
    with po_path(lang, "cards").open("rb") as fh:
        return {m.id for m in read_po(fh) if m.id}


def test_catalogues_are_complete():
    assert catalogue_problems("cards") == []


def test_every_printed_label_is_in_both_catalogues():
    used = set()
    for src in PRINT.glob("*.py"):
        used |= set(USED.findall(src.read_text()))
    assert {"Forgery", "Bid", "Fold here"} <= used
    for lang in ("ja", "en"):
        assert used <= _msgids(lang), used - _msgids(lang)
