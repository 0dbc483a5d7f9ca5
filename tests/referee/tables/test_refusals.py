"""Every refusal of every engine, and every option error, in the caller's language.

The engines speak English msgids with parameters (``IllegalAction.message``,
``.params``; ``OptionError`` likewise); the referee words them in the
caller's language and names cards as players do. Here:

* a static check: every ``IllegalAction``/``OptionError`` the engines build
  has a message marked with ``N_`` (or a constant so marked), passes exactly
  the message's placeholders, and has a Japanese translation;
* every refusal path of every engine is reached through the HTTP API (random
  games played by the test through the seats' tokens, with wrong actions
  tried from every seat at every step), and the answer read back in Japanese
  and English: the Japanese may hold no English word except data (the action
  as sent, an action's form such as ``take:<card>``, players' names, rule
  IDs), and no card id: cards are named;
* every engine option error through the API, naming the option (``field`` and
  text) in both languages.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

import cardpress.games as games_pkg
from cardpress.games import GAMES, GameState, IllegalAction, finger_auction, replay, ultimatch
from cardpress.games import base as games_base
from cardpress.i18n import po_path
from tests.referee.tables.conftest import auth, logged, make_app

GAMES_DIR = Path(games_pkg.__file__).parent
JA = re.compile(r"[ぁ-んァ-ヶ一-龥]")
#: a card id of any engine (Triptych, Ultimatch, 絵師100人展 instance ids)
CARD_ID = re.compile(
    r"\b(?:monet|gogh|vermeer|red|blue|yellow|orange|green|purple)-\d+\b|\b\d\.\d+\b"
)

#: refusals no request can reach: the API takes the seat from the token and
#: the action as a JSON string; every engine words its own "not now"
UNREACHABLE = {
    "no such seat: %(seat)s",
    "an action is a string, not %(value)s",
    games_base.NOT_NOW,
    # 絵師100人展's manual settlement: no printed card has a manual settlement effect
    "enter the table's settlement adjustment (%(form)s)",
}

#: the tables played: (game, players, options)
TABLES = [
    ("finger-auction", ["Aki", "Ben", "Chi"], {}),
    ("finger-auction", ["Aki", "Ben"], {}),
    ("gallery-rush", ["Aki", "Ben", "Chi"], {}),
    ("detective-eye", ["Aki", "Ben", "Chi"], {}),
    ("ultimatch", ["Aki"], {}),  # solitaire first: its refusals are its own
    ("ultimatch", ["Aki", "Ben", "Chi"], {}),
    ("eshi100", ["Aki", "Ben"], {"deck": "starter"}),
]

GENERIC_PROBES = [
    "junk",
    "pass",
    "bid:9",
    "bid:3",
    "bid:",
    "hands:9/9",
    "hands:1/2",
    "take:nothing",
    "explore",
    "continue",
    "place:nothing",
    "declare:monet:99",
    "flip:9:9",
    "discard:nothing",
    "collect:x",
    "adjust:99",
    "give:x",
    "alta:x",
    "match:x:y",
]


# --------------------------------------------------------------------------- static


def _constants() -> dict[str, str]:
    """Module-level msgid constants the engines share (NOT_NOW, NO_MATCH...)."""
    out: dict[str, str] = {}
    for path in GAMES_DIR.rglob("*.py"):
        for node in ast.parse(path.read_text()).body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", None) == "N_"
            ):
                for target in node.targets:
                    out[target.id] = node.value.args[0].value  # type: ignore[attr-defined]
    return out


def _engine_messages() -> Iterator[tuple[str, str, set[str]]]:
    """(file:line, msgid, keyword params passed) of every IllegalAction/OptionError built."""
    constants = _constants()
    for path in sorted(GAMES_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None)
            if name not in ("IllegalAction", "OptionError"):
                continue
            if path.name == "base.py" and name == "IllegalAction" and not node.args:
                continue
            arg = node.args[0 if name == "IllegalAction" else 1]
            where = f"{path.relative_to(GAMES_DIR)}:{node.lineno}"
            if isinstance(arg, ast.Call) and getattr(arg.func, "id", None) == "N_":
                msgid = arg.args[0].value  # type: ignore[attr-defined]
            elif isinstance(arg, ast.Name) and arg.id in constants:
                msgid = constants[arg.id]
            else:
                raise AssertionError(f"{where}: the message is not a msgid marked with N_")
            passed = {k.arg for k in node.keywords if k.arg}
            if name == "OptionError":
                passed.add("option")
            yield where, msgid, passed


def test_every_engine_message_is_marked_passes_its_parameters_and_is_translated():
    with po_path("ja", "messages").open("rb") as fh:
        ja = read_po(fh, locale="ja")
    found = list(_engine_messages())
    assert len(found) >= 35
    for where, msgid, passed in found:
        wanted = set(re.findall(r"%\((\w+)\)s", msgid))
        assert passed == wanted, f"{where}: {msgid!r} gets {sorted(passed)}"
        entry = ja.get(msgid)
        assert entry is not None and entry.string and entry.string != msgid, where
        assert not entry.fuzzy, where
        assert not re.search(r"[A-Za-z]", re.sub(r"%\(\w+\)s|[A-Z]{2}-\d+", "", entry.string)), (
            f"{where}: English left in the translation {entry.string!r}"
        )
    for msgid in (games_base.NOT_A_SEAT, games_base.NOT_A_CHOICE):  # built by the helpers
        assert ja.get(msgid) is not None and ja.get(msgid).string


# --------------------------------------------------------------------------- through the API


@pytest.fixture(scope="module")
def app(database_urls: dict[str, Any]) -> Iterator[Flask]:
    app = make_app(database_urls["make"]("sqlite"))
    yield app
    ext = app.extensions["cardpress-tables"]
    ext.bus.stop()
    ext.db.dispose()


def _probes(state: GameState, seat: int) -> list[str]:
    """Wrong actions worth trying for ``seat`` now (besides the generic junk)."""
    view = state.view(seat)
    out = list(GENERIC_PROBES)
    if state.game_id == "finger-auction":
        prev = view.get("prev_right", [None] * state.num_players)
        if isinstance(prev, list) and prev[seat] is not None:
            out.append(f"hands:{prev[seat]}/1")
    if state.game_id == "ultimatch":
        hand = view.get("hand") or []
        up = [c for c in view.get("pyramid", []) if c not in (None, "hidden")]
        seen = {*hand, *view.get("alta", []), *up}
        absent = next(
            c for c in ("red-1", "red-2", "blue-1", "blue-3", "yellow-4") if c not in seen
        )
        for target in up[:3]:
            out += [f"match:{target}:{c}" for c in hand[:4]]
            out.append(f"match:{target}:{absent}")
        if hand:
            out.append(f"match:{hand[0]}:{hand[-1]}")
    return out


def _refusal(state: GameState, seat: int, action: str) -> IllegalAction | None:
    legal = state.legal_actions(seat)
    if action in legal or state.canonical(seat, action) in legal:
        return None
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        return exc
    raise AssertionError(f"{action!r} was applied although not listed as legal")


def _check_said(
    client: FlaskClient, url: str, token: str, action: str, exc: IllegalAction, names: list[str]
) -> None:
    for lang in ("ja", "en"):
        response = client.post(
            url, json={"action": action}, headers={"Accept-Language": lang, **auth(token)}
        )
        assert response.status_code == 400, response.get_json()
        error = response.get_json()["error"]
        assert error["field"] == "action" and error.get("rule") == exc.rule_id
        message = error["message"]
        if lang == "en":
            prefix = f"{action} is not allowed now: "
            assert message.startswith(prefix) and not JA.search(message), message
            reason = message[len(prefix) :]
            if not any(
                isinstance(v, games_base.Card | games_base.Cards) for v in exc.params.values()
            ):
                assert reason == exc.reason
            continue
        prefix = f"{action}は今はできません："
        assert message.startswith(prefix), message
        reason = message[len(prefix) :]
        assert JA.search(reason), message
        assert not CARD_ID.search(reason), f"a card id in {message!r}"
        data = " ".join(
            [
                *(
                    str(v)
                    for v in exc.params.values()
                    if not isinstance(v, games_base.Card | games_base.Cards)
                ),
                *names,
            ]
        )
        allowed = set(re.findall(r"[A-Za-z]+", data))
        english = set(re.findall(r"[A-Za-z]+", re.sub(r"\b[A-Z]{2}-\d+\b", "", reason))) - allowed
        assert not english, f"English {sorted(english)} in {message!r}"


@lru_cache
def _wanted(game: str) -> frozenset[str]:
    """The refusals a table of ``game`` can give: its engine's and the shared ones."""
    module = GAMES[game].state_class.__module__.rsplit(".", 1)[1] + ".py"
    own = {m for w, m, p in _engine_messages() if w.startswith(module) and "option" not in p}
    return frozenset((own | {games_base.GAME_OVER, games_base.NOT_YOUR_TURN}) - UNREACHABLE)


