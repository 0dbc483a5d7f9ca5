"""Nobody learns a secret early, the host included (ARCHITECTURE.md, "Secrecy").

A property-style scan: the engine's bots play a table through the API to
several points of the game (an undo among them); at each, every byte served
to someone other than a secret's owner (the host's and a spectator's pages,
the record page and its download, the record API, ``GET`` table, the event
stream; each other seat's page, answer and stream) is collected, and none
may hold what the rules keep hidden then: a secret move (found by the
engine's own public view: a move is secret when another legal move of that
player would have left the table seeing exactly the same), the seed, the
order of a deck. After the end the whole record is everyone's.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cardpress.games import GAMES, GameState, IllegalAction
from cardpress.games.bots import BOTS
from tests.referee.tables.conftest import auth, create_table, logged

#: (game, players): every game, Finger Auction with two (hands) and three (bids)
TABLES = [
    ("gallery-rush", 3),
    ("finger-auction", 3),
    ("finger-auction", 2),
    ("detective-eye", 3),
    ("ultimatch", 3),
    ("eshi100", 3),
]
NAMES = ["Aki", "Ben", "Chi", "Dan"]
#: alternatives tried per move when telling whether it was secret
ALTERNATIVES = 40


def _public(state: GameState, events: list[Any]) -> str:
    return json.dumps([state.view(None), [e.to_json() for e in events]], sort_keys=True)


def secret_moves(game: str, record: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """(secret when made, still hidden now) among the moves of the log.

    A move was secret when made if another legal move of the same player
    would have left the table seeing the same (the engine's public view and
    public events); it is still hidden if, with that other move in its place
    and the rest of the log unchanged, everything the table has seen since
    would be the same too (a Finger Auction bid is secret until the auction
    reveals it; a card placed face down and never flipped stays hidden)."""
    spec = GAMES[game]
    state = spec.new_game(record["players"], record["seed"], **record["options"])
    actions = [(int(seat), str(action)) for seat, action in record["actions"]]
    made, hidden = [], []
    for i, (seat, action) in enumerate(actions):
        truth = _trace(state.clone(), actions[i:])
        others = [a for a in state.legal_actions(seat) if a != action][:ALTERNATIVES]
        first = truth[0]
        alike = [b for b in others if _trace(state.clone(), [(seat, b)])[0] == first]
        if alike:
            made.append((seat, action))
            if any(_trace(state.clone(), [(seat, b), *actions[i + 1 :]]) == truth for b in alike):
                hidden.append((seat, action))
        state.apply(seat, action)
    return made, hidden


def _trace(state: GameState, moves: list[tuple[int, str]]) -> list[str | None]:
    """What the table sees after each of ``moves`` (None from an illegal one on)."""
    out: list[str | None] = []
    for seat, action in moves:
        try:
            out.append(_public(state, state.apply(seat, action)))
        except IllegalAction:
            return out + [None] * (len(moves) - len(out))
    return out


def decks(state: GameState) -> list[list[str]]:
    """The cards still to be drawn, in order (or, Detective Eye, never dealt)."""
    found = [getattr(state, name) for name in ("deck", "out") if hasattr(state, name)]
    return [list(d) for d in found] + [list(d) for d in getattr(state, "decks", [])]


def known_to(game: str, record: dict[str, Any], seat: int | None) -> str:
    """Everything ``seat`` (None: the table) was ever shown by the engine: every
    view it had and every public event, as JSON text."""
    spec = GAMES[game]
    state = spec.new_game(record["players"], record["seed"], **record["options"])
    parts = [json.dumps(state.view(seat))]
    for who, action in record["actions"]:
        parts.append(json.dumps([e.to_json() for e in state.apply(who, action)]))
        parts.append(json.dumps(state.view(seat)))
    return "\n".join(parts)


def _stream(api: Any, url: str) -> str:
    """The first chunk of an event stream (its version and, with a token, state)."""
    response = api.get(url, buffered=False)
    try:
        first = next(iter(response.response))
    finally:
        response.close()
    return first.decode() if isinstance(first, bytes) else first


def served(api: Any, body: dict[str, Any]) -> dict[int | str, str]:
    """Every byte the table serves, by who receives it: "host", "spectator", a seat."""
    table, host = body["table"], body["host"]["token"]
    base = f"/api/v1/tables/{table}"
    out: dict[int | str, str] = {}
    out["host"] = "\n".join(
        [
            api.get(base, headers=auth(host)).get_data(as_text=True),
            api.get(f"{base}/record", headers=auth(host)).get_data(as_text=True),
            api.get(f"/en/tables/{table}/{host}").get_data(as_text=True),
            api.get(f"/en/tables/{table}/{host}/record").get_data(as_text=True),
            api.get(f"/ja/tables/{table}/{host}/record").get_data(as_text=True),
            api.get(f"/en/tables/{table}/{host}/record?format=json").get_data(as_text=True),
            _stream(api, f"{base}/events?token={host}"),
        ]
    )
    out["spectator"] = "\n".join(
        [
            api.get(base).get_data(as_text=True),
            api.get(f"{base}/record").get_data(as_text=True),
            api.get(f"/en/tables/{table}").get_data(as_text=True),
            api.get(f"/en/tables/{table}/record").get_data(as_text=True),
            _stream(api, f"{base}/events"),
        ]
    )
    for seat in body["seats"]:
        token = seat["token"]
        out[seat["seat"]] = "\n".join(
            [
                api.get(base, headers=auth(token)).get_data(as_text=True),
                api.get(f"/en/tables/{table}/{token}").get_data(as_text=True),
                _stream(api, f"{base}/events?token={token}"),
            ]
        )
    return out


def assert_nothing_hidden_is_served(
    api: Any, body: dict[str, Any], game: str, seed: int, undone: list[tuple[int, str]]
) -> None:
    whole = logged(api, body["table"], body["host"]["token"])
    state = GAMES[game].replay(whole)
    assert not state.is_terminal()
    made, hidden = secret_moves(game, whole)
    for engine_secret in made + undone:  # the engine withholds at least what the views hide
        assert GAMES[game].state_class.is_secret(engine_secret[1]), engine_secret
    bytes_for = served(api, body)
    for who, text in bytes_for.items():
        where = f"{game}: served to {who}"
        assert str(seed) not in text, f"{where}: the seed"
        for deck in decks(state):
            if len(deck) >= 4:  # the order of what comes next
                assert json.dumps(deck[:4])[1:-1] not in text, f"{where}: a deck's order"
        known = known_to(game, whole, who if isinstance(who, int) else None)
        for deck in decks(state):
            for card in deck:
                if f'"{card}"' not in known:
                    assert f'"{card}"' not in text, f"{where}: {card}, never shown, is in a deck"
        if isinstance(who, int):
            continue  # a seat's own legal moves spell moves like another's
        for seat, action in hidden + undone:
            assert f'"{action}"' not in text, f"{where}: {whole['players'][seat]}'s {action}"
            assert f"&#34;{action}&#34;" not in text and f"&quot;{action}&quot;" not in text


def _bot_move(game: str, state: GameState, pick: random.Random) -> tuple[int, str]:
    seat = pick.choice(state.current_players())
    return seat, BOTS[game]["heuristic"](pick.randrange(2**32)).act(state, seat)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
@settings(
    max_examples=3,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # a table is slow to shrink
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(10**12, 2**62),
    stops=st.lists(st.integers(1, 60), min_size=3, max_size=4, unique=True),
    pick=st.integers(0, 2**32),
)
def test_nothing_hidden_reaches_anyone_before_the_end(api, game, players, seed, stops, pick):
    names = NAMES[:players]
    body = create_table(api, game=game, players=names, seed=seed, lang="en")
    table, host = body["table"], body["host"]["token"]
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    state = GAMES[game].new_game(names, seed)
    choose = random.Random(pick)
    undo_at = min(stops)
    scanned = 0
    for move in range(1, max(stops) + 1):
        if state.is_terminal():
            break
        seat, action = _bot_move(game, state, choose)
        answer = api.post(
            f"/api/v1/tables/{table}/actions", json={"action": action}, headers=auth(tokens[seat])
        )
        assert answer.status_code == 200, answer.get_json()
        state.apply(seat, action)
        if move == undo_at:
            assert api.post(f"/api/v1/tables/{table}/undo", headers=auth(host)).status_code == 200
            undo_event = api.get(f"/api/v1/tables/{table}").get_json()["events"][0]
            assert undo_event["kind"] == "undo" and undo_event["player"] == seat
            state = GAMES[game].replay(logged(api, table, host))
            if GAMES[game].state_class.is_secret(action):
                assert action not in json.dumps(undo_event)
                if not state.is_terminal():  # the move taken back, while it is unseen
                    assert_nothing_hidden_is_served(api, body, game, seed, [(seat, action)])
        elif move in stops and not state.is_terminal():
            assert_nothing_hidden_is_served(api, body, game, seed, [])
            scanned += 1
    assert scanned or state.is_terminal()


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_after_the_end_the_whole_record_is_everyones(api, game, players):
    seed = 987_654_321_012
    names = NAMES[:players]
    body = create_table(api, game=game, players=names, seed=seed, lang="en")
    table = body["table"]
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    state = GAMES[game].new_game(names, seed)
    choose = random.Random(5)
    while not state.is_terminal():
        seat, action = _bot_move(game, state, choose)
        state.apply(seat, action)
        api.post(
            f"/api/v1/tables/{table}/actions", json={"action": action}, headers=auth(tokens[seat])
        )
    record = api.get(f"/api/v1/tables/{table}/record").get_json()
    assert record["seed"] == seed and None not in (a for _s, a in record["actions"])
    assert GAMES[game].replay(record).record() == state.record()  # every move, as played
    page = api.get(f"/en/tables/{table}/record").get_data(as_text=True)
    assert f"Seed {seed}" in page and "a secret move" not in page
