"""Live tables a few moves into every game, made through the JSON API of a
running referee, and the paths of their pages: the seats', host's,
spectator's and record pages that the page-kind browser tests open."""

from __future__ import annotations

import json
import random
import urllib.request

from cardpress.games import GAMES

#: the live-table page kinds; {x} is a path returned by make_tables, without the language
TABLE_PAGES = {
    "new table": "/{lang}/tables/new?game=finger-auction",
    "new table, more options": "/{lang}/tables/new?game=ultimatch",
    "table seat": "/{lang}/{fa_seat}",
    "table seat, two hands": "/{lang}/{fa2_seat}?right=3",
    "table host": "/{lang}/{fa_host}",
    "table spectator": "/{lang}/{fa_watch}",
    "table record": "/{lang}/{fa_host}/record",
    "table finished on a tie": "/{lang}/{done_watch}#result",
    "ultimatch table": "/{lang}/{um_seat}",
    "eshi100 table": "/{lang}/{es_seat}",
    "detective eye draft, card picked": "/{lang}/{de_seat}?first={de_first}",
    "ultimatch plays, target picked": "/{lang}/{ump_seat}?first={ump_first}",
}

#: more of them: every game's seat, another host and spectator
MORE_TABLE_PAGES = {
    "gallery rush table": "/{lang}/{gr_seat}",
    "detective eye table": "/{lang}/{de_seat}",
    "ultimatch table, two players": "/{lang}/{ump_seat}",
    "eshi100 host": "/{lang}/{es_host}",
    "ultimatch spectator": "/{lang}/{um_watch}",
}


def make_tables(server: str) -> dict[str, str]:
    """Live tables on the referee at ``server``, a few moves in: their pages' paths."""

    def call(path: str, body: dict, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(
            server + path, data=json.dumps(body).encode(), headers=headers
        )
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)

    paths = {}
    for key, game, players, moves in (
        ("fa", "finger-auction", ["Aki", "Ben", "Chie"], 6),
        ("fa2", "finger-auction", ["Aki", "Ben"], 0),
        ("um", "ultimatch", ["Aki", "Ben", "Chie"], 10),
        ("es", "eshi100", ["Aki", "Ben", "Chie"], 8),
        ("de", "detective-eye", ["Aki", "Ben", "Chie"], 0),
        ("ump", "ultimatch", ["Aki", "Ben"], 7),  # seed 5: then Aki has 40 plays
        ("gr", "gallery-rush", ["Aki", "Ben", "Chie"], 2),
    ):
        made = call("/api/v1/tables", {"game": game, "players": players, "seed": 5})
        state = GAMES[game].new_game(players, 5)
        for _ in range(moves):
            seat = state.current_players()[0]
            action = state.legal_actions(seat)[-1]
            state.apply(seat, action)
            token = made["seats"][seat]["token"]
            call(f"/api/v1/tables/{made['table']}/actions", {"action": action}, token)
        table = f"tables/{made['table']}"
        paths[f"{key}_seat"] = f"{table}/{made['seats'][0]['token']}"
        firsts = [a.split(":")[-1 if game != "ultimatch" else 1] for a in state.legal_actions(0)]
        paths[f"{key}_first"] = firsts[0].split(",")[0] if firsts else ""
        paths[f"{key}_host"] = f"{table}/{made['host']['token']}"
        paths[f"{key}_watch"] = table
    assert paths["de_first"] and paths["ump_first"]  # the picker pages pick a card
    # a whole game that ends with two players on 23 points, placed by FA-7's tie-break
    made = call(
        "/api/v1/tables", {"game": "finger-auction", "players": ["Aki", "Ben", "Chie"], "seed": 7}
    )
    state, choices = GAMES["finger-auction"].new_game(["Aki", "Ben", "Chie"], 7), random.Random(7)
    while not state.is_terminal():
        seat = choices.choice(state.current_players())
        action = choices.choice(state.legal_actions(seat))
        state.apply(seat, action)
        call(
            f"/api/v1/tables/{made['table']}/actions",
            {"action": action},
            made["seats"][seat]["token"],
        )
    paths["done_watch"] = f"tables/{made['table']}"
    return paths
