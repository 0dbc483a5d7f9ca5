"""``apply`` accepts exactly what ``legal_actions`` offers, in every engine.

Random seeded games of all five engines: at every decision, every listed
action passes the legality check ``apply`` uses, an action naming several
cards is accepted in any order and logged in the listed order, and every
other action seen anywhere in these games (plus junk) is refused by
``apply`` with IllegalAction, without changing the state.
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardpress.games import GAMES
from cardpress.games.base import GameState, IllegalAction

JUNK = ["", "pass", "bid:", "bid:9", "match:red-1:red-1", "flip:9:9", "give:x", "none", "x:y:z"]
PLAYERS = {
    "gallery-rush": (2, 4),
    "finger-auction": (2, 4),
    "detective-eye": (3, 4),
    "ultimatch": (1, 5),
    "eshi100": (2, 4),
}
STEPS = 150


def respellings(action: str) -> set[str]:
    """Other spellings of one multi-card action: its cards in every order."""
    for sep_head, sep in (("match:", "+"), ("pass:", ","), ("bid:", ",")):
        if action.startswith(sep_head) and sep in action:
            head, _, tail = (
                action.rpartition(":") if sep_head == "match:" else action.partition(":")
            )
            cards = tail.split(sep)
            if len(cards) > 4:  # enough orders to matter, few enough to be quick
                cards = [*cards[:4], sep.join(cards[4:])]
            return {f"{head}:{sep.join(p)}" for p in permutations(cards)} - {action}
    return set()


def state_key(s: GameState) -> str:
    return repr(sorted((k, repr(v)) for k, v in s.to_json().items()))


def play_checking(game: str, players: int, seed: int) -> None:
    spec = GAMES[game]
    s = spec.state_class(players, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set(JUNK)
    for _ in range(STEPS):
        if s.is_terminal():
            break
        for p in range(s.num_players):
            legal = s.legal_actions(p)
            seen.update(legal)
            for action in legal:
                assert s.canonical(p, action) == action, (game, action)
                assert s._is_legal(p, action), (game, p, action)
                for other in respellings(action):
                    assert s.canonical(p, other) == action, (game, other)
            before = state_key(s)
            for action in rng.sample(sorted(seen - set(legal)), min(25, len(seen) - len(legal))):
                if s.canonical(p, action) in legal:
                    continue  # another spelling of a legal action
                with pytest.raises(IllegalAction):
                    s.apply(p, action)
            assert state_key(s) == before, "a refused action changed the state"
        p = rng.choice(s.current_players())
        action = rng.choice(s.legal_actions(p))
        spelled = rng.choice(sorted(respellings(action) | {action}))
        s.apply(p, spelled)
        assert s.action_log[-1] == (p, action), "the log keeps the listed spelling"


@pytest.mark.parametrize("game", sorted(PLAYERS))
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_apply_accepts_exactly_the_legal_actions(game: str, data: st.DataObject) -> None:
    lo, hi = PLAYERS[game]
    players = data.draw(st.integers(lo, hi), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    play_checking(game, players, seed)


def test_ultimatch_pair_in_either_order() -> None:
    """The issue's case: match:green-2:yellow-1+blue-1 was refused, the reverse accepted."""
    ultimatch = GAMES["ultimatch"].state_class
    for seed in range(200):
        s = ultimatch(2, seed=seed)
        while not s.is_terminal() and s.phase != "match":
            p = s.current_players()[0]
            s.apply(p, s.legal_actions(p)[0])
        pairs = [a for a in s.legal_actions(s.turn) if "+" in a]
        if pairs:
            head, _, b = pairs[0].rpartition("+")
            prefix, _, a = head.rpartition(":")
            s.apply(s.turn, f"{prefix}:{b}+{a}")
            assert s.action_log[-1] == (s.action_log[-1][0], pairs[0])
            return
    pytest.fail("no seed gave a two-card match")
