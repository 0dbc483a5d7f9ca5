"""Property tests through HTTP: random legal play, views against replays, races."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardpress.games import GAMES, replay
from referee.tables import service
from referee.tables.repositories import repository
from tests.referee.tables.conftest import auth, create_table, logged

SETTINGS = settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(seed=st.integers(0, 2**32), players=st.integers(1, 5), pick=st.integers(0, 2**32))
def test_random_legal_play_through_http_reaches_the_end(api, game, seed, players, pick):
    """Every answer is the engine's view of the same actions replayed (a twin state)."""
    spec = GAMES[game]
    n = max(spec.min_players, min(players, spec.max_players))
    names = [f"P{i}" for i in range(n)]
    body = create_table(api, game=game, players=names, seed=seed)
    table, host = body["table"], body["host"]["token"]
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    twin = spec.new_game(names, seed)
    choices = random.Random(pick)
    while not twin.is_terminal():
        seat = choices.choice(twin.current_players())
        action = choices.choice(twin.legal_actions(seat))
        twin.apply(seat, action)
        response = api.post(
            f"/api/v1/tables/{table}/actions",
            json={"action": action, "version": len(twin.log) - 1},
            headers=auth(tokens[seat]),
        )
        assert response.status_code == 200, response.get_json()
        got = response.get_json()
        assert got["view"] == twin.view(seat)
        assert got["to_act"] == twin.current_players()
        assert len(twin.log) < 5000, f"{game} did not end"
        if len(twin.log) % 25 == 0:
            _views_match_the_replayed_record(api, table, tokens, host)
    _views_match_the_replayed_record(api, table, tokens, host)
    public = api.get(f"/api/v1/tables/{table}").get_json()
    assert public["terminal"] and public["winners"] == twin.winners()
    record = api.get(f"/api/v1/tables/{table}/record").get_json()  # anyone's, once over
    assert record == twin.record()


def _views_match_the_replayed_record(api, table: str, tokens: dict[int, str], host: str) -> None:
    record = logged(api, table, host)
    state = replay(record)
    for seat, token in tokens.items():
        got = api.get(f"/api/v1/tables/{table}", headers=auth(token)).get_json()
        assert got["view"] == state.view(seat)
        assert got["legal_actions"] == (
            state.legal_actions(seat) if seat in state.current_players() else []
        )
    assert api.get(f"/api/v1/tables/{table}").get_json()["view"] == state.view(None)


def test_simultaneous_bids_from_threads_are_each_applied_once(tables_app):
    """Four phones bid at once, each twice (a retried POST): four bids, one auction."""
    with tables_app.test_client() as api:
        body = create_table(api, players=["A", "B", "C", "D"], seed=11)
    table = body["table"]
    start = threading.Barrier(8)
    answers: list[int] = []

    def phone(seat: dict, bid: int) -> None:
        with tables_app.test_client() as client:
            start.wait()
            response = client.post(
                f"/api/v1/tables/{table}/actions",
                json={"action": f"bid:{bid}"},
                headers={**auth(seat["token"]), "Idempotency-Key": f"seat-{seat['seat']}"},
            )
            answers.append(response.status_code)

    threads = [
        threading.Thread(target=phone, args=(seat, 1 + seat["seat"]))
        for seat in body["seats"]
        for _ in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert answers == [200] * 8
    with tables_app.test_client() as api:
        record = logged(api, table, body["host"]["token"])
        state = api.get(f"/api/v1/tables/{table}").get_json()
    assert sorted(record["actions"]) == [[0, "bid:1"], [1, "bid:2"], [2, "bid:3"], [3, "bid:4"]]
    assert state["version"] == 4
    assert state["view"]["picker"] == 0  # the lowest unique bid won: the auction ran once


def test_undos_racing_bids_each_take_back_one_person_and_keep_the_log_true(tables_app):
    """The host undoes while the phones bid: no answer is an error but "nothing to undo",
    every acknowledged undo took back exactly one person's move, and the snapshot is the
    replay of the log."""
    with tables_app.test_client() as api:
        body = create_table(api, players=["A", "B", "C", "D"], seed=21)
    table, host = body["table"], body["host"]["token"]
    start = threading.Barrier(7)
    answers: list[tuple[str, int, str | None]] = []

    def call(path: str, token: str, payload: dict | None = None) -> None:
        with tables_app.test_client() as client:
            start.wait()
            response = client.post(
                f"/api/v1/tables/{table}/{path}", json=payload, headers=auth(token)
            )
            error = response.get_json().get("error", {})
            answers.append((path, response.status_code, error.get("field")))

    threads = [
        threading.Thread(
            target=call, args=("actions", s["token"], {"action": f"bid:{1 + s['seat']}"})
        )
        for s in body["seats"]
    ] + [threading.Thread(target=call, args=("undo", host)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    undone = answers.count(("undo", 200, None))
    # every bid lands; an undo either takes one back or finds nothing yet ("table"),
    # never gives up because the table kept moving ("version")
    assert sorted(answers) == sorted(
        [("actions", 200, None)] * 4
        + [("undo", 200, None)] * undone
        + [("undo", 409, "table")] * (3 - undone)
    ), answers
    with tables_app.test_client() as api:
        record = logged(api, table, host)
        state = api.get(f"/api/v1/tables/{table}").get_json()
    assert len(record["actions"]) == 4 - undone
    assert state["version"] == 4 + undone
    db = tables_app.extensions["cardpress-tables"].db
    assert service.replayed(repository(db), table) == GAMES["finger-auction"].from_json(
        service.load(repository(db), table).snapshot
    )
