"""Bot seats in every game: the engine's bots move as soon as it is their turn."""

from __future__ import annotations

import pytest

from tests.referee.tables.conftest import auth, create_table

SEATS = {"gallery-rush": 3, "finger-auction": 3, "detective-eye": 3, "ultimatch": 2, "eshi100": 2}


@pytest.mark.parametrize("game", sorted(SEATS))
def test_bots_move_at_once_and_leave_each_turn_to_the_person(api, game):
    names = [f"P{i}" for i in range(SEATS[game])]
    everyone = create_table(api, game=game, players=names, bots=list(range(len(names))), seed=5)
    table = api.get(f"/api/v1/tables/{everyone['table']}").get_json()
    assert table["view"]["terminal"], f"{game}: an all-bot table plays to the end at creation"

    body = create_table(api, game=game, players=names, bots=list(range(1, len(names))), seed=5)
    me = body["seats"][0]["token"]
    for _ in range(6):  # the person's first moves: after each, the bots have answered
        view = api.get(f"/api/v1/tables/{body['table']}", headers=auth(me)).get_json()["view"]
        if view["terminal"]:
            break
        assert view["to_act"] == [0], f"{game}: waiting on a bot: {view['to_act']}"
        answer = api.post(
            f"/api/v1/tables/{body['table']}/actions",
            json={"action": view["legal_actions"][0]},
            headers=auth(me),
        )
        assert answer.status_code == 200, answer.get_json()
    record = api.get(f"/api/v1/tables/{body['table']}/record", headers=auth(body["host"]["token"]))
    seats_moved = {seat for seat, _action in record.get_json()["actions"]}
    assert seats_moved - {0}, f"{game}: no bot ever moved"
