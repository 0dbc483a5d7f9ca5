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