def _pick(rng: random.Random, actions: list[str]) -> str:
    """A random legal action; Detective Eye players mostly place (so hands run out)."""
    placing = [a for a in actions if a.startswith("place:")]
    return rng.choice(placing if placing and rng.random() < 0.6 else actions)


def test_every_refusal_of_every_engine_is_said_in_japanese_and_english(app: Flask) -> None:
    said: set[str] = set()
    rng = random.Random(5)
    with app.test_client() as client:
        for game, names, options in TABLES:
            for seed in range(20):
                if _wanted(game) <= said:
                    break
                body = {"game": game, "players": names, "seed": seed, "options": options}
                created = client.post("/api/v1/tables", json=body).get_json()
                url = f"/api/v1/tables/{created['table']}/actions"
                tokens = {s["seat"]: s["token"] for s in created["seats"]}
                record = logged(client, created["table"], created["host"]["token"])
                state = replay(record)  # the table's state, here too
                for _step in range(400):
                    for seat in range(len(names)):
                        for probe in _probes(state, seat):
                            exc = _refusal(state, seat, probe)
                            if exc is not None and exc.message not in said:
                                _check_said(client, url, tokens[seat], probe, exc, names)
                                said.add(exc.message)
                    if state.is_terminal() or _wanted(game) <= said:
                        break
                    seat = state.current_players()[0]
                    action = _pick(rng, state.legal_actions(seat))
                    ok = client.post(url, json={"action": action}, headers=auth(tokens[seat]))
                    assert ok.status_code == 200, ok.get_json()
                    state.apply(seat, action)
    for game, _names, _options in TABLES:
        assert sorted(_wanted(game) - said) == [], game


