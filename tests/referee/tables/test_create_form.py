"""The host's create form refuses exactly what the API refuses, in the page's language."""

from __future__ import annotations

import re

import pytest

from cardpress.players import MAX_NAME

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # no storage part

REFUSED = {
    "invisible only": "\u200b\ufeff",
    "bidi override": "Ben\u202e",
    "control character": "Ben\x07",
    "too long": "x" * (MAX_NAME + 1),
}
ACCEPTED = {"longest": "y" * MAX_NAME, "spaces around": "  Ben  ", "decomposed": "A\u030a"}


def _form(names: list[str]) -> dict[str, str]:
    form = {"game": "finger-auction", "go": "1"}
    form.update({f"name{i}": name for i, name in enumerate(names)})
    return form


def _error(html: str) -> str:
    found = re.search(r'<div class="error" role="alert">(.*?)</div>', html, re.S)
    assert found, "the page shows no error"
    return re.sub(r"<[^>]+>", "", found.group(1))


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_name_the_api_refuses_is_refused_by_the_form_in_words(api, name):
    players = ["Aki", name, "Chi"]
    assert (
        api.post("/api/v1/tables", json={"game": "finger-auction", "players": players}).status_code
        == 400
    )
    for lang, words in (("ja", "[ぁ-んァ-ン一-龥]"), ("en", "[A-Za-z]{3}")):
        page = api.post(f"/{lang}/tables/new", data=_form(players))
        assert page.status_code == 303  # POST/redirect/GET
        error = _error(api.get(page.headers["Location"]).get_data(as_text=True))
        assert re.search(words, error), error
        assert "players[" not in error and "\u202e" not in error and "\x07" not in error
        if lang == "ja":  # no English sentence inside the Japanese page
            assert not re.search(r"\b(name|must|characters?)\b", error), error


@pytest.mark.parametrize("name", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_a_name_the_api_accepts_is_accepted_by_the_form(api, name):
    players = ["Aki", name, "Chi"]
    answer = api.post("/api/v1/tables", json={"game": "finger-auction", "players": players})
    assert answer.status_code == 201
    assert api.post("/en/tables/new", data=_form(players)).status_code == 303


def test_the_same_name_twice_is_refused_by_both(api):
    players = ["Aki", "Å", "A\u030a"]  # equal after NFC
    answer = api.post(
        "/api/v1/tables",
        json={"game": "finger-auction", "players": players},
        headers={"Accept-Language": "ja"},
    )
    assert answer.status_code == 400
    assert answer.get_json()["error"]["field"] == "players[2]"
    assert "同じ名前" in answer.get_json()["error"]["message"]
    page = api.post("/ja/tables/new", data=_form(players))
    assert page.status_code == 303
    assert "同じ名前" in _error(api.get(page.headers["Location"]).get_data(as_text=True))
