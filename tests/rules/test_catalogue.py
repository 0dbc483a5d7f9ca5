"""The rules catalogues: complete in every language, in step with the templates."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardpress import i18n
from cardpress.paths import LOCALES, ROOT

PLACEHOLDER = re.compile(r"%\(\w+\)s")
TAG = re.compile(r"<ref to=\"[^\"]+\"/>|</?b>|</?em>|<br/>")


#: the pybabel of the environment running the tests (Babel is a declared dependency)
PYBABEL = Path(sys.executable).with_name("pybabel")


def _msgids_from_babel_cfg(tmp_path: Path) -> set[str]:
    """Run the documented extraction command and read what it found."""
    pot = tmp_path / "rules.pot"
    subprocess.run(
        [
            str(PYBABEL),
            "extract",
            "-F",
            "babel.cfg",
            "-o",
            str(pot),
            "templates/rules",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with pot.open("rb") as fh:
        return {m.id for m in read_po(fh) if m.id}


def _catalogue(lang: str):
    with i18n.po_path(lang, "rules").open("rb") as fh:
        return read_po(fh, locale=lang, domain="rules")


def test_no_missing_empty_or_fuzzy_translation() -> None:
    problems = i18n.catalogue_problems("rules")
    assert not problems, "\n".join(map(str, problems))


def test_every_language_has_a_rules_catalogue() -> None:
    for lang in i18n.languages():
        assert i18n.po_path(lang, "rules").is_file()
    assert {"ja", "en"} <= set(i18n.languages())


def test_extraction_matches_the_catalogues(tmp_path: Path) -> None:
    assert PYBABEL.is_file(), f"{PYBABEL} is missing: Babel is a declared dependency"
    extracted = _msgids_from_babel_cfg(tmp_path)
    assert len(extracted) > 300
    with (LOCALES / "rules.pot").open("rb") as fh:
        template = {m.id for m in read_po(fh) if m.id}
    assert extracted == template, "locales/rules.pot is stale: see locales/README.md"
    for lang in i18n.languages():
        ids = {m.id for m in _catalogue(lang) if m.id}
        missing = extracted - ids
        stale = ids - extracted
        assert not missing, f"{lang}: msgids used by templates but not in the catalogue: {missing}"
        assert not stale, f"{lang}: catalogue entries no template uses: {stale}"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_translations_keep_placeholders_and_markup(lang: str) -> None:
    for m in _catalogue(lang):
        if not m.id:
            continue
        assert sorted(PLACEHOLDER.findall(m.id)) == sorted(PLACEHOLDER.findall(m.string)), m.id
        assert sorted(TAG.findall(m.id)) == sorted(TAG.findall(m.string)), m.id


def test_japanese_is_japanese() -> None:
    """Every sentence-like Japanese entry is really translated, not copied."""
    kana = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for m in _catalogue("ja"):
        words = re.sub(r"%\(\w+\)s|<[^>]+>", "", m.id)
        if len(re.findall(r"[A-Za-z]{3,}", words)) >= 2:
            assert kana.search(m.string), f"untranslated: {m.id!r}"
