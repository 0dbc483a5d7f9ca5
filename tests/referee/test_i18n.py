"""Every UI string exists in ja and en (domain "messages"), none empty or fuzzy."""

from __future__ import annotations

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from cardpress.i18n import catalogue_problems, po_path
from cardpress.paths import ROOT


def extracted() -> set[str | tuple[str, ...]]:
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    found: set[str | tuple[str, ...]] = set()
    for dirname, method in (
        ("referee", "python"),
        ("cardpress/games", "python"),  # the engines' refusals and option errors
        ("templates/referee", "jinja2"),
    ):
        method_map = [("**.py" if method == "python" else "**.html", method)]
        options = {"**.html": {"extensions": "jinja2.ext.i18n"}}
        for _file, _line, message, _comments, _ctx in extract_from_dir(
            ROOT / dirname, method_map, options, keywords=keywords
        ):
            found.add(message if isinstance(message, str) else tuple(message))
    return found


def test_no_missing_empty_or_fuzzy_translations():
    assert catalogue_problems("messages") == []


def test_every_ui_string_is_in_every_catalogue():
    wanted = extracted()
    assert len(wanted) > 100
    for lang in ("ja", "en"):
        with po_path(lang, "messages").open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        have = {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}
        assert sorted(map(str, wanted - have)) == [], lang


def test_placeholders_survive_translation():
    import re

    with po_path("ja", "messages").open("rb") as fh:
        catalog = read_po(fh, locale="ja")
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(re.findall(r"%\(\w+\)[sd]", ids[0]))
        for string in strings:
            assert set(re.findall(r"%\(\w+\)[sd]", string)) == wanted, message.id


def test_pages_translate(client):
    assert "得点計算と判定" in client.get("/ja/play/").get_data(as_text=True)
    assert "Scorers and checkers" in client.get("/en/play/").get_data(as_text=True)
