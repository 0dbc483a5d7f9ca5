"""Live-table pages and table words use the termbase: whole games in both languages.

The referee's other pages are crawled in tests/referee/test_termbase_pages.py; a
table page exists only once a table does, and its sentences (words.py) change with
every move, so a game of each engine is played here and every seat's page read.
"""

from __future__ import annotations

import random

import pytest

from cardpress import termbase
from cardpress.games import GAMES
from tests.referee.tables.conftest import auth, create_table, path_of
from tests.referee.test_termbase_pages import readable

TABLES = [
    ("finger-auction", ["Aki", "Ben", "Chi"], {"variant": "strict"}),
    ("finger-auction", ["Aki", "Ben"], {}),
    ("gallery-rush", ["Aki", "Ben", "Chi"], {}),
    ("detective-eye", ["Aki", "Ben", "Chi"], {}),
    ("ultimatch", ["Aki", "Ben", "Chi"], {"pass_rule": "strict"}),
    ("ultimatch", ["Aki", "Ben"], {"difficulty": "easier-alta-1"}),
    ("eshi100", ["Aki", "Ben", "Chi"], {}),
]


def _scan(html: str, lang: str, where: str) -> list[str]:
    text, drawings = readable(html)
    terms = [t for t in termbase.load_termbase() if t.kind == "term"]
    return [str(h) for h in termbase.scan(text, lang, where)] + [
        str(h) for h in termbase.scan(drawings, lang, f"{where} (diagram)", terms)
    ]


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # storage plays no part here
@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_table_pages_use_the_termbase(api, game, players, options):
    body = create_table(api, game=game, players=players, options=options, seed=5, lang="en")
    table, seats = body["table"], body["seats"]
    host = f"/en/tables/{table}/{body['host']['token']}"
    state = GAMES[game].new_game(players, 5, **options)
    choices = random.Random(5)
    found: list[str] = []
    step = 0
    while not state.is_terminal() and step < 120:
        seat = choices.choice(state.current_players())
        for lang in ("en", "ja"):
            pages = [path_of(seats[seat]["url"]).replace("/en/", f"/{lang}/")]
            if step % 9 == 0:
                pages += [host.replace("/en/", f"/{lang}/"), f"/{lang}/tables/{table}"]
            for page in pages:
                response = api.get(page)
                assert response.status_code == 200, page
                found += _scan(response.get_data(as_text=True), lang, page)
        action = choices.choice(state.legal_actions(seat))
        state.apply(seat, action)
        answer = api.post(
            f"/api/v1/tables/{table}/actions",
            json={"action": action},
            headers=auth(seats[seat]["token"]),
        )
        assert answer.status_code == 200, answer.get_json()
        step += 1
    assert step > 5
    for lang in ("en", "ja"):
        for page in (f"/{lang}/tables/{table}", f"/{lang}/tables/new?game={game}"):
            response = api.get(page)
            assert response.status_code == 200, page
            found += _scan(response.get_data(as_text=True), lang, page)
    found = sorted(set(found))
    assert not found, f"{len(found)} forbidden variant(s):\n" + "\n".join(found[:40])


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_words_a_short_game_may_not_reach_use_the_termbase(api, lang):
    """Sentences a seeded game above may never show: the exchange said to the player
    whose turn it is (a list of players), and the referee's own 絵師100人展 deck's effects."""
    from cardpress.games.eshi100.engine import STANDARD_TYPES
    from referee.tables import words

    app = api.application
    with app.test_request_context(f"/{lang}/"):
        said = words.of("ultimatch").situation(
            {"phase": "offer", "turn": 0}, ["Aki", "Ben", "Chi"], 0
        )
        effects = [
            e.text[lang] for c in STANDARD_TYPES for e in (c.bit, c.settlement) if e is not None
        ]
    assert said and effects
    found = [str(h) for text in [*said, *effects] for h in termbase.scan(text, lang, "words")]
    assert not found, "\n".join(found)
