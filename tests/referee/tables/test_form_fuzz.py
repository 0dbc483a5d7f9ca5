"""Every form and query parameter of the referee's pages, sent hostile values (issue 22).

The pages are found in the app (every page route a person opens, and a live
table of every game: its create form, a seat's page and the host's page);
their fields are read from the forms the pages really show. Each field is
then sent, once as a form submission and once as a query parameter of its
page, with Unicode digits, signs, spaces, huge and empty values: the answer
may refuse it (4xx, or the page again with a message) but never with a 500.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from cardpress.games import GAMES
from tests.referee.tables.conftest import create_table, make_app

HOSTILE = ["²", "-1", " 3 ", "", "9" * 400, "\u200b"]


@pytest.fixture(scope="module")
def api(database_urls) -> Iterator[FlaskClient]:
    """On SQLite only: what a form does with a value does not depend on the database."""
    app = make_app(database_urls["make"]("sqlite"))
    with app.test_client() as client:
        yield client
    app.extensions["cardpress-tables"].bus.stop()
    app.extensions["cardpress-tables"].db.dispose()


class Forms(HTMLParser):
    """The forms of a page: action, method and each field's name and first value."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            method = (a.get("method") or "get").upper()
            self.forms.append({"action": a.get("action") or "", "method": method, "fields": {}})
        elif tag in ("input", "select", "textarea", "button") and self.forms and a.get("name"):
            fields = self.forms[-1]["fields"]
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                fields.setdefault(a["name"], None)
            else:
                fields.setdefault(a["name"], a.get("value") or "")
        elif tag == "option" and self.forms and self.forms[-1]["fields"]:
            last = list(self.forms[-1]["fields"])[-1]
            if self.forms[-1]["fields"][last] in ("", None):
                self.forms[-1]["fields"][last] = a.get("value") or ""


def _pages(api) -> list[str]:
    pages = ["/en/", "/en/play/", "/en/rules/", "/en/offline"]
    pages += [
        f"/en/play/{tool}"
        for tool in (
            "finger-auction/score",
            "finger-auction/auction",
            "finger-auction/follow",
            "gallery-rush",
            "ultimatch",
            "ultimatch/follow",
            "eshi100",
            "detective-eye",
        )
    ]
    for game, spec in GAMES.items():
        pages.append(f"/en/tables/new?game={game}")
        players = ["Aki", "Ben", "Chi", "Dan", "Eri"][: max(2, spec.min_players)]
        body = create_table(api, game=game, players=players, lang="en")
        pages.append(urlsplit(body["host"]["url"]).path)
        pages.append(urlsplit(body["seats"][0]["url"]).path)
    return pages


def _forms(api, page: str) -> list[dict]:
    got = api.get(page)
    assert got.status_code == 200, page
    parser = Forms()
    parser.feed(got.get_data(as_text=True))
    return parser.forms


def test_no_field_of_any_form_makes_a_500(api):
    sent = 0
    failures = []
    for page in _pages(api):
        path = urlsplit(page).path
        tried: set[tuple[str, str, str]] = set()  # a seat page has a form per move
        for form in _forms(api, page):
            action, method = form["action"] or path, form["method"]
            base = {k: v for k, v in form["fields"].items() if v is not None}
            for name in form["fields"]:
                if (action, method, name) in tried:
                    continue
                tried.add((action, method, name))
                for value in HOSTILE:
                    fields = {**base, name: value}
                    if method == "POST":
                        answers = [
                            ("POST", api.post(action, data=fields)),
                            ("query", api.get(path, query_string={name: value})),
                        ]
                    else:
                        answers = [("GET", api.get(action, query_string=fields))]
                    sent += len(answers)
                    failures += [
                        (page, how, name, value, answer.status_code)
                        for how, answer in answers
                        if answer.status_code >= 500
                    ]
    print(f"{sent} hostile requests")
    assert sent > 500  # every page's forms were found and sent
    assert not failures, failures[:10]