#: (game, players, options) an engine refuses, and the option it must name
BAD_OPTIONS = [
    ("gallery-rush", 3, {"start_player": 9}, "start_player"),
    ("gallery-rush", 2, {"start_player": "first"}, "start_player"),
    ("detective-eye", 3, {"start_player": -1}, "start_player"),
    ("finger-auction", 2, {"variant": "loose"}, "variant"),
    ("ultimatch", 2, {"difficulty": "hard"}, "difficulty"),
    ("ultimatch", 1, {"difficulty": "harder-remove"}, "difficulty"),
    ("ultimatch", 2, {"turn_order": 3}, "turn_order"),
    ("ultimatch", 2, {"pass_rule": True}, "pass_rule"),
    ("ultimatch", 3, {"dealer": 5}, "dealer"),
    ("eshi100", 2, {"auctioneer": 7}, "auctioneer"),
    ("eshi100", 2, {"decks": "mine"}, "decks"),
]
#: the ids an option error may list as its choices (data, like the request)
CHOICE_IDS = [
    *finger_auction.VARIANTS,
    *ultimatch.DIFFICULTIES,
    *ultimatch.TURN_ORDERS,
    *ultimatch.PASS_RULES,
]


@pytest.mark.parametrize(("game", "players", "options", "option"), BAD_OPTIONS)
def test_every_option_error_names_the_option_and_says_why(
    app: Flask, game: str, players: int, options: dict[str, Any], option: str
) -> None:
    body = {"game": game, "players": ["Aki", "Ben", "Chi"][:players], "options": options}
    data = set(re.findall(r"[A-Za-z]+", json.dumps([body, CHOICE_IDS])))
    with app.test_client() as client:
        for lang in ("ja", "en"):
            response = client.post("/api/v1/tables", json=body, headers={"Accept-Language": lang})
            assert response.status_code == 400
            error = response.get_json()["error"]
            assert error["field"] == f"options.{option}"
            message = error["message"]
            assert option in message, message
            if lang == "en":
                assert message.startswith(f"these options do not work for {game}: ")
                assert not JA.search(message)
                continue
            assert JA.search(message) and "値を確かめてください" not in message, message
            english = set(re.findall(r"[A-Za-z]+", re.sub(r"\b[A-Z]{2}-\d+\b", "", message)))
            assert not english - data, f"English {sorted(english - data)} in {message!r}"
