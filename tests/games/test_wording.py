"""Each game says its own moves and events, with no web framework in between.

The referee hands a game's words its Flask-Babel catalogue; here the same
``messages`` catalogue is read straight from the .po files (cardpress.i18n)
and the names from the card catalogue, so what a page says is what the game
package says, and a new front end (a terminal, a bot's log) can say it too.
"""

from __future__ import annotations

import ast
import random

import pytest

from cardpress.games import GAMES
from cardpress.games.speech import CatalogueSpeech
from cardpress.games.wording import Words
from cardpress.paths import ROOT

NAMES = ["Aki", "Ben", "Chi"]


def words(game: str, lang: str) -> Words:
    return GAMES[game].words(CatalogueSpeech(lang))


def test_a_button_and_an_event_in_both_languages_without_the_referee():
    view = {"players": NAMES, "viewer": 1}
    assert words("detective-eye", "en").action("flip:1:0", view) == "Flip your own card 1"
    assert words("detective-eye", "en").action("flip:2:1", view) == "Flip Chi's card 2"
    assert words("detective-eye", "ja").action("flip:1:0", view) == "自分の1枚目をめくる"
    ev = {"kind": "flip", "player": 0, "data": {"seat": 1, "card": "monet-4", "hit": False}}
    assert words("detective-eye", "en").event(ev, NAMES) == "Aki flips Ben's Monet 4: a miss."
    ja = words("detective-eye", "ja").event(ev, NAMES)
    assert ja[4:] == "Benのモネ 4をめくりました。はずれです。"


def test_a_game_that_words_nothing_shows_its_ids():
    """The fallback a new engine gets before its package words anything: never hidden."""
    plain = Words(CatalogueSpeech("en"))
    assert plain.action("frobnicate:3") == "frobnicate:3"
    assert plain.event({"kind": "frobnicated", "player": 0}, NAMES) == "frobnicated"
    assert plain.event({"kind": "undo", "player": 1}, NAMES) == "Ben's last move was taken back."


def test_a_team_game_says_how_the_team_ended_in_its_own_words():
    """A game played together gets the plain team lines; Ultimatch adds what was left."""
    for lang, won, lost in (
        ("en", "The team won.", "The team lost."),
        ("ja", "チームの勝ちです。", "チームの負けです。"),
    ):
        plain = Words(CatalogueSpeech(lang))
        assert (plain.team_headline(None, True), plain.team_headline(None, False)) == (won, lost)
    game = GAMES["ultimatch"].new_game(1, 0)
    left = sum(1 for c in game.pyramid if c)
    assert words("ultimatch", "en").team_headline(game, False) == (
        f"The team lost, with {left} pyramid cards left."
    )
    ja = words("ultimatch", "ja").team_headline(game, False)
    assert ja == f"チームの負けです。ピラミッドにカードが{left}枚残りました。"
    assert words("ultimatch", "ja").team_headline(game, True) == "チームの勝ちです。"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_move_and_event_of_a_random_game_has_words(game):
    """No label or sentence is the engine's id, in either language (an English
    label may equal its id only where the id is a word, like "Pass")."""
    spec = GAMES[game]
    said = {lang: words(game, lang) for lang in ("en", "ja")}
    state = spec.new_game(spec.max_players, 3)
    choices = random.Random(3)
    while not state.is_terminal():
        seat = choices.choice(state.current_players())
        view = state.view(seat)
        for act in state.legal_actions(seat):
            for w in said.values():
                assert w.action(act, view) != act, (game, act)
        for e in state.apply(seat, choices.choice(state.legal_actions(seat))):
            ev = {"kind": e.kind, "player": e.player, "data": e.data}
            for w in said.values():
                assert w.event(ev, list(state.names), state.view(None)) != e.kind, (game, e)


def test_the_games_import_no_web_framework():
    """The engines and their words stay pure: whoever shows them brings the catalogue."""
    for path in (ROOT / "cardpress" / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert name.split(".")[0] not in {"flask", "flask_babel", "reportlab"}, path
