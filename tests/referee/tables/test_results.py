"""Results say what happened (issue 21): through the end-of-game page and the
API, in both languages. A cooperative game says whether the team won and
why; every result cites the ruling that ended it; counts are the rules'
(no negative totals no rule mentions); Finger Auction's and 絵師100人展's
points are added up for everyone to check."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from cardpress.games import GAMES, GameState
from cardpress.games.bots import BOTS
from cardpress.games.finger_auction import FingerHand, score_hand
from tests.referee.tables.conftest import create_table
from tests.referee.tables.test_pages import _play

NAMES = ["Aki", "Ben", "Chi"]


def _game(game: str, names: list[str], want: Callable[[Any], bool]) -> tuple[int, list, Any]:
    """The first seed whose bot-played game ends as ``want(state)`` asks."""
    for seed in range(300):
        state, choose, moves = GAMES[game].new_game(names, seed), random.Random(seed), []
        while not state.is_terminal():
            seat = choose.choice(state.current_players())
            action = BOTS[game]["heuristic"](choose.randrange(2**32)).act(state, seat)
            state.apply(seat, action)
            moves.append((seat, action))
        if want(state):
            return seed, moves, state
    raise AssertionError(f"no {game} game in 300 seeds ends as asked")


def _played(api, game: str, names: list[str], want: Callable[[Any], bool]) -> tuple[str, Any]:
    seed, moves, state = _game(game, names, want)
    return _play(api, seed, moves, game, names), state


def _result(api, table: str, lang: str) -> str:
    """The end-of-game panel's text, tags dropped."""
    html = api.get(f"/{lang}/tables/{table}").get_data(as_text=True)
    found = re.search(r'<section class="result" id="result">(.*?)</section>', html, re.S)
    assert found, html[-2000:]
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).replace("&#39;", "'").split())


def _links(api, table: str, lang: str) -> list[str]:
    html = api.get(f"/{lang}/tables/{table}").get_data(as_text=True)
    section = re.search(r'<section class="result" id="result">(.*?)</section>', html, re.S)
    return re.findall(r"#([A-Z]{2}-\d+)\"", section.group(1))


def _api_result(api, table: str) -> dict[str, Any]:
    return api.get(f"/api/v1/tables/{table}").get_json()["result"]


def test_a_cooperative_loss_says_the_team_lost_and_why(api):
    table, state = _played(api, "ultimatch", ["Aki", "Ben"], lambda s: s.won is False)
    left = sum(1 for c in state.pyramid if c)
    en = _result(api, table, "en")
    card_s = "card" if left == 1 else "cards"
    assert f"The team lost, with {left} pyramid {card_s} left." in en, en
    assert "Everyone passed in a row." in en
    assert "Winner" not in en and "Place" not in en and "−" not in en, en  # no ranks, no −10
    assert _links(api, table, "en") == ["UM-6"]
    ja = _result(api, table, "ja")
    assert f"チームの負けです。ピラミッドにカードが{left}枚残りました。" in ja, ja
    assert "全員が続けてパスしました。" in ja and "勝者" not in ja and "順位" not in ja
    result = _api_result(api, table)
    assert result["team"] is True and result["won"] is False and result["winners"] == []
    assert result["rule_ids"] == ["UM-6"] and result["reason"] == "all-passed"
    page = api.get(f"/en/tables/{table}").get_data(as_text=True)
    assert '<section class="running">' not in page  # the team keeps no score


def test_a_cooperative_win_and_a_solitaire_loss(api):
    table, _state = _played(api, "ultimatch", ["Aki"], lambda s: s.won is True)
    en, ja = _result(api, table, "en"), _result(api, table, "ja")
    assert "The team won. Every card of the pyramid is matched." in en, en
    assert "チームの勝ちです。" in ja and "ピラミッドのカードをすべて合わせました。" in ja
    assert _links(api, table, "en") == ["UM-13"]
    assert _api_result(api, table)["won"] is True
    table, _state = _played(api, "ultimatch", ["Aki"], lambda s: s.won is False)
    en = _result(api, table, "en")
    assert "No card in hand matches a face-up pyramid card, and solitaire has no pass." in en
    assert _api_result(api, table)["reason"] == "no-match"


