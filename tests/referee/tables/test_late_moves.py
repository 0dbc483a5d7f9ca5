"""Simultaneous moves are never bounced; stale ones still are (referee.tables.late).

Through HTTP on SQLite and PostgreSQL: every seat of a simultaneous decision
sends the version the decision began at, as phones that tapped together do.
"""

from __future__ import annotations

import random
import threading

import pytest

from cardpress.games import GAMES, replay
from referee.tables import late, service
from referee.tables.repositories import repository
from tests.referee.tables.conftest import auth, create_table, logged

#: every game with a simultaneous decision, and a table size that has one
SIMULTANEOUS = [
    ("finger-auction", 3),  # bids
    ("finger-auction", 2),  # two-hand bids
    ("detective-eye", 3),  # the draft, and each round's first placement
    ("ultimatch", 3),  # alta gifts, and the others' offers each turn
]


def _post(api, table: str, token: str, action: str, version: int | None, key: str | None = None):
    headers = {**auth(token), **({"Idempotency-Key": key} if key else {})}
    body = {"action": action, **({"version": version} if version is not None else {})}
    return api.post(f"/api/v1/tables/{table}/actions", json=body, headers=headers)


@pytest.mark.parametrize(("game", "players"), SIMULTANEOUS)
def test_every_simultaneous_decision_accepts_every_seat_on_the_version_it_began(
    api, tables_app, game, players
):
    """A whole game: at each decision several seats make at once, all of them send
    the version it began at, in a random order; every one is applied, once, and the
    table is the engine's for those moves in that order."""
    names = [f"P{i}" for i in range(players)]
    body = create_table(api, game=game, players=names, seed=5)
    table = body["table"]
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    twin = GAMES[game].new_game(names, 5)
    choices = random.Random(players)
    decisions = 0
    while not twin.is_terminal():
        began = len(twin.log)
        pending = twin.current_players()
        if len(pending) > 1:
            decisions += 1
        picks = {seat: choices.choice(twin.legal_actions(seat)) for seat in pending}
        order = choices.sample(pending, len(pending))
        for seat in order:
            twin.apply(seat, picks[seat])
            answer = _post(api, table, tokens[seat], picks[seat], began)
            assert answer.status_code == 200, (seat, picks[seat], answer.get_json())
            assert answer.get_json()["view"] == twin.view(seat)
        assert len(twin.log) < 3000
    assert decisions >= 2, "the game had no simultaneous decision to test"
    record = api.get(f"/api/v1/tables/{table}/record").get_json()
    assert record == twin.record()
    db = tables_app.extensions["cardpress-tables"].db
    assert service.replayed(repository(db), table) == twin


def test_three_phones_bidding_at_once_from_threads_are_all_applied(tables_app):
    """The race itself: three threads post bids made on version 0 at once."""
    with tables_app.test_client() as api:
        body = create_table(api, players=["A", "B", "C"], seed=2)
    table = body["table"]
    start = threading.Barrier(3)
    answers: list[int] = []

    def phone(seat: dict) -> None:
        with tables_app.test_client() as client:
            start.wait()
            bid = f"bid:{1 + seat['seat']}"
            answers.append(_post(client, table, seat["token"], bid, 0).status_code)

    threads = [threading.Thread(target=phone, args=(seat,)) for seat in body["seats"]]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert answers == [200] * 3
    with tables_app.test_client() as api:
        record = logged(api, table, body["host"]["token"])
    assert sorted(record["actions"]) == [[0, "bid:1"], [1, "bid:2"], [2, "bid:3"]]


def test_a_late_move_retried_with_its_key_is_applied_once(api):
    body = create_table(api, players=["A", "B", "C"], seed=2)
    table, (a, b, _c) = body["table"], (s["token"] for s in body["seats"])
    assert _post(api, table, a, "bid:2", 0).status_code == 200
    one = _post(api, table, b, "bid:3", 0, key="tap-b")
    two = _post(api, table, b, "bid:3", 0, key="tap-b")
    assert one.status_code == two.status_code == 200
    assert one.get_json()["version"] == two.get_json()["version"] == 2
    record = logged(api, table, body["host"]["token"])
    assert record["actions"] == [[0, "bid:2"], [1, "bid:3"]]


