"""Engine options are checked by their declared types at create (issue 22)."""

from __future__ import annotations

import pytest

from tests.referee.tables.conftest import create_table


@pytest.mark.parametrize(
    ("game", "option", "value"),
    [
        ("eshi100", "bit_cards_discarded", "yes"),
        ("eshi100", "bit_cards_discarded", "no"),
        ("eshi100", "bit_cards_discarded", 0),
        ("eshi100", "auctioneer", True),
        ("eshi100", "auctioneer", "1"),
        ("finger-auction", "variant", 1),
        ("ultimatch", "difficulty", False),
    ],
)
def test_an_option_of_another_type_is_a_400_naming_it(api, game, option, value):
    got = api.post(
        "/api/v1/tables",
        json={"game": game, "players": ["Aki", "Ben"], "options": {option: value}, "lang": "en"},
    )
    assert got.status_code == 400
    error = got.get_json()["error"]
    assert error["field"] == f"options.{option}"
    assert option in error["message"]


def test_a_table_with_a_typed_option_shows_its_record_pages(api):
    body = create_table(
        api, game="eshi100", players=["Aki", "Ben"], options={"bit_cards_discarded": False}
    )
    record = f"/en/tables/{body['table']}/{body['host']['token']}/record"
    assert api.get(record).status_code == 200
    assert api.get(f"/api/v1/tables/{body['table']}").get_json()["version"] >= 0