def test_detective_eye_ended_by_the_supply_cites_de8_and_counts_forgeries(api):
    """The supply's end (DE-8): fewest forgeries wins, cards in hand only among equals.
    Players with 0 and 1 forgeries are never called tied, in either language."""

    def apart(s) -> bool:
        return s.end_reason == "supply" and 0 in s.forgeries and 1 in s.forgeries

    table, state = _played(api, "detective-eye", NAMES, apart)
    assert _links(api, table, "en") == ["DE-8"]
    en, ja = _result(api, table, "en"), _result(api, table, "ja")
    assert "The supply ran out of forgeries" in en and "サプライの贋作がなくなりました" in ja
    assert "Place Player Forgeries Cards in hand" in en
    for place, seat in sorted((r, s) for s, r in enumerate(state.ranking())):
        assert f"{place} {NAMES[seat]} {state.forgeries[seat]} {state.held(seat)}" in en, en
    assert "same score" not in en and "同点" not in ja, ja
    zero, one = state.forgeries.index(0), state.forgeries.index(1)
    assert state.ranking()[zero] < state.ranking()[one]
    result = _api_result(api, table)
    assert result["rule_ids"] == ["DE-8"] and result["reason"] == "supply"
    assert {s["seat"]: s["counts"]["forgeries"] for s in result["standings"]} == dict(
        enumerate(state.forgeries)
    )


def test_detective_eye_ended_by_a_hand_cites_de7(api):
    table, state = _played(api, "detective-eye", NAMES, lambda s: s.end_reason == "hand")
    assert _links(api, table, "en") == ["DE-7"]
    winners = "、".join(NAMES[w] for w in state.winners())
    assert f"{winners}はラウンドの終わりに手札が1枚以下になりました。" in _result(api, table, "ja")


def test_finger_auction_adds_its_points_up(api):
    table, state = _played(api, "finger-auction", NAMES, lambda s: True)
    en, ja = _result(api, table, "en"), _result(api, table, "ja")
    for seat, name in enumerate(NAMES):
        score = score_hand(FingerHand.from_cards(state.held[seat]), 3)
        assert f"{name}: " in en and f"= {score.total} points" in en, en
        line = re.search(rf"{name}: (.*?) = {score.total} points", en).group(1)
        for painter, points in score.painters.items():
            assert re.search(rf"{painter.value.capitalize()} \d+ → {points}\b", line), line
        assert f"{name}：" in ja and f"＝{score.total}点" in ja, ja
        cards = len(state.held[seat])
        assert cards >= score.cards  # a forgery and the Mona Lisa count once (FA-7)
    assert _links(api, table, "en") == ["FA-6", "FA-7"]
    assert "Place Player Points Cards held" in en
    assert not re.search(r"(^|\s)[−-]\d", en + ja)  # no total the rules never mention
    standings = _api_result(api, table)["standings"]
    assert [s["place"] for s in standings] == sorted(state.ranking())


def test_eshi100_adds_its_settlement_up(api):
    table, state = _played(api, "eshi100", NAMES, lambda s: True)
    en, ja = _result(api, table, "en"), _result(api, table, "ja")
    for seat, settled in enumerate(state.settlements()):
        name = NAMES[seat]
        said = re.search(rf"{name}: (\d+) cards? in the collection (.*?) = (−?\d+) points", en)
        assert said, en
        total = int(said.group(3).replace("−", "-"))  # a minus sign, never a hyphen
        assert int(said.group(1)) == settled.cards and total == settled.score
        assert f"{name}：コレクション{settled.cards}枚" in ja
        assert f"＝{said.group(3)}点" in ja
    assert _links(api, table, "en") == ["ES-1", "ES-2"]
    counts = {s["seat"]: s["counts"]["score"] for s in _api_result(api, table)["standings"]}
    assert counts == {seat: s.score for seat, s in enumerate(state.settlements())}


def test_gallery_rush_says_how_it_ended(api):
    table, state = _played(api, "gallery-rush", NAMES, lambda s: s.end_reason == "round")
    en = _result(api, table, "en")
    assert "The round in which someone met a victory condition is over" in en
    assert _links(api, table, "en") == ["GR-1", "GR-3"]
    assert "Place Player Cards in collection Victory condition" in en
    for seat in state.achievers:
        assert re.search(rf"\d {NAMES[seat]} {len(state.collections[seat])} met", en), en
    assert "勝利条件を満たした人が出た一巡が終わりました。" in _result(api, table, "ja")


def test_no_running_total_the_rules_never_mention(api):
    """Mid-game, the count under the table is the rules' (Detective Eye: forgeries
    held, not minus cards and forgeries)."""
    state: GameState = GAMES["detective-eye"].new_game(NAMES, 1)
    body = create_table(api, game="detective-eye", players=NAMES, seed=1, lang="en")
    html = api.get(f"/en/tables/{body['table']}").get_data(as_text=True)
    running = re.search(r'<section class="running">(.*?)</section>', html, re.S).group(1)
    assert "Forgeries held" in running and not re.search(r"(^|[\s>])[−-]\d", running)
    assert state.forgeries == [0, 0, 0]
