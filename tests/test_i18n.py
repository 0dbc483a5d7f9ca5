"""Catalogue checks catch what a translator can leave behind."""

from __future__ import annotations

from pathlib import Path

from cardpress import i18n

PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Hello"
msgstr "{hello}"

#, fuzzy
msgid "Score"
msgstr "得点"
"""


def make(tmp_path: Path, lang: str, hello: str) -> None:
    folder = tmp_path / lang / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "demo.po").write_text(PO.format(hello=hello), encoding="utf-8")


def test_missing_empty_and_fuzzy_are_reported(tmp_path: Path) -> None:
    make(tmp_path, "ja", "")
    make(tmp_path, "en", "Hello")
    found = {
        (p.path.parts[-3], p.msgid, p.problem) for p in i18n.catalogue_problems("demo", tmp_path)
    }
    assert ("ja", "Hello", "empty translation") in found
    assert ("ja", "Score", "fuzzy") in found
    assert ("en", "Score", "fuzzy") in found
    assert ("en", "Hello", "empty translation") not in found


def test_a_new_language_needs_only_a_folder(tmp_path: Path) -> None:
    make(tmp_path, "ja", "こんにちは")
    make(tmp_path, "en", "Hello")
    make(tmp_path, "fr", "Bonjour")
    assert i18n.languages(tmp_path) == ("ja", "en", "fr")
    assert i18n.translations("fr", "demo", tmp_path).gettext("Hello") == "Bonjour"
    assert i18n.translations("ja", "demo", tmp_path).gettext("Score") == "Score"  # fuzzy unused


def test_compile_writes_mo_once(tmp_path: Path) -> None:
    make(tmp_path, "ja", "こんにちは")
    written = i18n.compile_catalogues(tmp_path)
    assert [p.name for p in written] == ["demo.mo"]
    assert i18n.compile_catalogues(tmp_path) == []