def test_a_move_from_before_an_undo_is_refused(api):
    body = create_table(api, players=["A", "B", "C"], seed=2)
    table, host = body["table"], body["host"]["token"]
    a, b = body["seats"][0]["token"], body["seats"][1]["token"]
    assert _post(api, table, a, "bid:2", 0).status_code == 200
    assert api.post(f"/api/v1/tables/{table}/undo", headers=auth(host)).status_code == 200
    stale = _post(api, table, b, "bid:3", 1)  # B's page showed A's bid, since taken back
    assert stale.status_code == 409
    assert stale.get_json()["error"]["version"] == 2
    assert _post(api, table, b, "bid:3", 2).status_code == 200


def test_a_page_older_than_the_seats_own_last_move_is_refused(api):
    """Gallery Rush: Aki's page from her previous turn shows "explore" again now."""
    body = create_table(api, game="gallery-rush", players=["Aki", "Ben"], seed=4)
    table, aki, ben = body["table"], body["seats"][0]["token"], body["seats"][1]["token"]
    twin = GAMES["gallery-rush"].new_game(["Aki", "Ben"], 4)
    tokens = [aki, ben]
    first = None
    # play until Aki is to act again with an action she could also take then
    while True:
        seat = twin.current_players()[0]
        action = twin.legal_actions(seat)[0]
        if seat == 0 and first is not None and action in first[1]:
            break
        if seat == 0 and first is None:
            first = (len(twin.log), twin.legal_actions(0))
        twin.apply(seat, action)
        assert _post(api, table, tokens[seat], action, None).status_code == 200
    refused = _post(api, table, aki, action, first[0])
    assert refused.status_code == 409
    assert refused.get_json()["error"]["version"] == len(twin.log)


def test_a_move_the_old_page_could_not_offer_is_refused(api):
    """Ben's move, legal now, sent on the version where it was Aki's turn."""
    body = create_table(api, game="gallery-rush", players=["Aki", "Ben"], seed=4)
    table, aki, ben = body["table"], body["seats"][0]["token"], body["seats"][1]["token"]
    twin = GAMES["gallery-rush"].new_game(["Aki", "Ben"], 4)
    while twin.current_players() == [0]:
        action = twin.legal_actions(0)[0]
        twin.apply(0, action)
        assert _post(api, table, aki, action, None).status_code == 200
    bens = twin.legal_actions(1)[0]
    refused = _post(api, table, ben, bens, 0)
    assert refused.status_code == 409
    assert _post(api, table, ben, bens, len(twin.log)).status_code == 200


@pytest.mark.parametrize("version", [1, 99])
def test_a_version_the_table_never_had_is_refused(api, version):
    body = create_table(api, players=["A", "B", "C"], seed=2)
    refused = _post(api, body["table"], body["seats"][0]["token"], "bid:2", version)
    assert refused.status_code == 409
    error = refused.get_json()["error"]
    assert error["version"] == 0
    # never "moved on to version 0": the table is behind the page, not ahead of it
    assert "moved on" not in error["message"]
    assert f"at version 0, not yet {version}" in error["message"]
    ja = api.post(
        f"/api/v1/tables/{body['table']}/actions",
        json={"action": "bid:2", "version": version},
        headers={**auth(body["seats"][0]["token"]), "Accept-Language": "ja"},
    ).get_json()["error"]["message"]
    assert f"まだ{version}手目に達していません" in ja and "0手目" in ja


def test_the_rule_compares_whole_tables_not_logs():
    """A decision's moves in two orders: the same table, told apart only by the log."""
    spec = GAMES["finger-auction"]
    one, two = spec.new_game(3, 1), spec.new_game(3, 1)
    for seat, bid in ((0, "bid:1"), (1, "bid:2"), (2, "bid:3")):
        one.apply(seat, bid)
    for seat, bid in ((2, "bid:3"), (0, "bid:1"), (1, "bid:2")):
        two.apply(seat, bid)
    assert one.log != two.log and late.same_table(one, two)
    assert not late.same_table(one, replay({**one.record(), "actions": one.log[:2]}))
